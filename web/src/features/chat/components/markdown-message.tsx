import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** Assistant text as markdown, sanitised (no raw HTML, no script URLs). */
export function MarkdownMessage({ text }: { text: string }) {
  return (
    <div className="space-y-2 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{text}</ReactMarkdown>
    </div>
  );
}

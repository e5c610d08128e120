import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';

/** Links inside the app (a citation opening the document viewer) navigate without reloading the page. */
const components: Components = {
  a: ({ href, children, node: _node, ...rest }) =>
    href?.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href} data-testid="citation-link" {...rest}>
        {children}
      </Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    ),
};

/** Assistant text as markdown, sanitised (no raw HTML, no script URLs). */
export function MarkdownMessage({ text }: { text: string }) {
  return (
    <div className="space-y-2 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

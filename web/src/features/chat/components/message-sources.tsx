import type { ChatSource } from '@helixis/contract';
import { BookOpen, Lightbulb } from 'lucide-react';

/** The sources under an answer: each cited document chunk or fact with its similarity. */
export function MessageSources({ sources }: { sources: ChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 border-t pt-2" data-testid="message-sources">
      <p className="font-medium text-muted-foreground text-xs">Sources</p>
      <ul className="mt-1 flex flex-col gap-1">
        {sources.map((s) => {
          const Icon = s.kind === 'fact' ? Lightbulb : BookOpen;
          return (
            <li key={`${s.kind}-${s.id}`} className="flex items-center gap-1.5 text-muted-foreground text-xs">
              <Icon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="font-medium text-foreground">{s.citation}</span>
              <span>· {Math.round(s.similarity * 100)}% match</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

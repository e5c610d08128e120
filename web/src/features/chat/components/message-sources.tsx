import type { ChatSource } from '@helixis/contract';
import { BookOpen, Lightbulb } from 'lucide-react';
import { HitReasons, MarkedSnippet } from '../../knowledge/components/hit-explanation';

/**
 * The sources under an answer: each cited document chunk or fact with its similarity. Opening a
 * document source shows why it was chosen: its snippet with the matched words marked, the words, and
 * the parts of its score.
 */
export function MessageSources({ sources }: { sources: ChatSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 border-t pt-2" data-testid="message-sources">
      <p className="font-medium text-muted-foreground text-xs">Sources</p>
      <ul className="mt-1 flex flex-col gap-1">
        {sources.map((s) => {
          const Icon = s.kind === 'fact' ? Lightbulb : BookOpen;
          const line = (
            <>
              <Icon aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="font-medium text-foreground">{s.citation}</span>
              <span>· {Math.round(s.similarity * 100)}% match</span>
            </>
          );
          if (!s.matched_terms) {
            return (
              <li key={`${s.kind}-${s.id}`} className="flex items-center gap-1.5 text-muted-foreground text-xs">
                {line}
              </li>
            );
          }
          return (
            <li key={`${s.kind}-${s.id}`} className="text-muted-foreground text-xs">
              <details className="group" data-testid="source-details">
                <summary className="flex cursor-pointer list-none items-center gap-1.5 hover:text-foreground">
                  {line}
                  <span className="underline-offset-2 group-open:hidden hover:underline">· why?</span>
                </summary>
                <div className="mt-1.5 ml-5 flex flex-col gap-1.5 rounded-md border bg-muted/40 p-2">
                  <MarkedSnippet snippet={s.snippet} highlights={s.highlights ?? []} />
                  <HitReasons
                    matchedTerms={s.matched_terms}
                    {...(s.score_parts ? { scoreParts: s.score_parts } : {})}
                  />
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

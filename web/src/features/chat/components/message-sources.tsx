import type { ChatSource, QueryRewrite } from '@helixis/contract';
import { BookOpen, Lightbulb, Search } from 'lucide-react';
import { Link } from 'react-router';
import { HitReasons, MarkedSnippet, passageLabel, sourceHref } from '../../knowledge';

/** "Searched for …": the follow-up question as it was searched, with the earlier turns' subject. */
function SearchedAs({ rewrite }: { rewrite: QueryRewrite }) {
  return (
    <p className="flex items-start gap-1.5 text-muted-foreground text-xs" data-testid="message-rewrite">
      <Search aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>
        Searched for <span className="text-foreground">“{rewrite.rewritten}”</span>
        {rewrite.method === 'model'
          ? ' (rewritten by the model'
          : rewrite.method === 'spelling'
            ? ' (spelling corrected'
            : ' (completed from the earlier messages'}
        {' — you asked '}“{rewrite.original}”)
      </span>
    </p>
  );
}

/**
 * The sources under an answer: each cited document chunk or fact with its similarity. Opening a
 * document source shows why it was chosen: its snippet with the matched words marked, the words, and
 * the parts of its score. A follow-up question that was rewritten before the search says so first.
 */
export function MessageSources({ sources, rewrite = null }: { sources: ChatSource[]; rewrite?: QueryRewrite | null }) {
  if (sources.length === 0 && !rewrite) return null;
  return (
    <div className="mt-2 flex flex-col gap-1 border-t pt-2" data-testid="message-sources">
      {rewrite ? <SearchedAs rewrite={rewrite} /> : null}
      {sources.length > 0 ? <p className="font-medium text-muted-foreground text-xs">Sources</p> : null}
      <ul className="mt-1 flex flex-col gap-1">
        {sources.map((s) => {
          const Icon = s.kind === 'fact' ? Lightbulb : BookOpen;
          const href = sourceHref(s);
          // A document passage is named and numbered as search and the viewer name it, and opens there.
          const name =
            href && s.chunk_index !== null ? (
              <Link
                to={href}
                title={s.citation}
                className="font-medium text-foreground underline-offset-2 hover:underline"
                data-testid="source-link"
                onClick={(e) => e.stopPropagation()}
              >
                {passageLabel(s.title, s.chunk_index)}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{s.citation}</span>
            );
          const line = (
            <>
              <Icon aria-hidden="true" className="size-3.5 shrink-0" />
              {name}
              <span>· {Math.round(s.similarity * 100)}% match</span>
            </>
          );
          if (!s.matched_terms) {
            return (
              <li
                key={`${s.kind}-${s.id}`}
                className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs"
              >
                {line}
              </li>
            );
          }
          return (
            <li key={`${s.kind}-${s.id}`} className="text-muted-foreground text-xs">
              <details className="group" data-testid="source-details">
                <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-1.5 hover:text-foreground">
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

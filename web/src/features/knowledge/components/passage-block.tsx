import type { DocumentPassage } from '@helixis/contract';
import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/utils';
import { passageBody } from '../lib/passages';

/** What a passage shows: the owner's viewer and the public view (which has no chunk index) share it. */
type ShownPassage = Pick<DocumentPassage, 'number' | 'heading_path' | 'content'>;

/** One passage, under the headings that changed since the passage before it. */
function PassageBlock({
  passage,
  previous,
  highlighted,
}: {
  passage: ShownPassage;
  previous: ShownPassage | undefined;
  highlighted: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [highlighted]);
  // Headings repeat on every passage of a section: show only the levels that changed.
  const before = previous?.heading_path ?? [];
  const firstNew = passage.heading_path.findIndex((h, i) => before[i] !== h);
  const headings =
    firstNew === -1 ? [] : passage.heading_path.slice(firstNew).map((h, i) => [firstNew + i, h] as const);
  return (
    <>
      {headings.map(([depth, text]) =>
        depth === 0 ? (
          <h2 key={`${depth}-${text}`} className="mt-4 font-semibold text-lg">
            {text}
          </h2>
        ) : (
          <h3 key={`${depth}-${text}`} className="mt-3 font-semibold text-base">
            {text}
          </h3>
        ),
      )}
      <article
        ref={ref}
        id={`passage-${passage.number}`}
        tabIndex={-1}
        aria-label={`Passage ${passage.number}`}
        aria-current={highlighted ? 'true' : undefined}
        data-testid="passage"
        data-passage={passage.number}
        data-highlighted={highlighted || undefined}
        className={cn(
          'scroll-mt-24 rounded-md border-l-4 px-3 py-2 outline-none',
          highlighted ? 'border-amber-500 bg-amber-50 ring-2 ring-amber-500/40' : 'border-transparent',
        )}
      >
        <p className="mb-1 font-medium text-muted-foreground text-xs">Passage {passage.number}</p>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
          {passageBody(passage.content, passage.heading_path)}
        </p>
      </article>
    </>
  );
}

/**
 * A document's passages in order; the one numbered `highlighted` is scrolled to, highlighted and focused
 * (the viewer behind a citation, and the public view behind a widget source).
 */
export function PassageList({
  passages,
  highlighted,
}: {
  passages: readonly ShownPassage[];
  highlighted: number | null;
}) {
  return (
    <div className="flex flex-col gap-1" data-testid="document-passages">
      {passages.map((p, i) => (
        <PassageBlock key={p.number} passage={p} previous={passages[i - 1]} highlighted={p.number === highlighted} />
      ))}
    </div>
  );
}

/** Said instead of highlighting another passage when the cited number is no longer in the document. */
export function PassageMissing({ number }: { number: number }) {
  return (
    <p role="note" className="rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="passage-missing">
      Passage {number} is no longer in this document; it may have been replaced by a newer version.
    </p>
  );
}

import type { ScoreParts } from '@helixis/contract';

/** A snippet with its matched words marked (ranges from the server; rendered as text, never as HTML). */
export function MarkedSnippet({ snippet, highlights }: { snippet: string; highlights: readonly [number, number][] }) {
  const parts: { text: string; marked: boolean; at: number }[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > snippet.length || end <= start) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), marked: false, at });
    parts.push({ text: snippet.slice(start, end), marked: true, at: start });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false, at });
  return (
    <p className="text-muted-foreground text-xs leading-relaxed" data-testid="hit-snippet">
      {parts.map((p) =>
        p.marked ? (
          <mark key={p.at} className="rounded-sm bg-amber-200/70 px-0.5 text-foreground dark:bg-amber-500/30">
            {p.text}
          </mark>
        ) : (
          <span key={p.at}>{p.text}</span>
        ),
      )}
    </p>
  );
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

/** Why a chunk was chosen: the words it matched and the parts of its score. */
export function HitReasons({ matchedTerms, scoreParts }: { matchedTerms: readonly string[]; scoreParts?: ScoreParts }) {
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="hit-reasons">
      <p>
        <span className="font-medium text-foreground">Matched words: </span>
        <span className="text-muted-foreground">{matchedTerms.length > 0 ? matchedTerms.join(', ') : 'none'}</span>
      </p>
      {scoreParts ? (
        <p className="text-muted-foreground">
          <span className="font-medium text-foreground">Score: </span>
          keywords {fmt(scoreParts.lexical)}
          {scoreParts.proximity > 0 ? ` + words close together ${fmt(scoreParts.proximity)}` : ''}
          {scoreParts.vector > 0 ? ` + meaning ${fmt(scoreParts.vector)}` : ''}
        </p>
      ) : null}
    </div>
  );
}

import { type ChatSource, passageHref, passageNumber } from '@helixis/contract';

/** "Title · passage N": how search results, chat sources and the viewer name one passage (decision 033). */
export function passageLabel(title: string, chunkIndex: number): string {
  return `${title} · passage ${passageNumber(chunkIndex)}`;
}

/** Where a chat source opens the document viewer, or null (a fact, or a message stored before links existed). */
export function sourceHref(source: ChatSource): string | null {
  if (source.kind !== 'document' || !source.document_id || source.chunk_index === null) return null;
  return passageHref(source.document_id, source.chunk_index);
}

const MARKDOWN_LABEL_SPECIALS = /[\\[\]*_`<>]/g;

/**
 * An answer's text for the owner's chat: each [Doc:Title#Idx] marker of a cited document becomes a link
 * to the viewer at that passage, labelled "Title, passage N" with the same number search shows.
 * Markers without a document id (older messages) stay as they are.
 */
export function linkCitations(text: string, sources: readonly ChatSource[]): string {
  let out = text;
  for (const source of sources) {
    const href = sourceHref(source);
    if (!href || source.chunk_index === null) continue;
    const label = `${source.title}, passage ${passageNumber(source.chunk_index)}`.replace(
      MARKDOWN_LABEL_SPECIALS,
      (c) => `\\${c}`,
    );
    out = out.split(source.citation).join(`[${label}](${href})`);
  }
  return out;
}

/** Which passage a viewer URL asks for: ?passage=N or #passage-N; null when none or not a positive number. */
export function requestedPassage(search: string, hash: string): number | null {
  const fromQuery = new URLSearchParams(search).get('passage');
  const fromHash = /^#passage-(\d+)$/.exec(hash)?.[1];
  const raw = fromQuery ?? fromHash ?? null;
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/**
 * A passage's text without the heading lines it starts with (chunks repeat their section's headings
 * for search); the viewer shows those headings above the passage once.
 */
export function passageBody(content: string, headingPath: readonly string[]): string {
  const headings = new Set(headingPath.map((h) => h.trim().replace(/^#+\s*/, '')));
  const lines = content.split('\n');
  let start = 0;
  while (start < lines.length) {
    const line = (lines[start] ?? '').trim().replace(/^#+\s*/, '');
    if (line === '' || headings.has(line)) start++;
    else break;
  }
  return start >= lines.length ? content.trim() : lines.slice(start).join('\n').trimEnd();
}

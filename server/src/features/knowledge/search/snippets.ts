import { tokenize } from '@helixis/domain';

// A hit's snippet around its first matched word, and the ranges of the snippet's matched words.

const SNIPPET_CHARS = 240;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Where the first of `words` starts a word in `text` (case-insensitive, accents ignored when folding
 * keeps offsets), or -1. Plain indexOf over the lower-cased text: a case-insensitive Unicode regex
 * with an alternation of the words cost ~0.6 ms per snippet, most of a search's time (decision 026).
 */
function firstWordAt(text: string, words: readonly string[]): number {
  let haystack = text;
  // NFKD + mark removal keeps offsets only when no character decomposed; otherwise search the original.
  if (/[^ -~\s]/.test(text)) {
    const folded = text.normalize('NFKD').replace(/\p{M}/gu, '');
    if (folded.length === text.length) haystack = folded;
  }
  const lower = haystack.toLowerCase();
  // Lower-casing that changes the length would move offsets: search case-sensitively then.
  const source = lower.length === haystack.length ? lower : haystack;
  let best = -1;
  for (const word of words) {
    const needle = source === lower ? word.toLowerCase() : word;
    if (needle.length === 0) continue;
    for (let i = source.indexOf(needle); i >= 0 && (best < 0 || i < best); i = source.indexOf(needle, i + 1)) {
      const before = i > 0 ? String.fromCodePoint(source.codePointAt(i - 1) ?? 32) : ' ';
      const prev =
        i > 1 && before >= '\udc00' && before <= '\udfff'
          ? String.fromCodePoint(source.codePointAt(i - 2) ?? 32)
          : before;
      if (!LETTER_OR_DIGIT.test(prev)) {
        best = i;
        break;
      }
    }
  }
  return best;
}

/** About SNIPPET_CHARS of the chunk around the first occurrence of a matched word. */
export function makeSnippet(content: string, words: readonly string[]): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const at = words.length > 0 ? firstWordAt(flat, words) : -1;
  let start = Math.max(0, at - 60);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + SNIPPET_CHARS);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + SNIPPET_CHARS / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/** [start, end) ranges of `snippet` whose word has one of `lexemes` (stemmed like the index). */
export function highlightRanges(snippet: string, lexemes: ReadonlySet<string>): [number, number][] {
  const ranges: [number, number][] = [];
  if (lexemes.size === 0) return ranges;
  for (const match of snippet.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)) {
    const tokens = tokenize(match[0]);
    if (tokens.some((t) => lexemes.has(t.lexeme))) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

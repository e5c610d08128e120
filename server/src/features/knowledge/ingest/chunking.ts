/**
 * Cutting parsed documents into chunks. Parsers turn every format into a list of blocks (headings
 * and text); the chunker packs consecutive text into chunks of about CHUNK_TARGET_CHARS, starts a
 * new chunk at a heading once the current one has some body, and remembers the heading path so an
 * answer can say where in the document a chunk comes from.
 */
import { unwrapParagraph } from '@helixis/domain';
import { isDictionaryWord } from '../../../llm/wordnet';

/** `quiet` headings (PDF page numbers) set the heading path without adding their words to the text. */
export type Block = { kind: 'heading'; level: number; text: string; quiet?: boolean } | { kind: 'text'; text: string };

export interface Chunk {
  headingPath: string[];
  content: string;
}

/** Chunks aim at about 1,000 characters (≈ 150–200 words) and never pass 1,600. */
export const CHUNK_TARGET_CHARS = 1_000;
export const CHUNK_MAX_CHARS = 1_600;
/** A heading closes the running chunk only if it already holds this much, so tiny sections merge. */
const CHUNK_MIN_CHARS_BEFORE_HEADING = 300;

const clean = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Splits an over-long piece at sentence ends, then at spaces, then hard. */
function splitLong(text: string): string[] {
  if (text.length <= CHUNK_MAX_CHARS) return [text];
  const pieces: string[] = [];
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+|\n|$)\s*/g) ?? [text];
  let current = '';
  const push = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (sentence.length > CHUNK_MAX_CHARS) {
      push();
      let rest = sentence;
      while (rest.length > CHUNK_MAX_CHARS) {
        const window = rest.slice(0, CHUNK_TARGET_CHARS);
        const cut = window.lastIndexOf(' ') > CHUNK_TARGET_CHARS / 2 ? window.lastIndexOf(' ') : CHUNK_TARGET_CHARS;
        pieces.push(rest.slice(0, cut).trim());
        rest = rest.slice(cut);
      }
      current = rest;
      continue;
    }
    if (current.length + sentence.length > CHUNK_TARGET_CHARS) push();
    current += sentence;
  }
  push();
  return pieces.filter(Boolean);
}

/**
 * One paragraph with its soft line breaks joined (list items and label lines stay lines; segments.ts). A
 * word hyphenated across lines is made whole when WordNet knows it ("househ-" + "old" → "household").
 */
const unwrap = (paragraph: string) => unwrapParagraph(paragraph, knownWord).join('\n');
const knownWord = (word: string) => isDictionaryWord(word, true);

/** Plain text → blocks: blank lines separate paragraphs; lines broken mid-sentence are joined. */
export function textToBlocks(text: string): Block[] {
  return clean(text)
    .split(/\n\s*\n/)
    .map((p) => unwrap(p.trim()))
    .filter(Boolean)
    .map((p) => ({ kind: 'text', text: p }));
}

/** Markdown → blocks: ATX headings (`#` … `######`) become headings, the rest paragraphs. */
export function markdownToBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let fenced = false;
  // Code blocks keep their lines; everything else is unwrapped.
  let fencedBlock = false;
  const flush = () => {
    const text = fencedBlock ? paragraph.join('\n').trim() : unwrap(paragraph.join('\n'));
    if (text) blocks.push({ kind: 'text', text });
    paragraph = [];
    fencedBlock = false;
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      fencedBlock = true;
    }
    const heading = fenced ? null : /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] && heading[2]) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2] });
    } else if (!fenced && line.trim() === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Packs blocks into chunks with their heading paths. */
export function chunkBlocks(blocks: readonly Block[]): Chunk[] {
  const chunks: Chunk[] = [];
  const headings: { level: number; text: string }[] = [];
  let parts: string[] = [];
  let size = 0;
  // A chunk's heading path is the one in force at its first body text (headings merged into a
  // chunk ahead of that text lead to it).
  let path: string[] | null = null;

  const currentPath = () => headings.map((h) => h.text);
  const flush = () => {
    const content = parts.join('\n\n').trim();
    if (content) chunks.push({ headingPath: path ?? currentPath(), content });
    parts = [];
    size = 0;
    path = null;
  };
  const add = (text: string, isBody: boolean) => {
    if (isBody && path === null) path = currentPath();
    parts.push(text);
    size += text.length + 2;
  };

  for (const block of blocks) {
    const text = clean(block.text);
    if (!text) continue;
    if (block.kind === 'heading') {
      if (size >= CHUNK_MIN_CHARS_BEFORE_HEADING) flush();
      while (headings.length > 0 && (headings.at(-1)?.level ?? 0) >= block.level) headings.pop();
      headings.push({ level: block.level, text: text.slice(0, 200) });
      // The heading's words stay searchable in the chunk that follows it.
      if (!block.quiet) add(text, false);
      continue;
    }
    for (const piece of splitLong(text)) {
      if (size > 0 && size + piece.length > CHUNK_TARGET_CHARS) {
        // A paragraph that introduces what follows ("Use it for:") goes with it into the next chunk.
        const leadIn = parts.length > 1 && parts.at(-1)?.endsWith(':') ? parts.pop() : undefined;
        if (leadIn !== undefined) size -= leadIn.length + 2;
        flush();
        if (leadIn !== undefined) add(leadIn, true);
      }
      add(piece, true);
    }
  }
  flush();
  return chunks;
}

/**
 * Text to whole sentences, for text as people bring it: hard-wrapped Markdown and e-mail, PDF text
 * with a line break at the end of every printed line, DOCX paragraphs with soft breaks.
 *
 * 1. Paragraphs are separated by blank lines.
 * 2. Inside a paragraph, a line break is "soft" (joined with a space) unless the next line starts a
 *    list item, a table row or a heading, or the line is a complete unit of its own: it ends a
 *    sentence and the next starts with a capital, or it is clearly shorter than the paragraph's
 *    printed width and the next line starts with a capital (a label or heading line such as
 *    "Office hours" above "Monday to Friday …"). A line ending in a hyphen is joined without a space:
 *    a compound keeps its hyphen ("move-" + "out" → "move-out"), a word the layout hyphenated to fit
 *    the line loses it ("mainte-" + "nance" → "maintenance").
 * 3. Each logical line is cut into sentences at ., ! or ? followed by a space and a capital, digit or
 *    quote — but never after an abbreviation ("Apt.", "Dr.", "e.g.", "No. 4"), an initial ("J."),
 *    or inside numbers, times and amounts ("8:00 pm", "$1,200.50", "(555) 201-4477").
 *
 * So a quote taken from a unit is always one or more whole sentences (or a whole list item or heading).
 */

export type SegmentKind = 'heading' | 'item' | 'sentence';

export interface Segment {
  kind: SegmentKind;
  text: string;
  /** Index of the paragraph (blank-line separated block) the segment belongs to. */
  paragraph: number;
}

const LIST_ITEM = /^\s*(?:[-*•+▪◦]|\d{1,3}[.)]|[a-z][.)])\s+/;
const TABLE_ROW = /^\s*\|/;
const MD_HEADING = /^\s{0,3}#{1,6}\s+/;
/** A "Label: value" line (a short label before the colon, not a time such as 10:00). */
const LABEL_VALUE = /^\s*[\p{L}][\p{L}\s'’/&()-]{0,40}:\s+\S/u;
const ENDS_SENTENCE = /[.!?]["'”’)\]]*$/;
/** A line this much shorter than the paragraph's widest line was not wrapped by the layout. */
const SHORT_LINE_SHARE = 0.6;
/** A list item's line this much shorter than the widest line ends the item. */
const ITEM_LINE_SHARE = 0.85;

/** Words that end with a period without ending a sentence (lower-cased, without the period). */
const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof st ave blvd rd ln hwy apt ste inc ltd co corp llc jr sr vs approx dept fig
  jan feb mar apr jun jul aug sep sept oct nov dec tel ext bldg e.g i.e cf p.o u.s`.split(/\s+/),
);
/** Words a single letter names a place after ("Building C."), so the letter is not an initial. */
const PLACE_WORDS =
  /^(building|bldg|lot|unit|suite|section|phase|block|tower|wing|level|floor|gate|door|room|plan|option|schedule|appendix|exhibit|form|type|zone|area|court|row|parking|garage|entrance|stairwell|elevator|grade|class|part|step|item|lane|terminal|hall|deck|pool|area)$/i;
/** After "a.m." / "p.m." a sentence ends unless a day, zone or lower-case word follows. */
const TIME_ABBREVIATION = /\b[ap]\.m\.$/i;
const AFTER_TIME_CONTINUES =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|weekdays|weekends|est|edt|cst|cdt|mst|mdt|pst|pdt|et|ct|mt|pt|utc|gmt)\b/i;

function startsLower(line: string): boolean {
  return /^\s*[a-z(,;:&%$0-9–—-]/.test(line) && !LIST_ITEM.test(line);
}

function opensUnit(line: string): boolean {
  return LIST_ITEM.test(line) || TABLE_ROW.test(line) || MD_HEADING.test(line);
}

/**
 * Joins the soft line breaks of one paragraph; returns its logical lines (list items, table rows,
 * headings and label lines stay lines of their own).
 */
export function unwrapParagraph(paragraph: string, isWord?: (word: string) => boolean): string[] {
  const lines = paragraph
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim() !== '');
  if (lines.length <= 1) return lines.map((l) => l.trim());
  const width = Math.max(...lines.map((l) => l.trim().length));
  const out: string[] = [];
  let current = lines[0]?.trim() ?? '';
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const next = raw.trim();
    const indentedContinuation = /^\s{2,}\S/.test(raw) && !opensUnit(raw) && LIST_ITEM.test(current);
    let join: boolean;
    if (opensUnit(raw) || TABLE_ROW.test(current) || MD_HEADING.test(current)) join = indentedContinuation;
    else if (indentedContinuation || startsLower(next)) join = true;
    else if (ENDS_SENTENCE.test(current) || /:$/.test(current)) join = false;
    // "Security deposit: two months of rent" above "Quiet hours are …": one label line per entry.
    else if (
      LABEL_VALUE.test(lines[i - 1] ?? '') &&
      /^\p{Lu}/u.test(next) &&
      (LABEL_VALUE.test(next) || ENDS_SENTENCE.test(next))
    )
      join = false;
    else {
      // Ends mid-sentence and the next line starts with a capital: wrapped when the line is about as
      // wide as the paragraph's widest line; a short line is a label or heading of its own. A list item
      // ends where a line clearly short of the full width is followed by one opening with a capital
      // ("• Guest passes: a book of 5 for $40" above "A new permit can start on any day…").
      const share = LIST_ITEM.test(current) ? ITEM_LINE_SHARE : SHORT_LINE_SHARE;
      join = (lines[i - 1]?.trim().length ?? 0) >= width * share;
    }
    if (join) {
      current =
        /[A-Za-z]-$/.test(current) && /^[a-z]/.test(next)
          ? joinBrokenWord(current, next, isWord)
          : `${current} ${next}`;
    } else {
      out.push(current);
      current = next;
    }
  }
  out.push(current);
  return out;
}

/** Words that open a hyphenated compound ("self-employed", "non-refundable", "move-in"). */
const COMPOUND_FIRST = new Set(
  `self non pre post co ex anti semi multi well long short full part half high low all cross one two three
  four five six seven eight nine ten first second third move check sign drop pick pet kid smoke fire
  walk drive sub mid over under on in off out up after`.split(/\s+/),
);
/** Words that close one ("move-in", "pet-friendly", "long-term", "on-site", "30-day"). */
const COMPOUND_LAST = new Set(
  `in out up off on down over back by free friendly term time based related level year years old day days
  week weeks month months hour hours party family owned sized size wide like only approved proof site
  style type round way`.split(/\s+/),
);

/**
 * A word broken at the end of a line after a hyphen: a compound keeps its hyphen ("move-" + "out" →
 * "move-out"); a word the layout hyphenated to fit the line is whole again ("mainte-" + "nance" →
 * "maintenance"), so search and answers find it. With a dictionary (`isWord`), a whole word it knows is
 * joined even when its end looks like a compound's ("house-" + "hold" → "household", "hall-" + "way" →
 * "hallway"), unless its start opens compounds ("check-" + "out" stays "check-out").
 */
function joinBrokenWord(current: string, next: string, isWord?: (word: string) => boolean): string {
  const first = (/([A-Za-z]+)-$/.exec(current)?.[1] ?? '').toLowerCase();
  const last = (/^[a-z]+/.exec(next)?.[0] ?? '').toLowerCase();
  const opens = COMPOUND_FIRST.has(first);
  const whole = !opens && isWord !== undefined && isWord(first + last);
  const compound = !whole && (opens || COMPOUND_LAST.has(last));
  return compound ? `${current}${next}` : `${current.slice(0, -1)}${next}`;
}

/** Joins soft line breaks in every paragraph of a text; paragraphs stay separated by a blank line. */
export function unwrapText(text: string): string {
  return paragraphsOf(text)
    .map((p) => unwrapParagraph(p).join('\n'))
    .join('\n\n');
}

function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function endsWithAbbreviation(before: string, after: string): boolean {
  const word = /(\S+)$/.exec(before)?.[1] ?? '';
  const bare = word.replace(/^[("'“‘[]+/, '').replace(/\.$/, '');
  if (TIME_ABBREVIATION.test(word)) return AFTER_TIME_CONTINUES.test(after) || /^[a-z]/.test(after);
  if (/^\p{Lu}$/u.test(bare)) {
    // An outline letter opening the line ("A. General Rules") is not a sentence of its own.
    if (before.trim() === word) return true;
    // An initial ("Mary J. Lee", "J. R. Smith") follows a name or another initial; a letter naming a
    // place ("lot B.", "Building C.") ends the sentence.
    const previous = /(\S+)\s+\S+$/.exec(before)?.[1] ?? '';
    if (/^\p{Lu}\.$/u.test(previous) || ABBREVIATIONS.has(previous.replace(/\.$/, '').toLowerCase())) return true;
    return /^\p{Lu}\p{Ll}+$/u.test(previous) && !PLACE_WORDS.test(previous);
  }
  // "Apt. 2B", "Dr. Lee", "Suite No. 4": an abbreviation joins what follows.
  if (ABBREVIATIONS.has(bare.toLowerCase())) return true;
  if (/^nos?$/i.test(bare)) return /^\d/.test(after);
  // Dotted abbreviations like "U.S." or "e.g."
  return /^(?:\p{L}\.){2,}$/u.test(`${bare}.`) && bare.length <= 6;
}

/** One logical line → its sentences. */
export function splitSentences(line: string): string[] {
  const text = faqMarks(line.replace(/\s+/g, ' ').trim());
  if (!text) return [];
  const out: string[] = [];
  let start = 0;
  const boundary = /[.!?]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
  for (let m = boundary.exec(text); m !== null; m = boundary.exec(text)) {
    const end = m.index + m[0].trimEnd().length;
    const before = text.slice(start, end);
    const after = text.slice(m.index + m[0].length);
    if (/\.$/.test(before.replace(/["'”’)\]]+$/, '')) && endsWithAbbreviation(before.replace(/["'”’)\]]+$/, ''), after))
      continue;
    const sentence = before.trim();
    if (sentence) out.push(sentence);
    start = m.index + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/**
 * An FAQ written "Q. Can I paint? A. Yes, with approval.": the letters are markers, not initials or
 * sentences of their own; they are read as "Q:" and "A:" like the FAQs that use a colon.
 */
function faqMarks(text: string): string {
  const marked = text.replace(/(^|\s)Q\.\s+(?=[^?]{2,300}\?)/g, '$1Q: ').replace(/(\?["'”’)]*\s+)A\.\s+/g, '$1A: ');
  // A line of its own that answers ("A. Yes, with approval."), not an outline letter ("A. General Rules").
  return /^A\.\s+\S.*[.!]$/.test(marked) && marked.split(/\s+/).length >= 4 ? marked.replace(/^A\.\s+/, 'A: ') : marked;
}

/** Markdown emphasis and inline code marks removed ("**Note:**" → "Note:"). */
function stripInlineMarks(text: string): string {
  return text
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1');
}

/**
 * A text's units in reading order: headings, list items and sentences, each whole, with the index of
 * the paragraph it belongs to.
 */
export function segmentText(text: string): Segment[] {
  const segments: Segment[] = [];
  paragraphsOf(text).forEach((paragraph, index) => {
    for (const line of unwrapParagraph(paragraph)) {
      if (MD_HEADING.test(line)) {
        const heading = stripInlineMarks(line.replace(MD_HEADING, '').replace(/\s+#+\s*$/, '')).trim();
        if (heading) segments.push({ kind: 'heading', text: heading, paragraph: index });
        continue;
      }
      const item = LIST_ITEM.test(line);
      const body = stripInlineMarks(line.replace(LIST_ITEM, '')).trim();
      if (!body) continue;
      const parts = splitSentences(body);
      parts.forEach((part, i) => {
        if (!/[\p{L}\p{N}]/u.test(part)) return;
        const looksLikeHeading =
          !item &&
          parts.length === 1 &&
          !ENDS_SENTENCE.test(part) &&
          part.split(/\s+/).length <= 8 &&
          !/[:,;]/.test(part.slice(0, -1));
        segments.push({
          kind: item && i === 0 ? 'item' : looksLikeHeading ? 'heading' : 'sentence',
          text: part,
          paragraph: index,
        });
      });
    }
  });
  return segments;
}

/** The sentences (and list items and headings) of a text, each whole. */
export function sentencesOf(text: string): string[] {
  return segmentText(text).map((s) => s.text);
}

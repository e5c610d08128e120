/**
 * The one tokenizer of the knowledge index, used identically when a chunk is indexed and when a
 * query is ranked (so the SQL only ever compares finished lexemes and runs the same on PGlite and
 * PostgreSQL, whatever text-search configurations either ships).
 *
 * 1. Unicode NFKD, combining marks removed, lower-cased ("Café" → "cafe").
 * 2. Apostrophes dropped inside words ("owner's" → "owners", "don't" → "dont"); thousands
 *    separators dropped inside numbers ("1,200" → "1200").
 * 3. Split on anything that is not a letter or digit.
 * 4. Dropped: English stop words, single letters, tokens longer than 40 characters (noise).
 * 5. Words are reduced with the Porter stemming algorithm (M. F. Porter, 1980), written out below;
 *    tokens containing digits are kept as they are ("2br", "1200").
 */

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me more most my
  myself no nor not now of off on once only or other our ours ourselves out over own same she should so
  some such than that the their theirs them themselves then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves s t don shouldn ll re ve d m o y ain aren couldn didn doesn hadn hasn haven
  isn ma mightn mustn needn shan wasn weren won wouldn`.split(/\s+/),
);

const MAX_TOKEN_CHARS = 40;

// ── Porter stemmer ──────────────────────────────────────────────────────────────────────────────

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u') return false;
  if (ch === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** m: the number of vowel-consonant sequences in `stem` ([C](VC)^m[V]). */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y ("hop", not "how"). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  if (!isConsonant(word, n - 1) || isConsonant(word, n - 2) || !isConsonant(word, n - 3)) return false;
  const last = word[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

/** Replaces the first matching suffix whose remaining stem satisfies `condition`; stops at the first suffix match. */
function replaceSuffix(
  word: string,
  rules: ReadonlyArray<readonly [string, string]>,
  condition: (stem: string) => boolean,
): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      return condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
// Longest suffixes first, so "ational" is tried before "tional".
const STEP2_SORTED = [...STEP2].sort((a, b) => b[0].length - a[0].length);

const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
  'ou',
];

export function porterStem(input: string): string {
  let w = input;
  if (w.length <= 2) return w;

  // Step 1a: plurals.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1);

  // Step 1b: -eed, -ed, -ing.
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    let stripped: string | null = null;
    if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) stripped = w.slice(0, -2);
    else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) stripped = w.slice(0, -3);
    if (stripped !== null) {
      w = stripped;
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
      else if (measure(w) === 1 && endsCvc(w)) w += 'e';
    }
  }

  // Step 1c: y → i after a vowel-bearing stem.
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;

  // Steps 2 and 3: double and single suffixes on stems with m > 0.
  w = replaceSuffix(w, STEP2_SORTED, (stem) => measure(stem) > 0);
  w = replaceSuffix(w, STEP3, (stem) => measure(stem) > 0);

  // Step 4: drop a suffix on stems with m > 1 (-ion only after s or t).
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (measure(stem) > 1 && (suffix !== 'ion' || /[st]$/.test(stem))) w = stem;
    break;
  }

  // Step 5a: final -e.
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  // Step 5b: -ll → -l on long stems.
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}

// ── tokenizer ───────────────────────────────────────────────────────────────────────────────────

export interface Token {
  /** The word as it appears (lower-cased, accents removed). */
  word: string;
  /** What the index stores and the query looks up. */
  lexeme: string;
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\p{L})['’](\p{L})/gu, '$1$2')
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
}

const stemCache = new Map<string, string>();

function lexemeOf(word: string): string {
  if (/\d/.test(word)) return word;
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = porterStem(word);
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(word, stem);
  }
  return stem;
}

/** Every indexed token of `text`, in order. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const word of normalise(text).split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 2 || word.length > MAX_TOKEN_CHARS || STOP_WORDS.has(word)) continue;
    tokens.push({ word, lexeme: lexemeOf(word) });
  }
  return tokens;
}

/** Term frequencies of a chunk and its length in terms (BM25's dl). */
export function termFrequencies(text: string): { tf: Map<string, number>; length: number } {
  const tf = new Map<string, number>();
  const tokens = tokenize(text);
  for (const { lexeme } of tokens) tf.set(lexeme, (tf.get(lexeme) ?? 0) + 1);
  return { tf, length: tokens.length };
}

/** The distinct lexemes of a query, each with the words that produced it (for matched_terms). */
export function queryTerms(query: string): Map<string, Set<string>> {
  const terms = new Map<string, Set<string>>();
  for (const { word, lexeme } of tokenize(query)) {
    const words = terms.get(lexeme) ?? new Set<string>();
    words.add(word);
    terms.set(lexeme, words);
  }
  return terms;
}

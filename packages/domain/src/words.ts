/**
 * Words: the one module that cuts text into words, drops stop words and stems (decision 041). Server and
 * web import it from `@helixis/domain`. The variants below differ on purpose; none may change without
 * the measurement named for it, and `words.test.ts` pins each one on the same tricky inputs.
 *
 * 1. Index terms: `tokenize`, `termFrequencies`, `queryTerms`, `porterStem`. Any script (NFKD, accents
 *    dropped), apostrophes joined ("owner's" → "owners"), thousands separators dropped ("1,200" → "1200"),
 *    split on anything not a letter or digit, a 155-word stop list (NLTK's English list), Porter (1980) stems, tokens with a
 *    digit kept whole. Used by the knowledge index and search, the follow-up rewrite, answer matching,
 *    synonyms and the WordNet thesaurus. Why its own: the index stores these lexemes (chunk term
 *    frequencies, postings) and looks queries up with the same function, so any change mismatches every
 *    stored document until it is reindexed; the thesaurus is keyed by them too. Measured by the
 *    retrieval floor test and notebook 021.
 *    Not here: server/bench/knowledge/porter2.ts, the Snowball (Porter2) stemmer. It is another
 *    algorithm, not a copy: it ranked below this one (notebook 021 §9, nDCG@10 0.6932 against 0.6935 on
 *    the selection half, lower R@100) and stays in the bench so lexical-variants.ts can measure it again.
 * 2. Question terms: `contentTerms`, `contentWords`, `termCoverage`, `questionKey`. ASCII words that
 *    keep `$`, `'` and `-` inside ("$45", "move-out"), "'s" and apostrophes dropped, a conversational
 *    stop list (please, thanks, need, want, yes, no…), a light suffix stem (-s, -es, -ies, -ing, -ed on
 *    longer words only). Used to score the offline assistant's answers, page evidence and drafts against
 *    a question, and for task keys. Why its own: `questionKey` is stored (tasks.question_key: one open
 *    task per question), and the answer scoring is measured (`npm run bench:assistant`, sets A–D).
 * 3. Fact terms: `factTerms`. Words of `[a-z0-9@.]` so e-mail addresses and web addresses stay whole,
 *    a short stop list, only a plural "s" dropped. Used by FAQ generation to decide whether a passage
 *    answers a question (facts.faq.ts).
 * 4. Label words: `labelWords`. `[a-z0-9]` words with "s"/"es" dropped after four letters, no stop
 *    list: whether an extracted document fact's value only repeats its label ("Parking Policy: Parking").
 * 5. Amount clause words: `amountClauseWords`, `amountClauseStem`. Letter-only words; "ies" → "y", a final
 *    single "s" dropped, cut to six letters: matches a fact key's words ("security_deposit") to the words
 *    around a money amount in a draft (compliance-rules.ts).
 */

/**
 * A stop list from words separated by white space. Marked pure so a bundle that imports the domain but
 * none of these functions (the web app) leaves the lists out.
 */
function stopWords(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

// ── 1. index terms (Porter) ──────────────────────────────────────────────────────────────────────────

const INDEX_STOP_WORDS = /* @__PURE__ */ stopWords(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me more most my
  myself no nor not now of off on once only or other our ours ourselves out over own same she should so
  some such than that the their theirs them themselves then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves s t don shouldn ll re ve d m o y ain aren couldn didn doesn hadn hasn haven
  isn ma mightn mustn needn shan wasn weren won wouldn`,
);

const MAX_TOKEN_CHARS = 40;

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
const STEP2_SORTED = /* @__PURE__ */ [...STEP2].sort((a, b) => b[0].length - a[0].length);

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

/** The Porter stemming algorithm (M. F. Porter, 1980) on one lower-case word. */
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

/** Every indexed token of `text`, in order: what a chunk is indexed as and a query is ranked by. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const word of normalise(text).split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 2 || word.length > MAX_TOKEN_CHARS || INDEX_STOP_WORDS.has(word)) continue;
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

// ── 2. question terms (light stems) ──────────────────────────────────────────────────────────────────

const QUESTION_STOP_WORDS = /* @__PURE__ */ stopWords(
  `a an and are as at be been but by can could did do does for from had has have how i if in into is it its
  me my of on or our please should so than that the their them then there these they this to us was we were what
  when where which who whom why will with would you your yours about any also just tell know let get got much many
  some there here hi hello hey thanks thank need want like ok okay yes no not`,
);

/** Lower-case word stem: strips common English suffixes so "dogs" meets "dog" and "allowed" meets "allow". */
function lightStem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  return w;
}

function questionWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9$][a-z0-9$'-]*/g) ?? [];
}

/** The distinct content-word stems of a question ("What is the pet policy?" → pet, policy). */
export function contentTerms(text: string): string[] {
  const out = new Set<string>();
  for (const w of questionWords(text)) {
    const clean = w.replace(/'s$|'/g, '');
    if (clean.length < 2 || QUESTION_STOP_WORDS.has(clean)) continue;
    out.add(lightStem(clean));
  }
  return [...out];
}

/** The distinct content words of a text, in order and unstemmed ("Are dogs allowed?" → dogs, allowed). */
export function contentWords(text: string): string[] {
  const out = new Set<string>();
  for (const w of questionWords(text)) {
    const clean = w.replace(/'s$|'/g, '');
    if (clean.length >= 2 && !QUESTION_STOP_WORDS.has(clean)) out.add(clean);
  }
  return [...out];
}

/** Share (0..1) of the question's terms found in the text. */
export function termCoverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const have = new Set(questionWords(text).map((w) => lightStem(w.replace(/'s$|'/g, ''))));
  let hits = 0;
  for (const t of terms) if (have.has(t)) hits++;
  return hits / terms.length;
}

/** A stable key for a question, so the same question asked twice maps to one open task. */
export function questionKey(question: string): string {
  return contentTerms(question).sort().join(' ').slice(0, 300);
}

// ── 3. fact terms ────────────────────────────────────────────────────────────────────────────────────

const FACT_STOP_WORDS = /* @__PURE__ */ stopWords(
  'a an and are as at be by can do does for from how i in is it my of on or our the to we what when where which who why will with you your',
);

/** Lower-case word stems (plural s dropped) without stop words. */
export function factTerms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9@.]+/g) ?? [])
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 1 && !FACT_STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

// ── 4. label words and 5. amount clause words ────────────────────────────────────────────────────────

/** Lower-case words with a plural "s"/"es" dropped after four letters; stop words kept. */
export function labelWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((w) => (w.length > 3 ? w.replace(/e?s$/, '') : w));
}

/** One word cut to a comparable stem: "ies" → "y", a final single "s" dropped, at most six letters. */
export function amountClauseStem(word: string): string {
  return word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(?<!s)s$/, '')
    .slice(0, 6);
}

/** The letter-only words of a clause, each as `amountClauseStem` gives it (digits and symbols split words). */
export function amountClauseWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).map(amountClauseStem);
}

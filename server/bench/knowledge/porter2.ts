/**
 * The Snowball English stemmer ("Porter2", M. F. Porter, 2001/2002), written from the algorithm's
 * published description (snowballstem.org, "The English (Porter2) stemming algorithm"). It is the
 * stemmer behind PostgreSQL's `english` text-search configuration. Input: one lower-case word of
 * letters a–z (anything else is returned unchanged).
 *
 * Terms used below, as in the description:
 * - vowels are a e i o u y; a `y` that starts the word or follows a vowel is a consonant (marked Y);
 * - R1 is the part after the first non-vowel that follows a vowel (after "gener", "commun", "arsen"
 *   for words starting so); R2 is the same taken inside R1;
 * - a short syllable is vowel + non-vowel (not w, x or Y) after a non-vowel, or vowel + non-vowel at
 *   the start of the word; a word is short when it ends in a short syllable and R1 is empty.
 */

const SPECIAL: Readonly<Record<string, string>> = {
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
};

/** Left as they are once step 1a has run. */
const AFTER_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

const isVowel = (ch: string | undefined) =>
  ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u' || ch === 'y';

const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDING = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

/** Start of the region after the first non-vowel that follows a vowel. */
function regionAfter(w: string): number {
  for (let i = 1; i < w.length; i++) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

function shortSyllableAt(w: string, end: number): boolean {
  // The syllable ends at index `end` (inclusive).
  const c = w[end];
  const v = w[end - 1];
  if (end === 1) return isVowel(v) && !isVowel(c);
  if (end < 2) return false;
  return !isVowel(w[end - 2]) && isVowel(v) && !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

export function porter2Stem(input: string): string {
  if (input.length <= 2 || !/^[a-z]+$/.test(input)) return input;
  const special = SPECIAL[input];
  if (special) return special;

  // y as a consonant: at the start, and after a vowel.
  let w = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    w += ch === 'y' && (i === 0 || isVowel(w[i - 1])) ? 'Y' : ch;
  }

  let r1: number;
  if (w.startsWith('gener') || w.startsWith('arsen')) r1 = 5;
  else if (w.startsWith('commun')) r1 = 6;
  else r1 = regionAfter(w);
  const r2Start = r2FromR1(w, r1);

  const inR1 = (suffixLength: number) => w.length - suffixLength >= r1;
  const inR2 = (suffixLength: number) => w.length - suffixLength >= r2Start;
  const isShortWord = () => r1 >= w.length && shortSyllableAt(w, w.length - 1);
  const containsVowel = (s: string) => {
    for (const ch of s) if (isVowel(ch)) return true;
    return false;
  };

  // Step 1a.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ied') || w.endsWith('ies')) w = w.length > 4 ? w.slice(0, -2) : w.slice(0, -1);
  else if (w.endsWith('us') || w.endsWith('ss')) {
    // unchanged
  } else if (w.endsWith('s') && containsVowel(w.slice(0, -2))) w = w.slice(0, -1);

  if (AFTER_1A.has(w)) return w;

  // Step 1b.
  const eed = w.endsWith('eedly') ? 5 : w.endsWith('eed') ? 3 : 0;
  if (eed > 0) {
    if (inR1(eed)) w = w.slice(0, -eed + 2);
  } else {
    let cut = 0;
    for (const suffix of ['ingly', 'edly', 'ing', 'ed']) {
      if (w.endsWith(suffix)) {
        cut = suffix.length;
        break;
      }
    }
    if (cut > 0 && containsVowel(w.slice(0, -cut))) {
      w = w.slice(0, -cut);
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      else if (DOUBLES.has(w.slice(-2))) w = w.slice(0, -1);
      else if (isShortWord()) w += 'e';
    }
  }

  // Step 1c: y/Y → i after a non-vowel that is not the first letter.
  if ((w.endsWith('y') || w.endsWith('Y')) && w.length > 2 && !isVowel(w[w.length - 2])) {
    w = `${w.slice(0, -1)}i`;
  }

  // Step 2 (in R1).
  w = step2(w, inR1);
  // Step 3 (in R1; -ative in R2).
  w = step3(w, inR1, inR2);
  // Step 4 (in R2).
  w = step4(w, inR2);

  // Step 5.
  if (w.endsWith('e')) {
    if (inR2(1) || (inR1(1) && !shortSyllableAt(w, w.length - 2))) w = w.slice(0, -1);
  } else if (w.endsWith('ll') && inR2(1)) {
    w = w.slice(0, -1);
  }
  return w.replace(/Y/g, 'y');
}

/** R2: the same region, searched for inside R1. */
function r2FromR1(w: string, r1: number): number {
  for (let i = r1 + 1; i < w.length; i++) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

// Longest match first within each step.
const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];

function step2(w: string, inR1: (n: number) => boolean): string {
  for (const [suffix, replacement] of STEP2) {
    if (!w.endsWith(suffix)) continue;
    if (!inR1(suffix.length)) return w;
    const before = w[w.length - suffix.length - 1];
    if (suffix === 'ogi' && before !== 'l') return w;
    if (suffix === 'li' && !LI_ENDING.has(before ?? '')) return w;
    return w.slice(0, -suffix.length) + replacement;
  }
  return w;
}

const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];

function step3(w: string, inR1: (n: number) => boolean, inR2: (n: number) => boolean): string {
  for (const [suffix, replacement] of STEP3) {
    if (!w.endsWith(suffix)) continue;
    if (!inR1(suffix.length)) return w;
    if (suffix === 'ative' && !inR2(suffix.length)) return w;
    return w.slice(0, -suffix.length) + replacement;
  }
  return w;
}

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
];

function step4(w: string, inR2: (n: number) => boolean): string {
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    if (!inR2(suffix.length)) return w;
    if (suffix === 'ion') {
      const before = w[w.length - 4];
      if (before !== 's' && before !== 't') return w;
    }
    return w.slice(0, -suffix.length);
  }
  return w;
}

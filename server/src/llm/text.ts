/** Small, deterministic text helpers shared by the offline provider and answer scoring. */

const STOPWORDS = new Set(
  `a an and are as at be been but by can could did do does for from had has have how i if in into is it its
  me my of on or our please should so than that the their them then there these they this to us was we were what
  when where which who whom why will with would you your yours about any also just tell know let get got much many
  some there here hi hello hey thanks thank need want like ok okay yes no not`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case word stem: strips common English suffixes so "dogs" meets "dog" and "allowed" meets "allow". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  return w;
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9$][a-z0-9$'-]*/g) ?? [];
}

/** The distinct content-word stems of a question ("What is the pet policy?" → pet, policy). */
export function contentTerms(text: string): string[] {
  const out = new Set<string>();
  for (const w of words(text)) {
    const clean = w.replace(/'s$|'/g, '');
    if (clean.length < 2 || STOPWORDS.has(clean)) continue;
    out.add(stem(clean));
  }
  return [...out];
}

/** The distinct content words of a text, in order and unstemmed ("Are dogs allowed?" → dogs, allowed). */
export function contentWords(text: string): string[] {
  const out = new Set<string>();
  for (const w of words(text)) {
    const clean = w.replace(/'s$|'/g, '');
    if (clean.length >= 2 && !STOPWORDS.has(clean)) out.add(clean);
  }
  return [...out];
}

/** Share (0..1) of the question's terms found in the text. */
export function termCoverage(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0;
  const have = new Set(words(text).map((w) => stem(w.replace(/'s$|'/g, ''))));
  let hits = 0;
  for (const t of terms) if (have.has(t)) hits++;
  return hits / terms.length;
}

/** A stable key for a question, so the same question asked twice maps to one open task. */
export function questionKey(question: string): string {
  return contentTerms(question).sort().join(' ').slice(0, 300);
}

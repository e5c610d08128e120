import { tokenize } from '@helixis/domain';
import type { Queryable } from '../../../db/client';
import { synonymsOf } from '../../../llm/synonyms';
import { isDictionaryWord } from '../../../llm/wordnet';
import type { WorkspaceContext } from '../../../platform/context';
import { withTenant } from '../../../platform/tenant';
import * as repo from '../knowledge.repo';
import { type KnowledgeScope, scopeOf } from '../scope';

/**
 * Typing slips in a question ("parkign", "recieve", "deposite"), mended from the workspace's own
 * words before it is searched and answered. A word is taken as a slip only when it is at least
 * MIN_LENGTH letters, absent from the workspace's documents, unknown to WordNet and to the thesaurus;
 * it is then replaced by the word one edit away (a letter dropped, added, changed, or two swapped)
 * that the workspace's documents use most, written as the documents write it; failing that, by a
 * dictionary word one swap, drop or added letter away ("wieghs" → "weighs"). Real words that are simply
 * not in the documents ("jacuzzi") stay as typed, so a question about something the business never
 * wrote about is still unanswered.
 */
const MIN_LENGTH = 5;
/** Longer tokens are codes or run-together text, not words with a slip. */
const MAX_LENGTH = 24;
/** At most this many slips are looked for in one question (each costs a few hundred lookups). */
const MAX_SUSPECTS = 4;
/** Words WordNet leaves out (function words, contractions typed without their apostrophe, chat words). */
const FUNCTION_WORDS = new Set(
  `since whose their theirs would could should these those which while where there about after among amongst
  against before below between during further other under until whether without within throughout toward
  towards upon unless although though because whats thats theres heres wheres whens whos hows whys dont
  doesnt didnt isnt arent wasnt werent cant couldnt wouldnt shouldnt wont havent hasnt hadnt youre theyre
  youve weve theyve itll youll theyll shes hes gonna wanna gotta kinda sorta lemme gimme dunno yall
  ourselves yourself yourselves myself herself himself themselves everyone everything someone something
  anyone anything nobody nothing somebody anybody everybody whenever wherever whatever whoever however
  whichever`.split(/\s+/),
);
/**
 * Irregular past forms WordNet's index does not list (its exception files are not packaged): "caught" is
 * no slip of "aught", nor "brought" of "bought".
 */
const IRREGULAR_FORMS = new Set(
  `caught taught bought brought thought fought sought built spent slept swept knelt dealt found bound wound
  ground gotten forgot forgotten stood understood taken given forgiven driven written ridden hidden eaten
  fallen beaten broken chosen frozen spoken stolen woken sworn borne drawn grown known shown thrown flown
  blown begun began drank drunk became wrote drove arose arisen froze spoke stole broke chose swore threw
  forgave shook mistook mistaken stuck struck swung clung flung stung withdrew withdrawn forbade forbidden
  overslept mislaid mislead misled shrank shrunk sprang sprung strode strove striven`.split(/\s+/),
);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every string one edit away from a word, swaps first (the commonest slip), then a letter dropped, then
 * (with `changes`) a letter changed, then a letter added.
 */
function editsOf(word: string, changes = true): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length - 1; i++) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  if (changes) {
    for (let i = 0; i < word.length; i++) {
      for (const c of LETTERS) if (c !== word[i]) out.push(word.slice(0, i) + c + word.slice(i + 1));
    }
  }
  for (let i = 0; i <= word.length; i++) for (const c of LETTERS) out.push(word.slice(0, i) + c + word.slice(i));
  return out;
}

/** A word of the workspace's documents whose lexeme is `lexeme`, as written there, nearest the typed one. */
async function writtenForm(tx: Queryable, workspaceId: string, lexeme: string, typed: string): Promise<string | null> {
  let best: { word: string; distance: number } | null = null;
  for (const text of await repo.chunkTextsHolding(tx, workspaceId, lexeme)) {
    for (const t of tokenize(text)) {
      if (t.lexeme !== lexeme) continue;
      const distance = editDistance(t.word, typed);
      if (!best || distance < best.distance) best = { word: t.word, distance };
    }
  }
  return best?.word ?? null;
}

/** Levenshtein distance. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

function lexemeOf(word: string): string | null {
  return tokenize(word)[0]?.lexeme ?? null;
}

/** The question with its typing slips mended (the same text when it has none). */
export function correctSpelling(ctx: WorkspaceContext, question: string): Promise<string> {
  return correctSpellingWithin(scopeOf(ctx), question);
}

/**
 * Chat shorthand, written out before the search ("any wknds i can't move", "can ppl come by"): no
 * document uses it, and it is too short to be read as a slip.
 */
const SHORTHAND: Readonly<Record<string, string>> = {
  wknd: 'weekend',
  wknds: 'weekends',
  ppl: 'people',
  appt: 'appointment',
  appts: 'appointments',
  tmrw: 'tomorrow',
  bldg: 'building',
  mgmt: 'management',
  maint: 'maintenance',
  apt: 'apartment',
  hrs: 'hours',
  mins: 'minutes',
  wk: 'week',
  wks: 'weeks',
  yr: 'year',
  yrs: 'years',
  cert: 'certificate',
  certs: 'certificates',
  docs: 'documents',
  info: 'information',
  pkg: 'package',
  pkgs: 'packages',
  dept: 'department',
  'w/o': 'without',
  'w/': 'with',
};
const SHORTHAND_WORD = new RegExp(
  `\\b(?:${Object.keys(SHORTHAND)
    .filter((k) => k !== 'w/')
    .map((k) => k.replace('/', '\\/'))
    .join('|')})\\b|\\bw\\/(?=\\s)`,
  'gi',
);

/** The question with its chat shorthand written out. */
export function expandShorthand(question: string): string {
  return question
    .replace(SHORTHAND_WORD, (short) => SHORTHAND[short.toLowerCase()] ?? short)
    .replace(BEDROOMS, (_, n: string) => `${n}-bedroom`);
}
/** "a 2br", "for a 3 bd?", "1bdrm": so many bedrooms ("2 beds" stays beds). */
const BEDROOMS = /\b([1-6])\s?(?:br|bd|bdr|bdrm)s?\b/gi;

/**
 * The same for a scope without a request (the public widget). With `usable`, a mend is kept only when
 * the word it brings passes it (is in a public document), so a visitor's question never picks up a word
 * only a private document holds.
 */
export async function correctSpellingWithin(
  scope: Pick<KnowledgeScope, 'deps' | 'workspaceId' | 'userId'>,
  typed: string,
  usable?: (word: string) => Promise<boolean>,
): Promise<string> {
  const question = expandShorthand(typed);
  const words = [...new Set(question.toLowerCase().match(/[a-z]+/g) ?? [])].filter(
    (w) => w.length >= MIN_LENGTH && w.length <= MAX_LENGTH && lexemeOf(w) !== null,
  );
  if (words.length === 0) return question;
  const { workspaceId } = scope;
  const replacements = await withTenant(scope.deps.database, { workspaceId, userId: scope.userId }, async (tx) => {
    const own = await repo.termDfs(
      tx,
      workspaceId,
      words.map((w) => lexemeOf(w) ?? w),
    );
    const unknown = words.filter((w) => {
      const lexeme = lexemeOf(w) ?? w;
      if (FUNCTION_WORDS.has(w) || IRREGULAR_FORMS.has(w) || (own.get(lexeme) ?? 0) > 0) return false;
      return !isDictionaryWord(w) && synonymsOf(lexeme).size === 0;
    });
    // A short form of the workspace's own word ("recert" for "recertification") is no slip.
    const shortForms = await repo.lexemePrefixes(tx, workspaceId, unknown);
    const suspects = unknown.filter((w) => !shortForms.has(w)).slice(0, MAX_SUSPECTS);
    if (suspects.length === 0) return [];
    const candidates = new Map<string, { word: string; lexeme: string }[]>();
    for (const w of suspects) {
      const seen = new Set<string>();
      const list: { word: string; lexeme: string }[] = [];
      for (const edit of editsOf(w)) {
        const lexeme = lexemeOf(edit);
        if (!lexeme || seen.has(lexeme)) continue;
        seen.add(lexeme);
        list.push({ word: edit, lexeme });
      }
      candidates.set(w, list);
    }
    const dfs = await repo.termDfs(
      tx,
      workspaceId,
      [...candidates.values()].flatMap((l) => l.map((c) => c.lexeme)),
    );
    const out: [string, string][] = [];
    for (const [w, list] of candidates) {
      let best: { word: string; lexeme: string; df: number } | null = null;
      for (const c of list) {
        const df = dfs.get(c.lexeme) ?? 0;
        if (df > 0 && (!best || df > best.df)) best = { ...c, df };
      }
      if (best) {
        // Written as the documents write it ("maintanence" → "maintenance", not the edit "maintenence").
        out.push([w, (await writtenForm(tx, workspaceId, best.lexeme, w)) ?? best.word]);
        continue;
      }
      // Not in the documents in any form: a dictionary word one swap, drop or added letter away
      // ("wieghs" → "weighs") still lets the question's synonyms and relatives match.
      const own = lexemeOf(w);
      const known = editsOf(w, false).find((e) => lexemeOf(e) !== own && isDictionaryWord(e, true));
      if (known) out.push([w, known]);
    }
    return out;
  });
  let mended = question;
  for (const [typed, word] of replacements) {
    if (usable && !(await usable(word))) continue;
    mended = mended.replace(new RegExp(`\\b${typed}\\b`, 'gi'), word);
  }
  return mended;
}

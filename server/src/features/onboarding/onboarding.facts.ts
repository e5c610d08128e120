import type { OnboardingQuestionTarget } from '@helixis/contract';
import {
  extractBusinessInfo,
  extractFacts,
  findCustomersSentence,
  findServicesSentence,
  isQuestionMessage,
  missingOnboardingTopics,
  profileFacts,
  sentencesOf,
  statementsOf,
  tokenize,
} from '@helixis/domain';
import { isDictionaryWord, isMostlyNoun } from '../../llm/wordnet';
import type { WorkspaceContext } from '../../platform/context';
import { listFacts, upsertFact } from '../facts';
import type { FactOrigin, SavedFact } from '../profile';
import { changeProfile, findEffectiveProfile, type ProfilePatch, patchFromExtracted, stateOf } from '../profile';

/**
 * What the owner says during onboarding becomes facts (issue 25 §5-6). Profile fields reach the facts
 * through the profile's one write path (changeProfile); this adds what the profile has no field for
 * (phone, support e-mail, hours, emergency line, booking, pricing sentences). Questions state nothing.
 */

export interface OnboardingPart {
  text: string;
  /** provenance.source for this part ('onboarding round 3'). */
  ref: string;
  /**
   * Every statement of the part no keyed fact holds is kept as a fact of its own (NOTE_TARGETS):
   * 'all' of them, or only those about a topic noun ('topical': "Briony, our barn manager, is the first
   * person to ask", not "I'm Honora Vantreece, the owner", which the contact fields hold).
   */
  notes?: 'all' | 'topical';
}

/**
 * The key of a statement kept as it was said: its first content words ("Anyone thinking of joining can
 * come for a tour…" → anyone_thinking_joining_come_tour), so the same sentence said again updates it.
 * Its label is what it is about (`noteLabel`).
 */
function noteKey(sentence: string): string | null {
  const words = tokenize(sentence).map((t) => t.word);
  return words.length >= NOTE_MIN_WORDS ? words.slice(0, 5).join('_') : null;
}
/** A statement shorter than this says too little on its own ("That's it.", "Mostly by phone."). */
const NOTE_MIN_WORDS = 4;

/** Words that say who or when, not what a statement is about ("Anyone…", "on Tuesdays", "every day"). */
const NOT_A_TOPIC =
  /^(?:anyone|anybody|someone|somebody|everyone|everybody|people|person|folks?|customers?|clients?|residents?|tenants?|members?|guests?|owners?|visitors?|families|family|kids?|thing|things|lots?|way|ways|time|times|days?|weeks?|months?|years?|hours?|minutes?|mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?|today|tomorrow|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|am|pm)$/;
/** A determiner or possessive after a word makes that word a verb ("book a tour", "take the deposit"). */
const DETERMINER = /^(?:a|an|the|our|your|their|my|his|her|its|this|that|these|those|any|some|every)$/i;
/** A verb after a word that opens its clause makes that word a subject ("Rent is due…", "The gate code changes…"). */
const SUBJECT_OF =
  /^(?:is|are|was|were|must|can|cannot|can't|may|should|will|won't|has|have|needs?|costs?|starts?|runs?|opens?|closes?)$/i;

/**
 * The display label of a statement kept as it was said: what it is about, as one noun or a noun and the
 * noun after it ("Anyone thinking of joining can come for a tour…" → "Tour"; "We don't take credit
 * cards." → "Credit Cards"), from WordNet's parts of speech; when no word reads as its topic, the
 * sentence's first words as said ("Anyone can come any day…").
 */
export function noteLabel(sentence: string): string {
  const topic = noteTopic(sentence);
  if (topic) return topic;
  const words = sentence.split(/\s+/).filter(Boolean);
  const opening = words
    .slice(0, NOTE_LABEL_WORDS)
    .join(' ')
    .replace(/[\s,;:.!?]+$/, '');
  return words.length > NOTE_LABEL_WORDS ? `${opening}…` : opening;
}

/** The noun (or two) a statement is about, or null when no word reads as its topic. */
function noteTopic(sentence: string): string | null {
  const words = sentence.split(/\s+/).filter(Boolean);
  const bare = (w: string | undefined) => (w ?? '').replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
  const topical = (i: number): boolean => {
    const word = bare(words[i]).toLowerCase();
    if (!word || !tokenize(word).length || NOT_A_TOPIC.test(word) || !/^[a-z]+(?:-[a-z]+)*$/.test(word)) return false;
    const head = word.split('-').pop() ?? word;
    const opensClause = i === 0 || DETERMINER.test(bare(words[i - 1])) || /[,;:]$/.test(words[i - 1] ?? '');
    if (opensClause && SUBJECT_OF.test(bare(words[i + 1]))) return isDictionaryWord(head, true);
    return !DETERMINER.test(bare(words[i + 1])) && isMostlyNoun(head);
  };
  /** The word is followed directly by the next one, with no punctuation between. */
  const joined = (i: number) => /[A-Za-z]$/.test(words[i] ?? '');
  for (let i = 0; i < words.length; i++) {
    if (!topical(i)) continue;
    const label = [bare(words[i])];
    if (joined(i) && i + 1 < words.length && topical(i + 1)) label.push(bare(words[i + 1]));
    return label.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
  }
  return null;
}
/** Words of a statement's opening that label it when no topic noun does. */
const NOTE_LABEL_WORDS = 5;
/**
 * What customers ask, listed rather than answered ("Whether they can store a car, how the gate code
 * works…", "People ask us about buying a home…"): the topics, not knowledge.
 */
const LISTS_QUESTIONS =
  /^(?:\w+ )?(?:whether|how|what|which|who)\b|\b(?:ask|asks|asked|asking|questions?|comes? up|wants? to know|wonder|wonders)\b/i;

/**
 * Learns the facts the profile does not hold from the statements of each part (questions removed);
 * keys the profile already gives (`profileKeys`) are left to it. Returns the facts now stored with
 * the value learned here.
 */
export async function learnOnboardingText(
  ctx: WorkspaceContext,
  parts: readonly OnboardingPart[],
  origin: Omit<FactOrigin, 'ref'>,
  profileKeys: ReadonlySet<string>,
): Promise<SavedFact[]> {
  const saved: SavedFact[] = [];
  const store = async (key: string, value: string, ref: string, context: string, label?: string) => {
    const stored = await upsertFact(ctx, {
      key,
      ...(label ? { label } : {}),
      value,
      source: origin.source,
      provenance: { type: origin.type, source: ref, method: 'extraction', context },
    });
    if (stored.value.toLowerCase() === value.toLowerCase()) {
      saved.push({ key: stored.key, label: stored.label, value: stored.value });
    }
  };
  for (const part of parts) {
    const statements = statementsOf(part.text);
    const facts = extractFacts(statements);
    for (const fact of facts) {
      if (profileKeys.has(fact.key)) continue;
      await store(fact.key, fact.value, part.ref, fact.context);
    }
    if (!part.notes) continue;
    // "Anyone thinking of joining can come for a tour on Tuesdays and Thursdays at 10 a.m." matches no
    // fact rule, and is still what the owner wants customers told.
    for (const sentence of sentencesOf(statements)) {
      // The facts read from the sentence stand for it unless a clause says more (heldBy): "Boarders pay by
      // ACH bank transfer or by check; we don't take credit cards." is kept as said beside "Payment
      // methods: ACH, check".
      const from = facts.filter((f) => f.context && (f.context.includes(sentence) || sentence.includes(f.context)));
      const said = from.map((f) => `${f.key.replace(/_/g, ' ')} ${f.value}`).join(' ');
      if (from.length > 0 && heldBy(sentence, said)) continue;
      if (LISTS_QUESTIONS.test(sentence)) continue;
      if (part.notes === 'topical' && !noteTopic(sentence)) continue;
      const key = noteKey(sentence);
      if (key && !profileKeys.has(key)) await store(key, sentence, part.ref, sentence, noteLabel(sentence));
    }
  }
  return saved;
}

/**
 * Facts read from a sentence hold it when each of its clauses shares a word with their names or values:
 * "For emergencies call (555) 010-9999 any time." is the emergency contact, but in "Boarders pay by ACH
 * bank transfer or by check; we don't take credit cards." the second clause says what no fact does.
 */
function heldBy(sentence: string, said: string): boolean {
  const held = new Set(tokenize(said).map((t) => t.lexeme));
  return sentence
    .split(CLAUSE_BREAK)
    .map((clause) => tokenize(clause).map((t) => t.lexeme))
    .every((words) => words.length < 2 || words.some((w) => held.has(w)));
}
/** Where a sentence's clauses part: semicolons, colons, commas, "but", "and then", "except". */
const CLAUSE_BREAK = /[;:]\s+|,\s+|\s+(?:but|and then|except)\s+/i;

/**
 * Answers kept sentence by sentence: what customers ask (with the owner's answers to it), how they are
 * answered, who to ask besides the primary contact ("for day-to-day questions Briony, our barn manager,
 * is the first person to ask") and what the tools answer says beyond the tools' names. The other answers
 * are whole profile fields already (description, service area, customers, services).
 */
const NOTE_TARGETS: Partial<Record<OnboardingQuestionTarget, 'all' | 'topical'>> = {
  primaryContact: 'topical',
  tools: 'topical',
  faq: 'all',
  hours: 'all',
};

/** After a round is saved: the facts of its answers that the profile has no field for. */
export async function learnFromRoundAnswers(
  ctx: WorkspaceContext,
  roundNumber: number,
  answers: readonly { target: OnboardingQuestionTarget; text: string }[],
  profileKeys: ReadonlySet<string>,
): Promise<SavedFact[]> {
  // Every answer may state facts: what customers ask is often answered with the answers ("They ask about
  // tours; tours are Saturdays at 11"), the contact answer holds the office phone, and the tools answer
  // how customers pay ("We bill from QuickBooks on the 25th; we don't take credit cards").
  const parts = answers
    .filter((a) => a.text.trim())
    .map((a) => {
      const notes = NOTE_TARGETS[a.target];
      return { text: a.text, ref: `onboarding round ${roundNumber}`, ...(notes ? { notes } : {}) };
    });
  return learnOnboardingText(ctx, parts, { source: 'manual', type: 'onboarding' }, profileKeys);
}

/** The onboarding topics (name, services, location, ...) no stored fact covers yet. */
export async function missingTopics(ctx: WorkspaceContext): Promise<{ label: string; question: string }[]> {
  return missingOnboardingTopics((await listFacts(ctx)).map((f) => f.key));
}

export interface OnboardingTurn {
  /** The message only asked: it is answered, nothing was learned from it. */
  question: boolean;
  saved: SavedFact[];
  missing: { label: string; question: string }[];
}

const CHAT_ORIGIN = { source: 'conversation', type: 'onboarding', ref: 'onboarding chat' } as const;

/**
 * One onboarding chat message: a question is left alone; a statement updates the profile (name,
 * industry, service area, contact, payment types, customers, services) and the facts it states.
 * Returns what was actually stored and what onboarding still lacks.
 */
export async function learnFromOnboardingMessage(ctx: WorkspaceContext, message: string): Promise<OnboardingTurn> {
  if (isQuestionMessage(message)) return { question: true, saved: [], missing: await missingTopics(ctx) };
  const text = statementsOf(message);
  const patch: ProfilePatch = patchFromExtracted(extractBusinessInfo(text, 'chat'));
  const customers = findCustomersSentence(text);
  const services = findServicesSentence(text);
  if (customers || services) {
    patch.essential_info = {
      ...(patch.essential_info ?? {}),
      ...(customers ? { target_audience: customers } : {}),
      ...(services ? { services } : {}),
    };
  }
  const saved: SavedFact[] = [];
  let profile = stateOf(await findEffectiveProfile(ctx));
  if (patch.business_data || patch.essential_info) {
    const change = await changeProfile(ctx, { patch, source: 'chat', facts: { ...CHAT_ORIGIN, said: [text] } });
    saved.push(...change.savedFacts);
    profile = stateOf(change.row);
  }
  const profileKeys = new Set(profileFacts(profile).map((f) => f.key));
  saved.push(...(await learnOnboardingText(ctx, [{ text, ref: CHAT_ORIGIN.ref }], CHAT_ORIGIN, profileKeys)));
  return { question: false, saved, missing: await missingTopics(ctx) };
}

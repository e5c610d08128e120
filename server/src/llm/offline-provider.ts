import { segmentText } from '@helixis/domain';
import {
  type AnswerType,
  answers,
  ELLIPTICAL_END,
  hasAnswerType,
  lacksRequiredType,
  passedOver,
  profileQuestion,
  questionParts,
  rankUnits,
  type ScoredUnit,
  saysSame,
  type Unit,
  unitsOf,
} from './answer-match';
import { onboardingAnswer } from './offline-onboarding';
import { type ChatProvider, type Evidence, type GenerateRequest, lastUserMessage } from './provider';

export { missingProfileTopics } from './offline-onboarding';

export const OFFLINE_ABSTAIN =
  "I don't know the answer to that yet: it is not in this workspace's documents or in what your team has taught me.";
export const OFFLINE_GREETING =
  'Hello! Ask me anything about your business. I answer from your documents and from what your team has taught me, and I cite where each answer comes from.';

export interface Quote {
  evidence: Evidence;
  /** One or more whole sentences (or a list with its lead-in). */
  sentence: string;
  score: number;
}

/** A question that asks several things gets one quote per part, at most this many. */
const MAX_QUOTES = 3;
/** A sentence that leans on the one before it ("It is refundable…"): whichever of the two is quoted, both are. */
const LEANS_BACK =
  /^(it|its|this|that|these|those|they|he|she|such|otherwise|however|but|also|in that case|if so|exceptions?)\b/i;

/** An FAQ's answer marker ("A: …", "Answer: …"), left out of a quote. */
const FAQ_ANSWER_MARK = /^(?:A|Answer)\s*:\s+(?=\S)/;

/** The text a unit is quoted with: a list with its lead-in, a heading with what follows it, or the sentence. */
function quoteText(unit: ScoredUnit, all: readonly Unit[]): string {
  const siblings = all.filter((u) => u.evidence === unit.evidence);
  const at = siblings.findIndex((u) => u.index === unit.index);
  if (unit.kind === 'fact') {
    const value = unit.text.trim();
    const sentence = /[.!?]$/.test(value) && value.split(/\s+/).length >= 5;
    return sentence ? value : `${unit.evidence.title}: ${value}`;
  }
  if (unit.row) return rowText(unit.row);
  const isLeadIn = unit.kind !== 'item' && unit.text.endsWith(':') && siblings[at + 1]?.kind === 'item';
  if (unit.kind === 'item' || isLeadIn) {
    // The whole list, with the line that introduces it.
    let first = at;
    while (first > 0 && siblings[first]?.kind === 'item') first--;
    const lead = siblings[first]?.kind !== 'item' && siblings[first]?.text.endsWith(':') ? siblings[first] : undefined;
    const items: string[] = [];
    for (let i = lead ? first + 1 : first; i < siblings.length && siblings[i]?.kind === 'item'; i++) {
      items.push((siblings[i]?.text ?? '').replace(/[.;,]$/, ''));
    }
    const list = items
      .filter((i) => /[\p{L}\p{N}]/u.test(i))
      .slice(0, 12)
      .join('; ');
    if (!list) return unit.text;
    if (!lead) return `${list}.`;
    // A short lead-in ("Use it for:") leans on the sentence before it, which is quoted too.
    const before = siblings[first - 1];
    let intro =
      before && before.paragraph === lead.paragraph && before.kind === 'sentence' && lead.text.length < 60
        ? `${before.text} ${lead.text}`
        : lead.text;
    // The number asked for may be earlier in the paragraph ("For an emergency, call (555) 410-2299. The
    // technician calls back within 15 minutes. These are emergencies:"): quoted from that sentence on.
    if (unit.type && unit.typeMatch && !hasAnswerType(unit.type, unit.text) && !hasAnswerType(unit.type, intro)) {
      const paragraph = siblings.slice(0, first).filter((u) => u.paragraph === lead.paragraph && u.kind === 'sentence');
      const from = paragraph.findLastIndex((u) => hasAnswerType(unit.type as AnswerType, u.text));
      if (from >= 0) intro = [...paragraph.slice(from).map((u) => u.text), lead.text].join(' ');
    }
    return `${intro} ${list}.`;
  }
  if (unit.kind === 'heading') {
    const body = siblings
      .slice(at + 1)
      .filter((u) => u.kind !== 'heading')
      .slice(0, 2);
    return body.length ? body.map((u) => u.text).join(' ') : unit.text;
  }
  let text = unit.text;
  // A sentence that leans on the one before it ("It is unlocked whenever the county issues a tornado
  // warning") is quoted after that one ("The clubhouse basement is the community storm shelter."), unless
  // that one asks (an FAQ's question).
  const before = siblings[at - 1];
  if (
    before?.kind === 'sentence' &&
    before.paragraph === unit.paragraph &&
    !before.asks &&
    LEANS_BACK.test(unit.text)
  ) {
    text = `${before.text} ${text}`;
  }
  const next = siblings[at + 1];
  // "A: Yes." says nothing on its own: the sentence after it is the substance.
  const bare = unit.text.length < 20;
  if (next && next.kind === 'sentence' && next.paragraph === unit.paragraph && (bare || LEANS_BACK.test(next.text))) {
    text = `${text} ${next.text}`;
  }
  // An FAQ's "A: Winter residents who…": the quote is the answer, without the document's marker.
  return text.replace(FAQ_ANSWER_MARK, '');
}

/**
 * A table row read with its columns' names: "Plot or charge: Standard plot; Size: 10 x 20 feet; Season
 * fee: $45." An empty cell ("-") is left out.
 */
function rowText(row: NonNullable<Unit['row']>): string {
  const parts = row.cells.flatMap((cell, i) => {
    if (!/[\p{L}\p{N}]/u.test(cell)) return [];
    const name = row.header[i]?.trim();
    return [name ? `${name}: ${cell}` : cell];
  });
  return `${parts.join('; ')}.`;
}

/**
 * A sentence scoring within this of the best one is quoted beside it (it must answer on its own too).
 * Two near-equal candidates are a tie the words cannot break ("Office phone: …" and "After-hours
 * maintenance emergencies: …" for a burst pipe at night; an FAQ's answer and the sentence that completes
 * it): the reader can, so both are shown rather than a coin toss. Swept on sets A–D and
 * rag-mini-wikipedia at 0.05–0.3 (decision 028, sixth round: 0.15); swept again with the later rounds'
 * rules on sets A–M at 0.15–0.4 (eighteenth round: 0.25, where the gains stop, +4 on A–I, +1 on L and M,
 * +1 on the wiki). "Does the shuttle run on Sundays?" is answered by the list item "No service on
 * Sundays…" just below the sentence naming the shuttle.
 */
const RUNNER_UP_MARGIN = 0.25;
/**
 * At most this many runners-up are quoted beside the best: a three-way tie ("the courtesy patrol", "the
 * after-hours line" and "the office" for noise at night) is shown whole (decision 028, twenty-sixth round).
 */
const RUNNERS_UP = 2;

/** A unit picked to answer, with the sentence of its paragraph quoted beside it. */
interface Pick {
  unit: ScoredUnit;
  mate?: ScoredUnit;
}

/** How far the sentence naming all of a priced thing without its amount must stand above an amount of less of it. */
const NAMED_WITHOUT_AMOUNT_MARGIN = 0.15;

/**
 * The quotes that answer one question (or one part of it): the best unit and the runners-up that score
 * nearly as well, or nothing. A person's answer to a task is the answer alone.
 */
function quotesFor(question: string, units: readonly Unit[], carried: string): Pick[] {
  // What every reader passes over (an FAQ's own question, another level, no amount where one is asked,
  // an amount of another thing) is left out; the best of the rest answers or nothing does.
  const all = rankUnits(question, units, carried);
  const ranked = all.filter((u) => !passedOver(u));
  const best = bestOf(ranked);
  if (!best) return [];
  // "How much is the overnight parking permit from security?": the sentence naming all of it above the
  // best ("Overnight parking is not allowed without a permit from security.") gives no amount; an amount
  // said of less of it is another thing's.
  const named = all.find((u) => u.topics > 2 && u.ownTopicHits === u.topics && u.coverage >= 0.9);
  if (
    named &&
    lacksRequiredType(named) &&
    best.ownTopicHits < named.ownTopicHits &&
    named.score - best.score >= NAMED_WITHOUT_AMOUNT_MARGIN
  )
    return [];
  // A person's answer to this very question (a task) stands alone; what the owner said in onboarding is
  // quoted like a document, with a close runner-up beside it.
  if (best.evidence.answersTask) return [{ unit: best }];
  const mate = mateOf(best, ranked);
  // The runners-up in rank order, while each scores within the margin and answers on its own. Not the
  // same words again (a fact read from a quoted sentence, or a sentence that holds one), and not the
  // paragraph neighbour already quoted beside the best.
  const runners: ScoredUnit[] = [];
  for (const u of ranked) {
    if (runners.length === RUNNERS_UP) break;
    if (u === best || (u === mate && runners.length > 0)) continue;
    if ([best, ...runners].some((q) => saysSame(u.text, q.text))) continue;
    if (best.score - u.score > RUNNER_UP_MARGIN || !answers(u)) break;
    runners.push(u);
  }
  const first: Pick = { unit: best, mate: mate && runners.includes(mate) ? undefined : mate };
  return [first, ...runners.map((unit) => ({ unit, mate: ellipsisHead(unit, ranked) }))];
}

/**
 * The sentence next to the best one in its paragraph (the better scoring of the one before and the one
 * after), quoted with it when it holds a word of the question as written and one of its topic words:
 * "Clay must not go down studio sinks." is completed by "Use the slop sinks with clay traps on each
 * floor." A neighbour related only through the thesaurus, or not at all, is left out. The answer's
 * confidence and any task stay decided by the best sentence alone (decision 028, eleventh round: sets
 * A–H +9 with that round's size rules, rag-mini-wikipedia +11 of 510).
 */
function mateOf(best: ScoredUnit, ranked: readonly ScoredUnit[]): ScoredUnit | undefined {
  // A table's next row is another entry, not the rest of the thought.
  if (best.kind !== 'sentence' || best.row) return undefined;
  const before = ellipsisHead(best, ranked);
  if (before) return before;
  return ranked.find(
    (u) =>
      u.evidence === best.evidence &&
      u.kind === 'sentence' &&
      u.paragraph === best.paragraph &&
      Math.abs(u.index - best.index) === 1 &&
      u.ownTopicHits > 0 &&
      u.exact > 0,
  );
}

/** "Hot plates… are not." says nothing without the sentence before it in its paragraph: that sentence. */
function ellipsisHead(unit: ScoredUnit, ranked: readonly ScoredUnit[]): ScoredUnit | undefined {
  if (unit.kind === 'fact' || unit.row || !ELLIPTICAL_END.test(unit.text.trim())) return undefined;
  return ranked.find(
    (u) =>
      u.evidence === unit.evidence && u.kind !== 'fact' && u.paragraph === unit.paragraph && u.index === unit.index - 1,
  );
}

/** The best unit if it answers; a fact read from a document gives way to the document's sentence. */
function bestOf(ranked: readonly ScoredUnit[]): ScoredUnit | null {
  const best = ranked[0];
  if (!best || !answers(best)) return null;
  // A fact read from a document says what a sentence of that document says: quote the sentence, whose
  // citation opens the document.
  if (best.kind === 'fact' && !best.evidence.fromHuman) {
    const value = best.text.toLowerCase();
    const sentence = ranked.find((u) => {
      if (u.kind === 'fact' || !answers(u)) return false;
      const text = u.text.toLowerCase();
      return text.includes(value) || value.includes(text);
    });
    if (sentence) return sentence;
  }
  return best;
}

/**
 * The quotes that answer the question (answer-match.ts ranks every whole sentence, list item and fact
 * of the evidence): the best one for each part of a question that asks several things, with a runner-up
 * that scores nearly as well (RUNNER_UP_MARGIN). Empty when no part has an answer.
 */
export function bestQuotes(question: string, evidence: readonly Evidence[], carried = ''): Quote[] {
  const units = unitsOf(evidence);
  const parts = questionParts(question);
  const perPart = parts.map((part) => {
    const asked = parts.length > 1 ? part : question;
    return quotesFor(asked, units, carried).map((pick) => ({ ...pick, asked }));
  });
  // Each part's best first, then the runners-up, so a third part is never crowded out by a tie.
  const picked = [...perPart.flatMap((q) => q.slice(0, 1)), ...perPart.flatMap((q) => q.slice(1))];
  const seen = new Set<string>();
  const quotes: Quote[] = [];
  for (const { unit, mate, asked } of picked.slice(0, MAX_QUOTES)) {
    const sentence =
      (unit.kind === 'fact' && !unit.evidence.answersTask ? notePart(unit.text, asked, carried) : null) ??
      quoteWithMate(unit, mate, units);
    const key = sentence.toLowerCase();
    if ([...seen].some((s) => s.includes(key) || key.includes(s))) continue;
    seen.add(key);
    quotes.push({ evidence: unit.evidence, sentence, score: unit.score });
  }
  return quotes;
}

/**
 * Of a fact written in several sentences (an owner's note: "Storage unit rentals, boxes and moving
 * supplies. Units start at $45 per month. We accept Visa…"), the sentences that hold a topic word of the
 * question, in the note's order; null (quote it whole) for a one-sentence fact or when no sentence does. A
 * price the question did not ask about is not quoted with the sentence that answers. What a person on the
 * team answered to a task is quoted whole ("No. Subletting is not allowed…").
 */
function notePart(text: string, question: string, carried: string): string | null {
  const sentences = segmentText(text).filter((s) => s.kind !== 'heading');
  if (sentences.length < 2) return null;
  const items: Evidence[] = sentences.map((s, i) => ({
    kind: 'fact',
    id: `note#${i}`,
    title: '',
    chunkIndex: null,
    citation: '',
    text: s.text,
    similarity: 0,
    fromHuman: true,
  }));
  const held = new Set(
    rankUnits(question, unitsOf(items), carried)
      .filter((u) => u.ownTopicHits > 0)
      .map((u) => u.evidence),
  );
  const kept = items.filter((item) => held.has(item)).map((item) => item.text);
  return kept.length > 0 ? kept.join(' ') : null;
}

/** A unit's quote with its paragraph neighbour's, in the document's order, unless one already holds the other. */
function quoteWithMate(unit: ScoredUnit, mate: ScoredUnit | undefined, all: readonly Unit[]): string {
  const text = quoteText(unit, all);
  const other = mate ? quoteText(mate, all) : '';
  if (!mate || text.includes(other) || other.includes(text)) return text;
  return mate.index < unit.index ? `${other} ${text}` : `${text} ${other}`;
}

function operationalAnswer(request: GenerateRequest): string {
  const question = request.query?.trim() || lastUserMessage(request.history);
  const carried = request.carried ?? '';
  if (profileQuestion(question, carried).terms.length === 0) return OFFLINE_GREETING;
  const quotes = bestQuotes(question, request.evidence, carried);
  if (quotes.length === 0) return OFFLINE_ABSTAIN;
  const [first] = quotes;
  if (quotes.length === 1 && first) {
    return first.evidence.kind === 'fact'
      ? `${first.sentence} ${first.evidence.citation}`
      : `According to your documents: "${first.sentence}" ${first.evidence.citation}`;
  }
  const lines = quotes.map((q) =>
    q.evidence.kind === 'fact' ? `- ${q.sentence} ${q.evidence.citation}` : `- "${q.sentence}" ${q.evidence.citation}`,
  );
  return `Here is what I found:\n\n${lines.join('\n')}`;
}

/**
 * The offline default: no model, no download. Operational mode quotes the sentences of the retrieved
 * chunks and facts that answer the question, each with its citation, or says plainly that it does not
 * know; onboarding mode asks at most three questions about what the profile still lacks.
 */
export function createOfflineProvider(): ChatProvider {
  return {
    name: 'offline',
    async *stream(request) {
      const text = request.mode === 'onboarding' ? onboardingAnswer(request) : operationalAnswer(request);
      // Stream word by word so the browser path is the same as with a model.
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield piece;
    },
  };
}

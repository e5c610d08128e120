/**
 * Follow-up questions ("and how much is the deposit there?") name their subject only in earlier turns.
 * Before retrieval such a question is rewritten into a standalone query:
 *
 * - offline: the earlier user turns' salient words — named things (capitalised words, numbers such as
 *   street numbers) first, then their other content words — are appended to the question, newest turn
 *   first, words the question already has left out;
 * - with a model endpoint: a strict rewrite prompt (one line, no answer, no new facts); when the model
 *   fails, times out or answers something unusable, the offline rewrite is used.
 *
 * A question that stands on its own (no pronoun pointing back, no "there" meaning a place, no leading
 * "and"/"what about", not a fragment) is searched as typed, however short.
 */
import type { QueryRewrite, RecentTurn } from '@helixis/contract';
import { tokenize } from '@helixis/domain';
import OpenAI from 'openai';
import type { Config } from '../../config';
import { ATTRIBUTE_NOUNS, isShapingWord, isTopicTerm, PROCEDURE_VERBS, profileQuestion } from '../../llm/answer-match';
import { isDictionaryWord, isMostlyNoun, isThingNoun } from '../../llm/wordnet';

/**
 * Words that point back at an earlier subject. "it" is left out when it is the empty subject of
 * "is it possible / ok / allowed to …", "there" when it only says something exists ("is there a gym?").
 */
const POINTING = /\b(they|them|their|theirs|those|these|he|she|his|her|him|same)\b/i;
const IT = /\bit(?:'s|s)?\b(?!\s+(?:\w+\s+){0,2}(?:to|if|that|for me to)\b)/i;
/** "keep it quiet", "make it clean": "it" as the empty object of a state, not a thing talked about earlier. */
const EMPTY_IT =
  /\b(?:keep|keeps|keeping|make|makes|making)\s+it\s+(?!(?:in|on|at|for|to|with|by|inside|outside|there|here|under|near|overnight|up|down|out|off)\b)[a-z]+/gi;
const THERE = /\bthere\b/i;
const EXISTENTIAL_THERE = /\b(is|are|was|were|be|any|anything)\s+there\b|\bthere\s+(is|are|was|were|be|will|'s|any)\b/i;
/** "that"/"this" standing for a thing: at the end, or before a verb ("how much is that?", "does this include…"). */
const THAT_THIS =
  /\b(that|this)\s*(\?|$|\.|!)|\b(that|this)\s+(is|was|will|would|cost|costs|include|includes|mean|means|apply|applies|cover|covers|work|works|one|ones)\b|\b(?:do|does|did|doing|done)\s+(that|this)\b(?!\s+[a-z]+\s+(?:is|are|was|were)\b)|\b(?:get|gets|got|getting|have|pay|keep|use|book|move|take|bring)\s+(that|this)\s+(?:back|again|online|later|early|first|done|fixed|changed|replaced|refunded|waived)\b/i;
const CONTINUATION =
  /^\s*(and|also|plus|but|or|so|even|what about|how about|and what about|what of|same for|what if)\b/i;
/** "the deposit for it?", "where do I get one?", "can I have another?": a pointer that ends the question. */
const ENDS_WITH_POINTER =
  /\b(it|that|this|them|those|these|there|one|ones|another|(?:my|our|your|their) own)\s*[?.!]*\s*$/i;
/** "How many people does it…", "which bin does it…": a question word and what it asks, then the verb before a subject pronoun. */
const ASKED_BEFORE_SUBJECT =
  /^\s*(?:how many|how much|what|which)\s+(?:[a-z-]+\s+){1,2}(?:do|does|did|is|are|was|were|can|could|will|would|should)\s+$/i;
/** "Can I pay online instead?", "Does it apply to renters too?": an alternative to, or more of, what was said. */
const ENDS_WITH_RELATION = /\b(too|as well|instead|either|then)\s*[?.!]*\s*$/i;
/** "Is that per month?", "Can that be paid online?": "that" right after the verb stands for what was said. */
const THAT_AFTER_VERB = /^\s*(is|was|are|does|did|will|would|can|could|should|do)\s+that\b/i;
/** "Is that per pet?", "Is it refundable?": a question about the answer just given, not only its subject. */
const ABOUT_THE_ANSWER = /^\s*(?:is|was|are|does|did|will|would|can|could|do)\s+(?:that|it|this)\b/i;
/** Amounts, times and counts of the answer just given ("$300", "10:00", "50"), without citation tokens. */
const ANSWER_NUMBER = /\$?\d[\d,]*(?:[.:]\d+)?/g;
const MAX_ANSWER_NUMBERS = 3;
/**
 * "Can my 12 year old go in by herself?", "Can guests come inside alone?": going in, with no place named,
 * goes into the place just talked about.
 */
const GOES_IN_UNNAMED =
  /\b(?:go|goes|going|get|gets|come|comes|swim|walk|head)\s+(?:in|inside|into it|in there|over there)\s*(?=$|[?.!,]|(?:by|alone|with|without|if|too|unattended|unsupervised)\b)/i;
/** "How many can I bring?": a count of something unnamed, the earlier subject. */
const COUNT_OF_UNNAMED =
  /^\s*how many\s+(?:can|could|may|might|do|does|did|should|will|would|are|is|am|must|per|each|for each)\b/i;
/** "Does no AC count?", "would a broken fridge qualify?": counts as what the earlier question asked about. */
const COUNTS_AS_ASKED = /(?<!\bto\s+)\b(?:count|counts|qualify|qualifies)\s*[?.!]*\s*$/i;
/** A fragment: opens with a preposition and has no verb of its own ("for a second car?", "on weekends?"). */
const FRAGMENT =
  /^\s*(for|on|in|at|with|about|during|after|before|per|by|including|excluding|except|besides|without|til|till)\b/i;
/** "Okay, and the deposit?", "Thanks! What about cats?": a word of acknowledgement before the question. */
const ACKNOWLEDGEMENT =
  /^\s*(?:(?:ok|okay|thanks|thank you|thx|great|cool|got it|alright|all right|sure|perfect|awesome|nice|good|hmm+|oh|ah|yes|yeah|no|i see|really|right)\b[\s,.!?:;-]*)+/i;
/** "And", "also" or "plus" before a question that could open a conversation ("Also, where do packages go?"). */
const PLAIN_CONTINUATION = /^\s*(?:and|also|plus|oh and|and also)\b[\s,]*/i;
/** How a complete question opens: a question word or an auxiliary verb. */
const QUESTION_OPENING =
  /^\s*(what|when|where|who|whom|which|why|how|is|are|am|was|were|do|does|did|can|could|may|might|will|would|should|shall|must|have|has)\b/i;
/** A complete question names at least this many things of its own. */
const OWN_TOPICS_OF_A_COMPLETE_QUESTION = 2;
/**
 * A question naming this many things of its own carries its subject with it even when it opens with
 * "what about" or ends in "it": "What about smoking, can I smoke right outside the front entrance?",
 * "If I host a meetup in the Commons, how far ahead do I book it?".
 */
const OWN_TOPICS_OF_A_NEW_SUBJECT = 3;
/** "What about packages, where do they end up…?": a new subject, then a question about it. */
const WHAT_ABOUT_THEN_QUESTION = /^\s*(?:(?:and|also)[\s,]+)?(?:what|how)\s+about\s+([^,?]+),\s*(.+)$/i;
const WH_WORD = /^\s*(?:what|when|where|who|whom|which|why|how)\b/i;
/** "if I want to host a meetup, how far ahead…": a condition before the question proper. */
const CONDITION_FIRST = /^\s*(?:if|when|once|since|now that)\b[^,?]*,\s*/i;
/** "Any exceptions?", "Anything else?": a few words opening with "any" ask more about what was said. */
const MAX_ANY_PHRASE_WORDS = 3;
/** Earlier words carried over at most. */
const MAX_CARRIED = 8;
const MAX_REWRITE_CHARS = 400;

/**
 * True for a question that leans on an earlier turn: it opens with "and"/"what about", is a fragment
 * ("for two cars?"), or points back ("is it refundable?", "can I park there?", "how much is that?").
 * A complete question ("What day is trash picked up?") is searched as asked, however short.
 */
export function looksLikeFollowUp(question: string): boolean {
  const q = question.trim().replace(ACKNOWLEDGEMENT, '');
  if (!q) return false;
  // A question word after the new subject asks a question of its own ("What about packages, where do they
  // go?"); a yes/no question about it may lean on the earlier one ("What about kids, do they need an adult?"
  // after the pool hours) unless it names enough of its own.
  const about = WHAT_ABOUT_THEN_QUESTION.exec(q);
  const asked = about?.[2] ?? '';
  if (about && QUESTION_OPENING.test(asked)) {
    const needed = WH_WORD.test(asked) ? OWN_TOPICS_OF_A_COMPLETE_QUESTION : OWN_TOPICS_OF_A_NEW_SUBJECT;
    if (ownTopicCount(q) >= needed) return false;
  }
  // "Also, can I paint my walls?": a complete question after "and"/"also" is a new question; what follows
  // the word decides ("and when do I get it back?" still points back).
  const rest = q.replace(PLAIN_CONTINUATION, '');
  if (rest !== q && QUESTION_OPENING.test(rest.replace(CONDITION_FIRST, '')) && !CONTINUATION.test(rest)) {
    if (ownTopicCount(rest) >= OWN_TOPICS_OF_A_COMPLETE_QUESTION) return pointsBack(rest);
    return true;
  }
  if (CONTINUATION.test(q) || FRAGMENT.test(q)) return true;
  return pointsBack(q);
}

const ownTopicCount = (text: string) => profileQuestion(text).terms.filter(isTopicTerm).length;

/** "Any exceptions?", "Anything else?" ("Office hours?" stays a question of its own). */
function isAnyPhrase(q: string): boolean {
  const words = q.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return /^\s*any(?:thing)?\b/i.test(q) && words.length <= MAX_ANY_PHRASE_WORDS;
}

/** True when a question (continuation word already read) leans on an earlier turn. */
function pointsBack(q: string): boolean {
  if (ENDS_WITH_RELATION.test(q) || THAT_AFTER_VERB.test(q)) return true;
  if (COUNT_OF_UNNAMED.test(q) || COUNTS_AS_ASKED.test(q)) return true;
  // "it"/"they"/"their" after a topic word of the question point back inside it ("Can residents keep
  // bicycles on their balconies?", "What is the damage waiver and how much does it cost?").
  // A pronoun that ends the question ("the deposit for it?", "later than that?") points back to an
  // earlier turn whatever comes before it.
  if (ENDS_WITH_POINTER.test(q) && ownTopicCount(q) < OWN_TOPICS_OF_A_NEW_SUBJECT) return true;
  // The word right before the pronoun is its verb ("Can I pay it online?", "Do I register them?"), not
  // what the pronoun stands for.
  for (const re of [POINTING, THAT_THIS, IT]) {
    const m = re.exec(re === IT ? q.replace(EMPTY_IT, (phrase) => phrase.replace(/\bit\b/i, '  ')) : q);
    if (!m) continue;
    const before = q.slice(0, m.index).replace(/[\p{L}\p{N}'’-]+\s*$/u, '');
    // "what's the cutoff to get it in": a word for what something has says nothing of what "it" is.
    if (!profileQuestion(before).terms.some((t) => isTopicTerm(t) && !ATTRIBUTE_NOUNS.has(t.lexeme))) return true;
    // "How many people does it hold?": the words before the pronoun are what is asked, not what it stands for.
    if (ASKED_BEFORE_SUBJECT.test(q.slice(0, m.index))) return true;
  }
  if (isAnyPhrase(q)) return true;
  if (THERE.test(q) && !EXISTENTIAL_THERE.test(q)) return true;
  if (GOES_IN_UNNAMED.test(q)) return true;
  // A question with no word of its own ("How much?", "When?") can only be about the earlier subject;
  // nor can one that names only doing what is done to something unnamed ("How do I apply?", "Where do I
  // sign up?" after asking about a shed permit or a plot).
  const terms = profileQuestion(q).terms;
  const own = terms.filter(isTopicTerm);
  const termLexemes = new Set(terms.map((t) => t.lexeme));
  // "whats the fine if they catch me twice", "do i get anything for renewing early": a question that names
  // no thing of its own, only what is done, how much or when, is about the earlier subject.
  // ("move-in day": a compound names a thing of its own; "the late fee" does, though "fee" only shapes the
  // question's words.)
  const names =
    own.some((t) => t.compound && /^[a-z]/.test(t.lexeme)) ||
    tokenize(q).some(
      (t) =>
        termLexemes.has(t.lexeme) &&
        !isShapingWord(t.lexeme) &&
        !ATTRIBUTE_NOUNS.has(t.lexeme) &&
        t.lexeme !== PER &&
        namesAThing(t.word),
    );
  if (!names) return true;
  // "cost per month?": "per" only says how a price is counted.
  return own.every((t) => PROCEDURE_VERBS.has(t.lexeme) || ATTRIBUTE_NOUNS.has(t.lexeme) || t.lexeme === PER);
}
const PER = tokenize('per')[0]?.lexeme ?? 'per';
/** A noun first of all, a thing one can point at, or a word WordNet does not know ("washer", "airbnb"). */
const namesAThing = (word: string) => isMostlyNoun(word, true) || isThingNoun(word) || !isDictionaryWord(word);

/** Named things of a text: capitalised words not opening a sentence, and tokens with digits. */
function namedWords(text: string): string[] {
  const named: string[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
  for (const match of text.matchAll(re)) {
    const word = match[0];
    const before = text.slice(0, match.index).trimEnd();
    const sentenceStart = before === '' || /[.!?:]$/.test(before);
    if (/\d/.test(word) || (/^\p{Lu}/u.test(word) && !sentenceStart)) named.push(word);
  }
  return named;
}

/** The earlier turns' salient words, newest user turn first, without words the question already has. */
export function salientWords(question: string, turns: readonly RecentTurn[]): string[] {
  const have = new Set(tokenize(question).map((t) => t.lexeme));
  const carried: string[] = [];
  const add = (word: string) => {
    const tokens = tokenize(word);
    if (tokens.length === 0) return;
    const lexemes = tokens.map((t) => t.lexeme);
    if (lexemes.every((l) => have.has(l))) return;
    for (const l of lexemes) have.add(l);
    carried.push(word);
  };
  const userTurns = turns.filter((t) => t.role === 'user').reverse();
  for (const turn of userTurns) {
    if (carried.length >= MAX_CARRIED) break;
    for (const word of namedWords(turn.content)) if (carried.length < MAX_CARRIED) add(word);
    for (const t of turn.content.split(/[^\p{L}\p{N}'’-]+/u)) if (t && carried.length < MAX_CARRIED) add(t);
    // The newest earlier question usually holds the subject; an older one only when it added little.
    if (carried.length >= 3) break;
  }
  return carried;
}

/** What an earlier question asked for: "what time", "how much", "when"… at its start. */
const ASKING_PHRASE =
  /^\s*(what time|what days?|which days?|how (?:much|many)(?: (?:notice|time|space|room|weight|water|power|storage|parking|warning|lead time))?|how (?:long|often|soon|late|early|far (?:ahead|in advance))|when|where|who)\b/i;
const HAS_QUESTION_WORD = /\b(what|when|where|who|whom|which|why|how)\b/i;

/**
 * The offline rewrite, or null when the question stands alone or the turns add nothing. A follow-up
 * without a question word of its own ("and dinner?") also asks what the earlier question asked: "What
 * time is lunch?" → "and dinner? what time lunch", so the answer is a time again.
 */
export function rewriteOffline(question: string, turns: readonly RecentTurn[]): QueryRewrite | null {
  if (turns.length === 0 || !looksLikeFollowUp(question)) return null;
  const carried = salientWords(question, turns);
  if (carried.length === 0) return null;
  const earlier = [...turns].reverse().find((t) => t.role === 'user')?.content ?? '';
  // "What about with a private office?", "how about weekends?": "what about" asks nothing of its own.
  const own = question.replace(/\b(?:what|how)\s+about\b/gi, ' ');
  const asking = HAS_QUESTION_WORD.test(own) ? null : ASKING_PHRASE.exec(earlier)?.[1];
  const phrase = asking?.toLowerCase().split(/\s+/) ?? [];
  const words = asking ? [...phrase, ...carried.filter((w) => !phrase.includes(w.toLowerCase()))] : carried;
  // "Is that per pet?" after "Each pet needs a pet deposit of $300": the numbers of that answer find the
  // sentence it came from again.
  const q = question.trim().replace(ACKNOWLEDGEMENT, '');
  if (ABOUT_THE_ANSWER.test(q)) {
    const answer = [...turns].reverse().find((t) => t.role === 'assistant')?.content ?? '';
    const numbers = answer.replace(/\[[^\]]*\]/g, ' ').match(ANSWER_NUMBER) ?? [];
    for (const n of [...new Set(numbers)].slice(0, MAX_ANSWER_NUMBERS)) if (!words.includes(n)) words.push(n);
  }
  return { original: question, rewritten: `${question.trim()} ${words.join(' ')}`, method: 'offline' };
}

export const REWRITE_PROMPT = [
  'You rewrite the last user question of a conversation into one standalone search query.',
  'Rules: keep the question\'s meaning; replace pronouns and words like "there" or "it" with what they refer to in the earlier turns;',
  'add no facts, no answer and no explanation; write one line of at most 30 words; if the question already stands alone, repeat it unchanged.',
  'Answer with the query only.',
].join(' ');

/** A model's rewrite if usable: one non-empty line, not too long, not an answer or a refusal. */
function usableRewrite(text: string): string | null {
  const line = text
    .trim()
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();
  if (!line || line.includes('\n') || line.length > MAX_REWRITE_CHARS) return null;
  if (/^(i |i'm|sorry|as an ai)/i.test(line)) return null;
  return line;
}

/**
 * Rewrites a follow-up with the recent turns: by the configured model (strict prompt) when there is one,
 * else — or when the model fails — offline. Null when the question is searched as typed.
 */
export async function rewriteFollowUp(
  config: Config,
  question: string,
  turns: readonly RecentTurn[],
  log?: { warn(obj: object, msg: string): void },
): Promise<QueryRewrite | null> {
  if (turns.length === 0 || !looksLikeFollowUp(question)) return null;
  if (config.llm.baseUrl && config.llm.model) {
    try {
      const client = new OpenAI({
        baseURL: config.llm.baseUrl,
        apiKey: config.llm.apiKey || 'not-needed',
        timeout: 10_000,
        maxRetries: 1,
      });
      const conversation = turns
        .slice(-6)
        .map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.content.slice(0, 1_000)}`)
        .join('\n');
      const completion = await client.chat.completions.create({
        model: config.llm.model,
        temperature: 0,
        messages: [
          { role: 'system', content: REWRITE_PROMPT },
          { role: 'user', content: `Conversation:\n${conversation}\n\nLast question: ${question}` },
        ],
      });
      const rewritten = usableRewrite(completion.choices[0]?.message?.content ?? '');
      // The model repeating the question means it stands alone: no rewrite to show.
      const same = (text: string) =>
        text
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim();
      if (rewritten && same(rewritten) === same(question)) return null;
      if (rewritten) return { original: question, rewritten, method: 'model' };
      log?.warn({}, 'the model rewrite of a follow-up was unusable; rewriting offline');
    } catch (err) {
      log?.warn({ err }, 'the model could not rewrite a follow-up; rewriting offline');
    }
  }
  return rewriteOffline(question, turns);
}

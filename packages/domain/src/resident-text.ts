import { residentMessages, SMS_BODY_MAX_CHARS } from '@helixis/contract';
import { TASK_CONFIDENCE_THRESHOLD } from './answer-confidence';

/**
 * What a resident, applicant or website visitor reads: the assistant's answer without citation
 * markers, file names or the assistant's own wording about "your documents", sources as document
 * titles, and a resident's wording when the assistant is not sure. Pure; the server decides when
 * an answer counts as unsure from the answer's fields (task needed, confidence, cited sources).
 */

const DOC_EXTENSIONS =
  'md|markdown|txt|text|pdf|docx?|rtf|odt|pages|html?|csv|tsv|xlsx?|ods|pptx?|json|xml|eml|msg|ya?ml';
const EXTENSION_AT_END = new RegExp(`\\.(?:${DOC_EXTENSIONS})$`, 'i');
/** A bare file name in running text ("see maple-street-handbook.md"); not part of a URL or an address. */
const FILE_NAME = new RegExp(`(?<![\\w/.@-])[\\w][\\w-]*(?:\\.[\\w-]+)*\\.(?:${DOC_EXTENSIONS})(?![\\w/])`, 'gi');

/** Every citation form a provider writes or a model imitates. */
const MARKERS: readonly RegExp[] = [
  /\[\s*(?:doc|document|fact|source|sources|ref|reference|cite|citation)\s*:[^\]\n]*\]/gi,
  /\(\s*(?:doc|document|fact|source|sources)\s*:[^)\n]*\)/gi,
  // A marker cut off at the end of a line (a truncated stream).
  /\[\s*(?:doc|document|fact)\s*:[^\]\n]*$/gim,
  /【[^】\n]*】/g,
  /\[\^?\d+(?:\s*[,–-]\s*\d+)*\]/g,
];

/** Sentences that speak about the assistant's own workings, never to a resident. */
const INTERNAL_SENTENCE =
  /\b(?:this workspace|your team has taught me|what (?:your|the) team (?:has )?taught|I answer from your documents|I cite where|cite where each answer|knowledge base|(?:the|your) (?:provided|given|uploaded) (?:documents|context|evidence|sources)|(?:in|from) (?:the|your) (?:documents|context|evidence|sources) (?:provided|you (?:gave|shared|uploaded)|I (?:have|was given)))\b/i;

/** Lead-ins that only say where the assistant looked; the rest of the sentence stays. */
const LEAD_INS: readonly RegExp[] = [
  /\b(?:according to|based on|as per|per) (?:your|the|our|my) (?:documents?|files?|records|knowledge(?: base)?|sources|notes|context|evidence)\s*[:,]?\s*/gi,
  /\bHere(?: is|'s) what I found\s*[:.]?\s*/gi,
  /\b(?:the|your) (?:documents?|files?|sources) (?:say|says|state|states|mention|mentions|show|shows)(?: that)?\s*[:,]?\s*/gi,
];

/** A trailing "Sources: …" line a model adds; the sources are given separately, as titles. */
const SOURCES_LINE = /^\s*(?:sources?|references?|citations?)\s*:.*$/gim;

/** "maple-street-resident-handbook.md" → "Maple street resident handbook"; "Office hours.txt" → "Office hours". */
export function displayTitle(title: string): string {
  let t = (title.trim().split(/[\\/]/).pop() ?? '').replace(EXTENSION_AT_END, '');
  if (!/\s/.test(t)) t = t.replace(/[-_]+/g, ' ');
  t = t.replace(/\s+/g, ' ').trim();
  if (t !== '' && t === t.toLowerCase()) t = `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
  return t || 'Document';
}

export interface ResidentSourceInput {
  kind?: string;
  title: string;
}

/** The documents an answer used, as titles a resident understands, each once (facts are not documents). */
export function residentSources(sources: readonly ResidentSourceInput[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of sources) {
    if (s.kind === 'fact') continue;
    const title = displayTitle(s.title);
    const key = title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(title);
  }
  return out;
}

/** Removes brackets left without a partner (a marker's remains). */
function balanceBrackets(text: string): string {
  const drop = new Set<number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '[') open.push(i);
    else if (text[i] === ']') {
      if (open.length > 0) open.pop();
      else drop.add(i);
    }
  }
  for (const i of open) drop.add(i);
  if (drop.size === 0) return text;
  return [...text].filter((_, i) => !drop.has(i)).join('');
}

/** Drops every citation marker and the empty brackets and spaces they leave. */
export function stripCitations(text: string): string {
  let out = text;
  for (const marker of MARKERS) out = out.replace(marker, '');
  out = out.replace(/\[\s*\]|\(\s*\)/g, '');
  return tidy(balanceBrackets(out));
}

function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/[ \t]+([.,;:!?])/g, '$1')
        .replace(/([.,;:!?])\1+/g, '$1')
        .trimEnd(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const capitalize = (s: string) =>
  s.replace(/^(\s*(?:[-*•]\s+)?["“]?)(\p{Ll})/u, (_, lead, c) => `${lead}${c.toUpperCase()}`);

/** Splits a line into sentences, keeping the end mark with each. */
function lineSentences(line: string): string[] {
  return line.match(/[^.!?]+(?:[.!?]+["”]?|$)\s*/g) ?? [line];
}

/**
 * An answer as a resident reads it: no markers, no lead-ins about "your documents", no sentences
 * about the assistant's workings, file names given as document titles, quotes unwrapped.
 */
export function cleanResidentText(text: string, titles: readonly string[] = []): string {
  let out = stripCitations(text).replace(SOURCES_LINE, '');
  for (const title of titles) {
    if (EXTENSION_AT_END.test(title)) out = out.split(title).join(displayTitle(title));
  }
  out = out.replace(FILE_NAME, (name) => displayTitle(name));
  const lines = out.split('\n').map((line) => {
    const kept = lineSentences(line).filter((s) => !INTERNAL_SENTENCE.test(s));
    let l = kept.join('');
    for (const lead of LEAD_INS) l = l.replace(lead, '');
    // A quoted sentence standing alone (the offline provider quotes its sources): the quote marks go.
    l = l.replace(/^(\s*(?:[-*•]\s+)?)["“]([^"“”]+)["”]\s*$/, '$1$2');
    return capitalize(l);
  });
  return tidy(lines.join('\n').replace(/^\s*[-*•]\s*$/gm, ''));
}

/** A greeting or a thank-you with no question in it. */
export function smallTalkReply(message: string): string | null {
  const m = message
    .toLowerCase()
    .replace(/[^\p{L}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (
    /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening))(?: there| team| all| everyone)?$/.test(m)
  ) {
    return residentMessages.greeting;
  }
  if (
    /^(?:(?:ok(?:ay)?|great|perfect) )?(?:thanks?|thank you|thx|cheers|many thanks)(?: (?:so|very) much| a lot)?$/.test(
      m,
    )
  ) {
    return residentMessages.thanks;
  }
  return null;
}

export interface ResidentAnswerInput {
  /** The answer as the provider wrote it (with citation markers). */
  text: string;
  /** The sources the answer cited. */
  sources: readonly ResidentSourceInput[];
  confidence: number;
  /** The answer would be handed to a person. */
  taskNeeded: boolean;
  /** The message asks something (has content words); a bare greeting does not. */
  isQuestion: boolean;
  /** The message as sent (for greetings and thanks). */
  message: string;
  /** What to say when unsure (default: the question was passed to the team). */
  unsureText?: string;
}

export type ResidentAnswerState = 'answered' | 'unsure' | 'small_talk';

export interface ResidentAnswer {
  text: string;
  /** Document titles, deduplicated; empty unless answered. */
  sources: string[];
  state: ResidentAnswerState;
}

/**
 * Unsure when the answer would go to a person, cites nothing, or scores below the hand-over
 * threshold: the provider's own wording (offline or a model's) is never trusted for that.
 */
export function isUnsureAnswer(input: Pick<ResidentAnswerInput, 'sources' | 'confidence' | 'taskNeeded'>): boolean {
  return input.taskNeeded || input.sources.length === 0 || input.confidence < TASK_CONFIDENCE_THRESHOLD;
}

export function renderResidentAnswer(input: ResidentAnswerInput): ResidentAnswer {
  const unsure = { text: input.unsureText ?? residentMessages.unsure, sources: [], state: 'unsure' as const };
  if (!input.isQuestion && input.sources.length === 0) {
    return { text: smallTalkReply(input.message) ?? residentMessages.greeting, sources: [], state: 'small_talk' };
  }
  if (isUnsureAnswer(input)) return unsure;
  const text = cleanResidentText(
    input.text,
    input.sources.map((s) => s.title),
  );
  if (!/\p{L}/u.test(text)) return unsure;
  return { text, sources: residentSources(input.sources), state: 'answered' };
}

// ── replies to a resident's message (automation drafts, SMS) ──────────────────────────────────────

const GREETING_LEAD = /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^,!.?]*[,!.]\s*/i;
const QUESTION_JOIN =
  /,?\s+(?:and|also|plus)\s+(?=(?:what|what's|when|where|which|who|whom|whose|why|how|is|are|can|could|may|do|does|did|will|would|should|shall|have|has)\b)/i;
const REQUEST_SENTENCE =
  /^(?:please\s+)?(?:let (?:me|us) know|tell me|could you (?:please )?(?:tell|let)|i(?:'d| would) like to know|i(?:'m| am) wondering|i want to know|i need to know)\b/i;
const MAX_QUESTIONS = 6;

/**
 * The questions in a resident's message, each on its own: "What's the deposit and when is rent due?
 * Can I have a cat?" → three. Sentences without a question mark count when they ask ("Please let me
 * know …"); a message with no question at all is one question as a whole.
 */
export function splitQuestions(message: string): string[] {
  const body = message
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('>'))
    .join('\n')
    .split(/\n--\s*\n/)[0] as string;
  const sentences = body
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?]+[.!?]*/g) ?? [])
    .map((s) => s.trim().replace(GREETING_LEAD, '').trim())
    .filter((s) => /\p{L}/u.test(s));
  const out: string[] = [];
  for (const sentence of sentences) {
    const asks = sentence.endsWith('?') || REQUEST_SENTENCE.test(sentence);
    if (!asks) continue;
    for (const part of sentence.split(QUESTION_JOIN)) {
      const q = part.trim().replace(/[.?!]*$/, '');
      if (!/\p{L}/u.test(q)) continue;
      out.push(
        `${q.charAt(0).toUpperCase()}${q.slice(1)}${sentence.endsWith('?') || !REQUEST_SENTENCE.test(q) ? '?' : '.'}`,
      );
    }
  }
  const unique = [...new Map(out.map((q) => [q.toLowerCase(), q])).values()].slice(0, MAX_QUESTIONS);
  if (unique.length > 0) return unique;
  const whole = sentences.join(' ').trim();
  return whole ? [whole] : [];
}

const NOT_A_NAME = new Set([
  'tenant',
  'resident',
  'applicant',
  'owner',
  'landlord',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'the',
  'unit',
  'apt',
]);

/** "Tenant Tom <tom@example.com>" → "Tom"; "Doe, Jane" → "Jane"; an address or a number → null. */
export function residentFirstName(from: string | null | undefined): string | null {
  if (!from) return null;
  let display = from
    .replace(/<[^>]*>/g, '')
    .replace(/["']/g, '')
    .trim();
  if (!display || display.includes('@') || /^[+\d\s().-]+$/.test(display)) return null;
  if (display.includes(',')) {
    const [last, first] = display.split(',');
    display = `${first ?? ''} ${last ?? ''}`.trim();
  }
  const word = display.split(/\s+/).find((w) => !NOT_A_NAME.has(w.toLowerCase().replace(/\.$/, '')));
  if (!word || !/^\p{L}[\p{L}'-]*$/u.test(word)) return null;
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

export interface ReplySignature {
  businessName?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface ReplyPart {
  question: string;
  /** The resident-ready answer; null when nothing answers it (the team follows up). */
  answer: string | null;
}

export interface ResidentReplyInput {
  channel: 'email' | 'sms';
  name: string | null;
  /** The automation's template line ("Hi, thank you for your message."): its own greeting is dropped. */
  opening?: string;
  parts: readonly ReplyPart[];
  /** Lines after the answers (e.g. proposed times). */
  extra?: readonly string[];
  signature: ReplySignature;
}

const shortQuestion = (q: string) => (q.length > 120 ? `${q.slice(0, 119)}…` : q);

/** A reply to a resident: greeting, one paragraph per question, follow-up lines, sign-off. */
export function composeResidentReply(input: ResidentReplyInput): string {
  const greeting = input.name ? residentMessages.greetingNamed(input.name) : residentMessages.greetingPlain;
  const opening = capitalize((input.opening ?? '').trim().replace(GREETING_LEAD, '').trim());
  // One sentence can answer two questions ("are dogs allowed, and is there a deposit?"): it is said once.
  const said = new Set<string>();
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}$]+/gu, ' ')
      .trim();
  const answers: string[] = [];
  for (const p of input.parts) {
    if (!p.answer) {
      answers.push(residentMessages.followUp(shortQuestion(p.question.trim())));
      continue;
    }
    const lines = p.answer
      .trim()
      .split('\n')
      .map((line) =>
        lineSentences(line)
          .filter((s) => {
            const k = key(s.replace(/^\s*[-*•]\s+/, ''));
            if (k === '') return true;
            if (said.has(k)) return false;
            said.add(k);
            return true;
          })
          .join('')
          .trimEnd(),
      )
      .filter((line) => !/^\s*[-*•]?\s*$/.test(line));
    if (lines.length > 0) answers.push(lines.join('\n'));
  }
  const business = input.signature.businessName?.trim() || residentMessages.teamName;
  const contact = [input.signature.phone, input.signature.email].map((c) => c?.trim()).filter(Boolean) as string[];
  const extra = input.extra ?? [];
  if (input.channel === 'email') {
    const blocks = [
      greeting,
      opening,
      ...answers,
      extra.join('\n'),
      [residentMessages.signOff, business, contact.join(' · ')].filter(Boolean).join('\n'),
    ];
    return blocks.filter((b) => b.trim() !== '').join('\n\n');
  }
  const sign = `— ${[business, contact[0]].filter(Boolean).join(', ')}`;
  const build = (parts: string[]) =>
    [greeting, opening, ...parts, ...extra, sign].filter((b) => b.trim() !== '').join('\n');
  let text = build(answers);
  if (text.length > SMS_BODY_MAX_CHARS) {
    // Too long for one text: each answer keeps its first sentence.
    text = build(answers.map((a) => lineSentences(a.split('\n')[0] ?? a)[0]?.trim() ?? a));
  }
  if (text.length > SMS_BODY_MAX_CHARS) {
    const room = SMS_BODY_MAX_CHARS - sign.length - 2;
    text = `${text.slice(0, room).trimEnd()}…\n${sign}`;
  }
  return text;
}

import type { AutomationCitation, AutomationConfig, AutomationKind } from '@helixis/contract';
import {
  composeResidentReply,
  contentTerms,
  type ReplyPart,
  residentFirstName,
  splitQuestions,
  termCoverage,
} from '@helixis/domain';
import { selectProvider } from '../../llm';
import type { ChatProvider, Evidence } from '../../llm/provider';
import type { WorkspaceContext } from '../../platform/context';
import { answerQuestion, residentAnswer } from '../chat';
import { listCalendarEvents } from '../mail';
import { businessSignature } from '../profile';

/**
 * The automations' logic, one code path for the test endpoint and the live pipeline: classify a
 * message by the automation's routing rules, propose free times for reschedule requests, and draft a
 * reply to the resident from the workspace's knowledge (citations kept beside it, not in it).
 */

/** First routing rule with a keyword in the text wins; otherwise general_inquiry. */
export function classify(text: string, routing: AutomationConfig['routing']): string {
  const lower = text.toLowerCase();
  for (const rule of routing) {
    if (rule.keywords.some((k) => lower.includes(k.toLowerCase()))) return rule.intent;
  }
  return 'general_inquiry';
}

const SLOT_MINUTES = 60;
const DAY_START_HOUR = 9;
const DAY_END_HOUR = 17;

/**
 * Three free one-hour weekday slots (09:00–17:00 UTC) from tomorrow on, none overlapping an event of
 * the workspace calendar (imported ICS).
 */
export function proposeTimes(busy: { start: number; end: number }[], now: Date, count = 3): Date[] {
  const out: Date[] = [];
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  for (let d = 0; d < 60 && out.length < count; d++) {
    const date = new Date(day.getTime() + d * 86_400_000);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let h = DAY_START_HOUR; h + SLOT_MINUTES / 60 <= DAY_END_HOUR && out.length < count; h++) {
      const start = date.getTime() + h * 3_600_000;
      const end = start + SLOT_MINUTES * 60_000;
      if (!busy.some((b) => b.start < end && b.end > start)) out.push(new Date(start));
    }
  }
  return out;
}

export const formatSlot = (d: Date) =>
  d.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

export function channelOf(kind: AutomationKind): 'email' | 'sms' {
  return kind === 'sms_text' || kind === 'call_followup' ? 'sms' : 'email';
}

/** Minutes since midnight (UTC) of "HH:MM". */
const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/** Whether `now` (UTC) falls in the quiet hours; a window like 21:00–08:00 wraps past midnight. */
export function inQuietHours(quiet: AutomationConfig['quietHours'], now: Date): boolean {
  if (!quiet) return false;
  const t = now.getUTCHours() * 60 + now.getUTCMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/**
 * Documents made from received mail are questions, not answers: a reply never cites the mail it
 * answers (the mail feature titles them "Email: …").
 */
const RECEIVED_MAIL_TITLE = /^Email: /;

/** The provider without received mail in its evidence, so an answer never quotes the resident's own question. */
function withoutReceivedMail(provider: ChatProvider): ChatProvider {
  return {
    name: provider.name,
    stream: (request, signal) =>
      provider.stream(
        {
          ...request,
          evidence: request.evidence.filter((e) => !(e.kind === 'document' && RECEIVED_MAIL_TITLE.test(e.title))),
        },
        signal,
      ),
  };
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9$]+/g, ' ')
    .trim();

/**
 * Keeps an answer to its question: a sentence quoted from a source that shares no word with the
 * question, or a bare heading quoted as if it were an answer, is dropped (the answer may still add
 * its own connecting words). A list left with one item becomes a plain sentence.
 */
export function relevantToQuestion(question: string, answer: string, quoted: readonly Evidence[]): string {
  const terms = contentTerms(question);
  if (terms.length === 0) return answer;
  const sourceText = quoted.map((e) => normalise(e.text)).join(' ');
  const lines = answer.split('\n').map((line) => {
    const kept = (line.match(/[^.!?]+(?:[.!?]+|$)\s*/g) ?? [line]).filter((sentence) => {
      const plain = normalise(sentence);
      if (plain === '' || !sourceText.includes(plain)) return true;
      const heading = !/[.!?]\s*$/.test(sentence) && plain.split(' ').length < 4;
      return !heading && termCoverage(terms, sentence) > 0;
    });
    return kept.join('').trim();
  });
  const left = lines.filter((l) => !/^[-*•]?\s*$/.test(l));
  const [only] = left;
  if (left.length === 1 && only) return only.replace(/^[-*•]\s+/, '');
  return left.join('\n').trim() || answer;
}

export interface ComposedReply {
  intent: string;
  actions: string[];
  /** What the answers cited, for the owner in the approval queue (the draft itself has no markers). */
  citations: AutomationCitation[];
  /** null when nothing in the knowledge base answers and no times were proposed. */
  draft: string | null;
  proposedTimes: Date[];
  /** The owner allowed this intent to go out without approval (config.approval.autoSendIntents). */
  autoSend: boolean;
}

export interface ComposeTarget {
  kind: AutomationKind;
  config: AutomationConfig;
}

export interface ComposeOptions {
  /** The sender as the message names them ("Tenant Tom <tom@example.com>"): the greeting uses the first name. */
  from?: string | null;
  /** Defaults to the automation's channel. */
  channel?: 'email' | 'sms';
}

/**
 * Drafts the reply to a resident's message: each question in it is answered on its own through the
 * chat answerer (the workspace's knowledge, facts included), one paragraph per answered question, a
 * follow-up line for each unanswered one, the automation's opening line, a greeting and the
 * business's sign-off. The body carries no citation markers; what was cited is kept for the owner.
 */
export async function composeReply(
  ctx: WorkspaceContext,
  automation: ComposeTarget,
  text: string,
  options: ComposeOptions = {},
): Promise<ComposedReply> {
  const { config, kind } = automation;
  const intent = classify(text, config.routing);
  const channel = options.channel ?? channelOf(kind);
  const actions: string[] = [];
  const extra: string[] = [];
  let proposedTimes: Date[] = [];

  const rescheduling = intent === 'reschedule_request' || kind === 'smart_rescheduler';
  if (rescheduling) {
    const { events } = await listCalendarEvents({ ctx, input: { limit: 500 } });
    const busy = events.map((e) => {
      const start = Date.parse(e.starts_at);
      const end = e.ends_at ? Date.parse(e.ends_at) : start + (e.all_day ? 86_400_000 : 3_600_000);
      return { start, end };
    });
    proposedTimes = proposeTimes(busy, new Date());
    actions.push('Suggest 3 times', `${channel === 'sms' ? 'SMS' : 'Email'} confirmation`);
    extra.push('Here are three times that work on our side:', ...proposedTimes.map((t) => `- ${formatSlot(t)}`));
  } else {
    actions.push(kind === 'call_followup' ? 'Draft follow-up message' : 'Draft reply');
  }

  // The proposed times answer the request to reschedule; every other question gets its own answer.
  const questions = splitQuestions(text).filter(
    (q) => !rescheduling || classify(q, config.routing) !== 'reschedule_request',
  );
  const provider = withoutReceivedMail(selectProvider(ctx.deps.config));
  const parts: ReplyPart[] = [];
  const citations = new Map<string, AutomationCitation>();
  for (const question of questions) {
    const answer = await answerQuestion(ctx, provider, {
      history: [{ role: 'user', content: question }],
      question,
      mode: 'operational',
      testMode: false,
      businessContext: '',
    });
    const rendered = residentAnswer(question, answer);
    if (rendered.state !== 'answered') {
      parts.push({ question, answer: null });
      continue;
    }
    const quoted = answer.evidence.filter((e) => answer.sources.some((s) => s.id === e.id));
    parts.push({ question, answer: relevantToQuestion(question, rendered.text, quoted) });
    for (const s of answer.sources) {
      if (!citations.has(s.citation))
        citations.set(s.citation, { citation: s.citation, title: s.title, snippet: s.snippet });
    }
  }
  const answered = parts.filter((p) => p.answer !== null).length;
  if (answered === 0) actions.push('Create task for a human');

  let draft: string | null = null;
  if (answered > 0 || proposedTimes.length > 0) {
    draft = composeResidentReply({
      channel,
      name: residentFirstName(options.from),
      opening: config.templates[intent] ?? config.templates.default ?? '',
      parts,
      extra,
      signature: await businessSignature(ctx),
    });
  }
  const autoSend = config.approval.autoSendIntents.includes(intent);
  actions.push(autoSend ? 'Send automatically' : 'Queue for approval');
  return { intent, actions, citations: [...citations.values()], draft, proposedTimes, autoSend };
}

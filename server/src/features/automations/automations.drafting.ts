import type { AutomationCitation, AutomationConfig, AutomationKind } from '@helixis/contract';
import { docCitation } from '../../llm/provider';
import { contentTerms, sentences, termCoverage } from '../../llm/text';
import type { WorkspaceContext } from '../../platform/context';
import { searchKnowledge } from '../knowledge/knowledge.service';
import { listCalendarEvents } from '../mail/calendar.service';

/**
 * The automations' logic, one code path for the test endpoint and the live pipeline: classify a
 * message by the automation's routing rules, propose free times for reschedule requests, and draft a
 * reply quoting the workspace's knowledge with citations.
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

export interface ComposedReply {
  intent: string;
  actions: string[];
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

export async function composeReply(
  ctx: WorkspaceContext,
  automation: ComposeTarget,
  text: string,
): Promise<ComposedReply> {
  const { config, kind } = automation;
  const intent = classify(text, config.routing);
  const channel = channelOf(kind) === 'sms' ? 'SMS' : 'Email';
  const actions: string[] = [];
  const lines: string[] = [];
  let proposedTimes: Date[] = [];

  if (intent === 'reschedule_request' || kind === 'smart_rescheduler') {
    const { events } = await listCalendarEvents({ ctx, input: { limit: 500 } });
    const busy = events.map((e) => {
      const start = Date.parse(e.starts_at);
      const end = e.ends_at ? Date.parse(e.ends_at) : start + (e.all_day ? 86_400_000 : 3_600_000);
      return { start, end };
    });
    proposedTimes = proposeTimes(busy, new Date());
    actions.push('Suggest 3 times', `${channel} confirmation`);
    lines.push('Here are three times that work on our side:', ...proposedTimes.map((t) => `- ${formatSlot(t)}`));
  } else {
    actions.push(kind === 'call_followup' ? 'Draft follow-up message' : 'Draft reply');
  }

  const terms = contentTerms(text);
  const hits = (await searchKnowledge(ctx, { query: text, k: 6 }))
    .filter((h) => !RECEIVED_MAIL_TITLE.test(h.document_title))
    .slice(0, 3);
  const citations: AutomationCitation[] = [];
  for (const hit of hits) {
    const best = sentences(hit.content)
      .map((s) => ({ s, score: termCoverage(terms, s) }))
      .sort((a, b) => b.score - a.score)[0];
    if (!best || best.score === 0) continue;
    const citation = docCitation(hit.document_title, hit.chunk_index);
    citations.push({ citation, title: hit.document_title, snippet: hit.snippet });
    if (citations.length <= 2) lines.push(`${best.s} ${citation}`);
  }
  if (citations.length === 0) actions.push('Create task for a human');

  const opening = config.templates[intent] ?? config.templates.default ?? '';
  const draft = lines.length > 0 ? [opening, ...lines].filter(Boolean).join('\n') : null;
  const autoSend = config.approval.autoSendIntents.includes(intent);
  actions.push(autoSend ? 'Send automatically' : 'Queue for approval');
  return { intent, actions, citations, draft, proposedTimes, autoSend };
}

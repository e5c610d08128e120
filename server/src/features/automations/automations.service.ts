import {
  type Automation,
  type AutomationCitation,
  type AutomationConfig,
  type AutomationKind,
  type AutomationOutput,
  type AutomationProvider,
  type AutomationRunsInput,
  type AutomationTestResult,
  type CreateAutomationInput,
  DEFAULT_AUTOMATION_CONFIG,
  type ListAutomationsOutput,
  type RunLogEntry,
  type TestAutomationInput,
  type ToggleAutomationInput,
  type UpdateAutomationInput,
} from '@helixis/contract';
import {
  AUTOMATION_PROVIDERS,
  type AutomationConnections,
  type AutomationEvent,
  type AutomationState,
  automationReducer,
  initialAutomationState,
} from '@helixis/domain';
import type { z } from 'zod';
import { docCitation } from '../../llm/provider';
import { contentTerms, sentences, termCoverage } from '../../llm/text';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { searchKnowledge } from '../knowledge/knowledge.service';
import { listCalendarEvents } from '../mail/calendar.service';
import { integrationsSummary } from '../mail/mail.service';
import * as repo from './automations.repo';

type Stats = { today: number; '7d': number };

function toAutomation(row: repo.AutomationRow, stats: Stats | undefined): Automation {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    enabled: row.enabled,
    lastRunAt: row.lastRunAt ? new Date(row.lastRunAt).toISOString() : null,
    errorMsg: row.errorMsg,
    stats: stats ?? { today: 0, '7d': 0 },
    connections: row.connections,
    config: row.config,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

function toRun(row: repo.RunRow): RunLogEntry {
  return { ts: new Date(row.ts).toISOString(), msg: row.msg, status: row.status };
}

function stateOf(row: repo.AutomationRow): AutomationState {
  return {
    kind: row.kind,
    status: row.status,
    enabled: row.enabled,
    errorMsg: row.errorMsg,
    connections: row.connections,
  };
}

/** Applies events through the domain reducer; the only way a status changes. */
function apply(row: repo.AutomationRow, events: AutomationEvent[]) {
  const next = events.reduce(automationReducer, stateOf(row));
  return { status: next.status, enabled: next.enabled, errorMsg: next.errorMsg, connections: next.connections };
}

/**
 * Which providers the workspace really has: Gmail and Outlook (ms365) from stored OAuth tokens in a
 * connected state. Twilio and voice have no connection flow yet, so they are never marked connected.
 */
async function realConnections(ctx: WorkspaceContext): Promise<AutomationConnections> {
  const summary = await integrationsSummary({ ctx, input: {} });
  const connected = (kind: string) => summary.accounts.some((a) => a.kind === kind && a.status === 'connected');
  return { gmail: connected('gmail'), ms365: connected('outlook'), twilio: false, voice: false };
}

function connectionEvents(row: repo.AutomationRow, real: AutomationConnections): AutomationEvent[] {
  const events: AutomationEvent[] = [];
  for (const provider of Object.keys(real) as AutomationProvider[]) {
    if (real[provider] && !row.connections[provider]) events.push({ type: 'connect', provider });
    if (!real[provider] && row.connections[provider]) events.push({ type: 'disconnect', provider });
  }
  return events;
}

async function loadOrFail(ctx: WorkspaceContext, id: string): Promise<repo.AutomationRow> {
  const row = await ctx.tenant((tx) => repo.findAutomation(tx, ctx.workspace.id, id));
  if (!row) throw new AppError('automation_not_found');
  return row;
}

async function withStats(ctx: WorkspaceContext, row: repo.AutomationRow): Promise<Automation> {
  const stats = await ctx.tenant((tx) => repo.runStats(tx, ctx.workspace.id, new Date()));
  return toAutomation(row, stats.get(row.id));
}

/** GET /api/v1/automations: brings connections in line with the real accounts first. */
export async function listAutomations({ ctx }: { ctx: WorkspaceContext }): Promise<ListAutomationsOutput> {
  const real = await realConnections(ctx);
  const ws = ctx.workspace.id;
  return ctx.tenant(async (tx) => {
    const rows = await repo.listAutomations(tx, ws);
    const synced: repo.AutomationRow[] = [];
    for (const row of rows) {
      const events = connectionEvents(row, real);
      synced.push(events.length > 0 ? ((await repo.updateAutomation(tx, ws, row.id, apply(row, events))) ?? row) : row);
    }
    const stats = await repo.runStats(tx, ws, new Date());
    return { automations: synced.map((r) => toAutomation(r, stats.get(r.id))) };
  });
}

export async function createAutomation({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof CreateAutomationInput>;
}): Promise<AutomationOutput> {
  const initial = initialAutomationState(input.kind);
  const real = await realConnections(ctx);
  const events: AutomationEvent[] = AUTOMATION_PROVIDERS[input.kind]
    .filter((p) => real[p])
    .map((provider) => ({ type: 'connect', provider }));
  const state = events.reduce(automationReducer, initial);
  const row = await ctx.tenant((tx) =>
    repo.insertAutomation(tx, ctx.workspace.id, {
      kind: input.kind,
      name: input.name,
      status: state.status,
      enabled: state.enabled,
      errorMsg: state.errorMsg,
      connections: state.connections,
      config: DEFAULT_AUTOMATION_CONFIG,
    }),
  );
  return { automation: toAutomation(row, undefined) };
}

export async function updateAutomation({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof UpdateAutomationInput>;
}): Promise<AutomationOutput> {
  const row = await ctx.tenant(async (tx) => {
    const updated = await repo.updateAutomation(tx, ctx.workspace.id, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.config !== undefined ? { config: input.config } : {}),
    });
    if (!updated) throw new AppError('automation_not_found');
    return updated;
  });
  return { automation: await withStats(ctx, row) };
}

export async function toggleAutomation({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof ToggleAutomationInput>;
}): Promise<AutomationOutput> {
  const row = await ctx.tenant(async (tx) => {
    const current = await repo.findAutomation(tx, ctx.workspace.id, input.id);
    if (!current) throw new AppError('automation_not_found');
    const updated = await repo.updateAutomation(
      tx,
      ctx.workspace.id,
      current.id,
      apply(current, [{ type: 'toggle', enabled: input.enabled }]),
    );
    if (!updated) throw new AppError('automation_not_found');
    return updated;
  });
  return { automation: await withStats(ctx, row) };
}

export async function deleteAutomation({ ctx, input }: { ctx: WorkspaceContext; input: { id: string } }) {
  const deleted = await ctx.tenant((tx) => repo.deleteAutomation(tx, ctx.workspace.id, input.id));
  if (!deleted) throw new AppError('automation_not_found');
  return { deleted: true as const };
}

export async function listAutomationRuns({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof AutomationRunsInput>;
}) {
  await loadOrFail(ctx, input.id);
  const rows = await ctx.tenant((tx) => repo.listRuns(tx, ctx.workspace.id, input.id, input.limit));
  return { runs: rows.map(toRun) };
}

// ── the automation's logic ──────────────────────────────────────────────────────────────────────

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

function channelOf(kind: AutomationKind): string {
  return kind === 'sms_text' || kind === 'call_followup' ? 'SMS' : 'Email';
}

/**
 * POST /api/v1/automations/:id/test: the automation's real classification and drafting on a pasted
 * message, with answers from the workspace's knowledge; nothing is sent. Records a run.
 */
export async function testAutomation({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof TestAutomationInput>;
}): Promise<AutomationTestResult> {
  const row = await loadOrFail(ctx, input.id);
  const { config } = row;
  const intent = classify(input.text, config.routing);
  const actions: string[] = [];
  const lines: string[] = [];

  if (intent === 'reschedule_request' || row.kind === 'smart_rescheduler') {
    const { events } = await listCalendarEvents({ ctx, input: { limit: 500 } });
    const busy = events.map((e) => {
      const start = Date.parse(e.starts_at);
      const end = e.ends_at ? Date.parse(e.ends_at) : start + (e.all_day ? 86_400_000 : 3_600_000);
      return { start, end };
    });
    const times = proposeTimes(busy, new Date());
    actions.push('Suggest 3 times', `${channelOf(row.kind)} confirmation`);
    lines.push('Here are three times that work on our side:', ...times.map((t) => `- ${formatSlot(t)}`));
  } else {
    actions.push(row.kind === 'call_followup' ? 'Draft follow-up message' : 'Draft reply');
  }

  const terms = contentTerms(input.text);
  const hits = await searchKnowledge(ctx, { query: input.text, k: 3 });
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
  actions.push(config.approval.autoSendIntents.includes(intent) ? 'Send automatically' : 'Queue for approval');

  const msg = `Test: classified as ${intent}; ${citations.length} citation${citations.length === 1 ? '' : 's'}; ${draft ? 'draft ready' : 'no draft (nothing in the knowledge base)'}; nothing sent`;
  const run = await ctx.tenant(async (tx) => {
    const inserted = await repo.insertRun(tx, ctx.workspace.id, { automationId: row.id, msg, status: 'success' });
    await repo.updateAutomation(tx, ctx.workspace.id, row.id, { lastRunAt: inserted.ts });
    return inserted;
  });
  return { intent, actions, citations, draft, run: toRun(run) };
}

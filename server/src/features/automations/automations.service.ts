import {
  type Automation,
  type AutomationProvider,
  DEFAULT_AUTOMATION_CONFIG,
  type RunLogEntry,
} from '@helixis/contract';
import {
  AUTOMATION_PROVIDERS,
  type AutomationConnections,
  type AutomationEvent,
  type AutomationState,
  automationReducer,
  initialAutomationState,
} from '@helixis/domain';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { integrationsSummary } from '../mail';
import { composeReply } from './automations.drafting';
import * as repo from './automations.repo';
import { forgetTwilio, hasTwilio, saveTwilioCredentials } from './twilio.service';

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
 * connected state; Twilio (SMS) and voice (the same Twilio account's call webhooks) from saved,
 * verified Twilio credentials.
 */
async function realConnections(ctx: WorkspaceContext): Promise<AutomationConnections> {
  const summary = await integrationsSummary({ ctx, input: {} });
  const connected = (kind: string) => summary.accounts.some((a) => a.kind === kind && a.status === 'connected');
  const twilio = await hasTwilio(ctx);
  return { gmail: connected('gmail'), ms365: connected('outlook'), twilio, voice: twilio };
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

/** Brings every automation's connections in line with the real accounts, through the reducer. */
async function syncConnections(ctx: WorkspaceContext): Promise<repo.AutomationRow[]> {
  const real = await realConnections(ctx);
  const ws = ctx.workspace.id;
  return ctx.tenant(async (tx) => {
    const rows = await repo.listAutomations(tx, ws);
    const synced: repo.AutomationRow[] = [];
    for (const row of rows) {
      const events = connectionEvents(row, real);
      synced.push(events.length > 0 ? ((await repo.updateAutomation(tx, ws, row.id, apply(row, events))) ?? row) : row);
    }
    return synced;
  });
}

/** GET /api/v1/automations: brings connections in line with the real accounts first. */
export const listAutomations: EndpointHandler<'listAutomations'> = async ({ ctx }) => {
  const synced = await syncConnections(ctx);
  const stats = await ctx.tenant((tx) => repo.runStats(tx, ctx.workspace.id, new Date()));
  return { automations: synced.map((r) => toAutomation(r, stats.get(r.id))) };
};

/** POST /api/v1/automations/twilio: verified credentials connect SMS and call follow-up automations. */
export const connectTwilio: EndpointHandler<'connectTwilio'> = async ({ ctx, input }) => {
  const status = await saveTwilioCredentials(ctx, input);
  await syncConnections(ctx);
  return status;
};

/** DELETE /api/v1/automations/twilio */
export const disconnectTwilio: EndpointHandler<'disconnectTwilio'> = async ({ ctx }) => {
  const status = await forgetTwilio(ctx);
  await syncConnections(ctx);
  return status;
};

export const createAutomation: EndpointHandler<'createAutomation'> = async ({ ctx, input }) => {
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
};

export const updateAutomation: EndpointHandler<'updateAutomation'> = async ({ ctx, input }) => {
  const row = await ctx.tenant(async (tx) => {
    const updated = await repo.updateAutomation(tx, ctx.workspace.id, input.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.config !== undefined ? { config: input.config } : {}),
    });
    if (!updated) throw new AppError('automation_not_found');
    return updated;
  });
  return { automation: await withStats(ctx, row) };
};

export const toggleAutomation: EndpointHandler<'toggleAutomation'> = async ({ ctx, input }) => {
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
};

export const deleteAutomation: EndpointHandler<'deleteAutomation'> = async ({ ctx, input }) => {
  const deleted = await ctx.tenant((tx) => repo.deleteAutomation(tx, ctx.workspace.id, input.id));
  if (!deleted) throw new AppError('automation_not_found');
  return { deleted: true as const };
};

export const listAutomationRuns: EndpointHandler<'listAutomationRuns'> = async ({ ctx, input }) => {
  await loadOrFail(ctx, input.id);
  const rows = await ctx.tenant((tx) => repo.listRuns(tx, ctx.workspace.id, input.id, input.limit));
  return { runs: rows.map(toRun) };
};

export { classify, formatSlot, proposeTimes } from './automations.drafting';

/**
 * POST /api/v1/automations/:id/test: the automation's real classification and drafting on a pasted
 * message, with answers from the workspace's knowledge; nothing is sent. Records a run.
 */
export const testAutomation: EndpointHandler<'testAutomation'> = async ({ ctx, input }) => {
  const row = await loadOrFail(ctx, input.id);
  const { intent, actions, citations, draft } = await composeReply(ctx, row, input.text);

  const msg = `Test: classified as ${intent}; ${citations.length} citation${citations.length === 1 ? '' : 's'}; ${draft ? 'draft ready' : 'no draft (nothing in the knowledge base)'}; nothing sent`;
  const run = await ctx.tenant(async (tx) => {
    const inserted = await repo.insertRun(tx, ctx.workspace.id, { automationId: row.id, msg, status: 'success' });
    await repo.updateAutomation(tx, ctx.workspace.id, row.id, { lastRunAt: inserted.ts });
    return inserted;
  });
  return { intent, actions, citations, draft, run: toRun(run) };
};

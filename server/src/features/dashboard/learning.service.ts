import { type DataSource, isPropertyProvider, type LearningSession, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { z } from 'zod';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError, isAppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { defineJob } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { systemWorkspaceContext } from '../../platform/system-context';
import { withTenant } from '../../platform/tenant';
import { learnPortfolioFacts, readKpis } from '../integrations';
import { deleteDocument, fetchWebPage, ingestUrl } from '../knowledge';
import { emailIntake, fetchIcs, importCalendar } from '../mail';
import * as repo from './overview.repo';

export const LEARN_JOB = 'teach.learn';
/** How long a session waits for the documents it queued to be indexed before counting. */
const INDEX_WAIT_MS = 90_000;

const fmtCount = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}`;

/** The data sources of Teach Your AI → Integration Mode, from the workspace's real connections. */
export function buildSources(facts: repo.SourceFacts, running: readonly string[]): DataSource[] {
  const sources: Omit<DataSource, 'enabled' | 'status' | 'lastSync'>[] = [];
  const base: { id: string; connected: boolean; at: string | null }[] = [];
  const add = (s: Omit<DataSource, 'enabled' | 'status' | 'lastSync'>, connected: boolean, at: string | null) => {
    sources.push(s);
    base.push({ id: s.id, connected, at });
  };
  for (const t of facts.tokens) {
    const name = t.provider === 'gmail' ? 'Gmail' : 'Outlook';
    add(
      {
        id: `email:${t.provider}`,
        name,
        type: 'email',
        learnedItems: facts.mailBySource[t.provider] ?? 0,
        unit: 'messages',
        detail: t.accountHint,
      },
      t.status === 'connected',
      t.updatedAt,
    );
  }
  if (facts.alias) {
    add(
      {
        id: 'email:alias',
        name: 'E-mail alias',
        type: 'email',
        learnedItems: facts.mailBySource.alias ?? 0,
        unit: 'messages',
        detail: facts.alias.address,
      },
      true,
      facts.alias.createdAt,
    );
  }
  if (facts.calendar.imports > 0) {
    add(
      {
        id: 'calendar',
        name: 'Calendar',
        type: 'calendar',
        learnedItems: facts.calendar.events,
        unit: 'events',
        detail:
          facts.calendar.urls.length > 0
            ? `${facts.calendar.urls.length} calendar ${facts.calendar.urls.length === 1 ? 'link' : 'links'}`
            : 'Imported files',
      },
      true,
      facts.calendar.lastImport,
    );
  }
  add(
    {
      id: 'documents',
      name: 'Documents',
      type: 'documents',
      learnedItems: facts.documents.chunks,
      unit: 'chunks',
      detail: fmtCount(facts.documents.uploads, facts.documents.uploads === 1 ? 'document' : 'documents'),
    },
    facts.documents.uploads > 0,
    facts.documents.last,
  );
  add(
    {
      id: 'website',
      name: 'Website',
      type: 'website',
      learnedItems: facts.website.chunks,
      unit: 'chunks',
      detail: fmtCount(facts.website.pages, facts.website.pages === 1 ? 'page' : 'pages'),
    },
    facts.website.pages > 0,
    facts.website.last,
  );
  for (const c of facts.connections) {
    add(
      {
        id: `crm:${c.provider}`,
        name: PROPERTY_SYSTEM_NAMES[c.provider],
        type: 'crm',
        learnedItems: facts.integrationFacts[c.provider] ?? 0,
        unit: 'facts',
        detail: c.status === 'connected' ? 'Property management' : 'Needs attention in Settings',
      },
      c.status === 'connected',
      c.lastVerified,
    );
  }
  return sources.map((s, i) => {
    const b = base[i] as (typeof base)[number];
    const pref = facts.prefs.get(s.id);
    const status: DataSource['status'] = !b.connected
      ? 'disconnected'
      : running.includes(s.id)
        ? 'learning'
        : 'connected';
    return { ...s, status, enabled: pref?.enabled ?? true, lastSync: pref?.lastSyncAt ?? b.at };
  });
}

function toSession(row: repo.SessionRow): LearningSession {
  const done = row.status !== 'running';
  return { ...row, progress: done ? 100 : (row.progress ?? 0) };
}

function insightsFor(
  sources: DataSource[],
  totals: { sessions: number; learned: number },
  last: LearningSession | null,
) {
  const insights: { label: string; value: string }[] = [];
  const connected = sources.filter((s) => s.status !== 'disconnected');
  const top = [...connected].sort((a, b) => b.learnedItems - a.learnedItems)[0];
  if (top && top.learnedItems > 0) {
    insights.push({ label: 'Richest source', value: `${top.name}: ${fmtCount(top.learnedItems, top.unit)}` });
  }
  const off = connected.filter((s) => !s.enabled);
  if (off.length > 0) insights.push({ label: 'Paused sources', value: off.map((s) => s.name).join(', ') });
  const missing = (['email', 'calendar', 'website', 'crm'] as const).filter(
    (type) => !connected.some((s) => s.type === type),
  );
  if (missing.length > 0) insights.push({ label: 'Not connected yet', value: missing.join(', ') });
  insights.push({
    label: 'Learning sessions',
    value: `${totals.sessions} completed, ${fmtCount(totals.learned, 'new items')} learned`,
  });
  if (last?.finished_at && last.status === 'completed') {
    insights.push({ label: 'Last session', value: `${fmtCount(last.items_learned, 'new items')}` });
  }
  return insights;
}

/** GET /api/v1/teach/sources */
export const listLearningSources: EndpointHandler<'listLearningSources'> = async ({ ctx }) => {
  const ws = ctx.workspace.id;
  const { facts, session, totals } = await ctx.tenant(async (tx) => ({
    facts: await repo.sourceFacts(tx, ws),
    session: await repo.latestSession(tx, ws),
    totals: await repo.sessionTotals(tx, ws),
  }));
  const last = session ? toSession(session) : null;
  const sources = buildSources(facts, last?.status === 'running' ? last.sources : []);
  const connected = sources.filter((s) => s.status !== 'disconnected');
  return {
    sources,
    counters: {
      connected_sources: connected.length,
      learning_from: connected.filter((s) => s.enabled).length,
      items_learned: connected.reduce((sum, s) => sum + s.learnedItems, 0),
    },
    insights: insightsFor(sources, totals, last),
    session: last,
  };
};

/** PUT /api/v1/teach/sources/:id — the 'Learn from this' switch. */
export const setLearningSource: EndpointHandler<'setLearningSource'> = async ({ ctx, input }) => {
  const ws = ctx.workspace.id;
  await ctx.tenant(async (tx) => {
    const known = buildSources(await repo.sourceFacts(tx, ws), []);
    if (!known.some((s) => s.id === input.id)) throw new AppError('not_found', { userMessage: 'Unknown data source.' });
    await repo.setSourceEnabled(tx, ws, input.id, input.enabled);
  });
  return input;
};

/** POST /api/v1/teach/learn — a session over the enabled, connected sources, run by the learn job. */
export const startLearning: EndpointHandler<'startLearning'> = async ({ ctx }) => {
  const ws = ctx.workspace.id;
  const session = await ctx.tenant(async (tx) => {
    const sources = buildSources(await repo.sourceFacts(tx, ws), []).filter(
      (s) => s.status !== 'disconnected' && s.enabled,
    );
    if (sources.length === 0) throw new AppError('no_sources_enabled');
    const running = await repo.latestSession(tx, ws);
    if (running?.status === 'running') return running;
    const row = await repo.insertSession(tx, ws, {
      sources: sources.map((s) => s.id),
      results: sources.map((s) => ({
        id: s.id,
        name: s.name,
        before: s.learnedItems,
        after: s.learnedItems,
        error: null,
      })),
      startedBy: ctx.user.id || null,
    });
    const jobId = await ctx.deps.jobs.enqueue(
      LEARN_JOB,
      { sessionId: row.id, userId: ctx.user.id },
      { tx, workspaceId: ws },
    );
    if (jobId) await repo.setSessionJob(tx, ws, row.id, jobId);
    return { ...row, job_id: jobId };
  });
  return toSession(session);
};

/** GET /api/v1/teach/sessions/:id */
export const getLearningSession: EndpointHandler<'getLearningSession'> = async ({ ctx, input }) => {
  const row = await ctx.tenant((tx) => repo.findSession(tx, ctx.workspace.id, input.id));
  if (!row) throw new AppError('not_found', { userMessage: 'Learning session not found.' });
  return toSession(row);
};

// ── the learn job ───────────────────────────────────────────────────────────────────────────────

/** The learn job's context: the workspace's, on behalf of the user who started the session. */
const jobContext = (deps: Deps, log: Logger, workspaceId: string, userId: string, jobId: string): WorkspaceContext =>
  systemWorkspaceContext(deps, log, workspaceId, `job:${jobId}`, userId);

/** Waits until the documents a sync queued are indexed (or failed), so the counts include them. */
async function waitForDocuments(ctx: WorkspaceContext, ids: readonly string[], signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + INDEX_WAIT_MS;
  const pending = new Set(ids);
  while (pending.size > 0 && Date.now() < deadline && !signal.aborted) {
    for (const id of [...pending]) {
      const status = await ctx.tenant((tx) => repo.documentStatus(tx, ctx.workspace.id, id));
      if (status !== 'PENDING') pending.delete(id);
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 300));
  }
}

/** Re-reads every website page; a page whose text changed is re-ingested and replaces the old copy. */
async function refreshWebsite(ctx: WorkspaceContext, signal: AbortSignal): Promise<void> {
  const pages = await ctx.tenant((tx) => repo.websiteDocuments(tx, ctx.workspace.id));
  const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
  for (const page of pages) {
    const fresh = await fetchWebPage(ctx.deps.config, page.url);
    if (squash(fresh.text) === squash(page.text)) continue;
    const created = await ingestUrl(ctx, { url: page.url });
    await waitForDocuments(ctx, [created.document_id], signal);
    const status = await ctx.tenant((tx) => repo.documentStatus(tx, ctx.workspace.id, created.document_id));
    // Keep the old copy unless the new one is indexed: a failed re-fetch never loses knowledge.
    const stale = status === 'READY' ? page.id : created.document_id;
    await deleteDocument({ ctx, input: { id: stale } });
  }
}

/** Runs the sync of one source (documents it queues are awaited by the session afterwards). */
async function syncSource(ctx: WorkspaceContext, id: string, signal: AbortSignal): Promise<void> {
  if (id === 'email:gmail' || id === 'email:outlook') {
    const provider = id.slice('email:'.length);
    const owners = await ctx.tenant((tx) => repo.tokenOwners(tx, ctx.workspace.id, provider));
    for (const userId of owners) {
      const owned = { ...ctx, user: { ...ctx.user, id: userId } };
      await emailIntake({ ctx: owned, input: {} });
    }
    return;
  }
  if (id === 'calendar') {
    const facts = await ctx.tenant((tx) => repo.sourceFacts(tx, ctx.workspace.id));
    for (const url of facts.calendar.urls) {
      const result = await importCalendar(ctx, { sourceType: 'url', sourceName: url, load: () => fetchIcs(ctx, url) });
      // The import writes a fresh "Calendar: …" document; the copies from earlier imports would only repeat it.
      if (result.document_id) {
        const current = result.document_id;
        const stale = await ctx.tenant((tx) => repo.supersededCalendarDocuments(tx, ctx.workspace.id, current));
        for (const id of stale) await deleteDocument({ ctx, input: { id } });
      }
    }
    return;
  }
  if (id === 'website') return refreshWebsite(ctx, signal);
  const provider = id.startsWith('crm:') ? id.slice('crm:'.length) : null;
  if (isPropertyProvider(provider)) {
    const kpis = await readKpis(ctx, provider, { force: true });
    if (!kpis.ok) throw new AppError('upstream_unavailable', { userMessage: kpis.message ?? undefined });
    await learnPortfolioFacts(ctx, provider);
    return;
  }
  // documents and the e-mail alias are pushed to us; learning counts what arrived.
}

export async function runLearningSession(args: {
  deps: Deps;
  log: Logger;
  workspaceId: string;
  userId: string;
  sessionId: string;
  jobId: string;
  signal: AbortSignal;
  progress: (percent: number) => Promise<void>;
}): Promise<void> {
  const ctx = jobContext(args.deps, args.log, args.workspaceId, args.userId, args.jobId);
  const ws = args.workspaceId;
  const session = await ctx.tenant((tx) => repo.findSession(tx, ws, args.sessionId));
  if (session?.status !== 'running') return;
  const errors = new Map<string, string>();
  const total = session.sources.length;
  for (const [i, id] of session.sources.entries()) {
    try {
      await syncSource(ctx, id, args.signal);
    } catch (err) {
      const message = isAppError(err) ? err.userMessage : 'This source could not be read.';
      if (!isAppError(err)) args.log.warn({ err, source: id }, 'learning source failed');
      errors.set(id, message);
    }
    await args.progress(Math.round(((i + 1) / (total + 1)) * 100));
  }
  // Documents queued by the syncs (mail, calendars) are indexed by the ingest job: count them once done.
  const queued = await ctx.tenant((tx) => repo.pendingDocumentsSince(tx, ws, session.started_at));
  await waitForDocuments(ctx, queued, args.signal);
  const after = buildSources(await ctx.tenant((tx) => repo.sourceFacts(tx, ws)), []);
  const results = session.results.map((r) => {
    const now = after.find((s) => s.id === r.id);
    return { ...r, after: now?.learnedItems ?? r.before, error: errors.get(r.id) ?? null };
  });
  const itemsLearned = results.reduce((sum, r) => sum + Math.max(0, r.after - r.before), 0);
  await ctx.tenant(async (tx) => {
    await repo.markSynced(
      tx,
      ws,
      results.filter((r) => r.error === null).map((r) => r.id),
    );
    await repo.finishSession(tx, ws, args.sessionId, {
      status: errors.size === total && total > 0 ? 'failed' : 'completed',
      results,
      itemsLearned,
    });
  });
  args.log.info({ sessionId: args.sessionId, itemsLearned, failed: errors.size }, 'learning session finished');
}

export const learnJob = defineJob({
  name: LEARN_JOB,
  payload: z.object({ sessionId: z.string().uuid(), userId: z.string() }).strict(),
  retryLimit: 0,
  expireInSeconds: 600,
  async run({ payload, job, deps, log, progress }) {
    if (!job.workspaceId) throw new Error('teach.learn needs a workspace');
    try {
      await runLearningSession({
        deps,
        log,
        workspaceId: job.workspaceId,
        userId: payload.userId,
        sessionId: payload.sessionId,
        jobId: job.id,
        signal: job.signal,
        progress,
      });
    } catch (err) {
      await withTenant(deps.database, { workspaceId: job.workspaceId, userId: null }, (tx) =>
        repo.finishSession(tx, job.workspaceId as string, payload.sessionId, {
          status: 'failed',
          results: [],
          itemsLearned: 0,
        }),
      );
      throw err;
    }
  },
});

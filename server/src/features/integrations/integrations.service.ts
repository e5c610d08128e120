import {
  type AppfolioConnectInput,
  type AppfolioConnectResult,
  type BuildiumConnectInput,
  type BuildiumHealth,
  type BuildiumKpisInput,
  type ConnectErrorCode,
  type ConnectResult,
  connectErrorMessages,
  INTEGRATION_CONSTANTS,
  type IntegrationsStatus,
  type IntegrationsStatusInput,
  integrationTexts,
  type KpiHistory,
  type KpiName,
  type KpiRecordsInput,
  type KpiRecordsOutput,
  type KpisResult,
  type PropertyKpis,
  type PropertyProvider,
  type SummaryStatus,
} from '@helixis/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AppfolioClient } from '../../integrations/appfolio/client';
import { fetchAppfolioKpis } from '../../integrations/appfolio/kpis';
import { BuildiumClient } from '../../integrations/buildium/client';
import { fetchBuildiumKpis } from '../../integrations/buildium/kpis';
import type { KpiRecordSet } from '../../integrations/kpi-records';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { RequestContext, WorkspaceContext } from '../../platform/context';
import { encryptSecret } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { connectorStatuses } from '../connectors/connectors.status';
import { mailStatus } from '../mail/mail.service';
import {
  appfolioClient,
  asUpstream,
  buildiumBaseUrlProblem,
  buildiumClient,
  clientFor,
  defaultBuildiumBaseUrl,
  loadCredentials,
  logFailure,
  messageFor,
  parseBuildiumBaseUrl,
  probe,
  probeBuildium,
  secretContext,
  type WorkspaceInput,
} from './integrations.credentials';
import { learnKpiFacts } from './integrations.knowledge';
import * as repo from './integrations.repo';

/**
 * Property-management connections. Upstream calls never run inside a database transaction (PGlite
 * has one connection): credentials are read in a short tenant transaction, the upstream is called
 * outside, and results are written in another short transaction. Secrets are decrypted only in
 * memory for the call and never returned or logged.
 */

/** Reads KPIs after a connection and on a schedule (integrations.jobs.ts). */
export const REFRESH_KPIS_JOB = 'integrations.refresh-kpis';

// ── results ─────────────────────────────────────────────────────────────────────────────────────

function iso(value: string | null): string | null {
  return value ? new Date(value).toISOString() : null;
}

/**
 * A refused Base URL (unparsable, plain http, or a private address the SSRF-safe fetch would not reach)
 * is payload_invalid; its message names that cause instead of "check your credentials" (issue 28).
 */
function failedConnect(
  err: UpstreamError,
  provider: PropertyProvider,
  status: ConnectResult['status'],
  cause?: string,
): ConnectResult {
  const message = cause ?? messageFor(err.code, provider);
  return {
    ok: false,
    status,
    error_code: err.code,
    message,
    trace_id: err.traceId,
    http_status: err.status,
    path: err.path || null,
    error: message,
    lastVerifiedAt: null,
    attempts: err.details.attempts,
  };
}

/** Codes that say the stored credentials themselves are wrong (not a passing outage). */
const INVALIDATING: ReadonlySet<ConnectErrorCode> = new Set([
  'auth_invalid',
  'insufficient_scope',
  'endpoint_404',
  'payload_invalid',
]);

async function publishStatus(tx: Tx, workspaceId: string, provider: PropertyProvider, connected: boolean) {
  if (connected) {
    await publishEvent(tx, { type: provider === 'buildium' ? 'buildiumConnected' : 'appfolioConnected', workspaceId });
  }
  await publishEvent(tx, { type: 'integrationStatusChanged', workspaceId, provider });
}

/** Stores verified credentials encrypted, announces the connection and queues the first KPI read. */
async function storeConnection(
  ctx: WorkspaceContext,
  provider: PropertyProvider,
  clientId: string,
  secret: string,
  baseUrl: string | null,
): Promise<repo.ConnectionRow> {
  const workspaceId = ctx.workspace.id;
  const secretEncrypted = encryptSecret(ctx.deps.config.encryptionKey, secret, secretContext(workspaceId, provider));
  return ctx.tenant(async (tx) => {
    const row = await repo.saveConnection(tx, workspaceId, {
      provider,
      clientId,
      secretEncrypted,
      baseUrl,
      connectedBy: ctx.user.id || null,
    });
    await publishStatus(tx, workspaceId, provider, true);
    await ctx.deps.jobs.enqueue(REFRESH_KPIS_JOB, { provider, learn: true }, { tx, workspaceId });
    return row;
  });
}

// ── buildium-health / connect / verify ──────────────────────────────────────────────────────────

export async function buildiumHealth({ ctx }: { ctx: RequestContext }): Promise<BuildiumHealth> {
  const baseUrl = defaultBuildiumBaseUrl(ctx.deps.config);
  if (!baseUrl) {
    return { ok: false, error_code: 'env_missing', message: connectErrorMessages.env_missing, defaultBaseUrl: null };
  }
  return { ok: true, error_code: null, message: 'Ready to connect.', defaultBaseUrl: baseUrl };
}

export async function buildiumConnect({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: BuildiumConnectInput;
}): Promise<ConnectResult> {
  const clientId = input.clientId?.trim() ?? '';
  const secret = input.secret?.trim() ?? '';
  if (!clientId || !secret) throw new AppError('missing_fields');
  const given = (input.baseUrl ?? input.host ?? '').trim();
  const baseUrl = given
    ? parseBuildiumBaseUrl(given, ctx.deps.config.trustedUpstreams)
    : defaultBuildiumBaseUrl(ctx.deps.config);
  if (!baseUrl) {
    const code: ConnectErrorCode = given ? 'payload_invalid' : 'env_missing';
    return failedConnect(
      new UpstreamError(code, 'no usable base URL', { status: 0, path: '', traceId: newTraceId(), attempts: 0 }),
      'buildium',
      'never',
      given ? buildiumBaseUrlProblem(given) : undefined,
    );
  }
  const client = buildiumClient(ctx, baseUrl, clientId, secret);
  let attempts = 1;
  try {
    attempts = await probeBuildium(client);
  } catch (err) {
    const failure = asUpstream(ctx, err, '/v1/rentals');
    logFailure(ctx, 'buildium', 'connect', failure);
    const existing = await ctx.tenant((tx) => repo.findConnection(tx, ctx.workspace.id, 'buildium'));
    // The safe fetch refused the address itself (upstream.ts: payload_invalid with no HTTP status).
    const refused =
      failure.code === 'payload_invalid' && failure.status === 0
        ? `The Base URL was refused: ${failure.message}`
        : undefined;
    return failedConnect(failure, 'buildium', existing?.status ?? 'never', refused);
  }
  const row = await storeConnection(ctx, 'buildium', clientId, secret, given ? baseUrl : null);
  ctx.log.info({ provider: 'buildium', baseUrl }, 'integration connected');
  return {
    ok: true,
    status: 'connected',
    error_code: null,
    message: integrationTexts.toastConnected,
    trace_id: null,
    http_status: 200,
    path: '/v1/rentals',
    error: null,
    lastVerifiedAt: iso(row.lastVerifiedAt),
    attempts,
  };
}

export async function verifyProvider(ctx: WorkspaceContext, provider: PropertyProvider): Promise<ConnectResult> {
  const creds = await loadCredentials(ctx, provider);
  if (!creds) {
    const message = provider === 'buildium' ? integrationTexts.notConnected : integrationTexts.appfolioNotConnected;
    return {
      ok: false,
      status: 'never',
      error_code: null,
      message,
      trace_id: null,
      http_status: null,
      path: null,
      error: message,
      lastVerifiedAt: null,
      attempts: 0,
    };
  }
  try {
    await probe(clientFor(ctx, creds));
  } catch (err) {
    const failure = asUpstream(ctx, err, '');
    logFailure(ctx, provider, 'verify', failure);
    const invalid = INVALIDATING.has(failure.code);
    const row = await ctx.tenant(async (tx) => {
      const updated = await repo.recordOutcome(tx, ctx.workspace.id, provider, {
        status: invalid ? 'invalid' : undefined,
        error: { code: failure.code, message: messageFor(failure.code, provider), traceId: failure.traceId },
      });
      if (invalid && creds.row.status !== 'invalid') await publishStatus(tx, ctx.workspace.id, provider, false);
      return updated;
    });
    return {
      ...failedConnect(failure, provider, row?.status ?? creds.row.status),
      lastVerifiedAt: iso(row?.lastVerifiedAt ?? null),
    };
  }
  const row = await ctx.tenant(async (tx) => {
    const updated = await repo.recordOutcome(tx, ctx.workspace.id, provider, {
      status: 'connected',
      verified: true,
      error: null,
    });
    if (creds.row.status !== 'connected') await publishStatus(tx, ctx.workspace.id, provider, true);
    return updated;
  });
  return {
    ok: true,
    status: 'connected',
    error_code: null,
    message: integrationTexts.toastConnected,
    trace_id: null,
    http_status: 200,
    path: null,
    error: null,
    lastVerifiedAt: iso(row?.lastVerifiedAt ?? null),
    attempts: 1,
  };
}

export async function buildiumVerify({
  ctx,
}: {
  ctx: WorkspaceContext;
  input: WorkspaceInput;
}): Promise<ConnectResult> {
  return verifyProvider(ctx, 'buildium');
}

// ── KPIs ────────────────────────────────────────────────────────────────────────────────────────

function notConnected(provider: PropertyProvider): KpisResult {
  return {
    ok: false,
    data: null,
    error_code: 'not_connected',
    message: provider === 'buildium' ? integrationTexts.notConnected : integrationTexts.appfolioNotConnected,
    path: null,
    status: null,
    trace_id: null,
    stale: false,
    cached: false,
  };
}

export interface KpiReadOptions {
  force?: boolean;
}

/** KPIs of one provider: the cached snapshot when fresh, else a live read stored as a new snapshot. */
export async function readKpis(
  ctx: WorkspaceContext,
  provider: PropertyProvider,
  options: KpiReadOptions = {},
): Promise<KpisResult & { pages?: number }> {
  const creds = await loadCredentials(ctx, provider);
  if (!creds) return notConnected(provider);
  const snapshot = creds.snapshot;
  const ageSeconds = snapshot ? (Date.now() - new Date(snapshot.fetchedAt).getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (!options.force && snapshot && ageSeconds < INTEGRATION_CONSTANTS.kpiCacheSeconds) {
    return {
      ok: true,
      data: snapshot.kpis,
      error_code: null,
      message: null,
      path: null,
      status: 200,
      trace_id: null,
      stale: false,
      cached: true,
    };
  }
  let run: { kpis: PropertyKpis; records: KpiRecordSet; pages: number; durationMs: number };
  try {
    const client = clientFor(ctx, creds);
    run = client instanceof BuildiumClient ? await fetchBuildiumKpis(client) : await fetchAppfolioKpis(client);
  } catch (err) {
    const failure = asUpstream(ctx, err, '');
    logFailure(ctx, provider, 'kpis', failure);
    const invalid = failure.code === 'auth_invalid' || failure.code === 'insufficient_scope';
    await ctx.tenant(async (tx) => {
      await repo.recordOutcome(tx, ctx.workspace.id, provider, {
        status: invalid ? 'invalid' : undefined,
        error: { code: failure.code, message: messageFor(failure.code, provider), traceId: failure.traceId },
        syncStatus: creds.row.syncStatus === 'pending' ? 'failed' : undefined,
      });
      if (invalid && creds.row.status !== 'invalid') await publishStatus(tx, ctx.workspace.id, provider, false);
    });
    return {
      ok: false,
      data: snapshot?.kpis ?? null,
      error_code: failure.code,
      message: messageFor(failure.code, provider),
      path: failure.path || null,
      status: failure.status || null,
      trace_id: failure.traceId,
      stale: snapshot !== null,
      cached: false,
    };
  }
  await ctx.tenant(async (tx) => {
    const stored = await repo.insertSnapshot(tx, ctx.workspace.id, {
      provider,
      kpis: run.kpis,
      pages: run.pages,
      durationMs: run.durationMs,
    });
    // The records each figure came from, kept with the snapshot (for the newest snapshots only).
    await repo.insertKpiRecords(tx, ctx.workspace.id, stored.id, run.records);
    await repo.pruneKpiRecords(tx, ctx.workspace.id, provider, INTEGRATION_CONSTANTS.kpiHistoryLimit);
    await repo.recordOutcome(tx, ctx.workspace.id, provider, {
      status: 'connected',
      verified: true,
      error: null,
      syncStatus: 'ready',
    });
    await publishEvent(tx, { type: 'integrationStatusChanged', workspaceId: ctx.workspace.id, provider });
  });
  try {
    await learnKpiFacts(ctx, run.kpis);
  } catch (err) {
    // The KPIs are stored and shown; facts for chat follow on the next sync.
    ctx.log.warn({ err, provider }, 'could not store KPI facts');
  }
  return {
    ok: true,
    data: run.kpis,
    error_code: null,
    message: null,
    path: null,
    status: 200,
    trace_id: null,
    stale: false,
    cached: false,
    pages: run.pages,
  };
}

/**
 * The workspace's property KPIs (Buildium when connected, else AppFolio), from the cache when fresh.
 * Used by the dashboard and the onboarding completion screen.
 */
export async function getPropertyKpis(ctx: WorkspaceContext, options: KpiReadOptions = {}): Promise<KpisResult> {
  const connections = await ctx.tenant((tx) => repo.listConnections(tx, ctx.workspace.id));
  const provider = connections.some((c) => c.provider === 'buildium')
    ? 'buildium'
    : connections.some((c) => c.provider === 'appfolio')
      ? 'appfolio'
      : null;
  if (!provider) return notConnected('buildium');
  const { pages: _pages, ...result } = await readKpis(ctx, provider, options);
  return result;
}

export async function buildiumKpis({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: BuildiumKpisInput;
}): Promise<KpisResult> {
  return getPropertyKpis(ctx, { force: input.force === true });
}

export async function integrationKpiHistory({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: { provider?: PropertyProvider };
}): Promise<KpiHistory> {
  const rows = await ctx.tenant(async (tx) => {
    let provider = input.provider;
    if (!provider) {
      const connections = await repo.listConnections(tx, ctx.workspace.id);
      provider = connections.some((c) => c.provider === 'buildium') ? 'buildium' : connections[0]?.provider;
    }
    return provider ? repo.recentSnapshots(tx, ctx.workspace.id, provider, INTEGRATION_CONSTANTS.kpiHistoryLimit) : [];
  });
  return {
    snapshots: rows.map((r) => ({
      fetchedAt: new Date(r.fetchedAt).toISOString(),
      rentals: r.kpis.rentals,
      unpaidBillsCount: r.kpis.unpaidBills.count,
      unpaidBillsAmount: r.kpis.unpaidBills.amount,
      openTasks: r.kpis.openTasks,
      arOutstandingCents: r.kpis.arOutstandingCents,
    })),
  };
}

const kpiFigure = (kpis: PropertyKpis, kpi: KpiName): { value: number; amount: number | null } => {
  switch (kpi) {
    case 'rentals':
      return { value: kpis.rentals, amount: null };
    case 'units':
      return { value: kpis.units, amount: null };
    case 'unpaid_bills':
      return { value: kpis.unpaidBills.count, amount: kpis.unpaidBills.amount };
    case 'receivables':
      return { value: kpis.arOutstandingCents, amount: kpis.arOutstandingCents };
    case 'open_tasks':
      return { value: kpis.openTasks, amount: null };
  }
};

/**
 * The records a KPI figure was computed from, read from the snapshot the figure belongs to (the
 * newest of the workspace's provider unless one is named), so a later sync does not change them.
 */
export async function integrationKpiRecords({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof KpiRecordsInput>;
}): Promise<KpiRecordsOutput> {
  return ctx.tenant(async (tx) => {
    let snapshot: repo.SnapshotRow | null;
    if (input.snapshot_id) {
      snapshot = await repo.findSnapshot(tx, ctx.workspace.id, input.snapshot_id);
      if (!snapshot) throw new AppError('not_found', { userMessage: 'This KPI snapshot was not found.' });
    } else {
      const connections = await repo.listConnections(tx, ctx.workspace.id);
      const provider = connections.some((c) => c.provider === 'buildium') ? 'buildium' : connections[0]?.provider;
      snapshot = provider ? await repo.latestSnapshot(tx, ctx.workspace.id, provider) : null;
    }
    if (!snapshot) {
      return { kpi: input.kpi, snapshot: null, value: 0, amount_cents: null, total: 0, records: [], traced: false };
    }
    const figure = kpiFigure(snapshot.kpis, input.kpi);
    const page = await repo.listKpiRecords(tx, ctx.workspace.id, snapshot.id, input.kpi, {
      limit: input.limit,
      offset: input.offset,
    });
    return {
      kpi: input.kpi,
      snapshot: {
        id: snapshot.id,
        provider: snapshot.provider,
        fetched_at: new Date(snapshot.fetchedAt).toISOString(),
      },
      value: figure.value,
      amount_cents: figure.amount,
      total: page.total,
      records: page.rows.map((r) => ({
        id: r.recordId,
        name: r.name,
        amount_cents: r.amountCents,
        date: r.recordDate,
        url: r.url,
      })),
      traced: page.total > 0 || figure.value === 0,
    };
  });
}

// ── status ──────────────────────────────────────────────────────────────────────────────────────

export async function integrationsStatus({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: IntegrationsStatusInput;
}): Promise<IntegrationsStatus> {
  const { connections, snapshot } = await ctx.tenant(async (tx) => ({
    connections: await repo.listConnections(tx, ctx.workspace.id),
    snapshot: input.includeKpis ? await repo.latestSnapshot(tx, ctx.workspace.id, 'buildium') : null,
  }));
  const b = connections.find((c) => c.provider === 'buildium');
  const a = connections.find((c) => c.provider === 'appfolio');
  const mail = await mailStatus({ ctx });
  const all: IntegrationsStatus = {
    buildium: {
      connected: b?.status === 'connected',
      status: b?.status ?? 'never',
      last_error: b?.lastError ?? null,
      trace_id: b?.lastTraceId ?? null,
      kpis: snapshot?.kpis ?? null,
      lastVerifiedAt: iso(b?.lastVerifiedAt ?? null),
      baseUrl: b?.baseUrl ?? null,
      clientId: b?.clientId ?? null,
    },
    appfolio: {
      connected: a?.status === 'connected',
      status: a?.status ?? 'never',
      host: a?.baseUrl ?? null,
      last_error: a?.lastError ?? null,
      lastVerifiedAt: iso(a?.lastVerifiedAt ?? null),
    },
    // Mail and calendar connections are kept by the mail feature.
    gmail: { connected: mail.gmail.connected },
    calendar: { connected: mail.calendar.connected },
    // Every business-app connector as {kind, status}, from the states read above.
    connectors: await connectorStatuses(ctx, {
      property: { buildium: b, appfolio: a },
      mail: { gmail: mail.gmail, outlook: mail.outlook },
    }),
  };
  const only = input.provider as keyof IntegrationsStatus | undefined;
  if (only && Object.hasOwn(all, only)) return { [only]: all[only] };
  return all;
}

export async function summaryStatus({ ctx }: { ctx: WorkspaceContext; input: WorkspaceInput }): Promise<SummaryStatus> {
  const connections = await ctx.tenant((tx) => repo.listConnections(tx, ctx.workspace.id));
  const states = new Set(connections.map((c) => c.syncStatus));
  if (states.has('pending')) return { status: 'pending' };
  if (states.has('ready')) return { status: 'ready' };
  if (states.has('failed')) return { status: 'failed' };
  return { status: 'idle' };
}

// ── appfolio-connect ────────────────────────────────────────────────────────────────────────────

export async function appfolioConnect({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: AppfolioConnectInput;
}): Promise<AppfolioConnectResult> {
  const clientId = input.clientId?.trim() ?? '';
  const secret = input.secret?.trim() ?? '';
  const host = (input.host ?? '').trim().replace(/\/+$/, '');
  if (!clientId || !secret || !host) {
    throw new AppError('missing_fields', { userMessage: integrationTexts.missingInfoBody });
  }
  let client: AppfolioClient;
  try {
    client = appfolioClient(ctx, host, clientId, secret);
  } catch {
    return {
      success: false,
      error: messageFor('payload_invalid', 'appfolio'),
      error_code: 'payload_invalid',
      trace_id: null,
    };
  }
  try {
    await client.report('property_directory');
  } catch (err) {
    const failure = asUpstream(ctx, err, '/api/v2/reports/property_directory.json');
    logFailure(ctx, 'appfolio', 'connect', failure);
    return {
      success: false,
      error: messageFor(failure.code, 'appfolio'),
      error_code: failure.code,
      trace_id: failure.traceId,
    };
  }
  await storeConnection(ctx, 'appfolio', clientId, secret, host);
  ctx.log.info({ provider: 'appfolio', host }, 'integration connected');
  return { success: true, error: null, error_code: null, trace_id: null };
}

export { learnPortfolioFacts } from './integrations.knowledge';
export { appfolioTest, buildiumTest } from './integrations.panels';

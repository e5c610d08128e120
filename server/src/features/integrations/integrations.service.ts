import {
  type ConnectErrorCode,
  type ConnectResult,
  INTEGRATION_CONSTANTS,
  type IntegrationsStatus,
  type IntegrationsStatusInput,
  integrationTexts,
  type KpiName,
  type KpisResult,
  type MailStatus,
  PROPERTY_PROVIDERS,
  type PropertyKpis,
  type PropertyProvider,
  type PropertySystemStatus,
} from '@helixis/contract';
import type { Tx } from '../../db/client';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { encryptSecret } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { EndpointHandler } from '../../platform/http';
import { type KpiRun, propertySystem, systemName } from '../../property-systems';
import { mailStatus } from '../mail';
import {
  asUpstream,
  loadCredentials,
  logFailure,
  messageFor,
  openSession,
  secretContext,
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

/** A failed connect or verify; `cause` replaces the code's text when the host itself was refused (issue 28). */
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
    await publishEvent(tx, { type: 'propertySystemConnected', workspaceId, provider });
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

// ── health / connect / verify ───────────────────────────────────────────────────────────────────

/** Whether the server can connect the system (a configured default host, where the system has one). */
export function systemHealth(ctx: WorkspaceContext | { deps: WorkspaceContext['deps'] }, provider: PropertyProvider) {
  const health = propertySystem(provider).health?.(ctx.deps.config) ?? {
    ok: true,
    message: 'Ready to connect.',
    defaultBaseUrl: null,
  };
  return { ...health, error_code: health.ok ? null : ('env_missing' as const) };
}

/** Credentials as typed on a connect form: the host or base URL is optional for some systems. */
export interface TypedCredentials {
  clientId?: string;
  secret?: string;
  /** The API host or base URL ('' or absent: the system's default, where it has one). */
  endpoint?: string;
}

/**
 * Checks typed credentials against the system with one cheap read, then stores them encrypted,
 * announces the connection and queues the first KPI read. A refused host (unparsable, plain http,
 * or a private address the SSRF-safe fetch would not reach) is payload_invalid with its cause.
 */
export async function connectProvider(
  ctx: WorkspaceContext,
  provider: PropertyProvider,
  typed: TypedCredentials,
): Promise<ConnectResult> {
  const system = propertySystem(provider);
  const clientId = typed.clientId?.trim() ?? '';
  const secret = typed.secret?.trim() ?? '';
  const endpoint = typed.endpoint?.trim() ?? '';
  if (system.endpoint === 'required' && (!clientId || !secret || !endpoint)) {
    throw new AppError('missing_fields', { userMessage: integrationTexts.missingInfoBody });
  }
  if (!clientId || !secret) throw new AppError('missing_fields');
  const choice = system.chooseEndpoint(endpoint, ctx.deps.config);
  if (!choice.ok) {
    const traceId = newTraceId();
    const err = new UpstreamError(choice.code, 'no usable host', { status: 0, path: '', traceId, attempts: 0 });
    return failedConnect(err, provider, 'never', choice.message);
  }
  let attempts = 1;
  try {
    attempts = await system.open({ clientId, secret, baseUrl: choice.stored }, ctx.deps.config).probe();
  } catch (err) {
    const failure = asUpstream(ctx, err, system.probePath);
    logFailure(ctx, provider, 'connect', failure);
    const existing = await ctx.tenant((tx) => repo.findConnection(tx, ctx.workspace.id, provider));
    // The safe fetch refused the address itself (upstream.ts: payload_invalid with no HTTP status).
    const refused =
      failure.code === 'payload_invalid' && failure.status === 0
        ? `The Base URL was refused: ${failure.message}`
        : undefined;
    return failedConnect(failure, provider, existing?.status ?? 'never', refused);
  }
  const row = await storeConnection(ctx, provider, clientId, secret, choice.stored);
  ctx.log.info({ provider, baseUrl: choice.stored }, 'integration connected');
  return {
    ok: true,
    status: 'connected',
    error_code: null,
    message: integrationTexts.toastConnected,
    trace_id: null,
    http_status: 200,
    path: system.probePath,
    error: null,
    lastVerifiedAt: iso(row.lastVerifiedAt),
    attempts,
  };
}

export async function verifyProvider(ctx: WorkspaceContext, provider: PropertyProvider): Promise<ConnectResult> {
  const creds = await loadCredentials(ctx, provider);
  if (!creds) {
    const message = integrationTexts.notConnected(systemName(provider));
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
    await openSession(ctx, creds).probe();
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

// ── KPIs ────────────────────────────────────────────────────────────────────────────────────────

function notConnected(provider: PropertyProvider): KpisResult {
  return {
    ok: false,
    data: null,
    error_code: 'not_connected',
    message: integrationTexts.notConnected(systemName(provider)),
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
  let run: KpiRun;
  try {
    run = await openSession(ctx, creds).kpis();
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

/** The workspace's main system: the first of the catalogue with a stored connection. */
function mainProvider(connections: readonly { provider: PropertyProvider }[]): PropertyProvider | null {
  return PROPERTY_PROVIDERS.find((p) => connections.some((c) => c.provider === p)) ?? null;
}

/**
 * The workspace's property KPIs (of its main system), from the cache when fresh. Used by the
 * dashboard, the KPI endpoint and the onboarding completion screen.
 */
export async function getPropertyKpis(ctx: WorkspaceContext, options: KpiReadOptions = {}): Promise<KpisResult> {
  const connections = await ctx.tenant((tx) => repo.listConnections(tx, ctx.workspace.id));
  const provider = mainProvider(connections);
  // Nothing connected: the catalogue's first system is the one offered first.
  if (!provider) return notConnected(PROPERTY_PROVIDERS[0]);
  const { pages: _pages, ...result } = await readKpis(ctx, provider, options);
  return result;
}

// Its wire name names a system (the spec's kpis endpoint), so that file declares the handler; this is
// the system-neutral service it calls.
export async function propertyKpis({ ctx, input }: { ctx: WorkspaceContext; input: { force?: boolean } }) {
  return getPropertyKpis(ctx, { force: input.force === true });
}

export const integrationKpiHistory: EndpointHandler<'integrationKpiHistory'> = async ({ ctx, input }) => {
  const rows = await ctx.tenant(async (tx) => {
    const provider = input.provider ?? mainProvider(await repo.listConnections(tx, ctx.workspace.id));
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
};

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
export const integrationKpiRecords: EndpointHandler<'integrationKpiRecords'> = async ({ ctx, input }) => {
  return ctx.tenant(async (tx) => {
    let snapshot: repo.SnapshotRow | null;
    if (input.snapshot_id) {
      snapshot = await repo.findSnapshot(tx, ctx.workspace.id, input.snapshot_id);
      if (!snapshot) throw new AppError('not_found', { userMessage: 'This KPI snapshot was not found.' });
    } else {
      const provider = mainProvider(await repo.listConnections(tx, ctx.workspace.id));
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
};

// ── status ──────────────────────────────────────────────────────────────────────────────────────

/** What integrations-status is built from: each system's connection row and newest snapshot, and mail. */
export interface IntegrationStates {
  property: Partial<Record<PropertyProvider, repo.ConnectionRow>>;
  snapshots: Partial<Record<PropertyProvider, repo.SnapshotRow>>;
  mail: MailStatus;
}

export async function readIntegrationStates(ctx: WorkspaceContext, includeKpis: boolean): Promise<IntegrationStates> {
  const states = await ctx.tenant(async (tx) => {
    const property: IntegrationStates['property'] = {};
    const snapshots: IntegrationStates['snapshots'] = {};
    for (const row of await repo.listConnections(tx, ctx.workspace.id)) {
      property[row.provider] = row;
      const snapshot = includeKpis ? await repo.latestSnapshot(tx, ctx.workspace.id, row.provider) : null;
      if (snapshot) snapshots[row.provider] = snapshot;
    }
    return { property, snapshots };
  });
  return { ...states, mail: await mailStatus({ ctx, input: {} }) };
}

function systemStatus(
  row: repo.ConnectionRow | undefined,
  snapshot: repo.SnapshotRow | undefined,
): PropertySystemStatus {
  return {
    connected: row?.status === 'connected',
    status: row?.status ?? 'never',
    last_error: row?.lastError ?? null,
    trace_id: row?.lastTraceId ?? null,
    kpis: snapshot?.kpis ?? null,
    lastVerifiedAt: iso(row?.lastVerifiedAt ?? null),
    baseUrl: row?.baseUrl ?? null,
    host: row?.baseUrl ?? null,
    clientId: row?.clientId ?? null,
  };
}

/** integrations-status without the connectors list (which the connectors feature adds). */
export function composeIntegrationsStatus(states: IntegrationStates): IntegrationsStatus {
  const status: IntegrationsStatus = {
    // Mail and calendar connections are kept by the mail feature.
    gmail: { connected: states.mail.gmail.connected },
    calendar: { connected: states.mail.calendar.connected },
  };
  for (const provider of PROPERTY_PROVIDERS) {
    status[provider] = systemStatus(states.property[provider], states.snapshots[provider]);
  }
  return status;
}

/** The part of the status one caller asked for (`provider`), or all of it. */
export function onlyPart(status: IntegrationsStatus, only: string | undefined): IntegrationsStatus {
  const key = only as keyof IntegrationsStatus | undefined;
  if (key && Object.hasOwn(status, key)) return { [key]: status[key] };
  return status;
}

/** The property systems, mail and calendar connections (the connectors feature serves the endpoint). */
export async function integrationsStatus({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: IntegrationsStatusInput;
}): Promise<IntegrationsStatus> {
  const states = await readIntegrationStates(ctx, input.includeKpis === true);
  return onlyPart(composeIntegrationsStatus(states), input.provider);
}

export const summaryStatus: EndpointHandler<'summaryStatus'> = async ({ ctx }) => {
  const connections = await ctx.tenant((tx) => repo.listConnections(tx, ctx.workspace.id));
  const states = new Set(connections.map((c) => c.syncStatus));
  if (states.has('pending')) return { status: 'pending' };
  if (states.has('ready')) return { status: 'ready' };
  if (states.has('failed')) return { status: 'failed' };
  return { status: 'idle' };
};

export { learnPortfolioFacts } from './integrations.knowledge';

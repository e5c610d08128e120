import type { PropertyKpis, PropertyProvider } from '@helixis/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { integrationConnections, integrationKpiSnapshots } from '../../db/schema';

export type ConnectionRow = typeof integrationConnections.$inferSelect;
export type SnapshotRow = typeof integrationKpiSnapshots.$inferSelect;

export async function findConnection(
  db: Queryable,
  workspaceId: string,
  provider: PropertyProvider,
): Promise<ConnectionRow | null> {
  const rows = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.workspaceId, workspaceId), eq(integrationConnections.provider, provider)));
  return rows[0] ?? null;
}

export async function listConnections(db: Queryable, workspaceId: string): Promise<ConnectionRow[]> {
  return db.select().from(integrationConnections).where(eq(integrationConnections.workspaceId, workspaceId));
}

export interface SaveConnection {
  provider: PropertyProvider;
  clientId: string;
  secretEncrypted: string;
  baseUrl: string | null;
  connectedBy: string | null;
}

/** Stores verified credentials: status connected, verified now, the follow-up read pending. */
export async function saveConnection(
  db: Queryable,
  workspaceId: string,
  input: SaveConnection,
): Promise<ConnectionRow> {
  const values = {
    clientId: input.clientId,
    secretEncrypted: input.secretEncrypted,
    baseUrl: input.baseUrl,
    status: 'connected' as const,
    lastVerifiedAt: sql`now()`,
    lastErrorCode: null,
    lastError: null,
    lastTraceId: null,
    syncStatus: 'pending' as const,
    connectedBy: input.connectedBy,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(integrationConnections)
    .values({ workspaceId, provider: input.provider, ...values })
    .onConflictDoUpdate({ target: [integrationConnections.workspaceId, integrationConnections.provider], set: values })
    .returning();
  if (!row) throw new Error('connection upsert returned nothing');
  return row;
}

export interface ConnectionOutcome {
  status?: 'connected' | 'invalid';
  verified?: boolean;
  error?: { code: string; message: string; traceId: string | null } | null;
  syncStatus?: 'idle' | 'pending' | 'ready' | 'failed';
}

/** Records a verification or read: new status, verified time, the last error (or clears it). */
export async function recordOutcome(
  db: Queryable,
  workspaceId: string,
  provider: PropertyProvider,
  outcome: ConnectionOutcome,
): Promise<ConnectionRow | null> {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (outcome.status) set.status = outcome.status;
  if (outcome.verified) set.lastVerifiedAt = sql`now()`;
  if (outcome.syncStatus) set.syncStatus = outcome.syncStatus;
  if (outcome.error !== undefined) {
    set.lastErrorCode = outcome.error?.code ?? null;
    set.lastError = outcome.error?.message ?? null;
    set.lastTraceId = outcome.error?.traceId ?? null;
  }
  const [row] = await db
    .update(integrationConnections)
    .set(set)
    .where(and(eq(integrationConnections.workspaceId, workspaceId), eq(integrationConnections.provider, provider)))
    .returning();
  return row ?? null;
}

export async function insertSnapshot(
  db: Queryable,
  workspaceId: string,
  input: { provider: PropertyProvider; kpis: PropertyKpis; pages: number; durationMs: number },
): Promise<SnapshotRow> {
  const [row] = await db
    .insert(integrationKpiSnapshots)
    .values({ workspaceId, ...input, fetchedAt: input.kpis.fetchedAt })
    .returning();
  if (!row) throw new Error('snapshot insert returned nothing');
  return row;
}

export async function latestSnapshot(
  db: Queryable,
  workspaceId: string,
  provider: PropertyProvider,
): Promise<SnapshotRow | null> {
  const rows = await db
    .select()
    .from(integrationKpiSnapshots)
    .where(and(eq(integrationKpiSnapshots.workspaceId, workspaceId), eq(integrationKpiSnapshots.provider, provider)))
    .orderBy(desc(integrationKpiSnapshots.fetchedAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The newest `limit` snapshots, returned oldest first (chart order). */
export async function recentSnapshots(
  db: Queryable,
  workspaceId: string,
  provider: PropertyProvider,
  limit: number,
): Promise<SnapshotRow[]> {
  const rows = await db
    .select()
    .from(integrationKpiSnapshots)
    .where(and(eq(integrationKpiSnapshots.workspaceId, workspaceId), eq(integrationKpiSnapshots.provider, provider)))
    .orderBy(desc(integrationKpiSnapshots.fetchedAt))
    .limit(limit);
  return rows.reverse();
}

/** Workspaces with a working connection (system scope: the scheduled refresh crosses tenants by design). */
export async function listConnectedWorkspaces(
  db: Queryable,
): Promise<{ workspaceId: string; provider: PropertyProvider }[]> {
  return db
    .select({ workspaceId: integrationConnections.workspaceId, provider: integrationConnections.provider })
    .from(integrationConnections)
    .where(eq(integrationConnections.status, 'connected'))
    .orderBy(asc(integrationConnections.workspaceId));
}

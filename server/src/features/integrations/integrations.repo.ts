import {
  KPI_RECORDS_MAX,
  type KpiName,
  type KpiRecord,
  type PropertyKpis,
  type PropertyProvider,
} from '@helixis/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { integrationConnections, integrationKpiRecords, integrationKpiSnapshots } from '../../db/schema';
import type { KpiRecordSet } from '../../property-systems';

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

// ── KPI records (issue 30 part 4) ───────────────────────────────────────────────────────────────

/** Stores the records of a snapshot (at most KPI_RECORDS_MAX per KPI) in statements of 500 rows. */
export async function insertKpiRecords(
  db: Queryable,
  workspaceId: string,
  snapshotId: string,
  records: KpiRecordSet,
): Promise<void> {
  const rows = (Object.entries(records) as [KpiName, KpiRecord[]][]).flatMap(([kpi, list]) =>
    list.slice(0, KPI_RECORDS_MAX).map((r, ord) => ({
      workspaceId,
      snapshotId,
      kpi,
      ord,
      recordId: r.id.slice(0, 200),
      name: r.name.slice(0, 500),
      amountCents: r.amount_cents,
      recordDate: r.date,
      url: r.url,
    })),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(integrationKpiRecords).values(rows.slice(i, i + 500));
  }
}

/** Keeps the records of the newest `keep` snapshots of a provider; older snapshots keep their figures only. */
export async function pruneKpiRecords(
  db: Queryable,
  workspaceId: string,
  provider: PropertyProvider,
  keep: number,
): Promise<void> {
  await db.delete(integrationKpiRecords).where(
    and(
      eq(integrationKpiRecords.workspaceId, workspaceId),
      inArray(
        integrationKpiRecords.snapshotId,
        db
          .select({ id: integrationKpiSnapshots.id })
          .from(integrationKpiSnapshots)
          .where(
            and(eq(integrationKpiSnapshots.workspaceId, workspaceId), eq(integrationKpiSnapshots.provider, provider)),
          )
          .orderBy(desc(integrationKpiSnapshots.fetchedAt))
          .offset(keep),
      ),
    ),
  );
}

export async function findSnapshot(db: Queryable, workspaceId: string, id: string): Promise<SnapshotRow | null> {
  const [row] = await db
    .select()
    .from(integrationKpiSnapshots)
    .where(and(eq(integrationKpiSnapshots.workspaceId, workspaceId), eq(integrationKpiSnapshots.id, id)));
  return row ?? null;
}

export async function listKpiRecords(
  db: Queryable,
  workspaceId: string,
  snapshotId: string,
  kpi: KpiName,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: (typeof integrationKpiRecords.$inferSelect)[] }> {
  const where = and(
    eq(integrationKpiRecords.workspaceId, workspaceId),
    eq(integrationKpiRecords.snapshotId, snapshotId),
    eq(integrationKpiRecords.kpi, kpi),
  );
  const [counted] = await db.select({ n: count() }).from(integrationKpiRecords).where(where);
  const rows = await db
    .select()
    .from(integrationKpiRecords)
    .where(where)
    .orderBy(asc(integrationKpiRecords.ord))
    .limit(page.limit)
    .offset(page.offset);
  return { total: Number(counted?.n ?? 0), rows };
}

import type { FactVersionStatus } from '@helixis/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { factConflicts, factVersions } from '../../db/schema';

/** The ledger tables (migration 0032): every value a source stated, and disagreements between sources. */

export type VersionRow = typeof factVersions.$inferSelect;
export type NewVersionRow = Omit<typeof factVersions.$inferInsert, 'workspaceId' | 'id' | 'observedAt'>;
export type ConflictRow = typeof factConflicts.$inferSelect;

export async function insertVersion(db: Queryable, workspaceId: string, row: NewVersionRow): Promise<VersionRow> {
  const [inserted] = await db
    .insert(factVersions)
    .values({ ...row, workspaceId })
    .returning();
  if (!inserted) throw new Error('fact version insert returned nothing');
  return inserted;
}

/** The versions of a fact, newest first. */
export async function listVersions(db: Queryable, workspaceId: string, factId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(factVersions)
    .where(and(eq(factVersions.workspaceId, workspaceId), eq(factVersions.factId, factId)))
    .orderBy(desc(factVersions.observedAt))
    .limit(500);
}

/** The newest current version of each given fact. */
export async function currentVersions(
  db: Queryable,
  workspaceId: string,
  factIds: string[],
): Promise<Map<string, VersionRow>> {
  if (factIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([factVersions.factId])
    .from(factVersions)
    .where(
      and(
        eq(factVersions.workspaceId, workspaceId),
        inArray(factVersions.factId, factIds),
        eq(factVersions.status, 'current'),
      ),
    )
    .orderBy(factVersions.factId, desc(factVersions.observedAt));
  return new Map(rows.map((r) => [r.factId, r]));
}

export async function versionsById(
  db: Queryable,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, VersionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(factVersions)
    .where(and(eq(factVersions.workspaceId, workspaceId), inArray(factVersions.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Marks versions of a fact having one of `from` statuses as `to`. */
export async function setVersionStatuses(
  db: Queryable,
  workspaceId: string,
  factId: string,
  from: FactVersionStatus[],
  to: FactVersionStatus,
): Promise<void> {
  await db
    .update(factVersions)
    .set({ status: to })
    .where(
      and(
        eq(factVersions.workspaceId, workspaceId),
        eq(factVersions.factId, factId),
        inArray(factVersions.status, from),
      ),
    );
}

export async function setVersionStatus(
  db: Queryable,
  workspaceId: string,
  id: string,
  status: FactVersionStatus,
): Promise<void> {
  await db
    .update(factVersions)
    .set({ status })
    .where(and(eq(factVersions.workspaceId, workspaceId), eq(factVersions.id, id)));
}

/** A source saying the same again refreshes when it was said (one row per source and value, not per sync). */
export async function touchVersion(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: { provenance?: VersionRow['provenance']; expiresAt?: string | null },
): Promise<void> {
  await db
    .update(factVersions)
    .set({ ...patch, observedAt: sql`clock_timestamp()` })
    .where(and(eq(factVersions.workspaceId, workspaceId), eq(factVersions.id, id)));
}

export async function setVersionExpiry(
  db: Queryable,
  workspaceId: string,
  id: string,
  expiresAt: string | null,
): Promise<void> {
  await db
    .update(factVersions)
    .set({ expiresAt })
    .where(and(eq(factVersions.workspaceId, workspaceId), eq(factVersions.id, id)));
}

/** The newest version a speaker stated for a fact, with its status. */
export async function latestOfSpeaker(
  db: Queryable,
  workspaceId: string,
  factId: string,
  speaker: string,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(factVersions)
    .where(
      and(
        eq(factVersions.workspaceId, workspaceId),
        eq(factVersions.factId, factId),
        eq(factVersions.speaker, speaker),
      ),
    )
    .orderBy(desc(factVersions.observedAt))
    .limit(1);
  return row;
}

export async function findOpenConflictForUpdate(
  db: Queryable,
  workspaceId: string,
  factId: string,
): Promise<ConflictRow | undefined> {
  const [row] = await db
    .select()
    .from(factConflicts)
    .where(
      and(
        eq(factConflicts.workspaceId, workspaceId),
        eq(factConflicts.factId, factId),
        eq(factConflicts.status, 'open'),
      ),
    )
    .for('update');
  return row;
}

export async function findConflictForUpdate(
  db: Queryable,
  workspaceId: string,
  where: { id: string } | { taskId: string },
): Promise<ConflictRow | undefined> {
  const match = 'id' in where ? eq(factConflicts.id, where.id) : eq(factConflicts.taskId, where.taskId);
  const [row] = await db
    .select()
    .from(factConflicts)
    .where(and(eq(factConflicts.workspaceId, workspaceId), match))
    .for('update');
  return row;
}

export async function insertConflict(
  db: Queryable,
  workspaceId: string,
  row: { factId: string; currentVersionId: string; otherVersionId: string },
): Promise<ConflictRow> {
  const [inserted] = await db
    .insert(factConflicts)
    .values({ ...row, workspaceId })
    .returning();
  if (!inserted) throw new Error('fact conflict insert returned nothing');
  return inserted;
}

export async function updateConflict(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: Partial<Omit<ConflictRow, 'workspaceId' | 'id' | 'factId' | 'createdAt'>>,
): Promise<ConflictRow> {
  const [row] = await db
    .update(factConflicts)
    .set(patch)
    .where(and(eq(factConflicts.workspaceId, workspaceId), eq(factConflicts.id, id)))
    .returning();
  if (!row) throw new Error('fact conflict vanished inside its transaction');
  return row;
}

export async function openConflicts(db: Queryable, workspaceId: string): Promise<ConflictRow[]> {
  return db
    .select()
    .from(factConflicts)
    .where(and(eq(factConflicts.workspaceId, workspaceId), eq(factConflicts.status, 'open')));
}

export async function conflictsOfFact(db: Queryable, workspaceId: string, factId: string): Promise<ConflictRow[]> {
  return db
    .select()
    .from(factConflicts)
    .where(and(eq(factConflicts.workspaceId, workspaceId), eq(factConflicts.factId, factId)))
    .orderBy(desc(factConflicts.createdAt));
}

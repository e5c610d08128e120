import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { automationRuns, automations } from '../../db/schema';

export type AutomationRow = typeof automations.$inferSelect;
export type NewAutomation = Omit<typeof automations.$inferInsert, 'workspaceId' | 'id' | 'createdAt' | 'updatedAt'>;
export type RunRow = typeof automationRuns.$inferSelect;

export async function listAutomations(db: Queryable, workspaceId: string): Promise<AutomationRow[]> {
  return db
    .select()
    .from(automations)
    .where(eq(automations.workspaceId, workspaceId))
    .orderBy(automations.createdAt)
    .limit(200);
}

export async function findAutomation(db: Queryable, workspaceId: string, id: string): Promise<AutomationRow | null> {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.workspaceId, workspaceId), eq(automations.id, id)));
  return row ?? null;
}

export async function insertAutomation(
  db: Queryable,
  workspaceId: string,
  input: NewAutomation,
): Promise<AutomationRow> {
  const [row] = await db
    .insert(automations)
    .values({ ...input, workspaceId })
    .returning();
  if (!row) throw new Error('automation insert returned no row');
  return row;
}

export async function updateAutomation(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: Partial<NewAutomation>,
): Promise<AutomationRow | null> {
  const [row] = await db
    .update(automations)
    .set({ ...patch, updatedAt: sql`now()` as unknown as string })
    .where(and(eq(automations.workspaceId, workspaceId), eq(automations.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAutomation(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(automations)
    .where(and(eq(automations.workspaceId, workspaceId), eq(automations.id, id)))
    .returning({ id: automations.id });
  return rows.length > 0;
}

export async function insertRun(
  db: Queryable,
  workspaceId: string,
  run: { automationId: string; msg: string; status: RunRow['status'] },
): Promise<RunRow> {
  const [row] = await db
    .insert(automationRuns)
    .values({ ...run, workspaceId })
    .returning();
  if (!row) throw new Error('run insert returned no row');
  return row;
}

export async function listRuns(db: Queryable, workspaceId: string, automationId: string, limit: number) {
  return db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.workspaceId, workspaceId), eq(automationRuns.automationId, automationId)))
    .orderBy(desc(automationRuns.ts))
    .limit(limit);
}

/** Runs per automation since the start of today (UTC) and in the last 7 days. */
export async function runStats(
  db: Queryable,
  workspaceId: string,
  now: Date,
): Promise<Map<string, { today: number; '7d': number }>> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const rows = await db
    .select({
      automationId: automationRuns.automationId,
      today: sql<number>`count(*) filter (where ${automationRuns.ts} >= ${startOfDay}::timestamptz)::int`,
      week: sql<number>`count(*)::int`,
    })
    .from(automationRuns)
    .where(and(eq(automationRuns.workspaceId, workspaceId), gte(automationRuns.ts, weekAgo)))
    .groupBy(automationRuns.automationId);
  return new Map(rows.map((r) => [r.automationId, { today: Number(r.today), '7d': Number(r.week) }]));
}

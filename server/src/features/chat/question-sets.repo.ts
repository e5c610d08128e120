import { and, desc, eq, lt, notInArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { assistantComparisons, assistantQuestionSets, type ComparisonResultRow } from '../../db/schema';

export type QuestionSetRow = typeof assistantQuestionSets.$inferSelect;
export type ComparisonRow = typeof assistantComparisons.$inferSelect;

/** Comparisons kept per workspace; older ones are dropped when a new one is stored. */
const COMPARISONS_KEPT = 20;

export async function findQuestionSet(db: Queryable, workspaceId: string): Promise<QuestionSetRow | undefined> {
  const [row] = await db.select().from(assistantQuestionSets).where(eq(assistantQuestionSets.workspaceId, workspaceId));
  return row;
}

export async function upsertQuestionSet(
  db: Queryable,
  workspaceId: string,
  userId: string,
  questions: string[],
): Promise<QuestionSetRow> {
  const now = new Date().toISOString();
  const [row] = await db
    .insert(assistantQuestionSets)
    .values({ workspaceId, questions, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: assistantQuestionSets.workspaceId,
      set: { questions, updatedBy: userId, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('question set upsert returned nothing');
  return row;
}

export async function insertComparison(
  db: Queryable,
  workspaceId: string,
  values: Pick<ComparisonRow, 'runBy' | 'live' | 'test'> & { results: ComparisonResultRow[] },
): Promise<ComparisonRow> {
  const [row] = await db
    .insert(assistantComparisons)
    .values({ workspaceId, ...values })
    .returning();
  if (!row) throw new Error('comparison insert returned nothing');
  const keep = db
    .select({ id: assistantComparisons.id })
    .from(assistantComparisons)
    .where(eq(assistantComparisons.workspaceId, workspaceId))
    .orderBy(desc(assistantComparisons.createdAt))
    .limit(COMPARISONS_KEPT);
  await db
    .delete(assistantComparisons)
    .where(
      and(
        eq(assistantComparisons.workspaceId, workspaceId),
        lt(assistantComparisons.createdAt, row.createdAt),
        notInArray(assistantComparisons.id, keep),
      ),
    );
  return row;
}

export async function findLatestComparison(db: Queryable, workspaceId: string): Promise<ComparisonRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantComparisons)
    .where(eq(assistantComparisons.workspaceId, workspaceId))
    .orderBy(desc(assistantComparisons.createdAt))
    .limit(1);
  return row;
}

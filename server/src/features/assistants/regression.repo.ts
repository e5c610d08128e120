import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { assistantApplyChecks, regressionQuestions } from '../../db/schema';

export type RegressionRow = typeof regressionQuestions.$inferSelect;
export type ApplyCheckRow = typeof assistantApplyChecks.$inferSelect;

/** Regression questions read per check; the newest tasks first. */
const REGRESSION_MAX = 100;
const CHECKS_KEPT = 20;

/** One regression question per task: completing it again replaces the expected answer. */
export async function upsertRegressionQuestion(
  db: Queryable,
  workspaceId: string,
  row: { taskId: string; question: string; expectedAnswer: string; factId: string | null; answeredBy: string | null },
): Promise<void> {
  await db
    .insert(regressionQuestions)
    .values({ ...row, workspaceId })
    .onConflictDoUpdate({
      target: [regressionQuestions.workspaceId, regressionQuestions.taskId],
      set: {
        question: row.question,
        expectedAnswer: row.expectedAnswer,
        factId: row.factId,
        answeredBy: row.answeredBy,
        updatedAt: sql`clock_timestamp()`,
      },
    });
}

export async function listRegressionQuestions(db: Queryable, workspaceId: string): Promise<RegressionRow[]> {
  return db
    .select()
    .from(regressionQuestions)
    .where(eq(regressionQuestions.workspaceId, workspaceId))
    .orderBy(desc(regressionQuestions.updatedAt))
    .limit(REGRESSION_MAX);
}

export async function insertApplyCheck(
  db: Queryable,
  workspaceId: string,
  values: Pick<ApplyCheckRow, 'runBy' | 'live' | 'test' | 'results' | 'blocking'>,
): Promise<ApplyCheckRow> {
  const [row] = await db
    .insert(assistantApplyChecks)
    .values({ workspaceId, ...values })
    .returning();
  if (!row) throw new Error('apply check insert returned nothing');
  const keep = db
    .select({ id: assistantApplyChecks.id })
    .from(assistantApplyChecks)
    .where(eq(assistantApplyChecks.workspaceId, workspaceId))
    .orderBy(desc(assistantApplyChecks.createdAt))
    .limit(CHECKS_KEPT);
  await db
    .delete(assistantApplyChecks)
    .where(and(eq(assistantApplyChecks.workspaceId, workspaceId), notInArray(assistantApplyChecks.id, keep)));
  return row;
}

export async function findApplyCheck(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<ApplyCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantApplyChecks)
    .where(and(eq(assistantApplyChecks.workspaceId, workspaceId), eq(assistantApplyChecks.id, id)));
  return row;
}

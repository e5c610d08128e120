import type { WorkspaceContext } from '../../platform/context';
import * as repo from './regression.repo';

/** A completed task's question and the person's answer join the regression set. */
export async function addRegressionQuestion(
  ctx: WorkspaceContext,
  row: { taskId: string; question: string; expectedAnswer: string; factId: string | null },
): Promise<void> {
  await ctx.tenant((tx) =>
    repo.upsertRegressionQuestion(tx, ctx.workspace.id, { ...row, answeredBy: ctx.user.id || null }),
  );
}

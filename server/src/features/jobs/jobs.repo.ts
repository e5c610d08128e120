import { JOB_LIST_LIMIT } from '@helixis/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jobStatus } from '../../db/schema';

export type JobStatusRow = typeof jobStatus.$inferSelect;

export async function findJobStatus(db: Queryable, workspaceId: string, id: string): Promise<JobStatusRow | undefined> {
  const rows = await db
    .select()
    .from(jobStatus)
    .where(and(eq(jobStatus.workspaceId, workspaceId), eq(jobStatus.id, id)))
    .limit(1);
  return rows[0];
}

export async function listRecentJobStatus(db: Queryable, workspaceId: string): Promise<JobStatusRow[]> {
  return db
    .select()
    .from(jobStatus)
    .where(eq(jobStatus.workspaceId, workspaceId))
    .orderBy(desc(jobStatus.createdAt), desc(jobStatus.id))
    .limit(JOB_LIST_LIMIT);
}

/**
 * The tasks table (work items for a person): below the features, because two of them write it in
 * their own transactions: tasks (questions handed over, answers) and facts (a conflict opens and
 * closes its task with the fact). Decision 037.
 */
import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { memberships, tasks, workspaces } from './schema';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTask = Omit<typeof tasks.$inferInsert, 'workspaceId' | 'id' | 'createdAt' | 'updatedAt'>;

export interface TaskFilter {
  status?: TaskRow['status'];
  assignedTo?: string;
  /** The caller's tasks plus every pending one (employee dashboard). */
  mineAndPendingFor?: string;
}

export async function listTasks(db: Queryable, workspaceId: string, filter: TaskFilter): Promise<TaskRow[]> {
  const where: (SQL | undefined)[] = [eq(tasks.workspaceId, workspaceId)];
  if (filter.status) where.push(eq(tasks.status, filter.status));
  if (filter.assignedTo) where.push(eq(tasks.assignedTo, filter.assignedTo));
  if (filter.mineAndPendingFor) {
    where.push(or(eq(tasks.assignedTo, filter.mineAndPendingFor), eq(tasks.status, 'pending')));
  }
  return db
    .select()
    .from(tasks)
    .where(and(...where))
    .orderBy(sql`case ${tasks.status} when 'completed' then 1 else 0 end`, desc(tasks.createdAt))
    .limit(500);
}

export async function findTask(db: Queryable, workspaceId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)));
  return row;
}

export async function findOpenTaskForQuestion(
  db: Queryable,
  workspaceId: string,
  questionKey: string,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.questionKey, questionKey), ne(tasks.status, 'completed')));
  return row;
}

/** Inserts a task; with a question key, an open task for the same question wins (returns undefined). */
export async function insertTask(db: Queryable, workspaceId: string, task: NewTask): Promise<TaskRow | undefined> {
  const [row] = await db
    .insert(tasks)
    .values({ ...task, workspaceId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateTask(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: Partial<Omit<NewTask, 'taskType'>>,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ ...patch, updatedAt: sql`now()` as unknown as string })
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .returning();
  return row;
}

/** The workspace owner, who is assigned questions the assistant could not answer. */
export async function workspaceOwner(db: Queryable, workspaceId: string): Promise<string | null> {
  const [row] = await db.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.ownerId ?? null;
}

/** Is the user a member of the workspace (assignees must be)? */
export async function isMember(db: Queryable, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row !== undefined;
}

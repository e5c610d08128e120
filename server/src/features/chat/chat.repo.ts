import type { ChatSource, QueryRewrite } from '@helixis/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { messages, threads } from '../../db/schema';

export type ThreadRow = typeof threads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export async function listThreads(db: Queryable, workspaceId: string, userId: string): Promise<ThreadRow[]> {
  return db
    .select()
    .from(threads)
    .where(and(eq(threads.workspaceId, workspaceId), eq(threads.userId, userId)))
    .orderBy(desc(threads.updatedAt), desc(threads.createdAt))
    .limit(200);
}

/** A thread of this user in this workspace (threads are personal). */
export async function findThread(
  db: Queryable,
  workspaceId: string,
  userId: string,
  id: string,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.workspaceId, workspaceId), eq(threads.userId, userId), eq(threads.id, id)));
  return row;
}

export async function insertThread(db: Queryable, workspaceId: string, userId: string, title: string) {
  const [row] = await db.insert(threads).values({ workspaceId, userId, title }).returning();
  if (!row) throw new Error('thread insert returned nothing');
  return row;
}

export async function touchThread(db: Queryable, workspaceId: string, id: string, title: string): Promise<void> {
  await db
    .update(threads)
    .set({ title, updatedAt: new Date().toISOString() })
    .where(and(eq(threads.workspaceId, workspaceId), eq(threads.id, id)));
}

export async function listMessages(db: Queryable, workspaceId: string, threadId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.workspaceId, workspaceId), eq(messages.threadId, threadId)))
    .orderBy(asc(messages.createdAt));
}

export async function insertMessage(
  db: Queryable,
  workspaceId: string,
  message: {
    threadId: string;
    role: 'user' | 'assistant';
    content: string;
    sources?: ChatSource[];
    confidence?: number | null;
    taskId?: string | null;
    rewrite?: QueryRewrite | null;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      workspaceId,
      threadId: message.threadId,
      role: message.role,
      content: message.content,
      sources: message.sources ?? [],
      confidence: message.confidence ?? null,
      taskId: message.taskId ?? null,
      rewrite: message.rewrite ?? null,
    })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { assistants } from '../../db/schema';

export type AssistantRow = typeof assistants.$inferSelect;

export async function listAssistants(db: Queryable, workspaceId: string): Promise<AssistantRow[]> {
  return db.select().from(assistants).where(eq(assistants.workspaceId, workspaceId)).orderBy(asc(assistants.createdAt));
}

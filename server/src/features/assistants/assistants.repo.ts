import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { assistants } from '../../db/schema';

export type AssistantRow = typeof assistants.$inferSelect;

export async function listAssistants(db: Queryable, workspaceId: string): Promise<AssistantRow[]> {
  return db.select().from(assistants).where(eq(assistants.workspaceId, workspaceId)).orderBy(asc(assistants.createdAt));
}

export async function findAssistant(db: Queryable, workspaceId: string, id: string): Promise<AssistantRow | undefined> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.workspaceId, workspaceId), eq(assistants.id, id)));
  return row;
}

/** The live assistant: the workspace default, else the oldest live one. */
export async function findLiveAssistant(db: Queryable, workspaceId: string): Promise<AssistantRow | undefined> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.workspaceId, workspaceId), eq(assistants.isTestVersion, false)))
    .orderBy(desc(assistants.isDefault), asc(assistants.createdAt))
    .limit(1);
  return row;
}

export async function findTestCopy(
  db: Queryable,
  workspaceId: string,
  liveId: string,
): Promise<AssistantRow | undefined> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(
      and(
        eq(assistants.workspaceId, workspaceId),
        eq(assistants.parentAssistantId, liveId),
        eq(assistants.isTestVersion, true),
      ),
    );
  return row;
}

export type AssistantPatch = Partial<
  Pick<AssistantRow, 'name' | 'description' | 'systemPrompt' | 'temperature' | 'useRag'>
>;

export async function updateAssistant(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: AssistantPatch,
): Promise<AssistantRow | undefined> {
  const [row] = await db
    .update(assistants)
    .set({ ...patch, updatedAt: new Date().toISOString() })
    .where(and(eq(assistants.workspaceId, workspaceId), eq(assistants.id, id)))
    .returning();
  return row;
}

/** Inserts the test copy of a live assistant; returns undefined when a concurrent call made it first. */
export async function insertTestCopy(
  db: Queryable,
  live: AssistantRow,
  copy: { name: string; description: string },
): Promise<AssistantRow | undefined> {
  const [row] = await db
    .insert(assistants)
    .values({
      workspaceId: live.workspaceId,
      ownerId: live.ownerId,
      name: copy.name,
      description: copy.description,
      systemPrompt: live.systemPrompt,
      temperature: live.temperature,
      useRag: live.useRag,
      assistantType: live.assistantType,
      isTestVersion: true,
      parentAssistantId: live.id,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

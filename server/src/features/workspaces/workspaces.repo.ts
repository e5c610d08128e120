import {
  BRAND_NAME,
  DEFAULT_ASSISTANT_DESCRIPTION,
  DEFAULT_ASSISTANT_TEMPERATURE,
  DEFAULT_SYSTEM_PROMPT,
  type MembershipRole,
} from '@helixis/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activeWorkspaces, activityLogs, assistants, memberships, profiles, workspaces } from '../../db/schema';

export type WorkspaceRow = typeof workspaces.$inferSelect;

/**
 * The workspace a request works in: the one the user last chose (active_workspaces, set when they accept
 * an invitation) while they are still a member of it, else their oldest membership.
 */
export async function findFirstMembership(db: Queryable, userId: string) {
  const rows = await db
    .select({ workspaceId: memberships.workspaceId, role: memberships.role })
    .from(memberships)
    .leftJoin(
      activeWorkspaces,
      and(eq(activeWorkspaces.userId, memberships.userId), eq(activeWorkspaces.workspaceId, memberships.workspaceId)),
    )
    .where(eq(memberships.userId, userId))
    .orderBy(sql`${activeWorkspaces.workspaceId} is null`, asc(memberships.createdAt))
    .limit(1);
  return rows[0] as { workspaceId: string; role: MembershipRole } | undefined;
}

/** The oldest workspace the user owns: a membership that went missing is re-linked to it, not replaced. */
export async function findOwnedWorkspace(db: Queryable, userId: string): Promise<WorkspaceRow | undefined> {
  const rows = await db
    .select()
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .orderBy(asc(workspaces.createdAt))
    .limit(1);
  return rows[0];
}

export async function findWorkspace(db: Queryable, workspaceId: string): Promise<WorkspaceRow | undefined> {
  const rows = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return rows[0];
}

/** Gives the workspace a name an owner or admin chose; undefined when the row is not visible (RLS). */
export async function renameWorkspace(tx: Tx, workspaceId: string, name: string): Promise<WorkspaceRow | undefined> {
  const rows = await tx
    .update(workspaces)
    .set({ name, nameSource: 'owner', updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId))
    .returning();
  return rows[0];
}

/** Serialises bootstraps of one user across requests and processes for the rest of the transaction. */
export async function lockUserBootstrap(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bootstrap:${userId}`}))`);
}

export async function insertWorkspace(tx: Tx, name: string, ownerId: string): Promise<WorkspaceRow> {
  const rows = await tx.insert(workspaces).values({ name, ownerId }).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into workspaces returned no row');
  return row;
}

export async function insertMembership(tx: Tx, workspaceId: string, userId: string, role: MembershipRole) {
  await tx.insert(memberships).values({ workspaceId, userId, role }).onConflictDoNothing();
}

export async function hasDefaultAssistant(db: Queryable, workspaceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: assistants.id })
    .from(assistants)
    .where(and(eq(assistants.workspaceId, workspaceId), eq(assistants.isDefault, true)))
    .limit(1);
  return rows.length > 0;
}

/** The default assistant (personal, temperature 0.2, question-first prompt); the partial unique index keeps it to one per workspace. */
export async function insertDefaultAssistant(tx: Tx, workspaceId: string, ownerId: string): Promise<boolean> {
  const rows = await tx
    .insert(assistants)
    .values({
      workspaceId,
      ownerId,
      name: BRAND_NAME,
      description: DEFAULT_ASSISTANT_DESCRIPTION,
      systemPrompt: DEFAULT_SYSTEM_PROMPT,
      temperature: DEFAULT_ASSISTANT_TEMPERATURE,
      useRag: true,
      assistantType: 'personal',
      isShared: false,
      isTestVersion: false,
      isDefault: true,
    })
    .onConflictDoNothing()
    .returning({ id: assistants.id });
  return rows.length > 0;
}

export async function ensureProfile(tx: Tx, userId: string): Promise<void> {
  await tx.insert(profiles).values({ id: userId }).onConflictDoNothing();
}

export type ActivityLogRow = typeof activityLogs.$inferSelect;

export interface ActivityLogFilter {
  userId?: string;
  eventType?: string;
  limit: number;
}

/** The workspace's activity log, newest first. */
export async function listActivityLogs(
  db: Queryable,
  workspaceId: string,
  filter: ActivityLogFilter,
): Promise<ActivityLogRow[]> {
  const conditions: SQL[] = [eq(activityLogs.workspaceId, workspaceId)];
  if (filter.userId) conditions.push(eq(activityLogs.userId, filter.userId));
  if (filter.eventType) conditions.push(eq(activityLogs.eventType, filter.eventType));
  return db
    .select()
    .from(activityLogs)
    .where(and(...conditions))
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(filter.limit);
}

/** Records one event of the workspace (workspace_id, user_id, event_type, event_data). */
export async function insertActivityLog(
  tx: Tx,
  entry: { workspaceId: string; userId: string | null; eventType: string; eventData: Record<string, unknown> },
): Promise<ActivityLogRow> {
  const rows = await tx.insert(activityLogs).values(entry).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into activity_logs returned no row');
  return row;
}

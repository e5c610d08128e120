import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cluelyIntegrations, extensionSettings, extensionTokens, memberships, workspaces } from '../../db/schema';

export type TokenRow = typeof extensionTokens.$inferSelect;
export type IntegrationRow = typeof cluelyIntegrations.$inferSelect;

const now = sql`now()` as unknown as string;

/**
 * The one lookup that crosses the tenant wall: a presented token names its own workspace.
 * Callers run it as the owning role (withSystem) and scope everything after it to that workspace.
 */
export async function findTokenByHash(db: Queryable, tokenHash: string): Promise<TokenRow | null> {
  const [row] = await db.select().from(extensionTokens).where(eq(extensionTokens.tokenHash, tokenHash));
  return row ?? null;
}

export async function insertToken(
  db: Queryable,
  workspaceId: string,
  input: { userId: string; kind: TokenRow['kind']; tokenHash: string; expiresAt: string },
): Promise<TokenRow> {
  const [row] = await db
    .insert(extensionTokens)
    .values({ ...input, workspaceId })
    .returning();
  if (!row) throw new Error('token insert returned no row');
  return row;
}

export async function listTokens(db: Queryable, workspaceId: string, onlyUserId: string | null): Promise<TokenRow[]> {
  const where = onlyUserId
    ? and(eq(extensionTokens.workspaceId, workspaceId), eq(extensionTokens.userId, onlyUserId))
    : eq(extensionTokens.workspaceId, workspaceId);
  return db.select().from(extensionTokens).where(where).orderBy(desc(extensionTokens.createdAt)).limit(200);
}

export async function findToken(db: Queryable, workspaceId: string, id: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(extensionTokens)
    .where(and(eq(extensionTokens.workspaceId, workspaceId), eq(extensionTokens.id, id)));
  return row ?? null;
}

export async function revokeToken(db: Queryable, workspaceId: string, id: string): Promise<void> {
  await db
    .update(extensionTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(extensionTokens.workspaceId, workspaceId), eq(extensionTokens.id, id), isNull(extensionTokens.revokedAt)),
    );
}

/** Live tokens of one kind of a member, newest first. */
export async function liveTokenIds(
  db: Queryable,
  workspaceId: string,
  userId: string,
  kind: TokenRow['kind'],
): Promise<string[]> {
  const rows = await db
    .select({ id: extensionTokens.id })
    .from(extensionTokens)
    .where(
      and(
        eq(extensionTokens.workspaceId, workspaceId),
        eq(extensionTokens.userId, userId),
        eq(extensionTokens.kind, kind),
        isNull(extensionTokens.revokedAt),
        sql`${extensionTokens.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(extensionTokens.createdAt));
  return rows.map((r) => r.id);
}

export async function touchToken(db: Queryable, workspaceId: string, id: string): Promise<void> {
  await db
    .update(extensionTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(extensionTokens.workspaceId, workspaceId), eq(extensionTokens.id, id)));
}

export async function membershipRole(db: Queryable, workspaceId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

export async function workspaceName(db: Queryable, workspaceId: string): Promise<string | null> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? null;
}

export async function findSettings(db: Queryable, workspaceId: string) {
  const [row] = await db.select().from(extensionSettings).where(eq(extensionSettings.workspaceId, workspaceId));
  return row ?? null;
}

export async function saveSettings(db: Queryable, workspaceId: string, allowedHosts: string[], userId: string) {
  const [row] = await db
    .insert(extensionSettings)
    .values({ workspaceId, allowedHosts, updatedBy: userId })
    .onConflictDoUpdate({
      target: extensionSettings.workspaceId,
      set: { allowedHosts, updatedBy: userId, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('extension settings upsert returned no row');
  return row;
}

export async function findIntegration(db: Queryable, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ integration: cluelyIntegrations, expiresAt: extensionTokens.expiresAt })
    .from(cluelyIntegrations)
    .leftJoin(
      extensionTokens,
      and(
        eq(extensionTokens.workspaceId, cluelyIntegrations.workspaceId),
        eq(extensionTokens.id, cluelyIntegrations.tokenId),
      ),
    )
    .where(and(eq(cluelyIntegrations.workspaceId, workspaceId), eq(cluelyIntegrations.userId, userId)));
  return row ? { ...row.integration, expiresAt: row.expiresAt } : null;
}

export async function upsertIntegration(
  db: Queryable,
  workspaceId: string,
  userId: string,
  patch: { isActive: boolean; tokenId: string | null },
): Promise<IntegrationRow> {
  const [row] = await db
    .insert(cluelyIntegrations)
    .values({ workspaceId, userId, ...patch })
    .onConflictDoUpdate({ target: [cluelyIntegrations.workspaceId, cluelyIntegrations.userId], set: patch })
    .returning();
  if (!row) throw new Error('cluely integration upsert returned no row');
  return row;
}

export async function markSynced(db: Queryable, workspaceId: string, tokenId: string): Promise<void> {
  await db
    .update(cluelyIntegrations)
    .set({ lastSyncedAt: now })
    .where(and(eq(cluelyIntegrations.workspaceId, workspaceId), eq(cluelyIntegrations.tokenId, tokenId)));
}

import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { mailSyncState, oauthTokens } from '../../db/schema';

/** When each connected mailbox was last read by the background sync (mail.sync job). */
export type SyncStateRow = typeof mailSyncState.$inferSelect;

/** Every connected mailbox across workspaces with when it was last synced (system role: the scheduler). */
export async function mailboxesForSync(db: Queryable) {
  return db
    .select({
      workspaceId: oauthTokens.workspaceId,
      userId: oauthTokens.userId,
      provider: oauthTokens.provider,
      lastSyncedAt: mailSyncState.lastSyncedAt,
    })
    .from(oauthTokens)
    .leftJoin(
      mailSyncState,
      and(
        eq(mailSyncState.workspaceId, oauthTokens.workspaceId),
        eq(mailSyncState.userId, oauthTokens.userId),
        eq(mailSyncState.provider, oauthTokens.provider),
      ),
    )
    .where(eq(oauthTokens.status, 'connected'))
    .orderBy(sql`${mailSyncState.lastSyncedAt} nulls first`)
    .limit(1000);
}

export async function saveSyncState(
  db: Queryable,
  workspaceId: string,
  key: { userId: string; provider: 'gmail' | 'outlook' },
  outcome: { imported: number; error: string | null },
): Promise<void> {
  await db
    .insert(mailSyncState)
    .values({
      workspaceId,
      ...key,
      lastSyncedAt: sql`now()` as unknown as string,
      lastError: outcome.error,
      imported: outcome.imported,
    })
    .onConflictDoUpdate({
      target: [mailSyncState.workspaceId, mailSyncState.userId, mailSyncState.provider],
      set: {
        lastSyncedAt: sql`now()`,
        lastError: outcome.error,
        imported: sql`${mailSyncState.imported} + ${outcome.imported}`,
      },
    });
}

/**
 * Claims a mailbox for this sync interval: sets last_synced_at to now unless another tick did so
 * after `dueBefore`. True for the one caller that should read it.
 */
export async function claimMailbox(
  db: Queryable,
  workspaceId: string,
  key: { userId: string; provider: 'gmail' | 'outlook' },
  dueBefore: Date,
): Promise<boolean> {
  const rows = await db
    .insert(mailSyncState)
    .values({ workspaceId, ...key, lastSyncedAt: sql`now()` as unknown as string })
    .onConflictDoUpdate({
      target: [mailSyncState.workspaceId, mailSyncState.userId, mailSyncState.provider],
      set: { lastSyncedAt: sql`now()` },
      setWhere: sql`${mailSyncState.lastSyncedAt} is null or ${mailSyncState.lastSyncedAt} < ${dueBefore.toISOString()}::timestamptz`,
    })
    .returning({ workspaceId: mailSyncState.workspaceId });
  return rows.length > 0;
}

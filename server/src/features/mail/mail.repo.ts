import type { OAuthProvider } from '@helixis/contract';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  businessProfiles,
  calendarEvents,
  calendarImports,
  emailAliases,
  type MailAttachmentInfo,
  mailMessages,
  oauthStates,
  oauthTokens,
} from '../../db/schema';

export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type OAuthTokenRow = typeof oauthTokens.$inferSelect;
export type AliasRow = typeof emailAliases.$inferSelect;
export type MailRow = typeof mailMessages.$inferSelect;
export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type CalendarImportRow = typeof calendarImports.$inferSelect;

// ── OAuth states ────────────────────────────────────────────────────────────────────────────────
export async function insertState(
  db: Queryable,
  workspaceId: string,
  row: Omit<typeof oauthStates.$inferInsert, 'workspaceId'>,
) {
  await db.insert(oauthStates).values({ ...row, workspaceId });
  // Old states are useless after expiry; keep the table small.
  await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.workspaceId, workspaceId), sql`${oauthStates.expiresAt} < now() - interval '1 day'`));
}

/** Marks a state used and returns it, once: a replayed state finds nothing. */
export async function consumeState(db: Queryable, workspaceId: string, nonce: string): Promise<OAuthStateRow | null> {
  const rows = await db
    .update(oauthStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthStates.workspaceId, workspaceId),
        eq(oauthStates.nonce, nonce),
        sql`${oauthStates.usedAt} is null`,
        sql`${oauthStates.expiresAt} > now()`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

// ── OAuth tokens ────────────────────────────────────────────────────────────────────────────────
export async function findToken(
  db: Queryable,
  workspaceId: string,
  userId: string,
  provider: OAuthProvider,
): Promise<OAuthTokenRow | null> {
  const rows = await db
    .select()
    .from(oauthTokens)
    .where(
      and(eq(oauthTokens.workspaceId, workspaceId), eq(oauthTokens.userId, userId), eq(oauthTokens.provider, provider)),
    );
  return rows[0] ?? null;
}

export async function listTokens(db: Queryable, workspaceId: string): Promise<OAuthTokenRow[]> {
  return db.select().from(oauthTokens).where(eq(oauthTokens.workspaceId, workspaceId));
}

export interface SaveToken {
  userId: string;
  provider: OAuthProvider;
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string | null;
  expiresAt: string | null;
  scopes: string;
  accountHint: string | null;
}

export async function saveToken(db: Queryable, workspaceId: string, input: SaveToken): Promise<void> {
  const set = {
    accessTokenEncrypted: input.accessTokenEncrypted,
    expiresAt: input.expiresAt,
    scopes: input.scopes,
    accountHint: input.accountHint,
    status: 'connected' as const,
    lastError: null,
    updatedAt: sql`now()`,
    // A new grant without a refresh token keeps the one stored before.
    ...(input.refreshTokenEncrypted ? { refreshTokenEncrypted: input.refreshTokenEncrypted } : {}),
  };
  await db
    .insert(oauthTokens)
    .values({ workspaceId, ...input })
    .onConflictDoUpdate({ target: [oauthTokens.workspaceId, oauthTokens.userId, oauthTokens.provider], set });
}

export async function updateTokenAfterRefresh(
  db: Queryable,
  workspaceId: string,
  key: { userId: string; provider: OAuthProvider },
  set: { accessTokenEncrypted: string; refreshTokenEncrypted?: string; expiresAt: string | null },
): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ ...set, status: 'connected', lastError: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(oauthTokens.workspaceId, workspaceId),
        eq(oauthTokens.userId, key.userId),
        eq(oauthTokens.provider, key.provider),
      ),
    );
}

export async function markTokenError(
  db: Queryable,
  workspaceId: string,
  key: { userId: string; provider: OAuthProvider },
  message: string,
): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ status: 'error', lastError: message, updatedAt: sql`now()` })
    .where(
      and(
        eq(oauthTokens.workspaceId, workspaceId),
        eq(oauthTokens.userId, key.userId),
        eq(oauthTokens.provider, key.provider),
      ),
    );
}

export async function deleteToken(db: Queryable, workspaceId: string, userId: string, provider: OAuthProvider) {
  await db
    .delete(oauthTokens)
    .where(
      and(eq(oauthTokens.workspaceId, workspaceId), eq(oauthTokens.userId, userId), eq(oauthTokens.provider, provider)),
    );
}

// ── alias and mails ─────────────────────────────────────────────────────────────────────────────
export async function findAlias(db: Queryable, workspaceId: string): Promise<AliasRow | null> {
  const rows = await db.select().from(emailAliases).where(eq(emailAliases.workspaceId, workspaceId));
  return rows[0] ?? null;
}

/** Inserts the alias unless the workspace has one; returns the workspace's alias either way. */
export async function insertAlias(
  db: Queryable,
  workspaceId: string,
  row: { localPart: string; address: string; createdBy: string },
): Promise<AliasRow | null> {
  await db
    .insert(emailAliases)
    .values({ workspaceId, ...row })
    .onConflictDoNothing({ target: emailAliases.workspaceId });
  return findAlias(db, workspaceId);
}

/** Cross-tenant lookup for the SMTP listener (owner role): which workspace owns a local part. */
export async function aliasByLocalPart(db: Queryable, localPart: string): Promise<AliasRow | null> {
  const rows = await db.select().from(emailAliases).where(eq(emailAliases.localPart, localPart));
  return rows[0] ?? null;
}

export async function insertMail(
  db: Queryable,
  workspaceId: string,
  row: {
    source: 'alias' | 'gmail' | 'outlook';
    externalId: string | null;
    fromAddress: string | null;
    toAddress: string | null;
    subject: string;
    bodyText: string;
    attachments: MailAttachmentInfo[];
    receivedAt?: string;
  },
): Promise<MailRow> {
  const [inserted] = await db
    .insert(mailMessages)
    .values({ workspaceId, ...row })
    .returning();
  if (!inserted) throw new Error('mail insert returned nothing');
  return inserted;
}

/**
 * Inserts a message read from a mailbox unless its provider id is stored already. Serialised per id
 * (transaction-scoped advisory lock), so "Run intake now" and the background sync reading the same
 * mailbox at once store it once. Null when it was there.
 */
export async function insertMailOnce(
  db: Queryable,
  workspaceId: string,
  row: Parameters<typeof insertMail>[2] & { source: 'gmail' | 'outlook'; externalId: string },
): Promise<MailRow | null> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`mail:${workspaceId}:${row.source}:${row.externalId}`}))`,
  );
  const known = await knownExternalIds(db, workspaceId, row.source, [row.externalId]);
  if (known.size > 0) return null;
  return insertMail(db, workspaceId, row);
}

/** Which of these provider message ids are already stored (intake is idempotent). */
export async function knownExternalIds(
  db: Queryable,
  workspaceId: string,
  source: 'gmail' | 'outlook',
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: mailMessages.externalId })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.workspaceId, workspaceId),
        eq(mailMessages.source, source),
        sql`${mailMessages.externalId} = any(${sql.param(ids)}::text[])`,
      ),
    );
  return new Set(rows.map((r) => r.id ?? ''));
}

export async function findMail(db: Queryable, workspaceId: string, id: string): Promise<MailRow | null> {
  const rows = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.id, id)));
  return rows[0] ?? null;
}

export async function setMailDocument(db: Queryable, workspaceId: string, id: string, documentId: string) {
  await db
    .update(mailMessages)
    .set({ documentId })
    .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.id, id)));
}

export async function setMailAttachments(
  db: Queryable,
  workspaceId: string,
  id: string,
  attachments: MailRow['attachments'],
) {
  await db
    .update(mailMessages)
    .set({ attachments })
    .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.id, id)));
}

export async function listMail(db: Queryable, workspaceId: string, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.workspaceId, workspaceId))
    .orderBy(desc(mailMessages.receivedAt))
    .limit(limit);
}

/** Mails received through the workspace's alias (mailbox intake is counted elsewhere). */
export async function countAliasMail(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessages)
    .where(and(eq(mailMessages.workspaceId, workspaceId), eq(mailMessages.source, 'alias')));
  return Number(row?.n ?? 0);
}

// ── calendar ────────────────────────────────────────────────────────────────────────────────────
export async function startImport(
  db: Queryable,
  workspaceId: string,
  row: { sourceType: 'file' | 'url'; sourceName: string | null },
): Promise<CalendarImportRow> {
  const [inserted] = await db
    .insert(calendarImports)
    .values({ workspaceId, ...row, status: 'processing' })
    .returning();
  if (!inserted) throw new Error('import insert returned nothing');
  return inserted;
}

export async function finishImport(
  db: Queryable,
  workspaceId: string,
  id: string,
  outcome: { status: 'completed' | 'failed'; error: string | null; events: number; calendarName: string | null },
) {
  await db
    .update(calendarImports)
    .set({ ...outcome, completedAt: sql`now()` })
    .where(and(eq(calendarImports.workspaceId, workspaceId), eq(calendarImports.id, id)));
}

export async function listImports(db: Queryable, workspaceId: string, limit = 20): Promise<CalendarImportRow[]> {
  return db
    .select()
    .from(calendarImports)
    .where(eq(calendarImports.workspaceId, workspaceId))
    .orderBy(desc(calendarImports.createdAt))
    .limit(limit);
}

/** Replaces the events of earlier imports of the same calendar UIDs, then inserts the new ones. */
export async function replaceEvents(
  db: Queryable,
  workspaceId: string,
  importId: string,
  events: Omit<typeof calendarEvents.$inferInsert, 'workspaceId' | 'importId'>[],
): Promise<void> {
  const uids = [...new Set(events.map((e) => e.uid))];
  for (let i = 0; i < uids.length; i += 500) {
    const batch = uids.slice(i, i + 500);
    await db
      .delete(calendarEvents)
      .where(
        and(eq(calendarEvents.workspaceId, workspaceId), sql`${calendarEvents.uid} = any(${sql.param(batch)}::text[])`),
      );
  }
  for (let i = 0; i < events.length; i += 500) {
    const batch = events.slice(i, i + 500).map((e) => ({ ...e, workspaceId, importId }));
    if (batch.length) await db.insert(calendarEvents).values(batch);
  }
}

export async function listEvents(
  db: Queryable,
  workspaceId: string,
  from: string,
  limit: number,
): Promise<CalendarEventRow[]> {
  return db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.workspaceId, workspaceId), gte(calendarEvents.startsAt, from)))
    .orderBy(asc(calendarEvents.startsAt))
    .limit(limit);
}

export async function countEvents(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(calendarEvents).where(eq(calendarEvents.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function profileExists(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: businessProfiles.id })
    .from(businessProfiles)
    .where(and(eq(businessProfiles.workspaceId, workspaceId), eq(businessProfiles.id, id)))
    .limit(1);
  return rows.length > 0;
}

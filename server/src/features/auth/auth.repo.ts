import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { authSessions, refreshTokens, users } from '../../db/schema';
import type { UserRow } from './auth-user';

// Auth tables are global (not tenant-scoped): these run as the owning role, inside withSystem
// transactions where several statements must agree.

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export interface NewUser {
  email: string | null;
  encryptedPassword: string | null;
  isAnonymous: boolean;
  userMetadata: Record<string, unknown>;
  confirmed: boolean;
  confirmationTokenHash?: string;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({
      email: user.email,
      encryptedPassword: user.encryptedPassword,
      isAnonymous: user.isAnonymous,
      userMetadata: user.userMetadata,
      emailConfirmedAt: user.confirmed ? sql`now()` : null,
      confirmationTokenHash: user.confirmationTokenHash ?? null,
      confirmationSentAt: user.confirmationTokenHash ? sql`now()` : null,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function deleteUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Records a sign-in and returns the user as it now is. */
export async function markSignedIn(db: Queryable, userId: string): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({ lastSignInAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('user disappeared while signing in');
  return row;
}

/** Confirms the e-mail of the user holding this (unexpired) confirmation token; the token is single-use. */
export async function confirmEmail(db: Queryable, tokenHash: string, maxAgeSeconds: number): Promise<string | null> {
  const rows = await db
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, confirmationTokenHash: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.confirmationTokenHash, tokenHash),
        sql`${users.confirmationSentAt} > now() - make_interval(secs => ${maxAgeSeconds}::double precision)`,
      ),
    )
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function insertSession(
  tx: Tx,
  session: { userId: string; userAgent: string | null; ip: string | null; signInMethod: string },
): Promise<string> {
  const rows = await tx.insert(authSessions).values(session).returning({ id: authSessions.id });
  const row = rows[0];
  if (!row) throw new Error('insert into auth_sessions returned no row');
  return row.id;
}

export async function findSession(
  db: Queryable,
  sessionId: string,
): Promise<{ signInMethod: string; createdAt: string } | undefined> {
  const rows = await db
    .select({ signInMethod: authSessions.signInMethod, createdAt: authSessions.createdAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return rows[0];
}

export async function touchSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.update(authSessions).set({ refreshedAt: sql`now()` }).where(eq(authSessions.id, sessionId));
}

/** Ends one session; its refresh tokens go with it (ON DELETE CASCADE). */
export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

export async function deleteUserSessions(db: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      keepSessionId
        ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId))
        : eq(authSessions.userId, userId),
    );
}

export async function insertRefreshToken(
  tx: Tx,
  token: { tokenHash: string; sessionId: string; userId: string; parentHash: string | null },
): Promise<void> {
  await tx.insert(refreshTokens).values(token);
}

export interface LockedRefreshToken {
  id: number;
  tokenHash: string;
  sessionId: string;
  userId: string;
  revoked: boolean;
  /** Rotated less than the reuse interval ago (by the database clock). */
  withinReuseInterval: boolean;
}

/**
 * Reads a refresh token and locks its row until the transaction ends, so two refreshes of one
 * token run one after the other (the second sees the first one's rotation).
 */
export async function lockRefreshToken(
  tx: Tx,
  tokenHash: string,
  reuseIntervalSeconds: number,
): Promise<LockedRefreshToken | undefined> {
  const rows = await tx
    .select({
      id: refreshTokens.id,
      tokenHash: refreshTokens.tokenHash,
      sessionId: refreshTokens.sessionId,
      userId: refreshTokens.userId,
      revoked: refreshTokens.revoked,
      withinReuseInterval: sql<boolean>`${refreshTokens.updatedAt} > now() - make_interval(secs => ${reuseIntervalSeconds}::double precision)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function findRefreshToken(
  tx: Tx,
  sessionId: string,
  tokenHash: string,
): Promise<{ revoked: boolean } | undefined> {
  const rows = await tx
    .select({ revoked: refreshTokens.revoked })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.tokenHash, tokenHash)))
    .limit(1);
  return rows[0];
}

export async function revokeRefreshToken(tx: Tx, id: number): Promise<void> {
  await tx.update(refreshTokens).set({ revoked: true, updatedAt: sql`now()` }).where(eq(refreshTokens.id, id));
}

export async function updatePassword(db: Queryable, userId: string, encryptedPassword: string): Promise<void> {
  await db.update(users).set({ encryptedPassword, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Records when the last recovery mail went out (the user's recovery_sent_at). */
export async function markRecoverySent(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ recoverySentAt: sql`now()` }).where(eq(users.id, userId));
}

/** A mailed link or code proved the address: the user's e-mail counts as confirmed from now on. */
export async function confirmUser(db: Queryable, userId: string): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('user disappeared while confirming');
  return row;
}

/**
 * The link mailed to the new address was opened: it becomes the user's confirmed e-mail (an anonymous
 * user so becomes a permanent one). A unique violation means someone else took the address meanwhile.
 */
export async function applyEmailChange(db: Queryable, userId: string, email: string): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({
      email,
      emailConfirmedAt: sql`now()`,
      newEmail: null,
      emailChangeSentAt: null,
      isAnonymous: false,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('user disappeared while changing its e-mail');
  return row;
}

/** A fresh sign-up confirmation link for an unconfirmed user (POST /resend type signup). */
export async function setConfirmationToken(db: Queryable, userId: string, tokenHash: string): Promise<void> {
  await db
    .update(users)
    .set({ confirmationTokenHash: tokenHash, confirmationSentAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Confirms the e-mail of the holder of an (unexpired) sign-up confirmation token and returns the user. */
export async function confirmEmailUser(
  db: Queryable,
  tokenHash: string,
  maxAgeSeconds: number,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ emailConfirmedAt: sql`now()`, confirmationTokenHash: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.confirmationTokenHash, tokenHash),
        sql`${users.confirmationSentAt} > now() - make_interval(secs => ${maxAgeSeconds}::double precision)`,
      ),
    )
    .returning();
  return rows[0];
}

/** PUT /auth/v1/user: the fields that change, written at once. */
export async function updateUserFields(
  db: Queryable,
  userId: string,
  fields: {
    encryptedPassword?: string;
    userMetadata?: Record<string, unknown>;
    newEmail?: string;
    email?: string;
    confirmEmail?: boolean;
  },
): Promise<UserRow> {
  const rows = await db
    .update(users)
    .set({
      ...(fields.encryptedPassword !== undefined ? { encryptedPassword: fields.encryptedPassword } : {}),
      ...(fields.userMetadata !== undefined ? { userMetadata: fields.userMetadata } : {}),
      ...(fields.newEmail !== undefined ? { newEmail: fields.newEmail, emailChangeSentAt: sql`now()` } : {}),
      ...(fields.email !== undefined ? { email: fields.email, newEmail: null, emailChangeSentAt: null } : {}),
      ...(fields.confirmEmail ? { emailConfirmedAt: sql`now()`, isAnonymous: false } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('user disappeared while updating');
  return row;
}

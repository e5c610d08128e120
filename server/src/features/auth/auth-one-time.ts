import { createHash, randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authOneTimeTokens } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../../platform/opaque-tokens';

/** What a mailed link (and the 6-digit code mailed with it) is for. */
export type OneTimePurpose = 'recovery' | 'magiclink' | 'email_change';

export interface OneTimeRow {
  userId: string;
  purpose: OneTimePurpose;
  email: string;
}

/** Six random digits (leading zeros kept). */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A code is only ever looked up together with the address it was mailed to. */
export function emailCodeHash(email: string, code: string): string {
  return createHash('sha256').update(`helixis email code v1\n${email}\n${code}`).digest('hex');
}

/**
 * Opens a link (and code) for `purpose`, replacing the user's earlier one of the same purpose: only
 * the newest mail works. Returns the link token and the code; only their hashes are stored.
 */
export async function issueOneTimeToken(
  db: Queryable,
  entry: { userId: string; purpose: OneTimePurpose; email: string },
): Promise<{ token: string; code: string }> {
  const token = newOpaqueToken();
  const code = newEmailCode();
  const values = {
    userId: entry.userId,
    purpose: entry.purpose,
    email: entry.email,
    tokenHash: hashToken(token),
    codeHash: emailCodeHash(entry.email, code),
  };
  await db
    .insert(authOneTimeTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [authOneTimeTokens.userId, authOneTimeTokens.purpose],
      set: { email: values.email, tokenHash: values.tokenHash, codeHash: values.codeHash, createdAt: sql`now()` },
    });
  return { token, code };
}

const fresh = (maxAgeSeconds: number) =>
  sql`${authOneTimeTokens.createdAt} > now() - make_interval(secs => ${maxAgeSeconds}::double precision)`;

const returned = {
  userId: authOneTimeTokens.userId,
  purpose: authOneTimeTokens.purpose,
  email: authOneTimeTokens.email,
};

/** Uses a link: deletes its row and returns it when the link is open, fresh and of one of `purposes`. */
export async function consumeLinkToken(
  db: Queryable,
  token: string,
  purposes: OneTimePurpose[],
  maxAgeSeconds: number,
): Promise<OneTimeRow | undefined> {
  const rows = await db
    .delete(authOneTimeTokens)
    .where(
      and(
        eq(authOneTimeTokens.tokenHash, hashToken(token)),
        inArray(authOneTimeTokens.purpose, purposes),
        fresh(maxAgeSeconds),
      ),
    )
    .returning(returned);
  return rows[0];
}

/** Uses a 6-digit code mailed to `email`; the row goes, so the code (and its link) work once. */
export async function consumeEmailCode(
  db: Queryable,
  email: string,
  code: string,
  purposes: OneTimePurpose[],
  maxAgeSeconds: number,
): Promise<OneTimeRow | undefined> {
  const rows = await db
    .delete(authOneTimeTokens)
    .where(
      and(
        eq(authOneTimeTokens.email, email),
        eq(authOneTimeTokens.codeHash, emailCodeHash(email, code)),
        inArray(authOneTimeTokens.purpose, purposes),
        fresh(maxAgeSeconds),
      ),
    )
    .returning(returned);
  return rows[0];
}

export async function deleteOneTimeTokens(db: Queryable, userId: string, purpose: OneTimePurpose): Promise<void> {
  await db
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.purpose, purpose)));
}

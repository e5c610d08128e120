import type { AuthUser } from '@helixis/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** A users row in the GoTrue user shape the client expects. */
export function toAuthUser(row: UserRow): AuthUser {
  const confirmed = iso(row.emailConfirmedAt);
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email ?? '',
    email_confirmed_at: confirmed,
    confirmed_at: confirmed,
    last_sign_in_at: iso(row.lastSignInAt),
    app_metadata: row.isAnonymous
      ? { provider: 'anonymous', providers: [] }
      : { provider: 'email', providers: ['email'] },
    user_metadata: row.userMetadata ?? {},
    identities: [],
    is_anonymous: row.isAnonymous,
    created_at: iso(row.createdAt) ?? new Date(0).toISOString(),
    updated_at: iso(row.updatedAt) ?? new Date(0).toISOString(),
  };
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

import type { AuthIdentity, AuthUser } from '@helixis/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** GoTrue's app_metadata: how the user signs in. Never writable by the user. */
export function appMetadataOf(row: Pick<UserRow, 'isAnonymous' | 'email'>): Record<string, unknown> {
  return row.isAnonymous || !row.email
    ? { provider: 'anonymous', providers: [] }
    : { provider: 'email', providers: ['email'] };
}

/**
 * A users row in the GoTrue user shape the client expects: `phone` always present (`""`), and a user
 * with an e-mail has its one `email` identity (the identity id is the user id: one identity per user).
 */
export function toAuthUser(row: UserRow): AuthUser {
  const confirmed = iso(row.emailConfirmedAt);
  const created = iso(row.createdAt) ?? new Date(0).toISOString();
  const updated = iso(row.updatedAt) ?? new Date(0).toISOString();
  const identities: AuthIdentity[] =
    row.email && !row.isAnonymous
      ? [
          {
            identity_id: row.id,
            id: row.id,
            user_id: row.id,
            identity_data: { sub: row.id, email: row.email, email_verified: confirmed !== null, phone_verified: false },
            provider: 'email',
            last_sign_in_at: iso(row.lastSignInAt),
            created_at: created,
            updated_at: updated,
            email: row.email,
          },
        ]
      : [];
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email ?? '',
    phone: '',
    email_confirmed_at: confirmed,
    confirmed_at: confirmed,
    ...(row.newEmail ? { new_email: row.newEmail, email_change_sent_at: iso(row.emailChangeSentAt) } : {}),
    ...(row.recoverySentAt ? { recovery_sent_at: iso(row.recoverySentAt) } : {}),
    last_sign_in_at: iso(row.lastSignInAt),
    app_metadata: appMetadataOf(row),
    user_metadata: row.userMetadata ?? {},
    identities,
    is_anonymous: row.isAnonymous,
    created_at: created,
    updated_at: updated,
  };
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

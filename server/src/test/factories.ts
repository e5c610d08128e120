import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import type { WorkspaceContext } from '../platform/context';
import { userWorkspaceContext } from '../platform/system-context';
import { signAccessToken } from '../platform/tokens';
import type { TestApp } from './app';

export interface TestUser {
  id: string;
  email: string;
  sessionId: string;
  token: string;
}

/**
 * A user with a live session, written straight to the database (for tests of features other than
 * sign-up itself; the auth tests go through /auth/v1).
 */
export async function createUserWithSession(
  t: Pick<TestApp, 'database' | 'config'>,
  email?: string,
): Promise<TestUser> {
  const address = email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const db: Database = t.database;
  const [user] = await db.query<{ id: string }>(
    `insert into users (email, email_confirmed_at) values ($1, now()) returning id`,
    [address],
  );
  if (!user) throw new Error('user insert failed');
  const [session] = await db.query<{ id: string }>(`insert into auth_sessions (user_id) values ($1) returning id`, [
    user.id,
  ]);
  if (!session) throw new Error('session insert failed');
  const { token } = await signAccessToken(
    t.config.jwtSecret,
    { userId: user.id, sessionId: session.id, email: address, isAnonymous: false },
    t.config.accessTokenTtlSeconds,
  );
  return { id: user.id, email: address, sessionId: session.id, token };
}

/**
 * The context a service receives when `user` acts as owner of `workspaceId`, built the one way the route
 * layer builds it (userWorkspaceContext), for tests that call a service directly.
 */
export function ownerContext(
  t: Pick<TestApp, 'deps'>,
  user: Pick<TestUser, 'id' | 'email' | 'sessionId'>,
  workspaceId: string,
): WorkspaceContext {
  const actor = { id: user.id, email: user.email, isAnonymous: false, sessionId: user.sessionId };
  return userWorkspaceContext(
    { requestId: 'test', log: t.deps.log, deps: t.deps, user: actor, workspace: null },
    { id: workspaceId, role: 'OWNER', businessRole: 'owner' },
  );
}

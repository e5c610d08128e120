import { type AuthUser, authServiceMessages as M, type UpdateUserBody } from '@helixis/contract';
import type { AuthedUser } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { withSystem } from '../../platform/tenant';
import * as repo from './auth.repo';
import { type AuthContext, checkPassword, parseEmail, redirectPathFor } from './auth.service';
import { limitMails, mailEmailChange } from './auth-mail-flows';
import { hashPassword, verifyPassword } from './auth-passwords';
import { findUserById, toAuthUser } from './auth-user';

/** GoTrue's metadata update: keys of `data` replace the stored ones, a `null` value removes its key. */
export function mergeMetadata(stored: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(data)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * PUT /auth/v1/user (updateUser).
 * - `data` is merged into user_metadata.
 * - `password`: weak_password / same_password as GoTrue; with `current_password` (the app's own
 *   settings form) that one is checked first. Every other session of the user ends; this one stays.
 * - `email`: a permanent user gets a confirmation link at the new address and keeps the old one until
 *   it is opened; an anonymous user (with confirmation off) takes the address at once and becomes permanent.
 * The client emits USER_UPDATED with the user this returns.
 */
export async function updateUser({
  ctx,
  user: caller,
  input,
  redirectTo,
}: {
  ctx: AuthContext;
  user: AuthedUser;
  input: UpdateUserBody & { current_password?: unknown };
  redirectTo: string | undefined;
}): Promise<AuthUser> {
  const { database, config } = ctx.deps;
  const user = await findUserById(database.db, caller.id);
  if (!user) throw new AppError('user_not_found', { status: 404, userMessage: M.userNotFound });
  if (input.app_metadata !== undefined) {
    throw new AppError('not_admin', { status: 403, userMessage: 'Updating app_metadata requires admin privileges' });
  }
  if (input.phone?.trim()) throw new AppError('phone_provider_disabled', { status: 400, userMessage: M.phoneDisabled });

  const email = input.email?.trim() ? parseEmail(input.email) : undefined;
  const changesEmail = email !== undefined && email !== user.email;
  const password = input.password;
  if (password !== undefined) checkPassword(password);
  if (user.isAnonymous && password && !email) {
    throw new AppError('validation_failed', { status: 422, userMessage: M.anonymousPasswordNeedsEmail });
  }
  if (changesEmail && (await repo.findUserByEmail(database.db, email))) {
    throw new AppError('email_exists', { status: 422, userMessage: M.emailExists });
  }

  let encryptedPassword: string | undefined;
  if (password !== undefined) {
    if (input.current_password !== undefined) {
      const current = typeof input.current_password === 'string' ? input.current_password : '';
      if (!(await verifyPassword(user.encryptedPassword, current))) {
        throw new AppError('current_password_mismatch', {
          status: 422,
          userMessage: 'Current password is incorrect.',
        });
      }
    }
    if (user.encryptedPassword && (await verifyPassword(user.encryptedPassword, password))) {
      throw new AppError('same_password', { status: 422, userMessage: M.samePassword });
    }
    encryptedPassword = await hashPassword(password);
  }

  // An anonymous user without confirmation takes the address at once (GoTrue's autoconfirm upgrade);
  // everyone else proves the new mailbox first.
  const immediate = changesEmail && user.isAnonymous && !config.emailConfirmation;
  if (changesEmail && !immediate) await limitMails(ctx, `email-change:${user.id}`);

  let updated: typeof user;
  try {
    updated = await withSystem(database, async (tx) => {
      const row = await repo.updateUserFields(tx, user.id, {
        encryptedPassword,
        userMetadata: input.data ? mergeMetadata(user.userMetadata ?? {}, input.data) : undefined,
        ...(immediate ? { email, confirmEmail: true } : changesEmail ? { newEmail: email } : {}),
      });
      if (encryptedPassword !== undefined) await repo.deleteUserSessions(tx, user.id, caller.sessionId);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('email_exists', { status: 422, userMessage: M.emailExists, cause: err });
    throw err;
  }
  if (changesEmail && !immediate && email) {
    await mailEmailChange(ctx, user.id, email, redirectPathFor(ctx, redirectTo));
  }
  ctx.log.info(
    {
      userId: user.id,
      password: encryptedPassword !== undefined,
      metadata: input.data !== undefined,
      email: changesEmail ? (immediate ? 'set' : 'pending') : 'unchanged',
    },
    'user updated',
  );
  return toAuthUser(updated);
}

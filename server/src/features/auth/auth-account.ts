import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { withSystem } from '../../platform/tenant';
import * as repo from './auth.repo';
import { hashPassword, verifyPassword } from './auth-passwords';
import { findUserById } from './auth-user';

/**
 * Settings → Account: a new password only after the current one is checked. Every other session of the
 * user ends (their refresh tokens go with them); the session that made the change stays signed in.
 */
export const changePassword: EndpointHandler<'changePassword'> = async ({ ctx, input }) => {
  const { database } = ctx.deps;
  const user = await findUserById(database.db, ctx.user.id);
  if (!user || user.isAnonymous) throw new AppError('not_authenticated');
  if (!(await verifyPassword(user.encryptedPassword, input.current_password))) {
    throw new AppError('invalid_current_password');
  }
  const encryptedPassword = await hashPassword(input.new_password);
  await withSystem(database, async (tx) => {
    await repo.updatePassword(tx, user.id, encryptedPassword);
    await repo.deleteUserSessions(tx, user.id, ctx.user.sessionId);
  });
  ctx.log.info('password changed');
  return { ok: true };
};

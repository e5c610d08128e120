import type { RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { withSystem } from '../../platform/tenant';
import { allUserIdsExcept, deleteUserCompletely } from '../account';
import { findUserById } from '../auth';

/**
 * A platform operator is a signed-in, confirmed, non-anonymous account whose e-mail is listed in
 * HELIXIS_OPERATOR_EMAILS. Workspace roles play no part: an OWNER is not an operator.
 */
export async function isOperator(ctx: RequestContext): Promise<boolean> {
  const operators = ctx.deps.config.operatorEmails;
  if (operators.length === 0 || ctx.user.isAnonymous) return false;
  const user = await findUserById(ctx.deps.database.db, ctx.user.id);
  const email = user?.email?.toLowerCase();
  return Boolean(email && user?.emailConfirmedAt && operators.includes(email));
}

export const getOperatorStatus: EndpointHandler<'getOperatorStatus'> = async ({ ctx }) => {
  return { operator: await isOperator(ctx) };
};

/** delete-all-users: every account but the caller's, each in its own transaction. */
export const deleteAllUsers: EndpointHandler<'deleteAllUsers'> = async ({ ctx }) => {
  if (!(await isOperator(ctx))) {
    ctx.log.warn('delete-all-users refused: caller is not a platform operator');
    throw new AppError('operator_only');
  }
  const ids = await withSystem(ctx.deps.database, (tx) => allUserIdsExcept(tx, ctx.user.id));
  let usersDeleted = 0;
  let errors = 0;
  for (const id of ids) {
    try {
      await deleteUserCompletely(ctx.deps, id);
      usersDeleted += 1;
    } catch (err) {
      errors += 1;
      ctx.log.error({ err, userId: id }, 'delete-all-users: one account could not be deleted');
    }
  }
  ctx.log.warn({ totalUsersFound: ids.length, usersDeleted, errors }, 'delete-all-users finished');
  return { totalUsersFound: ids.length, usersDeleted, errors };
};

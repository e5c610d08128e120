import { DELETE_ACCOUNT_CONFIRMATION, type DeleteAccountOutput } from '@helixis/contract';
import type { Tx } from '../../db/client';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { withSystem } from '../../platform/tenant';
import * as repo from './account.repo';

/**
 * Removes a user for good, inside the caller's transaction: every workspace they are the last owner of
 * goes with all its rows (documents, chunks, postings, facts, tasks, threads, OAuth tokens, credentials,
 * automations, invitations, memberships — any table with a workspace_id), then their remaining rows and
 * the user. In a workspace that keeps another owner (or where they were only a member) just their
 * membership ends.
 */
export async function purgeUser(tx: Tx, userId: string): Promise<DeleteAccountOutput> {
  await repo.lockUser(tx, userId);
  const memberships = await repo.membershipsOf(tx, userId);
  const doomed = new Set(await repo.orphanWorkspacesOwnedBy(tx, userId));
  let membershipsLeft = 0;
  for (const m of memberships) {
    if (m.role === 'OWNER' && m.owners <= 1) doomed.add(m.workspace_id);
    else membershipsLeft += 1;
  }
  const workspaceTables = await repo.tablesWithColumn(tx, 'workspace_id');
  for (const workspaceId of doomed) {
    // Foreign keys cascade from workspaces; the explicit pass catches any table that has none.
    await repo.deleteWorkspace(tx, workspaceId);
    await repo.deleteRowsIn(tx, workspaceTables, 'workspace_id', workspaceId);
  }
  await repo.deleteRowsIn(tx, await repo.tablesWithColumn(tx, 'user_id'), 'user_id', userId);
  await repo.deleteUser(tx, userId);
  return { workspaces_deleted: doomed.size, memberships_left: membershipsLeft };
}

/** One user deleted in its own transaction (delete-all-users counts failures per user). */
export function deleteUserCompletely(deps: Pick<Deps, 'database'>, userId: string): Promise<DeleteAccountOutput> {
  return withSystem(deps.database, (tx) => purgeUser(tx, userId));
}

/** Settings → Data: "Delete my account and all workspace data", confirmed by typing DELETE. */
export const deleteAccount: EndpointHandler<'deleteAccount'> = async ({ ctx, input }) => {
  if (input.confirmation.trim() !== DELETE_ACCOUNT_CONFIRMATION) throw new AppError('confirmation_mismatch');
  const result = await deleteUserCompletely(ctx.deps, ctx.user.id);
  ctx.log.info({ ...result }, 'account deleted');
  return result;
};

import type { BootstrapAccountOutput, Me, Workspace } from '@helixis/contract';
import { businessRoleFor, defaultWorkspaceName } from '@helixis/domain';
import type { RequestContext, WorkspaceAccess } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import { withSystem, withTenant } from '../../platform/tenant';
import { findUserById, toAuthUser } from '../auth/auth-user';
import * as repo from './workspaces.repo';

function toWorkspace(row: repo.WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    created_at: new Date(row.createdAt).toISOString(),
    ...(row.ownerId ? { owner_id: row.ownerId } : {}),
  };
}

/**
 * `create_workspace_and_owner_role` of the spec, made idempotent: under a per-user lock, creates
 * whatever is missing of workspace + OWNER membership + default assistant + profile. Two racing
 * requests end with exactly one of each.
 */
export async function bootstrapAccount({ ctx }: { ctx: RequestContext }): Promise<BootstrapAccountOutput> {
  const { database } = ctx.deps;
  const userId = ctx.user.id;
  const result = await withSystem(database, async (tx) => {
    await repo.lockUserBootstrap(tx, userId);
    const repaired: BootstrapAccountOutput['repaired'] = [];
    await repo.ensureProfile(tx, userId);
    const membership = await repo.findFirstMembership(tx, userId);
    let workspace = membership ? await repo.findWorkspace(tx, membership.workspaceId) : undefined;
    if (!workspace) {
      const user = await findUserById(tx, userId);
      if (!user) throw new AppError('not_authenticated');
      workspace = await repo.insertWorkspace(tx, defaultWorkspaceName(user.email), userId);
      await repo.insertMembership(tx, workspace.id, userId, 'OWNER');
      repaired.push('workspace', 'membership');
    }
    if (!(await repo.hasDefaultAssistant(tx, workspace.id))) {
      const ownerId = workspace.ownerId ?? userId;
      if (await repo.insertDefaultAssistant(tx, workspace.id, ownerId)) repaired.push('assistant');
    }
    if (repaired.length > 0) await publishEvent(tx, { type: 'workspace.updated', workspaceId: workspace.id });
    return { workspace: toWorkspace(workspace), repaired };
  });
  if (result.repaired.length > 0) {
    ctx.log.info({ workspaceId: result.workspace.id, repaired: result.repaired }, 'workspace bootstrapped');
  }
  return result;
}

/** Reads the caller's membership through RLS; bootstraps the account when there is none. */
export async function resolveWorkspace(ctx: RequestContext): Promise<WorkspaceAccess> {
  const membership = await withTenant(ctx.deps.database, { workspaceId: null, userId: ctx.user.id }, (tx) =>
    repo.findFirstMembership(tx, ctx.user.id),
  );
  if (membership) {
    return { id: membership.workspaceId, role: membership.role, businessRole: businessRoleFor(membership.role) };
  }
  const { workspace } = await bootstrapAccount({ ctx });
  const created = await withTenant(ctx.deps.database, { workspaceId: workspace.id, userId: ctx.user.id }, (tx) =>
    repo.findFirstMembership(tx, ctx.user.id),
  );
  if (!created) throw new AppError('workspace_missing');
  return { id: created.workspaceId, role: created.role, businessRole: businessRoleFor(created.role) };
}

export async function getMe({ ctx }: { ctx: RequestContext }): Promise<Me> {
  const access = await resolveWorkspace(ctx);
  const { database } = ctx.deps;
  const workspace = await withTenant(database, { workspaceId: access.id, userId: ctx.user.id }, (tx) =>
    repo.findWorkspace(tx, access.id),
  );
  if (!workspace) throw new AppError('workspace_missing');
  const user = await findUserById(database.db, ctx.user.id);
  if (!user) throw new AppError('not_authenticated');
  return {
    user: toAuthUser(user),
    workspace: toWorkspace(workspace),
    role: access.role,
    businessRole: access.businessRole,
  };
}

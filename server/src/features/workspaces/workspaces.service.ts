import type { ActivityLog, BootstrapAccountOutput, Workspace } from '@helixis/contract';
import { businessRoleFor, defaultWorkspaceName } from '@helixis/domain';
import type { RequestContext, WorkspaceAccess, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { EndpointHandler } from '../../platform/http';
import { withSystem, withTenant } from '../../platform/tenant';
import { findUserById, toAuthUser } from '../auth';
import { ensureOnboardingSetup } from '../onboarding';
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
 * whatever is missing of workspace + OWNER membership + default assistant + profile (a lost
 * membership is re-linked to the workspace the user owns rather than replaced by a new one). Two racing
 * requests end with exactly one of each.
 */
export const bootstrapAccount: EndpointHandler<'bootstrapAccount'> = async ({ ctx }) => {
  const { database } = ctx.deps;
  const userId = ctx.user.id;
  const result = await withSystem(database, async (tx) => {
    await repo.lockUserBootstrap(tx, userId);
    const repaired: BootstrapAccountOutput['repaired'] = [];
    await repo.ensureProfile(tx, userId);
    const membership = await repo.findFirstMembership(tx, userId);
    let workspace = membership ? await repo.findWorkspace(tx, membership.workspaceId) : undefined;
    if (!workspace) {
      // A membership lost while the workspace survived: give the owner their workspace back.
      const owned = await repo.findOwnedWorkspace(tx, userId);
      if (owned) {
        await repo.insertMembership(tx, owned.id, userId, 'OWNER');
        workspace = owned;
        repaired.push('membership');
      }
    }
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
    const role = membership?.workspaceId === workspace.id ? membership.role : 'OWNER';
    return { workspace: toWorkspace(workspace), repaired, role };
  });
  // The onboarding set-up (business profile, business summary with its first suggestions), also idempotent.
  const { role, ...account } = result;
  const setUp = await ensureOnboardingSetup(ctx, {
    id: account.workspace.id,
    role,
    businessRole: businessRoleFor(role),
  });
  const done: BootstrapAccountOutput = { ...account, repaired: [...account.repaired, ...setUp] };
  if (done.repaired.length > 0) {
    ctx.log.info({ workspaceId: done.workspace.id, repaired: done.repaired }, 'workspace bootstrapped');
  }
  return done;
};

/** Reads the caller's membership through RLS; bootstraps the account when there is none. */
export async function resolveWorkspace(ctx: RequestContext): Promise<WorkspaceAccess> {
  const membership = await withTenant(ctx.deps.database, { workspaceId: null, userId: ctx.user.id }, (tx) =>
    repo.findFirstMembership(tx, ctx.user.id),
  );
  if (membership) {
    return { id: membership.workspaceId, role: membership.role, businessRole: businessRoleFor(membership.role) };
  }
  const { workspace } = await bootstrapAccount({ ctx, input: {} });
  const created = await withTenant(ctx.deps.database, { workspaceId: workspace.id, userId: ctx.user.id }, (tx) =>
    repo.findFirstMembership(tx, ctx.user.id),
  );
  if (!created) throw new AppError('workspace_missing');
  return { id: created.workspaceId, role: created.role, businessRole: businessRoleFor(created.role) };
}

export const getMe: EndpointHandler<'getMe'> = async ({ ctx }) => {
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
};

/**
 * PATCH /api/v1/workspaces/:id: owners and admins rename the workspace they work in (the endpoint's role
 * rule answers members 403). Another workspace's id is not found, as RLS hides it. Recorded in the
 * activity log; the realtime event refreshes every member's sidebar.
 */
export const renameWorkspace: EndpointHandler<'renameWorkspace'> = async ({ ctx, input }) => {
  if (input.id !== ctx.workspace.id) throw new AppError('not_found', { userMessage: 'Workspace not found.' });
  const row = await ctx.tenant(async (tx) => {
    const before = await repo.findWorkspace(tx, ctx.workspace.id);
    if (!before) return undefined;
    const renamed = await repo.renameWorkspace(tx, ctx.workspace.id, input.name);
    if (!renamed) return undefined;
    if (renamed.name !== before.name) {
      await repo.insertActivityLog(tx, {
        workspaceId: ctx.workspace.id,
        userId: ctx.user.id,
        eventType: 'workspace_renamed',
        eventData: { from: before.name, to: renamed.name, source: 'settings' },
      });
      await publishEvent(tx, { type: 'workspace.updated', workspaceId: ctx.workspace.id });
    }
    return renamed;
  });
  if (!row) throw new AppError('not_found', { userMessage: 'Workspace not found.' });
  return toWorkspace(row);
};

function toActivityLog(row: repo.ActivityLogRow): ActivityLog {
  return {
    id: String(row.id),
    workspace_id: row.workspaceId,
    user_id: row.userId,
    event_type: row.eventType,
    event_data: row.eventData,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** Managers and owners read the activity log; the endpoint's role rule keeps employees out. */
export const listActivityLogs: EndpointHandler<'listActivityLogs'> = async ({ ctx, input }) => {
  const rows = await ctx.tenant((tx) =>
    repo.listActivityLogs(tx, ctx.workspace.id, {
      userId: input.user_id,
      eventType: input.event_type,
      limit: input.limit,
    }),
  );
  return { logs: rows.map(toActivityLog) };
};

/** For other features (e.g. onboarding completion): one entry in the caller's workspace log. */
export async function recordActivity(
  ctx: WorkspaceContext,
  eventType: string,
  eventData: Record<string, unknown> = {},
): Promise<ActivityLog> {
  const row = await ctx.tenant((tx) =>
    repo.insertActivityLog(tx, { workspaceId: ctx.workspace.id, userId: ctx.user.id, eventType, eventData }),
  );
  return toActivityLog(row);
}

import type { Deps, RequestContext, WorkspaceAccess, WorkspaceContext } from './context';
import type { Logger } from './logger';
import { withTenant } from './tenant';

/**
 * A workspace-scoped context for work no signed-in user runs (jobs, webhooks): tenant scope and RLS as
 * for a request. Without `onBehalfOf` it has no user id (nothing is attributed to a person); a job a
 * user started (a learning session) passes that user's id, so what it writes is theirs.
 */
export function systemWorkspaceContext(
  deps: Deps,
  log: Logger,
  workspaceId: string,
  requestId: string,
  onBehalfOf = '',
): WorkspaceContext {
  return {
    requestId,
    log,
    deps,
    user: { id: onBehalfOf, email: null, isAnonymous: false, sessionId: '' },
    workspace: { id: workspaceId, role: 'OWNER', businessRole: 'owner' },
    tenant: (fn) => withTenant(deps.database, { workspaceId, userId: onBehalfOf || null }, fn),
  };
}

/**
 * The one way to scope a signed-in actor's context to a workspace they may act in (the route layer after
 * resolving the workspace, the chat stream, an extension token): its log names the user and the
 * workspace, and its tenant scope carries both.
 */
export function userWorkspaceContext(
  ctx: RequestContext,
  workspace: WorkspaceAccess,
  logFields: Record<string, string> = {},
): WorkspaceContext {
  return {
    ...ctx,
    log: ctx.log.child({ userId: ctx.user.id, workspaceId: workspace.id, ...logFields }),
    workspace,
    tenant: (fn) => withTenant(ctx.deps.database, { workspaceId: workspace.id, userId: ctx.user.id }, fn),
  };
}

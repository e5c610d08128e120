import type { Deps, WorkspaceContext } from './context';
import type { Logger } from './logger';
import { withTenant } from './tenant';

/**
 * A workspace-scoped context for work no signed-in user started (jobs, webhooks): tenant scope
 * and RLS as for a request, no user id (so nothing is attributed to a person).
 */
export function systemWorkspaceContext(
  deps: Deps,
  log: Logger,
  workspaceId: string,
  requestId: string,
): WorkspaceContext {
  return {
    requestId,
    log,
    deps,
    user: { id: '', email: null, isAnonymous: false, sessionId: '' },
    workspace: { id: workspaceId, role: 'OWNER', businessRole: 'owner' },
    tenant: (fn) => withTenant(deps.database, { workspaceId, userId: null }, fn),
  };
}

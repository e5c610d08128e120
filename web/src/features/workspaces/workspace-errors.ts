import { workspaceErrors } from '@helixis/contract';
import { ApiError } from '../../lib/api-client';

/** Whether the way out of a workspace error is signing in again rather than trying again. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'invalid_id');
}

/**
 * The detail line under 'Workspace Setup Failed' for a failed workspace load. The server's
 * own text wins when it is one of the catalogue's; otherwise the failure is named by where it happened.
 */
export function workspaceErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) {
    const detail = error instanceof Error ? error.message : String(error);
    return `${workspaceErrors.fetchFailed}${detail}`;
  }
  switch (error.code) {
    case 'invalid_id':
      return workspaceErrors.invalidUserId;
    case 'authentication_invalid':
    case 'session_not_found':
      return workspaceErrors.authError;
    case 'not_authenticated':
      return workspaceErrors.signInAgain;
    case 'workspace_missing':
      return workspaceErrors.missing;
    case 'workspace_create_failed':
      return error.message.startsWith(workspaceErrors.createFailed)
        ? error.message
        : `${workspaceErrors.createFailed}${error.message}`;
    case 'invalid_response':
      return workspaceErrors.rpcNoWorkspace;
    case 'service_unavailable':
      // The request never reached the server: the membership could not even be looked up.
      return `${workspaceErrors.membershipCheck}${error.message}`;
    default:
      return `${workspaceErrors.fetchFailed}${error.message}`;
  }
}

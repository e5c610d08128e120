import { invalidIdMessage, workspaceErrors } from '@helixis/contract';
import { isUuid } from '@helixis/domain';
import { AppError } from './errors';

/**
 * The one check behind "the named workspace is yours". Many of the spec's calls carry the workspace
 * they act on (`workspaceId`, `workspace_id`, `businessId`); the server acts only in the caller's
 * own, so a named id must be that one. Contract endpoints declare the fields (`namesWorkspace`) and
 * registerEndpoints runs this before the handler; the hand-registered upload routes call it directly.
 *
 * Absent, null or blank means "my workspace". A value that is not a UUID answers `invalid_workspace_id`
 * (400, the spec's save code for a local session id); any other workspace `permission_denied` (403)
 * with `workspaceErrors.notYours` — the same code row-level security answers with.
 */
export function assertOwnWorkspace(ownId: string, ...named: unknown[]): void {
  for (const value of named) {
    if (value === undefined || value === null) continue;
    const id = typeof value === 'string' ? value.trim() : String(value);
    if (id === '' || id === ownId) continue;
    if (!isUuid(id)) throw new AppError('invalid_workspace_id', { userMessage: invalidIdMessage('workspace', id) });
    throw new AppError('permission_denied', { userMessage: workspaceErrors.notYours });
  }
}

/** The declared fields of an endpoint's (parsed or raw) input, checked as above. */
export function assertNamedWorkspaces(ownId: string, fields: readonly string[] | undefined, input: unknown): void {
  if (!fields?.length || !input || typeof input !== 'object') return;
  const record = input as Record<string, unknown>;
  assertOwnWorkspace(ownId, ...fields.map((field) => record[field]));
}

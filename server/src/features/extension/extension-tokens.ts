import { createHash, randomBytes } from 'node:crypto';
import type { ExtensionTokenKind } from '@helixis/contract';
import { businessRoleFor } from '@helixis/domain';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { userWorkspaceContext } from '../../platform/system-context';
import { withSystem, withTenant } from '../../platform/tenant';
import * as repo from './extension.repo';

/**
 * Workspace tokens for the browser extension and the desktop-assistant script: 32 random bytes,
 * shown once, stored only as a SHA-256 hash (a high-entropy secret needs no slow hash), scoped to
 * one workspace and one member, expiring, revocable.
 */
const PREFIX: Record<ExtensionTokenKind, string> = { extension: 'hxe_', desktop: 'hxd_' };
const TOKEN_SHAPE = /^hx[ed]_[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  ctx: WorkspaceContext,
  kind: ExtensionTokenKind,
  ttlSeconds: number,
): Promise<{ token: string; row: repo.TokenRow }> {
  const token = `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000).toISOString();
  const row = await ctx.tenant((tx) =>
    repo.insertToken(tx, ctx.workspace.id, { userId: ctx.user.id, kind, tokenHash: hashToken(token), expiresAt }),
  );
  return { token, row };
}

export function tokenIsLive(row: Pick<repo.TokenRow, 'revokedAt' | 'expiresAt'>, now = Date.now()): boolean {
  return row.revokedAt === null && new Date(row.expiresAt).getTime() > now;
}

export interface TokenContext {
  ctx: WorkspaceContext;
  token: repo.TokenRow;
}

/**
 * Turns a presented workspace token into the context of its member in its workspace. Refuses an
 * unknown, revoked or expired token, and one whose member has left the workspace.
 */
export async function authenticateWorkspaceToken(
  deps: Deps,
  presented: string | null,
  request: { requestId: string; log: Logger },
  kinds: readonly ExtensionTokenKind[],
): Promise<TokenContext> {
  if (!presented || !TOKEN_SHAPE.test(presented)) throw new AppError('extension_token_invalid');
  const row = await withSystem(deps.database, (tx) => repo.findTokenByHash(tx, hashToken(presented)));
  if (!row || !kinds.includes(row.kind)) throw new AppError('extension_token_invalid');
  if (row.revokedAt !== null) throw new AppError('extension_token_revoked');
  if (!tokenIsLive(row)) throw new AppError('extension_token_expired');
  const scope = { workspaceId: row.workspaceId, userId: row.userId };
  const role = await withTenant(deps.database, scope, (tx) => repo.membershipRole(tx, row.workspaceId, row.userId));
  if (!role) throw new AppError('extension_token_revoked');
  const ctx = userWorkspaceContext(
    {
      requestId: request.requestId,
      log: request.log,
      deps,
      user: { id: row.userId, email: null, isAnonymous: false, sessionId: '' },
      workspace: null,
    },
    { id: row.workspaceId, role: role as WorkspaceContext['workspace']['role'], businessRole: businessRoleFor(role) },
    { tokenId: row.id },
  );
  await ctx.tenant((tx) => repo.touchToken(tx, row.workspaceId, row.id));
  return { ctx, token: row };
}

/** The bearer value of an Authorization header. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

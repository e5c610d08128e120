/** Credentials, clients and shared helpers of the integrations feature (services import from here). */
import { type ConnectErrorCode, connectErrorMessage, type PropertyProvider } from '@helixis/contract';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { decryptSecret } from '../../platform/crypto';
import { type PropertySession, propertySystem, systemName } from '../../property-systems';
import * as repo from './integrations.repo';

export type WorkspaceInput = { workspaceId?: string; workspace_id?: string };

export function messageFor(code: ConnectErrorCode, provider: PropertyProvider): string {
  return connectErrorMessage(code, systemName(provider));
}

/** Anything thrown by an upstream call, as an UpstreamError (unexpected failures become `unknown`). */
export function asUpstream(ctx: WorkspaceContext, err: unknown, path: string): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const traceId = newTraceId();
  ctx.log.error({ err, traceId }, 'unexpected integration failure');
  return new UpstreamError('unknown', 'unexpected failure', { status: 0, path, traceId, attempts: 1 });
}

export const secretContext = (workspaceId: string, provider: PropertyProvider) =>
  `integration:${workspaceId}:${provider}`;

export function logFailure(
  ctx: WorkspaceContext,
  provider: PropertyProvider,
  action: string,
  err: UpstreamError,
): void {
  // Code, status, path and trace id only: never the credentials.
  ctx.log.warn(
    {
      provider,
      action,
      code: err.code,
      status: err.status,
      path: err.path,
      traceId: err.traceId,
      attempts: err.details.attempts,
    },
    'integration upstream call failed',
  );
}

export interface StoredCredentials {
  row: repo.ConnectionRow;
  secret: string;
  snapshot: repo.SnapshotRow | null;
}

export async function loadCredentials(
  ctx: WorkspaceContext,
  provider: PropertyProvider,
): Promise<StoredCredentials | null> {
  const found = await ctx.tenant(async (tx) => {
    const row = await repo.findConnection(tx, ctx.workspace.id, provider);
    return row ? { row, snapshot: await repo.latestSnapshot(tx, ctx.workspace.id, provider) } : null;
  });
  if (!found) return null;
  const secret = decryptSecret(
    ctx.deps.config.encryptionKey,
    found.row.secretEncrypted,
    secretContext(ctx.workspace.id, provider),
  );
  return { ...found, secret };
}

/** A session with the system of the stored credentials (throws UpstreamError when its host is unusable). */
export function openSession(ctx: WorkspaceContext, creds: StoredCredentials): PropertySession {
  const { row, secret } = creds;
  return propertySystem(row.provider).open({ clientId: row.clientId, secret, baseUrl: row.baseUrl }, ctx.deps.config);
}

/** Credentials, clients and shared helpers of the integrations feature (services import from here). */
import { type ConnectErrorCode, connectErrorMessages, type PropertyProvider } from '@helixis/contract';
import type { Config } from '../../config';
import { AppfolioClient } from '../../integrations/appfolio/client';
import { BuildiumClient, normaliseBuildiumBaseUrl } from '../../integrations/buildium/client';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { decryptSecret } from '../../platform/crypto';
import * as repo from './integrations.repo';

export const UPSTREAM_TIMEOUT_MS = 15_000;

export type WorkspaceInput = { workspaceId?: string; workspace_id?: string };

export function messageFor(code: ConnectErrorCode, provider: PropertyProvider): string {
  const text = connectErrorMessages[code];
  return provider === 'appfolio' ? text.replace('Buildium', 'AppFolio') : text;
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

// ── clients ─────────────────────────────────────────────────────────────────────────────────────

export function defaultBuildiumBaseUrl(config: Pick<Config, 'buildiumBaseUrl'>): string | null {
  const value = config.buildiumBaseUrl;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? normaliseBuildiumBaseUrl(value) : null;
  } catch {
    return null;
  }
}

/**
 * The Base URL or API Host as entered (a host without scheme gets https), or null when it is not one.
 * Plain http is accepted only for a trusted upstream (the local fakes): credentials never cross the
 * internet unencrypted.
 */
export function parseBuildiumBaseUrl(value: string, trustedUpstreams: readonly string[]): string | null {
  const text = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(text);
    if (url.username || url.password) return null;
    if (url.protocol === 'http:' && !trustedUpstreams.includes(`${url.hostname}:${url.port || '80'}`)) return null;
    return normaliseBuildiumBaseUrl(text);
  } catch {
    return null;
  }
}

/** Why parseBuildiumBaseUrl refused a Base URL, in the owner's words (the connect result names the cause). */
export function buildiumBaseUrlProblem(value: string): string {
  const text = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(text);
    if (url.username || url.password) return 'The Base URL must not contain a user name or password.';
    if (url.protocol === 'http:') {
      return 'The Base URL must start with https:// — your credentials are never sent over plain http.';
    }
  } catch {
    // falls through
  }
  return 'The Base URL is not a valid web address (for example https://api.buildium.com).';
}

export function buildiumClient(
  ctx: WorkspaceContext,
  baseUrl: string,
  clientId: string,
  secret: string,
): BuildiumClient {
  return new BuildiumClient({
    baseUrl,
    clientId,
    clientSecret: secret,
    config: ctx.deps.config,
    timeoutMs: UPSTREAM_TIMEOUT_MS,
  });
}

export function appfolioClient(ctx: WorkspaceContext, host: string, clientId: string, secret: string): AppfolioClient {
  return new AppfolioClient({ host, clientId, clientSecret: secret, config: ctx.deps.config, timeoutMs: 60_000 });
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

export function clientFor(ctx: WorkspaceContext, creds: StoredCredentials): BuildiumClient | AppfolioClient {
  const { row, secret } = creds;
  if (row.provider === 'appfolio') return appfolioClient(ctx, row.baseUrl ?? '', row.clientId, secret);
  const baseUrl = row.baseUrl ?? defaultBuildiumBaseUrl(ctx.deps.config);
  if (!baseUrl) {
    throw new UpstreamError('env_missing', 'no Buildium host configured', {
      status: 0,
      path: '',
      traceId: newTraceId(),
      attempts: 0,
    });
  }
  return buildiumClient(ctx, baseUrl, row.clientId, secret);
}

/** A cheap authenticated read proving the key works; an associations-only key is refused on rentals. */
export async function probeBuildium(client: BuildiumClient): Promise<number> {
  const traceId = newTraceId();
  try {
    await client.count('/v1/rentals', {}, traceId);
    return 1;
  } catch (err) {
    if (!(err instanceof UpstreamError) || err.code !== 'insufficient_scope') throw err;
    await client.count('/v1/associations', {}, traceId);
    return err.details.attempts + 1;
  }
}

export async function probe(client: BuildiumClient | AppfolioClient): Promise<void> {
  if (client instanceof BuildiumClient) await probeBuildium(client);
  else await client.report('property_directory');
}

export const LABEL: Record<PropertyProvider, string> = { buildium: 'Buildium', appfolio: 'AppFolio' };

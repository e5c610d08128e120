import { createHash } from 'node:crypto';
import {
  CLIENT_LOG_RATE_LIMIT,
  CLIENT_LOG_WINDOW_SECONDS,
  type ClientLogInput,
  type ClientLogOutput,
} from '@helixis/contract';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { RateLimiter } from '../../platform/rate-limit';
import * as repo from './client-log.repo';

export interface ClientLogContext {
  deps: Deps;
  log: Logger;
  limiter: RateLimiter;
  requestId: string;
  client: { ip: string; userAgent: string | null; userId: string | null };
}

/** Stores one crash report, at most CLIENT_LOG_RATE_LIMIT per address and window. */
export async function storeClientLog({
  ctx,
  input,
}: {
  ctx: ClientLogContext;
  input: ClientLogInput;
}): Promise<ClientLogOutput> {
  const quota = await ctx.limiter.consume(`client-log:${ctx.client.ip}`, {
    limit: CLIENT_LOG_RATE_LIMIT,
    windowSeconds: CLIENT_LOG_WINDOW_SECONDS,
  });
  if (!quota.allowed) {
    throw new AppError('rate_limited', { headers: { 'Retry-After': String(quota.retryAfterSeconds) } });
  }
  const row = await repo.insertClientLog(ctx.deps.database.db, {
    kind: input.kind,
    boundary: input.boundary,
    message: input.message,
    stack: input.stack ?? null,
    componentStack: input.componentStack ?? null,
    path: input.path,
    userAgent: ctx.client.userAgent,
    userId: ctx.client.userId,
    ipHash: createHash('sha256').update(ctx.client.ip).digest('hex'),
    requestId: ctx.requestId,
  });
  // The message goes to the log as well, so a crash shows up where operators already look.
  ctx.log.warn({ clientLogId: row.id, kind: input.kind, path: input.path, message: input.message }, 'client crash');
  return { id: row.id, stored: true };
}

import { CLIENT_LOG_PATH, ClientLogInput, MAX_CLIENT_LOG_BYTES } from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/context';
import { authenticateRequest, parseInput } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import { createRateLimiter } from '../../platform/rate-limit';
import { storeClientLog } from './client-log.service';

/** The signed-in user when a valid token came along; a crash report never fails for want of one. */
async function optionalUserId(deps: Deps, request: FastifyRequest): Promise<string | null> {
  if (!request.headers.authorization) return null;
  try {
    return (await authenticateRequest(deps, request)).id;
  } catch {
    return null;
  }
}

/**
 * POST /__client-log: public (a crash may come before sign-in), size-capped below the app's JSON
 * limit and rate-limited per client address. A raw route because it needs the body cap and the address.
 */
export function registerClientLogRoutes(app: FastifyInstance, deps: Deps): void {
  const limiter = createRateLimiter(deps.database);
  app.post(
    CLIENT_LOG_PATH,
    { config: { access: 'public' }, bodyLimit: MAX_CLIENT_LOG_BYTES },
    async (request, reply) => {
      const input = parseInput(ClientLogInput, request.body);
      const result = await storeClientLog({
        ctx: {
          deps,
          log: request.log as unknown as Logger,
          limiter,
          requestId: request.id,
          client: {
            ip: request.ip,
            userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
            userId: await optionalUserId(deps, request),
          },
        },
        input,
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(result);
    },
  );
}

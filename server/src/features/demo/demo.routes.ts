import { DEMO_CHAT_PATH, DemoChatInput } from '@helixis/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context';
import { parseInput } from '../../platform/http';
import { createRateLimiter } from '../../platform/rate-limit';
import { answerDemoMessage } from './demo.service';

/** POST /functions/v1/demo-chat: public, rate-limited per client address (a raw route for the address). */
export function registerDemoRoutes(app: FastifyInstance, deps: Deps): void {
  const limiter = createRateLimiter(deps.database);
  app.post(DEMO_CHAT_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const input = parseInput(DemoChatInput, request.body);
    const result = await answerDemoMessage({ ctx: { limiter, client: { ip: request.ip } }, input });
    reply.header('cache-control', 'no-store');
    return result;
  });
}

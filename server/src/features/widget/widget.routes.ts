import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDGET_CHAT_PATH, WIDGET_SCRIPT_PATH, WidgetChatInput } from '@helixis/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../platform/context';
import { parseInput } from '../../platform/http';
import { createRateLimiter } from '../../platform/rate-limit';
import { answerWidgetMessage } from './widget.service';

const SCRIPT = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'widget-script.js'), 'utf8');

/** The widget runs on the owner's own site: only these two routes allow any origin. */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('access-control-max-age', '600');
}

/** GET /widget.js and POST /functions/v1/widget-chat: public, no cookies, no tokens. */
export function registerWidgetRoutes(app: FastifyInstance, deps: Deps): void {
  const limiter = createRateLimiter(deps.database);
  app.get(WIDGET_SCRIPT_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('text/javascript; charset=utf-8').send(SCRIPT);
  });
  app.options(WIDGET_CHAT_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    allowAnyOrigin(reply);
    return reply.code(204).send();
  });
  app.post(WIDGET_CHAT_PATH, { config: { access: 'public' } }, async (request, reply) => {
    allowAnyOrigin(reply);
    const input = parseInput(WidgetChatInput, request.body);
    const result = await answerWidgetMessage(deps, limiter, { ip: request.ip }, input);
    reply.header('cache-control', 'no-store');
    return result;
  });
}

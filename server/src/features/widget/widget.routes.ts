import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  WIDGET_CHAT_PATH,
  WIDGET_CONFIG_PATH,
  WIDGET_DOCUMENT_PATH,
  WIDGET_SCRIPT_PATH,
  WidgetChatInput,
  WidgetConfigInput,
  WidgetDocumentInput,
} from '@helixis/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../platform/context';
import { parseInput } from '../../platform/http';
import { createRateLimiter } from '../../platform/rate-limit';
import { answerWidgetMessage, widgetConfig, widgetDocument } from './widget.service';

const SCRIPT = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'widget-script.js'), 'utf8');

/** The widget runs on the owner's own site: only the widget routes allow any origin. */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('access-control-max-age', '600');
}

/**
 * GET /widget.js, GET /functions/v1/widget-config, GET /functions/v1/widget-document and
 * POST /functions/v1/widget-chat: public, no cookies, no tokens.
 */
export function registerWidgetRoutes(app: FastifyInstance, deps: Deps): void {
  const limiter = createRateLimiter(deps.database);
  app.get(WIDGET_SCRIPT_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('text/javascript; charset=utf-8').send(SCRIPT);
  });
  // The display settings only (greeting, colour, suggestions, position): what any visitor's browser sees anyway.
  app.get(WIDGET_CONFIG_PATH, { config: { access: 'public' } }, async (request, reply) => {
    allowAnyOrigin(reply);
    const input = parseInput(WidgetConfigInput, request.query);
    const config = await widgetConfig(deps, input.workspace);
    reply.header('cache-control', 'public, max-age=60');
    return config;
  });
  // A public document's text for the page a widget source opens (same origin as the page; decision 040).
  app.get(WIDGET_DOCUMENT_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const input = parseInput(WidgetDocumentInput, request.query);
    const document = await widgetDocument(deps, limiter, { ip: request.ip }, input);
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    return document;
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

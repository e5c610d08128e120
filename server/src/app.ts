import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type EndpointName, endpoints, MAX_JSON_BODY_BYTES } from '@helixis/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { accountHandlers } from './features/account';
import { adminHandlers } from './features/admin';
import { assistantHandlers } from './features/assistants';
import { registerAuthRoutes } from './features/auth';
import { automationHandlers, registerAutomationRoutes } from './features/automations';
import { chatHandlers, registerChatRoutes, registerVoiceRoutes } from './features/chat';
import { registerClientLogRoutes } from './features/client-log';
import { connectorHandlers } from './features/connectors';
import { dashboardHandlers, registerSecretRoutes } from './features/dashboard';
import { registerDemoRoutes } from './features/demo';
import { extensionHandlers, registerExtensionRoutes } from './features/extension';
import { factHandlers, registerFactsRealtime } from './features/facts';
import { integrationHandlers } from './features/integrations';
import { jobHandlers } from './features/jobs';
import { knowledgeHandlers, registerKnowledgeRoutes } from './features/knowledge';
import { mailHandlers, registerMailRoutes } from './features/mail';
import { onboardingHandlers } from './features/onboarding';
import { profileHandlers } from './features/profile';
import { taskHandlers } from './features/tasks';
import { teamHandlers } from './features/team';
import { registerWidgetRoutes } from './features/widget';
import { resolveWorkspace as resolveWorkspaceUncached, workspaceHandlers } from './features/workspaces';
import type { Deps } from './platform/context';
import { answerError, installErrorHandler, sendError } from './platform/error-handler';
import { AppError } from './platform/errors';
import { type EndpointHandlers, registerEndpoints } from './platform/http';
import { installInputRules } from './platform/input-rules';
import { buildOpenApi } from './platform/openapi';
import { pingDatabase, registerOpsRoutes } from './platform/ops';
import { CACHED_READS, cachedWorkspaceResolver, registerReadCache } from './platform/read-cache';
import { registerRealtime } from './platform/realtime';
import { registerSecurityHeaders } from './platform/security-headers';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  /** Serve the built web app (web/dist) when present. Default true. */
  serveWeb?: boolean;
}

/** Every HTTP route of the product; tests call it with inject() or listen on a free port. */
export async function buildApp(deps: Deps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: MAX_JSON_BODY_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // X-Forwarded-* only from the configured proxies (HELIXIS_TRUSTED_PROXIES); otherwise request.ip is
    // the socket's peer, so no client can pick the address its rate limits are counted under.
    trustProxy: deps.config.trustedProxies.length > 0 ? deps.config.trustedProxies : false,
    // A malformed URL (e.g. `/%zz`) or an over-long path parameter fails before routing; without this
    // Fastify answers in its own shape and without x-request-id.
    frameworkErrors: (err, request, reply) => {
      reply.header('x-request-id', request.id);
      return answerError(err, request, reply);
    },
  });

  // Every route must say who may call it: an unguarded route stops the server at start-up.
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    route.config ??= {};
    const config = route.config as { access?: string; rootPath?: string };
    // Files of the built web app (registered by @fastify/static) are public by nature.
    if (!config.access && config.rootPath && path.resolve(config.rootPath) === WEB_DIST) config.access = 'public';
    const access = config.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access.`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // WebSocket routes refuse over the upgraded socket; the route-enumeration test needs to know which they are.
    const websocket = (route as { websocket?: boolean }).websocket === true;
    for (const method of methods) routes.push({ method: String(method), url: route.url, access, websocket });
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  installErrorHandler(app);
  // UTF-8 JSON only; no NUL or unpaired surrogate in any string of a body, query or path (400).
  installInputRules(app);
  await registerSecurityHeaders(app);
  registerOpsRoutes(app, deps);
  // Sessions, workspace resolutions and some GET answers kept per process (platform/read-cache.ts).
  await registerReadCache(app, deps, new Set([...CACHED_READS].map((name) => endpoints[name as EndpointName].path)));
  const resolveWorkspace = cachedWorkspaceResolver(resolveWorkspaceUncached);

  app.get('/healthz', { config: { access: 'public' } }, async () => {
    await pingDatabase(deps);
    return { status: 'ok', database: deps.database.kind };
  });
  const openApi = buildOpenApi();
  app.get('/api/v1/openapi.json', { config: { access: 'public' } }, async () => openApi);

  const handlers = {
    ...workspaceHandlers,
    ...assistantHandlers,
    ...jobHandlers,
    ...knowledgeHandlers,
    ...profileHandlers,
    ...onboardingHandlers,
    ...factHandlers,
    ...integrationHandlers,
    ...chatHandlers,
    ...taskHandlers,
    ...mailHandlers,
    ...dashboardHandlers,
    ...automationHandlers,
    ...extensionHandlers,
    ...teamHandlers,
    ...accountHandlers,
    ...adminHandlers,
    ...connectorHandlers,
  } satisfies EndpointHandlers;
  registerAuthRoutes(app, deps);
  registerClientLogRoutes(app, deps);
  registerDemoRoutes(app, deps);
  await registerKnowledgeRoutes(app, deps, resolveWorkspace);
  await registerMailRoutes(app, deps, resolveWorkspace);
  await registerAutomationRoutes(app, deps);
  registerEndpoints(app, deps, handlers, resolveWorkspace);
  registerChatRoutes(app, deps, resolveWorkspace);
  const realtime = await registerRealtime(app, deps, resolveWorkspace);
  registerFactsRealtime(app, realtime.acceptSocket);
  registerVoiceRoutes(app, deps, resolveWorkspace);
  registerExtensionRoutes(app, deps);
  registerSecretRoutes(app, deps, resolveWorkspace);
  registerWidgetRoutes(app, deps);

  const serveWeb = (options.serveWeb ?? true) && existsSync(path.join(WEB_DIST, 'index.html'));
  const indexHtml = serveWeb ? readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : '';
  if (serveWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (and the app's own 404 page) are rendered by the web app.
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendError(
      request,
      reply,
      new AppError('route_not_found', { userMessage: `No route ${request.method} ${request.url.split('?')[0]}` }),
    );
  });

  return app;
}

/**
 * Paths the API owns (an unknown one there is a JSON 404); every other GET is a page of the web app.
 * The auth service lives under /auth/ (e.g. /auth/v1/token), while /auth itself is the app's sign-in page.
 */
export function isApiPath(url: string): boolean {
  return /^\/(api|functions|healthz|readyz|metrics|ws)(\/|$)|^\/auth\//.test(url);
}

export interface RouteEntry {
  method: string;
  url: string;
  access: string;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { isDirectLoopback } from './client-address';
import type { Deps } from './context';
import { installErrorHandler } from './error-handler';
import { httpDuration, httpRequests, metricsRegistry } from './metrics';

/**
 * Operations endpoints of every process: `/readyz` (database and job queue reachable, not draining)
 * and `/metrics` (Prometheus text), plus the HTTP request metrics hook. The API app gets them through
 * `registerOpsRoutes`; a worker process (HELIXIS_ROLE=worker) serves only these on its own port.
 */

const draining = new WeakSet<FastifyInstance>();

/** SIGTERM: from now on /readyz answers 503 so a balancer stops sending work here. */
export function markDraining(app: FastifyInstance): void {
  draining.add(app);
}

const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Null when this process can take work, else why not. */
export async function notReadyReason(app: FastifyInstance, deps: Deps): Promise<string | null> {
  if (draining.has(app)) return 'shutting down';
  try {
    await withTimeout(deps.database.query('select 1'), READY_TIMEOUT_MS, 'the database');
  } catch (err) {
    return `database unreachable: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    const queue = await withTimeout(deps.jobs.check(), READY_TIMEOUT_MS, 'the job queue');
    if (queue) return queue;
  } catch (err) {
    return `job queue unreachable: ${err instanceof Error ? err.message : String(err)}`;
  }
  return null;
}

const pings = new WeakMap<Deps, { inFlight?: Promise<unknown>; okAt: number }>();
/** A `select 1` that succeeded this recently answers `/healthz` without another round trip. */
const PING_FRESH_MS = 1_000;

/**
 * `select 1` for `/healthz`, at most about once a second under load: a success is reused for
 * PING_FRESH_MS and requests arriving while a check is in flight share it. A failure is never reused.
 * (On PGlite every query is serialised and costs ~0.3 ms of the process's CPU.)
 */
export async function pingDatabase(deps: Deps): Promise<void> {
  let state = pings.get(deps);
  if (!state) {
    state = { okAt: 0 };
    pings.set(deps, state);
  }
  if (Date.now() - state.okAt < PING_FRESH_MS) return;
  const current = state;
  current.inFlight ??= deps.database
    .query('select 1')
    .then(() => {
      current.okAt = Date.now();
    })
    .finally(() => {
      current.inFlight = undefined;
    });
  await current.inFlight;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * With HELIXIS_METRICS_TOKEN set, a scrape must carry it as a bearer token. Without it, only a direct
 * connection from this machine may scrape: the socket's address (not the forwarded one) is loopback
 * and no proxy forwarded the request for someone else.
 */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? '';
    const [scheme, value] = header.split(' ');
    return scheme?.toLowerCase() === 'bearer' && value !== undefined && sameSecret(value.trim(), token);
  }
  return isDirectLoopback(request);
}

export function registerOpsRoutes(app: FastifyInstance, deps: Deps): void {
  // While draining, an answered request also ends its keep-alive connection: otherwise the listener's
  // close would wait for the client's idle connection to time out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.has(app)) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern (`/api/v1/tasks/:id`), never the raw URL: label values stay bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/readyz', { config: { access: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    const reason = await notReadyReason(app, deps);
    reply.header('cache-control', 'no-store');
    if (reason) return reply.status(503).send({ status: 'unavailable', reason });
    return { status: 'ready', database: deps.database.kind, role: deps.config.role };
  });

  app.get('/metrics', { config: { access: 'public' }, logLevel: 'warn' }, async (request, reply) => {
    if (!metricsAllowed(request, deps.config.metricsToken)) {
      return reply
        .status(403)
        .send({ error: { code: 'permission_denied', message: 'Metrics are only served to the monitoring system.' } });
    }
    reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store');
    return metricsRegistry.metrics();
  });
}

/** The only HTTP a worker process serves: liveness, readiness and metrics. */
export async function buildOpsApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: deps.log as FastifyBaseLogger });
  installErrorHandler(app);
  app.get('/healthz', { config: { access: 'public' }, logLevel: 'warn' }, async () => {
    await pingDatabase(deps);
    return { status: 'ok', database: deps.database.kind };
  });
  registerOpsRoutes(app, deps);
  return app;
}

import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { startInboundMail } from './features/mail';
import { allJobs } from './jobs';
import type { Deps } from './platform/context';
import { Jobs } from './platform/jobs';
import { createLogger } from './platform/logger';
import { buildOpsApp, markDraining } from './platform/ops';
import { publicOriginWarning } from './platform/public-origin';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  const { applied } = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const role = config.role;
  // api: no job handlers here (the worker processes run them); worker and all: handlers and schedules.
  const jobs = new Jobs({ config, database, log }, { workers: role !== 'api' });
  for (const job of allJobs) await jobs.register(job);
  const deps: Deps = { config, database, log, jobs };
  // A worker serves no product HTTP: only /healthz, /readyz and /metrics on its port.
  const app = role === 'worker' ? await buildOpsApp(deps) : await buildApp(deps);
  await jobs.start();
  await app.listen({ port: config.port, host: config.host });
  const originWarning = role === 'worker' ? undefined : publicOriginWarning(config);
  if (originWarning) log.warn(originWarning);
  if (role !== 'worker' && !config.jwtKeys.signing) {
    log.warn(
      'HELIXIS_JWT_SIGNING_KEY is not set: access tokens are signed HS256 with HELIXIS_JWT_SECRET and /auth/v1/.well-known/jwks.json is empty (docs/decisions/030).',
    );
  }
  // The alias receiver runs only when a port is configured (HELIXIS_INBOUND_SMTP_PORT), and only where
  // jobs run (worker or all): API processes scale out behind a proxy, and two of them cannot bind one port.
  const inboundMail =
    config.inboundMail.port === undefined || role === 'api'
      ? null
      : await startInboundMail(deps, { port: config.inboundMail.port, host: config.inboundMail.host });
  log.info(
    { port: config.port, database: database.kind, role, pid: process.pid },
    role === 'worker'
      ? `Helixis worker is running (health and metrics on http://localhost:${config.port})`
      : `Helixis is running on http://localhost:${config.port}`,
  );

  let stopping = false;
  /**
   * SIGTERM/SIGINT: readiness turns 503 at once; the listener closes (new connections refused, requests
   * in flight answered, websockets closed after their queued sends); job workers stop taking jobs and
   * running ones get the grace period, after which pg-boss fails them back into the queue as retries;
   * then the database closes. Whatever still hangs after HELIXIS_SHUTDOWN_TIMEOUT_SECONDS ends with exit 1.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal }, 'shutting down');
    markDraining(app);
    const limitMs = config.shutdownTimeoutSeconds * 1000;
    setTimeout(() => {
      log.error({ signal, ms: Date.now() - started }, 'shutdown took too long; exiting');
      process.exit(1);
    }, limitMs).unref();
    try {
      await Promise.all([inboundMail?.close(), app.close(), jobs.stop()]);
      await database.close();
      log.info({ signal, ms: Date.now() - started }, 'shut down');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`Helixis failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

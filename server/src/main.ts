import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { startInboundMail } from './features/mail/inbound-smtp';
import { allJobs } from './jobs';
import type { Deps } from './platform/context';
import { Jobs } from './platform/jobs';
import { createLogger } from './platform/logger';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  const { applied } = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const jobs = new Jobs({ config, database, log });
  for (const job of allJobs) await jobs.register(job);
  const deps: Deps = { config, database, log, jobs };
  const app = await buildApp(deps);
  await jobs.start();
  await app.listen({ port: config.port, host: config.host });
  // The alias receiver runs only when a port is configured (HELIXIS_INBOUND_SMTP_PORT).
  const inboundMail =
    config.inboundMail.port === undefined
      ? null
      : await startInboundMail(deps, { port: config.inboundMail.port, host: config.inboundMail.host });
  log.info({ port: config.port, database: database.kind }, `Helixis is running on http://localhost:${config.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await inboundMail?.close();
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`Helixis failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

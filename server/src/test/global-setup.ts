import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { allJobs } from '../jobs';
import { Jobs } from '../platform/jobs';
import { createLogger } from '../platform/logger';

/**
 * Migrates one template database per run so each test file starts from a copy in milliseconds:
 * a PGlite data dump for the embedded runs, a PostgreSQL template database for server runs.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'helixis-test-'));
  const kind = project.name.includes(':postgres') ? 'postgres' : 'pglite';
  let cleanup: () => Promise<void> = async () => undefined;

  if (kind === 'pglite') {
    const db = await openDatabase({});
    await migrate(db);
    await installJobQueue(db, dir);
    const dump = await db.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite dump failed');
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('pgliteTemplate', file);
  } else {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('HELIXIS_TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `helixis_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const tplUrl = withDatabase(url, template);
    const db = await openDatabase({ url: tplUrl, poolSize: 1 });
    await migrate(db);
    await installJobQueue(db, dir);
    await db.close();
    project.provide('pgTemplate', template);
    cleanup = async () => {
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `helixis_t%_${process.pid}_%`,
      ]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  return async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** pg-boss installs its schema on first start (~1 s on PGlite): done once here, not in every test file. */
async function installJobQueue(database: Database, dir: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: dir,
    HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
    HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
  });
  const jobs = new Jobs({ config, database, log: createLogger('silent') });
  for (const job of allJobs) await jobs.register(job);
  await jobs.start();
  await jobs.stop();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    pgTemplate?: string;
  }
}

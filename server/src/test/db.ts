import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind: TestDbKind = process.env.HELIXIS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let counter = 0;

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const file = inject('pgliteTemplate');
    if (!file) throw new Error('global setup did not provide a PGlite template');
    return openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
  }
  const copy = await copyPostgresTemplate();
  const database = await openDatabase({ url: copy.url, poolSize: 5 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await copy.drop();
  };
  return database;
}

/** A new PostgreSQL database copied from the run's migrated template (URL and drop); postgres runs only. */
export async function copyPostgresTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) throw new Error('global setup did not provide a PostgreSQL template');
  const name = `helixis_t${counter++}_${process.ppid}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(url, name),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: all Helixis processes agree on it so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 727_274_001;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies the SQL files of ./migrations in name order, each in its own transaction, under a
 * session advisory lock so that two servers starting at once against one PostgreSQL never
 * run the same migration twice. Already-applied files are skipped; an edited one is refused.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await withMigrationLock(database, async (run) => {
    await run(
      `CREATE TABLE IF NOT EXISTS helixis_migrations (
         id text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const rows = (await run('SELECT id, checksum FROM helixis_migrations')) as { id: string; checksum: string }[];
    const done = new Map(rows.map((r) => [r.id, r.checksum]));
    for (const file of files) {
      const body = readFileSync(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(body).digest('hex');
      const previous = done.get(file);
      if (previous) {
        if (previous !== checksum) throw new Error(`Migration ${file} was changed after it was applied.`);
        continue;
      }
      await run(
        `BEGIN;\n${body}\n;INSERT INTO helixis_migrations (id, checksum) VALUES ('${file}', '${checksum}');\nCOMMIT;`,
      );
      applied.push(file);
    }
  });
  return { applied };
}

type Run = (sql: string) => Promise<unknown[]>;

async function withMigrationLock(database: Database, fn: (run: Run) => Promise<void>): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    // One process owns a PGlite folder; the lock is still taken so the code path is the same.
    const client = database.pglite;
    const run: Run = async (sql) => {
      const results = await client.exec(sql);
      return results.at(-1)?.rows ?? [];
    };
    await run(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await fn(run);
    } catch (err) {
      await client.exec('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await run(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
    return;
  }
  if (!database.pool) throw new Error('No database connection to migrate.');
  const conn = await database.pool.connect();
  const run: Run = async (sql) => {
    const res = await conn.query(sql);
    const last = Array.isArray(res) ? res.at(-1) : res;
    return last?.rows ?? [];
  };
  try {
    await run(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await fn(run);
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await run(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    conn.release();
  }
}

import path from 'node:path';
import type { Database } from '../../server/src/db/client';

/**
 * Opens the PGlite database of a stopped test server (its data folder) for test setup that has no API,
 * e.g. giving a user the employee role. PGlite allows one process at a time, so the server must be down.
 * The server's database code is imported here, on first use: most browser-test files never need it, and
 * every file imports this module (through product.ts).
 */
export async function withServerDatabase<T>(dataDir: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const { openDatabase } = await import('../../server/src/db/client');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

import path from 'node:path';
import { type Database, openDatabase } from '../../server/src/db/client';

/**
 * Opens the PGlite database of a stopped test server (its data folder) for test setup that has no API,
 * e.g. giving a user the employee role. PGlite allows one process at a time, so the server must be down.
 */
export async function withServerDatabase<T>(dataDir: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

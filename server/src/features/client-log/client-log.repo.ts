import { desc } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { clientLogs } from '../../db/schema';

export type ClientLogRow = typeof clientLogs.$inferSelect;
export type NewClientLog = typeof clientLogs.$inferInsert;

/** Client logs are global (a crash can happen before sign-in), so these take no workspace id. */
export async function insertClientLog(db: Queryable, entry: NewClientLog): Promise<ClientLogRow> {
  const rows = await db.insert(clientLogs).values(entry).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into client_logs returned no row');
  return row;
}

export async function latestClientLogs(db: Queryable, limit: number): Promise<ClientLogRow[]> {
  return db.select().from(clientLogs).orderBy(desc(clientLogs.createdAt)).limit(limit);
}

/** Deletes reports older than `days`; returns how many went. */
export async function deleteClientLogsOlderThan(database: Database, days: number): Promise<number> {
  const [row] = await database.query<{ deleted: number }>(
    `with gone as (delete from client_logs where created_at < now() - make_interval(days => $1::integer) returning 1)
     select count(*)::int as deleted from gone`,
    [days],
  );
  return row?.deleted ?? 0;
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repos accept both. */
export type Queryable = AppDb | Tx;

/** The rows of a raw SQL statement: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: AppDb;
  /** Plain SQL as the owning role, outside any tenant scope (migrations, auth, jobs). */
  query<T extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements at once (migrations). */
  exec(text: string): Promise<void>;
  /**
   * Called after a `query` that may have written, or an `exec`, has finished (so committed): the read
   * cache drops what it holds (platform/read-cache.ts). Writes through `db` are not seen here.
   */
  afterWrite: Set<() => void>;
  /**
   * LISTEN on a channel; returns an unsubscribe function. `onState(true)` once listening and again after
   * a lost connection is replaced, `onState(false)` when it drops (notifications may be missed meanwhile).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded instance, when kind is pglite (pg-boss adapter, dumps). */
  pglite?: PGlite;
  /** The pool, when kind is postgres. */
  pool?: pg.Pool;
}

export interface OpenDatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string;
  /** PGlite data folder; undefined keeps it in memory. */
  dataDir?: string;
  /** A PGlite data dump (tar) to start from: tests start from a migrated template. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

/** Statements that can only read: `select`/`with`/`show`/`values` naming no writing command. */
const READ_ONLY = /^\s*(select|with|show|values)\b/i;
const WRITING_WORD = /\b(insert|update|delete|merge|truncate|notify|pg_notify|nextval|setval|call|lock)\b/i;

function notifyWrite(afterWrite: Set<() => void>, text: string): void {
  if (afterWrite.size === 0 || (READ_ONLY.test(text) && !WRITING_WORD.test(text))) return;
  for (const fn of afterWrite) fn();
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | File | undefined): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { vector, pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  const afterWrite = new Set<() => void>();
  return {
    kind: 'pglite',
    db,
    pglite: client,
    afterWrite,
    async query(text, params) {
      const res = await client.query(text, params as unknown[] | undefined);
      notifyWrite(afterWrite, text);
      return res.rows as never[];
    },
    async exec(text) {
      await client.exec(text);
      notifyWrite(afterWrite, text);
    },
    async listen(channel, onPayload, onState) {
      const unsub = await client.listen(channel, onPayload);
      onState?.(true);
      return async () => {
        await unsub();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A database that does not answer fails a request within seconds (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection the server dropped (restart, terminated backend) is discarded by the pool and
  // replaced on next use; unheard, the error would end the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema }) as unknown as AppDb;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const stateWatchers = new Set<(listening: boolean) => void>();
  let listenClient: Promise<pg.Client> | undefined;
  let closed = false;

  /**
   * One connection carries every LISTEN. When it drops it is replaced (retrying each second) and
   * subscribed again; notifications sent while it was down are lost, as with any LISTEN.
   */
  function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    let lost = false;
    const c = new pg.Client({ connectionString: url });
    const current = (async () => {
      c.on('notification', (msg) => {
        for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
      });
      await c.connect();
      for (const channel of listeners.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      for (const watch of stateWatchers) watch(true);
      return c;
    })();
    const onLost = () => {
      if (lost) return;
      lost = true;
      for (const watch of stateWatchers) watch(false);
      if (listenClient === current) listenClient = undefined;
      c.end().catch(() => undefined);
      const retry = () => {
        if (closed || listenClient || listeners.size === 0) return;
        ensureListenClient().catch(() => setTimeout(retry, 1_000).unref());
      };
      setTimeout(retry, 1_000).unref();
    };
    c.on('error', onLost);
    c.on('end', onLost);
    current.catch(onLost);
    listenClient = current;
    return current;
  }

  const afterWrite = new Set<() => void>();
  return {
    kind: 'postgres',
    db,
    pool,
    afterWrite,
    async query(text, params) {
      const res = await pool.query(text, params as unknown[] | undefined);
      notifyWrite(afterWrite, text);
      return res.rows;
    },
    async exec(text) {
      await pool.query(text);
      notifyWrite(afterWrite, text);
    },
    async listen(channel, onPayload, onState) {
      const c = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      if (onState) {
        stateWatchers.add(onState);
        onState(true);
      }
      return async () => {
        set.delete(onPayload);
        if (onState) stateWatchers.delete(onState);
      };
    },
    async close() {
      closed = true;
      const c = await listenClient?.catch(() => undefined);
      await c?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

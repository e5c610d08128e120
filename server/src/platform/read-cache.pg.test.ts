import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession } from '../test/factories';
import { waitFor } from '../test/wait';
import { readCacheOf } from './read-cache';

/**
 * PostgreSQL only: the LISTEN connection that carries the cache notifications is cut. A write made
 * while it is down sends a notification nobody hears; the cache must not serve what it held before.
 */

let t: TestApp;
let other: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  other = new pg.Client({ connectionString: t.database.pool?.options.connectionString });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await t?.close();
});

/** Polls `fn` until it holds, failing after 6 s with what it saw. */
const until = (fn: () => boolean | Promise<boolean>) =>
  waitFor(
    async () => fn(),
    (ok) => ok,
    6_000,
    20,
  );

describe('read cache when the LISTEN connection drops', () => {
  it('caches nothing while it is down and drops what it held once it is back', async () => {
    const user = await createUserWithSession(t);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: user.token });
    const workspaceId: string = me.body.workspace.id;
    await other.query(`insert into tasks (workspace_id, title, task_type) values ($1, 'Before', 'follow_up')`, [
      workspaceId,
    ]);
    const titles = async () =>
      (await api<any>(t, 'GET', '/api/v1/tasks', { token: user.token })).body.tasks.map((x: any) => x.title);
    await until(async () => (await titles())[0] === 'Before');
    const cache = readCacheOf(t.deps);
    if (!cache) throw new Error('no read cache');
    // Served from the cache (once the notifications of the set-up writes have all arrived).
    await until(async () => {
      const hits = cache.stats.hits;
      const seen = await titles();
      return cache.stats.hits === hits + 1 && seen[0] === 'Before';
    });

    // Cut this process's LISTEN connection (the one that listens on helixis_cache).
    const cut = await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN "helixis_%'`,
    );
    expect(cut.rowCount).toBe(1);
    await until(() => !cache.enabled);
    // Written while nobody listens: its notification is lost.
    await other.query(`update tasks set title = 'During' where workspace_id = $1`, [workspaceId]);
    expect(await titles()).toEqual(['During']);
    await until(() => cache.enabled);
    expect(await titles()).toEqual(['During']);
    // And the cache works again.
    const again = cache.stats.hits;
    expect(await titles()).toEqual(['During']);
    expect(cache.stats.hits).toBe(again + 1);
  });
});

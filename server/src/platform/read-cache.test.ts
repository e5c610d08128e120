import { type Endpoint, endpoints } from '@helixis/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';
import { waitFor } from '../test/wait';
import { CACHED_READ_TABLES, CACHED_READS, ReadCache, readCacheOf } from './read-cache';

/**
 * The per-process read cache (read-cache.ts) over HTTP and a real database: every answer it gives must
 * be the one the database would give, except for the notification latency after a write made
 * elsewhere. "Elsewhere" is a separate connection that this process's code does not go through:
 * a second pool on PostgreSQL, drizzle's own connection on PGlite (PGlite has one process).
 */

let t: TestApp;
/** Writes as another process would: the app only hears of them through NOTIFY. */
let elsewhere: { query(text: string, params?: unknown[]): Promise<unknown>; close(): Promise<void> };

beforeAll(async () => {
  t = await startTestApp();
  if (t.database.kind === 'postgres') {
    const url = t.database.pool?.options.connectionString;
    if (!url) throw new Error('no connection string');
    const other: Database = await openDatabase({ url, poolSize: 1 });
    elsewhere = { query: (text, params) => other.query(text, params), close: () => other.close() };
  } else {
    const client = t.database.pglite;
    if (!client) throw new Error('no PGlite client');
    elsewhere = { query: (text, params) => client.query(text, params), close: async () => undefined };
  }
});
afterAll(async () => {
  await elsewhere?.close();
  await t?.close();
});

const hits = () => readCacheOf(t.deps)?.stats.hits ?? 0;

/** Polls `fn` until it returns true (the notification arrived), failing after 5 s. */
const eventually = (fn: () => Promise<boolean>) => waitFor(fn, (ok) => ok, 5_000, 20);

async function owner(): Promise<{ user: TestUser; workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<any>(t, 'GET', '/api/v1/me', { token: user.token });
  expect(me.status).toBe(200);
  return { user, workspaceId: me.body.workspace.id };
}

async function insertTask(workspaceId: string, title: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into tasks (workspace_id, title, task_type) values ($1, $2, 'follow_up') returning id`,
    [workspaceId, title],
  );
  if (!row) throw new Error('task insert failed');
  return row.id;
}

async function taskTitles(token: string): Promise<{ status: number; titles: string[] }> {
  const res = await api<any>(t, 'GET', '/api/v1/tasks', { token });
  return { status: res.status, titles: res.status === 200 ? res.body.tasks.map((x: any) => x.title) : [] };
}

describe('cached reads in the contract', () => {
  it('caches exactly the endpoints the contract flags, each a GET behind a session', () => {
    const flagged = Object.entries(endpoints as Record<string, Endpoint>).filter(([, e]) => e.cachedRead);
    expect(flagged.map(([name]) => name).sort()).toEqual([...CACHED_READS].sort());
    expect(flagged.map(([name]) => name).sort()).toEqual(['getMe', 'listDocuments', 'listTasks']);
    for (const [, e] of flagged) {
      expect(e.method).toBe('GET');
      expect(e.access).not.toBe('public');
    }
  });
});

describe('read cache', () => {
  it('answers a repeated read from the cache with the same body as the database', async () => {
    const { user, workspaceId } = await owner();
    await insertTask(workspaceId, 'Call the plumber');
    const first = await api<any>(t, 'GET', '/api/v1/tasks', { token: user.token });
    // On PostgreSQL the notifications of the set-up writes may arrive after the first read and make it
    // unusable once (correctly): read again until an answer comes from the cache.
    let second = first;
    await eventually(async () => {
      const before = hits();
      second = await api<any>(t, 'GET', '/api/v1/tasks', { token: user.token });
      return hits() === before + 1;
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(first.body.tasks.map((x: any) => x.title)).toEqual(['Call the plumber']);
  });

  it('shows a write made through the same process on the very next read', async () => {
    const { user, workspaceId } = await owner();
    const id = await insertTask(workspaceId, 'Fix the gate');
    await api(t, 'GET', '/api/v1/tasks', { token: user.token });
    await api(t, 'GET', '/api/v1/tasks', { token: user.token });
    const patched = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, {
      token: user.token,
      body: { status: 'in_progress' },
    });
    expect(patched.status).toBe(200);
    const after = await api<any>(t, 'GET', '/api/v1/tasks', { token: user.token });
    expect(after.body.tasks.map((x: any) => x.status)).toEqual(['in_progress']);
  });

  it('shows a write made elsewhere once its notification arrives, and only then reads the database again', async () => {
    const { user, workspaceId } = await owner();
    await insertTask(workspaceId, 'Old title');
    expect((await taskTitles(user.token)).titles).toEqual(['Old title']);
    // The worker (another process) changes the row: this process hears of it only through NOTIFY.
    await elsewhere.query(`update tasks set title = 'New title' where workspace_id = $1`, [workspaceId]);
    await eventually(async () => (await taskTitles(user.token)).titles[0] === 'New title');
    // A documents row written elsewhere likewise.
    const before = await api<any>(t, 'GET', '/api/v1/documents', { token: user.token });
    expect(before.body.total).toBe(0);
    await elsewhere.query(
      `insert into documents (workspace_id, title, format, source, status) values ($1, 'Lease', 'txt', 'upload', 'READY')`,
      [workspaceId],
    );
    await eventually(
      async () => (await api<any>(t, 'GET', '/api/v1/documents', { token: user.token })).body.total === 1,
    );
  });

  it('refuses a signed-out token on the next request through the same process', async () => {
    const signUp = await api<any>(t, 'POST', '/auth/v1/signup', {
      body: { email: `cache-${Date.now()}@example.com`, password: 'Cache-test-password-42' },
    });
    const token: string = signUp.body.access_token;
    expect((await api(t, 'GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await api(t, 'GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await api(t, 'GET', '/api/v1/tasks', { token })).status).toBe(200);
    expect((await api(t, 'POST', '/auth/v1/logout', { token })).status).toBe(204);
    expect((await api(t, 'GET', '/api/v1/me', { token })).status).toBe(401);
    expect((await api(t, 'GET', '/api/v1/tasks', { token })).status).toBe(401);
  });

  it('ends every session of a global sign-out at once, and a revocation made elsewhere after its notification', async () => {
    const email = `cache-global-${Date.now()}@example.com`;
    const password = 'Cache-test-password-42';
    const a = (await api<any>(t, 'POST', '/auth/v1/signup', { body: { email, password } })).body.access_token;
    const b = (await api<any>(t, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password } })).body
      .access_token;
    for (const token of [a, b, a, b]) expect((await api(t, 'GET', '/api/v1/tasks', { token })).status).toBe(200);
    expect((await api(t, 'POST', '/auth/v1/logout?scope=global', { token: a })).status).toBe(204);
    expect((await api(t, 'GET', '/api/v1/tasks', { token: b })).status).toBe(401);

    // A session revoked by another process (refresh-token reuse deletes the session, sign-out elsewhere).
    const c = await createUserWithSession(t);
    for (let i = 0; i < 2; i++) expect((await api(t, 'GET', '/api/v1/me', { token: c.token })).status).toBe(200);
    await elsewhere.query('delete from auth_sessions where id = $1', [c.sessionId]);
    await eventually(async () => (await api(t, 'GET', '/api/v1/me', { token: c.token })).status === 401);
  });

  it('enforces a role change and a removal made elsewhere, and never serves one member the answer of another', async () => {
    const { user: boss, workspaceId } = await owner();
    await insertTask(workspaceId, 'Shared task');
    const manager = await createUserWithSession(t);
    const employee = await createUserWithSession(t);
    await t.database.query(
      `insert into memberships (workspace_id, user_id, role) values ($1, $2, 'ADMIN'), ($1, $3, 'MEMBER')`,
      [workspaceId, manager.id, employee.id],
    );
    for (let i = 0; i < 2; i++) {
      expect((await api(t, 'GET', '/api/v1/documents', { token: manager.token })).status).toBe(200);
      // The manager's cached answer is not the employee's: employees may not list documents.
      expect((await api(t, 'GET', '/api/v1/documents', { token: employee.token })).status).toBe(403);
    }
    const meOf = async (u: TestUser) => (await api<any>(t, 'GET', '/api/v1/me', { token: u.token })).body;
    for (let i = 0; i < 2; i++) {
      expect((await meOf(manager)).user.id).toBe(manager.id);
      expect((await meOf(employee)).user.id).toBe(employee.id);
      expect((await meOf(boss)).user.id).toBe(boss.id);
    }

    // Demoted elsewhere: documents are refused once the notification arrives.
    await elsewhere.query(`update memberships set role = 'MEMBER' where workspace_id = $1 and user_id = $2`, [
      workspaceId,
      manager.id,
    ]);
    await eventually(async () => (await api(t, 'GET', '/api/v1/documents', { token: manager.token })).status === 403);
    expect((await meOf(manager)).role).toBe('MEMBER');

    // Removed elsewhere: the workspace's tasks are no longer shown (the user gets a workspace of their own).
    expect((await taskTitles(employee.token)).titles).toEqual(['Shared task']);
    await elsewhere.query('delete from memberships where workspace_id = $1 and user_id = $2', [
      workspaceId,
      employee.id,
    ]);
    await eventually(async () => (await meOf(employee)).workspace.id !== workspaceId);
    expect((await taskTitles(employee.token)).titles).toEqual([]);

    // Removed through the API of this process: enforced on the next request.
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      workspaceId,
      employee.id,
    ]);
    await t.database.query(
      `insert into active_workspaces (user_id, workspace_id) values ($1, $2)
         on conflict (user_id) do update set workspace_id = excluded.workspace_id`,
      [employee.id, workspaceId],
    );
    expect((await meOf(employee)).workspace.id).toBe(workspaceId);
    expect((await taskTitles(employee.token)).titles).toEqual(['Shared task']);
    const removed = await api(t, 'DELETE', `/api/v1/team/members/${employee.id}`, { token: boss.token });
    expect(removed.status).toBe(200);
    expect((await meOf(employee)).workspace.id).not.toBe(workspaceId);
    expect((await taskTitles(employee.token)).titles).toEqual([]);
  });

  it('keeps two workspaces apart for the same query string', async () => {
    const one = await owner();
    const two = await owner();
    await insertTask(one.workspaceId, 'One');
    await insertTask(two.workspaceId, 'Two');
    for (let i = 0; i < 2; i++) {
      expect((await taskTitles(one.user.token)).titles).toEqual(['One']);
      expect((await taskTitles(two.user.token)).titles).toEqual(['Two']);
      const q = '?status=pending';
      expect((await api<any>(t, 'GET', `/api/v1/tasks${q}`, { token: one.user.token })).body.tasks).toHaveLength(1);
    }
    // Row-level security is unchanged: a tenant transaction of workspace one sees none of two's tasks.
    const seen = await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.workspace_id', ${one.workspaceId}, true), set_config('role', 'helixis_app', true)`,
      );
      return rowsOf<{ title: string }>(tx, sql`select title from tasks`);
    });
    expect(seen.map((r) => r.title)).toEqual(['One']);
  });

  it('puts the invalidation triggers on every table the cached reads depend on', async () => {
    const rows = await t.database.query<{ table: string; n: number }>(
      `select c.relname as table, count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where g.tgname like 'helixis_cache_%' group by c.relname`,
    );
    const triggers = new Map(rows.map((r) => [r.table, r.n]));
    for (const table of CACHED_READ_TABLES) expect(triggers.get(table) ?? 0, table).toBeGreaterThanOrEqual(3);
  });
});

describe('ReadCache', () => {
  it('keeps nothing while not listening and drops everything when listening resumes', () => {
    const cache = new ReadCache();
    const entry = { body: '{}', workspaceId: 'w', userId: 'u', at: cache.stamp() };
    cache.rememberRead('k', entry);
    expect(cache.read('k')).toBeUndefined();
    cache.setListening(true);
    cache.rememberRead('k', { ...entry, at: cache.stamp() });
    expect(cache.read('k')).toBe('{}');
    cache.setListening(false);
    expect(cache.read('k')).toBeUndefined();
    cache.setListening(true);
    expect(cache.read('k')).toBeUndefined();
  });

  it('does not keep an answer whose versions moved while it was read', () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const at = cache.stamp();
    cache.onNotification('w:w1');
    cache.rememberRead('k', { body: 'old', workspaceId: 'w1', userId: 'u1', at });
    expect(cache.read('k')).toBeUndefined();
    const at2 = cache.stamp();
    cache.rememberRead('k', { body: 'new', workspaceId: 'w1', userId: 'u1', at: at2 });
    cache.onNotification('w:other');
    expect(cache.read('k')).toBe('new');
    cache.onNotification('u:u1');
    expect(cache.read('k')).toBeUndefined();
    cache.rememberRead('k', { body: 'newer', workspaceId: 'w1', userId: 'u1', at: cache.stamp() });
    cache.onNotification('*');
    expect(cache.read('k')).toBeUndefined();
  });

  it('holds at most 16 Mi characters of answers, dropping the oldest first', () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const body = 'x'.repeat(200 * 1024);
    for (let i = 0; i < 200; i++) {
      cache.rememberRead(`k${i}`, { body, workspaceId: 'w', userId: 'u', at: cache.stamp() });
    }
    const { reads, readChars } = cache.sizes();
    expect(readChars).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(reads).toBe(Math.floor((16 * 1024 * 1024) / body.length));
    expect(cache.read('k199')).toBe(body);
    expect(cache.read('k0')).toBeUndefined();
    // Too large to keep at all.
    cache.rememberRead('big', { body: 'y'.repeat(300 * 1024), workspaceId: 'w', userId: 'u', at: cache.stamp() });
    expect(cache.read('big')).toBeUndefined();
  });
});

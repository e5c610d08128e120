import { errorCatalogue, type RealtimeEvent } from '@helixis/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../db/client';
import { activityLogs, jobStatus } from '../db/schema';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';
import { AppError } from './errors';
import { EVENTS_CHANNEL } from './events';
import { defineJob } from './jobs';
import { withTenant } from './tenant';

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Test jobs: a two-step job held at 50% until the test releases it, a job that always fails the
// way an upstream outage does, one that crashes with an internal error, and one that just completes.
const release = new Map<string, () => void>();
const stepsJob = defineJob({
  name: 'test.steps',
  payload: z.object({ label: z.string() }).strict(),
  async run({ job, progress }) {
    const gate = new Promise<void>((resolve) => release.set(job.id, resolve));
    await progress(50);
    await gate;
  },
});
const flakyAttempts: number[] = [];
const flakyJob = defineJob({
  name: 'test.flaky',
  payload: z.object({}).strict(),
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  async run() {
    flakyAttempts.push(Date.now());
    throw new AppError('upstream_unavailable', { cause: new Error('connect ECONNREFUSED 10.9.8.7:443') });
  },
});
const crashJob = defineJob({
  name: 'test.crash',
  payload: z.object({}).strict(),
  retryLimit: 0,
  async run() {
    throw new Error('relation "internal_secret_table" does not exist');
  },
});
const noopRuns: string[] = [];
const noopJob = defineJob({
  name: 'test.noop',
  payload: z.object({ n: z.number().int() }).strict(),
  async run({ payload }) {
    noopRuns.push(String(payload.n));
  },
});

let t: TestApp;
let a: TestUser;
let b: TestUser;
let workspaceA: string;
let workspaceB: string;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const job of [stepsJob, flakyJob, crashJob, noopJob]) await t.deps.jobs.register(job);
  a = await createUserWithSession(t);
  b = await createUserWithSession(t);
  workspaceA = (await api<any>(t, 'GET', '/api/v1/me', { token: a.token })).body.workspace.id;
  workspaceB = (await api<any>(t, 'GET', '/api/v1/me', { token: b.token })).body.workspace.id;
  await t.database.listen(EVENTS_CHANNEL, (payload) => events.push(JSON.parse(payload)));
});
afterAll(async () => {
  for (const go of release.values()) go();
  await t?.close();
});

const getJob = (user: TestUser, id: string) => api<any>(t, 'GET', `/api/v1/jobs/${id}`, { token: user.token });
const bossJob = async (id: string) =>
  (await t.database.query<{ state: string }>('select state from pgboss.job where id = $1', [id]))[0];

describe('jobs', () => {
  it('runs a job to completed, with its progress visible over GET /api/v1/jobs/:id and as events', async () => {
    const id = await t.deps.jobs.enqueue(stepsJob, { label: 'import' }, { workspaceId: workspaceA });
    if (!id) throw new Error('no job id');

    const midway = await waitFor(async () => {
      const res = await getJob(a, id);
      return res.body.state === 'active' && res.body.progress === 50 && res.body;
    });
    expect(midway).toMatchObject({ id, name: 'test.steps', error: null, finished_at: null });
    expect(midway.started_at).toEqual(expect.any(String));

    release.get(id)?.();
    const done = await waitFor(async () => {
      const res = await getJob(a, id);
      return res.body.state === 'completed' && res.body;
    });
    expect(done).toMatchObject({ id, progress: 100, error: null });
    expect(done.finished_at).toEqual(expect.any(String));
    // pg-boss records the completion just after the handler (and its status write) returned.
    await waitFor(async () => (await bossJob(id))?.state === 'completed');

    const list = await api<any>(t, 'GET', '/api/v1/jobs', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body.jobs.map((j: { id: string }) => j.id)).toContain(id);

    // Each change was published in its own committed transaction, in order.
    const seen = await waitFor(async () => {
      const mine = events.filter((e) => e.type === 'job.progress' && e.jobId === id);
      return mine.at(-1)?.type === 'job.progress' && (mine.at(-1) as { state: string }).state === 'completed' && mine;
    });
    expect(seen.map((e) => (e.type === 'job.progress' ? [e.state, e.progress] : []))).toEqual([
      ['created', 0],
      ['active', 0],
      ['active', 50],
      ['completed', 100],
    ]);
    expect(seen.every((e) => e.workspaceId === workspaceA)).toBe(true);
  });

  it('retries a failing job with growing delays, then fails it with a message for the user', async () => {
    const id = await t.deps.jobs.enqueue(flakyJob, {}, { workspaceId: workspaceA });
    if (!id) throw new Error('no job id');
    const between = await waitFor(async () => {
      const res = await getJob(a, id);
      return res.body.state === 'retry' && res.body;
    });
    expect(between.error).toBe(errorCatalogue.upstream_unavailable.message);

    const failed = await waitFor(async () => {
      const res = await getJob(a, id);
      return res.body.state === 'failed' && res.body;
    }, 25_000);
    expect(failed.error).toBe('A connected service did not answer. Please try again.');
    expect(JSON.stringify(failed)).not.toContain('ECONNREFUSED');
    expect(failed.finished_at).toEqual(expect.any(String));
    await waitFor(async () => (await bossJob(id))?.state === 'failed');

    // First run + retryLimit (2) retries; backoff: at least 1 s, then at least 2 s (retryDelay × 2^n).
    expect(flakyAttempts).toHaveLength(3);
    const [first, second, third] = flakyAttempts as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(990);
    expect(third - second).toBeGreaterThanOrEqual(1990);
  });

  it('keeps internals of an unexpected error out of the status', async () => {
    const id = await t.deps.jobs.enqueue(crashJob, {}, { workspaceId: workspaceA });
    if (!id) throw new Error('no job id');
    const failed = await waitFor(async () => {
      const res = await getJob(a, id);
      return res.body.state === 'failed' && res.body;
    });
    expect(failed.error).toBe(errorCatalogue.unknown_error.message);
    expect(JSON.stringify(failed)).not.toContain('internal_secret_table');
  });

  it('enqueues in the caller’s transaction: committed together, rolled back together', async () => {
    const scope = { workspaceId: workspaceA, userId: a.id };
    const committed = await withTenant(t.database, scope, async (tx) => {
      await tx.insert(activityLogs).values({ workspaceId: workspaceA, userId: a.id, eventType: 'job-test-commit' });
      return t.deps.jobs.enqueue(noopJob, { n: 1 }, { tx, workspaceId: workspaceA });
    });
    if (!committed) throw new Error('no job id');
    await waitFor(async () => (await getJob(a, committed)).body.state === 'completed');
    expect(noopRuns).toContain('1');

    let rolledBack = '';
    await expect(
      withTenant(t.database, scope, async (tx) => {
        await tx.insert(activityLogs).values({ workspaceId: workspaceA, userId: a.id, eventType: 'job-test-rollback' });
        rolledBack = (await t.deps.jobs.enqueue(noopJob, { n: 2 }, { tx, workspaceId: workspaceA })) ?? '';
        // The tenant role is back in force after the enqueue.
        const [row] = await rowsOf<{ role: string }>(tx, sql`select current_user as role`);
        expect(row?.role).toBe('helixis_app');
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed after enqueueing');
    expect(rolledBack).not.toBe('');
    expect(await bossJob(rolledBack)).toBeUndefined();
    expect((await getJob(a, rolledBack)).status).toBe(404);
    const logs = await t.database.query(`select 1 from activity_logs where event_type = 'job-test-rollback'`);
    expect(logs).toHaveLength(0);
    // Give a wrongly queued job the time to run before checking that it never did.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(noopRuns).not.toContain('2');
    expect(events.some((e) => e.type === 'job.progress' && e.jobId === rolledBack)).toBe(false);
  });

  it('shows a job only to its own workspace', async () => {
    const id = await t.deps.jobs.enqueue(noopJob, { n: 3 }, { workspaceId: workspaceA });
    if (!id) throw new Error('no job id');
    await waitFor(async () => (await getJob(a, id)).body.state === 'completed');
    const other = await getJob(b, id);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    const listB = await api<any>(t, 'GET', '/api/v1/jobs', { token: b.token });
    expect(listB.body.jobs.map((j: { id: string }) => j.id)).not.toContain(id);
    // Even without a workspace filter, B's scope sees none of A's rows.
    const rows = await withTenant(t.database, { workspaceId: workspaceB, userId: b.id }, (tx) =>
      tx.select().from(jobStatus),
    );
    expect(rows.filter((r) => r.workspaceId === workspaceA)).toHaveLength(0);
  });

  it('lists the newest first and refuses an id that is not a UUID', async () => {
    const first = await t.deps.jobs.enqueue(noopJob, { n: 4 }, { workspaceId: workspaceB });
    const second = await t.deps.jobs.enqueue(noopJob, { n: 5 }, { workspaceId: workspaceB });
    const list = await api<any>(t, 'GET', '/api/v1/jobs', { token: b.token });
    expect(list.body.jobs.map((j: { id: string }) => j.id).slice(0, 2)).toEqual([second, first]);
    const bad = await api<any>(t, 'GET', '/api/v1/jobs/not-a-uuid', { token: b.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await api<any>(t, 'GET', `/api/v1/jobs/${first}`)).status).toBe(401);
  });

  it('refuses an invalid payload or an unknown job on enqueue, queueing nothing', async () => {
    const before = await t.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'test.steps'`,
    );
    await expect(t.deps.jobs.enqueue('test.steps', { label: 42 }, { workspaceId: workspaceA })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      t.deps.jobs.enqueue('test.steps', { label: 'x', extra: true }, { workspaceId: workspaceA }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(t.deps.jobs.enqueue('test.missing', {})).rejects.toThrow(/No job named "test.missing"/);
    const after = await t.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'test.steps'`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('auth.cleanup', () => {
  it('is scheduled hourly and deletes old revoked refresh tokens and ended rate-limit windows', async () => {
    const [schedule] = await t.database.query<{ cron: string; timezone: string }>(
      `select cron, timezone from pgboss.schedule where name = 'auth.cleanup'`,
    );
    expect(schedule).toEqual({ cron: '0 * * * *', timezone: 'UTC' });

    const u = await createUserWithSession(t);
    const insertToken = (hash: string, revoked: boolean, age: string) =>
      t.database.query(
        `insert into refresh_tokens (token_hash, session_id, user_id, revoked, created_at, updated_at)
         values ($1, $2, $3, $4, now() - $5::interval, now() - $5::interval)`,
        [hash, u.sessionId, u.id, revoked, age],
      );
    await insertToken('revoked-two-days-ago', true, '2 days');
    await insertToken('revoked-an-hour-ago', true, '1 hour');
    await insertToken('active-three-days-old', false, '3 days');
    // The rate-limit migration (0002) may land apart from this one; the job only needs the table.
    await t.database.query(
      `create table if not exists rate_limits (
         key_hash text primary key, hits integer not null, window_start timestamptz not null, reset_at timestamptz not null)`,
    );
    await t.database.query(
      `insert into rate_limits (key_hash, hits, window_start, reset_at) values
         ('ended', 3, now() - interval '2 minutes', now() - interval '1 minute'),
         ('running', 1, now(), now() + interval '1 minute')`,
    );

    const id = await t.deps.jobs.enqueue('auth.cleanup', {});
    if (!id) throw new Error('no job id');
    await waitFor(async () => (await bossJob(id))?.state === 'completed');

    const tokens = await t.database.query<{ token_hash: string }>(
      'select token_hash from refresh_tokens where user_id = $1 order by token_hash',
      [u.id],
    );
    expect(tokens.map((r) => r.token_hash)).toEqual(['active-three-days-old', 'revoked-an-hour-ago']);
    const windows = await t.database.query<{ key_hash: string }>('select key_hash from rate_limits');
    expect(windows.map((r) => r.key_hash)).toEqual(['running']);
  });
});

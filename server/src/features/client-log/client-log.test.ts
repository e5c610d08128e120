import { CLIENT_LOG_RATE_LIMIT, CLIENT_LOG_RETENTION_DAYS, MAX_CLIENT_LOG_BYTES } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession } from '../../test/factories';
import { clientLogCleanupJob } from './client-log.jobs';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_TRUSTED_PROXIES: 'loopback' });
});
afterAll(async () => {
  await t?.close();
});

const crash = {
  kind: 'general',
  boundary: 'top-level',
  message: "Cannot read properties of undefined (reading 'units')",
  stack: "TypeError: Cannot read properties of undefined (reading 'units')\n    at PortfolioCard (portfolio.tsx:12)",
  componentStack: '\n    at PortfolioCard\n    at DashboardPage',
  path: '/final-dashboard?tab=overview',
};

/** Each test speaks from its own address, so the per-address limit of one test does not leak into another. */
function from(ip: string) {
  return { 'x-forwarded-for': ip };
}

describe('POST /__client-log', () => {
  it('stores a crash report from a visitor who is not signed in', async () => {
    const res = await api<any>(t, 'POST', '/__client-log', { body: crash, headers: from('203.0.113.10') });
    expect(res.status).toBe(201);
    expect(res.body.stored).toBe(true);
    const rows = await t.database.query<any>('select * from client_logs where id = $1', [res.body.id]);
    expect(rows[0]).toMatchObject({
      kind: 'general',
      boundary: 'top-level',
      message: crash.message,
      stack: crash.stack,
      component_stack: crash.componentStack,
      path: '/final-dashboard?tab=overview',
      user_id: null,
    });
    // The address is kept only as a hash.
    expect(rows[0].ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain('203.0.113.10');
  });

  it('links the report to the signed-in user when a valid token comes along, and ignores a broken one', async () => {
    const u = await createUserWithSession(t);
    const signedIn = await api<any>(t, 'POST', '/__client-log', {
      token: u.token,
      body: { ...crash, kind: 'auth', message: 'Invalid UUID for session_abc' },
      headers: from('203.0.113.11'),
    });
    expect(signedIn.status).toBe(201);
    const broken = await api<any>(t, 'POST', '/__client-log', {
      token: 'not-a-jwt',
      body: crash,
      headers: from('203.0.113.11'),
    });
    expect(broken.status).toBe(201);
    const rows = await t.database.query<{ id: string; user_id: string | null }>(
      'select id, user_id from client_logs where id in ($1, $2)',
      [signedIn.body.id, broken.body.id],
    );
    const byId = new Map(rows.map((r) => [r.id, r.user_id]));
    expect(byId.get(signedIn.body.id)).toBe(u.id);
    expect(byId.get(broken.body.id)).toBeNull();
  });

  it('refuses a body over MAX_CLIENT_LOG_BYTES with 413 and stores nothing', async () => {
    const before = await t.database.query<{ n: string }>('select count(*)::text as n from client_logs');
    const huge = { ...crash, stack: 'x'.repeat(MAX_CLIENT_LOG_BYTES) };
    const res = await api<any>(t, 'POST', '/__client-log', { body: huge, headers: from('203.0.113.12') });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    const after = await t.database.query<{ n: string }>('select count(*)::text as n from client_logs');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers 400 with a readable message for a malformed report', async () => {
    const res = await api<any>(t, 'POST', '/__client-log', {
      body: { ...crash, kind: 'meltdown', path: 'https://elsewhere.example/x', message: '' },
      headers: from('203.0.113.13'),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain('kind');
    expect(res.body.error.message).toContain('path: Invalid format');
    expect(res.body.error.message).toContain('message: This field is required');
  });

  it(`accepts ${CLIENT_LOG_RATE_LIMIT} reports per address and window, then answers 429 with Retry-After`, async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_LOG_RATE_LIMIT; i++) {
      statuses.push((await api(t, 'POST', '/__client-log', { body: crash, headers: from(ip) })).status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const limited = await api<any>(t, 'POST', '/__client-log', { body: crash, headers: from(ip) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await api(t, 'POST', '/__client-log', { body: crash, headers: from('198.51.100.78') })).status).toBe(201);
  });
});

describe('client-log.cleanup job', () => {
  it(`deletes reports older than ${CLIENT_LOG_RETENTION_DAYS} days and keeps the rest`, async () => {
    const fresh = await api<any>(t, 'POST', '/__client-log', { body: crash, headers: from('203.0.113.90') });
    const old = await api<any>(t, 'POST', '/__client-log', { body: crash, headers: from('203.0.113.90') });
    await t.database.query(
      `update client_logs set created_at = now() - make_interval(days => $2::integer) where id = $1`,
      [old.body.id, CLIENT_LOG_RETENTION_DAYS + 1],
    );
    const controller = new AbortController();
    const run = () =>
      clientLogCleanupJob.run({
        payload: {},
        job: {
          id: 'test',
          name: clientLogCleanupJob.name,
          workspaceId: null,
          attempt: 1,
          retryLimit: 2,
          signal: controller.signal,
        },
        log: t.deps.log,
        deps: t.deps,
        progress: async () => undefined,
      });
    await run();
    const left = await t.database.query<{ id: string }>('select id from client_logs where id in ($1, $2)', [
      fresh.body.id,
      old.body.id,
    ]);
    expect(left.map((r) => r.id)).toEqual([fresh.body.id]);
    // Idempotent: a second run deletes nothing more.
    await run();
    expect(await t.database.query('select id from client_logs where id = $1', [fresh.body.id])).toHaveLength(1);
  });
});

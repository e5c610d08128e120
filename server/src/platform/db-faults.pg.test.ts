import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { api, startTestApp, type TestApp } from '../test/app';
import { copyPostgresTemplate } from '../test/db';
import { createUserWithSession, type TestUser } from '../test/factories';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';

/**
 * PostgreSQL lost while requests are in flight: the app talks to the server through a TCP relay the
 * test cuts (the shared server keeps running). Requests fail fast with 503 and the catalogue's text,
 * nothing is half-written, and the pool serves again once the database is back, without a restart.
 */

let proxy: TcpProxy;
let t: TestApp;
let owner: TestUser;
let copy: Awaited<ReturnType<typeof copyPostgresTemplate>>;
let direct: pg.Client;

beforeAll(async () => {
  copy = await copyPostgresTemplate();
  const target = new URL(copy.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(copy.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const database = await openDatabase({ url: viaProxy.toString(), poolSize: 5 });
  t = await startTestApp({}, { database });
  owner = await createUserWithSession(t);
  // The workspace exists before the fault.
  expect((await api(t, 'GET', '/functions/v1/facts-ingest', { token: owner.token })).status).toBe(200);
  direct = new pg.Client({ connectionString: copy.url });
  await direct.connect();
});

afterAll(async () => {
  proxy?.restore();
  await t?.close();
  await direct?.end();
  await proxy?.close();
  await copy?.drop();
});

const TEXT = 'Late fee: $45 after the 5th\nWe accept ACH and Check for rent.';

async function writesOf(title: string): Promise<number> {
  const { rows } = await direct.query<{ n: string }>('select count(*) as n from documents where title = $1', [title]);
  return Number(rows[0]?.n);
}

describe('PostgreSQL unavailable', () => {
  it('answers requests in flight with 503 service_unavailable and writes nothing of them', async () => {
    proxy.hold();
    const titles = ['Fault notes 1', 'Fault notes 2', 'Fault notes 3'];
    const inFlight = titles.map((title) =>
      api<{ error: { code: string; message: string } }>(t, 'POST', '/api/v1/facts/teach-text', {
        token: owner.token,
        body: { title, text: TEXT },
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    proxy.cut();
    const answers = await Promise.all(inFlight);
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again.',
      });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    for (const title of titles) expect(await writesOf(title)).toBe(0);

    // While it stays down: new requests are refused the same way, and readiness says why.
    const during = await api<{ error: { code: string } }>(t, 'GET', '/functions/v1/facts-ingest', {
      token: owner.token,
    });
    expect(during.status).toBe(503);
    expect(during.body.error.code).toBe('service_unavailable');
    const ready = await api<{ status: string; reason: string }>(t, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.reason).toMatch(/^database unreachable/);
  });

  it('serves again once the database is back, on the same pool', async () => {
    proxy.restore();
    const res = await api<{ document_id: string }>(t, 'POST', '/api/v1/facts/teach-text', {
      token: owner.token,
      body: { title: 'After the fault', text: TEXT },
    });
    expect(res.status).toBe(200);
    expect(await writesOf('After the fault')).toBe(1);
    expect((await api(t, 'GET', '/readyz')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BUILDIUM_CLIENT_ID, FakeBuildium } from '../property-systems/buildium/fake';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';

/** Idempotency-Key on ingest (multipart and URL) and on the connects, over HTTP on a real database. */

const SECRET = 'sk-idem-Tq2wE4rT6yU8iO0p';
const buildium = new FakeBuildium({ seed: 3, units: 40, bills: 20, associations: 1, clientSecret: SECRET });
let t: TestApp;
let user: TestUser;
let workspaceId: string;

beforeAll(async () => {
  await buildium.start();
  t = await startTestApp({ HELIXIS_TRUSTED_UPSTREAMS: buildium.hostPort });
  user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  workspaceId = me.body.workspace.id;
});
afterAll(async () => {
  await t?.close();
  await buildium.stop();
});

/** Waits until the workspace's background jobs have finished. */
async function settle(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await api<{ jobs: { state: string }[] }>(t, 'GET', '/api/v1/jobs', { token: user.token });
    if (res.body.jobs.every((j) => j.state === 'completed' || j.state === 'failed')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('jobs did not finish');
}

function upload(filename: string, text: string, key?: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), filename);
  return fetch(`${t.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, ...(key ? { 'idempotency-key': key } : {}) },
    body: form,
  });
}

/** Documents uploaded as `filename`: titled by it until the ingest job reads the file, by its stem after. */
async function documentsTitled(filename: string): Promise<number> {
  const stem = filename.replace(/\.[a-z]+$/, '').replace(/[-_]+/g, ' ');
  const [row] = await t.database.query<{ n: number }>(
    'select count(*)::int as n from documents where workspace_id = $1 and title in ($2, $3)',
    [workspaceId, filename, stem],
  );
  return row?.n ?? 0;
}

describe('Idempotency-Key on ingest', () => {
  it('answers a repeated upload with the first answer and creates one document', async () => {
    const first = await upload('lease-terms.txt', 'Leases run for twelve months.', 'upload-1');
    const firstBody = (await first.json()) as { document_id: string };
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const again = await upload('lease-terms.txt', 'Leases run for twelve months.', 'upload-1');
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(((await again.json()) as { document_id: string }).document_id).toBe(firstBody.document_id);
    expect(await documentsTitled('lease-terms.txt')).toBe(1);
  });

  it('refuses the same key for a different request with 422, and creates twice without a key', async () => {
    await upload('parking.txt', 'Parking is free for residents.', 'upload-2');
    const other = await upload('parking.txt', 'Parking costs $40 a month.', 'upload-2');
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      'This Idempotency-Key was already used for a different request.',
    );
    await upload('no-key.txt', 'Quiet hours start at 10 pm.');
    await upload('no-key.txt', 'Quiet hours start at 10 pm.');
    expect(await documentsTitled('no-key.txt')).toBe(2);
  });

  it('gives concurrent duplicates one effect: the others replay it or get 409', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => upload('concurrent.txt', 'Trash pickup is on Tuesdays.', 'upload-3')),
    );
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ document_id?: string }>));
    const statuses = answers.map((r) => r.status);
    for (const status of statuses) expect([202, 409]).toContain(status);
    const ids = new Set(bodies.filter((_, i) => statuses[i] === 202).map((b) => b.document_id));
    expect(ids.size).toBe(1);
    expect(await documentsTitled('concurrent.txt')).toBe(1);
  });

  it('keys JSON (URL) ingestion too, and refuses a malformed key', async () => {
    const body = { url: 'https://example.com/rules' };
    const headers = { 'idempotency-key': 'url-1' };
    const a = await api<{ document_id: string }>(t, 'POST', '/functions/v1/ingest', {
      token: user.token,
      body,
      headers,
    });
    const b = await api<{ document_id: string }>(t, 'POST', '/functions/v1/ingest', {
      token: user.token,
      body,
      headers,
    });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.document_id).toBe(a.body.document_id);
    const bad = await api<{ error: { code: string } }>(t, 'POST', '/functions/v1/ingest', {
      token: user.token,
      body,
      headers: { 'idempotency-key': 'has space' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
  });
});

describe('Idempotency-Key on the connects (contract `idempotent: true`)', () => {
  it('validates Buildium credentials once for a repeated connect', async () => {
    const body = { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: SECRET, baseUrl: buildium.url };
    const headers = { 'idempotency-key': 'connect-1' };
    const first = await api<unknown>(t, 'POST', '/functions/v1/buildium-connect', { token: user.token, body, headers });
    expect(first.status).toBe(200);
    // The connect queued a KPI read that calls Buildium too: let it finish before counting.
    await settle();
    const upstreamCalls = buildium.requests.length;
    expect(upstreamCalls).toBeGreaterThan(0);
    const again = await api<unknown>(t, 'POST', '/functions/v1/buildium-connect', { token: user.token, body, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // The replay did not reach Buildium, nor queue another read.
    await settle();
    expect(buildium.requests.length).toBe(upstreamCalls);
    // The stored answer holds what the client saw, never the secret it sent.
    const rows = await t.database.query<{ body: unknown }>(
      'select body from idempotency_keys where workspace_id = $1 and key = $2',
      [workspaceId, 'connect-1'],
    );
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });
});

describe('a first request that fails', () => {
  it('keeps nothing, so its retry with the same key runs again', async () => {
    const first = await upload('empty.txt', '', 'upload-empty');
    expect(first.status).toBe(400);
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('file_unreadable');
    const rows = await t.database.query('select 1 from idempotency_keys where workspace_id = $1 and key = $2', [
      workspaceId,
      'upload-empty',
    ]);
    expect(rows).toHaveLength(0);
    // Not 409 (a claim left behind) and not a replay: the request ran again.
    const retry = await upload('empty.txt', '', 'upload-empty');
    expect(retry.status).toBe(400);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
  });
});

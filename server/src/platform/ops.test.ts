import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestAndWait } from '../features/knowledge/test-helpers';
import { exchangeWithRetry, newTraceId, UpstreamError } from '../integrations/upstream';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';
import { waitFor } from '../test/wait';
import { metricsRegistry } from './metrics';
import { markDraining } from './ops';

/** The value of one series in the Prometheus text, 0 when it is not there yet. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await metricsRegistry.metrics();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.split(' ').pop());
  }
  return 0;
}

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUserWithSession(t);
});
afterAll(async () => {
  await t?.close();
});

describe('/readyz', () => {
  it('answers ready when the database and the job queue answer', async () => {
    const res = await api<{ status: string; role: string }>(t, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', role: 'all' });
  });

  it('answers 503 with the reason when the queue stopped or the process drains', async () => {
    const other = await startTestApp();
    try {
      await other.deps.jobs.stop();
      const stopped = await api<{ status: string; reason: string }>(other, 'GET', '/readyz');
      expect(stopped.status).toBe(503);
      expect(stopped.body).toEqual({ status: 'unavailable', reason: 'the job queue is not running' });
      markDraining(other.app);
      const res = await api<{ status: string; reason: string }>(other, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', reason: 'shutting down' });
    } finally {
      await other.close();
    }
  });
});

describe('/metrics', () => {
  it('counts requests by route pattern and status, from loopback only', async () => {
    await api(t, 'GET', '/api/v1/documents/00000000-0000-4000-8000-000000000000', { token: user.token });
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/helixis_http_requests_total\{[^}]*route="\/api\/v1\/documents\/:id"[^}]*status="404"/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toContain('helixis_http_request_duration_seconds_bucket');
    expect(text).toContain('helixis_process_resident_memory_bytes');

    const forwarded = await fetch(`${t.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
  });

  it('requires the bearer token when HELIXIS_METRICS_TOKEN is set', async () => {
    const other = await startTestApp({ HELIXIS_METRICS_TOKEN: 'scrape-me-please-0123456789' });
    try {
      expect((await fetch(`${other.url}/metrics`)).status).toBe(403);
      const wrong = await fetch(`${other.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(403);
      const right = await fetch(`${other.url}/metrics`, {
        headers: { authorization: 'Bearer scrape-me-please-0123456789' },
      });
      expect(right.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('counts jobs by name and outcome and the chunks an ingestion indexed', async () => {
    const chunksBefore = await sample('helixis_chunks_indexed_total');
    const jobsBefore = await sample('helixis_jobs_total', { name: 'knowledge.ingest', outcome: 'completed' });
    const doc = await ingestAndWait(t, user.token, 'pets.md', '# Pets\n\nCats are allowed with a deposit of $300.');
    expect(doc.status).toBe('READY');
    expect(await sample('helixis_chunks_indexed_total')).toBe(chunksBefore + doc.chunk_count);
    // The document is READY inside the job; the job's outcome is counted once its handler has returned.
    const jobsAfter = await waitFor(
      () => sample('helixis_jobs_total', { name: 'knowledge.ingest', outcome: 'completed' }),
      (n) => n > jobsBefore,
      10_000,
      20,
    );
    expect(jobsAfter).toBe(jobsBefore + 1);
    expect(
      await sample('helixis_job_duration_seconds_count', { name: 'knowledge.ingest', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts upstream errors by vendor and code, every failed attempt', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const before = await sample('helixis_upstream_errors_total', { vendor: 'buildium', code: 'upstream_5xx' });
      const call = exchangeWithRetry(
        { config: { trustedUpstreams: [`127.0.0.1:${port}`] }, sleep: async () => undefined },
        {
          url: new URL(`http://127.0.0.1:${port}/v1/rentals`),
          method: 'GET',
          headers: {},
          path: '/v1/rentals',
          traceId: newTraceId(),
          vendor: 'buildium',
        },
      );
      await expect(call).rejects.toBeInstanceOf(UpstreamError);
      const after = await sample('helixis_upstream_errors_total', { vendor: 'buildium', code: 'upstream_5xx' });
      expect(after - before).toBe(3);
    } finally {
      server.close();
    }
  });
});

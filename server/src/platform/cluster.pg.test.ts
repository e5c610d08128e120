import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REALTIME_PATH, type RealtimeMessage } from '@helixis/contract';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api } from '../test/app';
import { type Spawned, scratchDatabase, spawnServerScript } from '../test/processes';
import { freePort, waitFor } from '../test/wait';

/**
 * `npm run start:cluster` for real: 2 API processes (HELIXIS_ROLE=api) and 1 worker behind the
 * round-robin proxy, on a PostgreSQL database of their own. Runs in the postgres project only.
 */

interface Summary {
  url: string;
  api: [string, string];
  worker: string;
  database: string;
}

let cluster: Spawned;
let summary: Summary;
let db: Awaited<ReturnType<typeof scratchDatabase>>;
let dataDir: string;
let smtpPort: number;
const MAIL_DOMAIN = 'in.cluster.test';

beforeAll(async () => {
  db = await scratchDatabase('helixis_cluster_t');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-cluster-'));
  smtpPort = await freePort();
  // Every process gets the inbound SMTP settings; only the worker binds the port (two API processes could not).
  cluster = spawnServerScript('scripts/cluster.ts', ['--port', '0', '--database-url', db.url, '--data-dir', dataDir], {
    LOG_LEVEL: 'warn',
    HELIXIS_INBOUND_SMTP_PORT: String(smtpPort),
    HELIXIS_INBOUND_SMTP_HOST: '127.0.0.1',
    HELIXIS_INBOUND_MAIL_DOMAIN: MAIL_DOMAIN,
  });
  const line = await cluster.waitFor(/^CLUSTER_READY /, 100_000);
  summary = JSON.parse(line.slice('CLUSTER_READY '.length)) as Summary;
}, 110_000);

afterAll(async () => {
  const exit = await cluster?.stop();
  await db?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  expect(exit).toBe(0);
}, 60_000);

/** Messages of a socket, with a wait for the first that matches. */
function collect(socket: WebSocket) {
  const messages: RealtimeMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as RealtimeMessage);
    for (const w of waiters) w();
  });
  return {
    messages,
    waitFor(match: (m: RealtimeMessage) => boolean, timeoutMs = 30_000): Promise<RealtimeMessage> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

async function metricsOf(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

describe('npm run start:cluster', () => {
  it('serves through the proxy round-robin, each API process ready with role api, the worker with role worker', async () => {
    const roles = await Promise.all(
      [...summary.api, summary.worker].map((u) => api<{ role: string }>({ url: u }, 'GET', '/readyz')),
    );
    expect(roles.map((r) => r.body.role)).toEqual(['api', 'api', 'worker']);
    // The worker serves no product route.
    expect((await api({ url: summary.worker }, 'GET', '/api/v1/me')).status).toBe(404);
    // Metrics are per process: the public entry point does not expose them.
    expect((await fetch(`${summary.url}/metrics`)).status).toBe(404);
  });

  it('pushes what one API process learned to a socket on the other, and the worker runs the job once', async () => {
    const signUp = await api<{ access_token: string }>({ url: summary.url }, 'POST', '/auth/v1/signup', {
      body: { email: `cluster-${Date.now()}@example.com`, password: 'Cluster-test-password-42' },
    });
    expect(signUp.status).toBe(200);
    const token = signUp.body.access_token;

    // A browser connected to API process 1 (through the proxy's upgrade path a socket lands on either).
    const wsUrl = `${summary.api[0].replace('http', 'ws')}${REALTIME_PATH}?access_token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(wsUrl);
    const inbox = collect(socket);
    await inbox.waitFor((m) => m.kind === 'ready');

    // The same account teaches a fact through API process 2; the ingest job goes to the worker.
    const taught = await api<{ document_id: string; facts: { key: string }[] }>(
      { url: summary.api[1] },
      'POST',
      '/api/v1/facts/teach-text',
      {
        token,
        body: { title: 'Office notes', text: 'Late fee: $45 after the 5th\nWe accept ACH and Check for rent.' },
      },
    );
    expect(taught.status).toBe(200);
    expect(taught.body.facts.map((f) => f.key)).toContain('late_fee');

    const fact = await inbox.waitFor((m) => m.kind === 'event' && m.event.type === 'facts:upsert');
    expect(fact).toMatchObject({ event: { fact: { key: 'late_fee' } } });
    const ready = await inbox.waitFor(
      (m) =>
        m.kind === 'event' &&
        m.event.type === 'document.status' &&
        m.event.documentId === taught.body.document_id &&
        m.event.status === 'READY',
    );
    expect(ready.kind).toBe('event');
    socket.close();

    // Exactly one run: one pg-boss job, completed on its first attempt; chunks written once.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // READY is published inside the job; its completion is recorded just after.
      const jobsOf = () =>
        client.query<{ state: string; retry_count: number }>(
          `select state, retry_count from pgboss.job where name = 'knowledge.ingest' and data->'payload'->>'documentId' = $1`,
          [taught.body.document_id],
        );
      let jobs = await jobsOf();
      for (let i = 0; i < 200 && jobs.rows.some((j) => j.state === 'active' || j.state === 'created'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        jobs = await jobsOf();
      }
      expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);
      const counts = await client.query<{ chunk_count: number; chunks: string }>(
        `select d.chunk_count, (select count(*) from document_chunks c where c.document_id = d.id) as chunks
           from documents d where d.id = $1`,
        [taught.body.document_id],
      );
      expect(counts.rows[0]?.chunk_count).toBeGreaterThan(0);
      expect(Number(counts.rows[0]?.chunks)).toBe(counts.rows[0]?.chunk_count);
    } finally {
      await client.end();
    }

    // Only the worker ran it: the API processes count no job runs at all.
    const series = /helixis_jobs_total\{[^}]*name="knowledge\.ingest"[^}]*outcome="completed"[^}]*\} (\d+)/;
    expect((await metricsOf(summary.worker)).match(series)?.[1]).toBe('1');
    for (const apiUrl of summary.api) expect(await metricsOf(apiUrl)).not.toMatch(/helixis_jobs_total\{/);
  });

  it("keeps each API process's read cache fresh: a write or a sign-out through one is seen by the other", async () => {
    const email = `cluster-cache-${Date.now()}@example.com`;
    const password = 'Cluster-test-password-42';
    const [one, two] = summary.api.map((u) => ({ url: u }));
    if (!one || !two) throw new Error('two API processes expected');
    const signUp = await api<{ access_token: string }>(one, 'POST', '/auth/v1/signup', { body: { email, password } });
    const token = signUp.body.access_token;
    const me = await api<{ workspace: { id: string } }>(one, 'GET', '/api/v1/me', { token });
    const titles = async (at: { url: string }, as = token) =>
      (await api<{ tasks: { title: string }[] }>(at, 'GET', '/api/v1/tasks', { token: as })).body.tasks?.map(
        (x) => x.title,
      );
    /** Polls until `fn` holds: the other process hears of the change through NOTIFY. */
    const eventually = (fn: () => Promise<boolean>) => waitFor(fn, (ok) => ok, 5_000, 20);
    // Both processes have answered (and cached) the empty list.
    for (const at of [one, two, one, two]) expect(await titles(at)).toEqual([]);

    // A task written by the worker's side (a direct SQL write) reaches both processes.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const inserted = await client.query<{ id: string }>(
        `insert into tasks (workspace_id, title, task_type) values ($1, 'Call back', 'follow_up') returning id`,
        [me.body.workspace.id],
      );
      for (const at of [one, two]) await eventually(async () => (await titles(at))?.[0] === 'Call back');
      // Completed through process 2: process 2 shows it at once, process 1 after the notification.
      const id = inserted.rows[0]?.id;
      const done = await api(two, 'PATCH', `/api/v1/tasks/${id}`, { token, body: { status: 'in_progress' } });
      expect(done.status).toBe(200);
      const statuses = async (at: { url: string }) =>
        (await api<{ tasks: { status: string }[] }>(at, 'GET', '/api/v1/tasks', { token })).body.tasks.map(
          (x) => x.status,
        );
      expect(await statuses(two)).toEqual(['in_progress']);
      await eventually(async () => (await statuses(one))[0] === 'in_progress');
    } finally {
      await client.end();
    }

    // Signed out globally through process 2: refused there at once, and by process 1 after the notification.
    const second = await api<{ access_token: string }>(two, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email, password },
    });
    for (const at of [one, two]) expect((await api(at, 'GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await api(two, 'POST', '/auth/v1/logout?scope=global', { token: second.body.access_token })).status).toBe(
      204,
    );
    expect((await api(two, 'GET', '/api/v1/me', { token })).status).toBe(401);
    await eventually(async () => (await api(one, 'GET', '/api/v1/me', { token })).status === 401);
  });

  it('proxies WebSocket upgrades to the API processes', async () => {
    const signUp = await api<{ access_token: string }>({ url: summary.url }, 'POST', '/auth/v1/signup', {
      body: { email: `cluster-ws-${Date.now()}@example.com`, password: 'Cluster-test-password-42' },
    });
    const wsUrl = `${summary.url.replace('http', 'ws')}${REALTIME_PATH}?access_token=${encodeURIComponent(signUp.body.access_token)}`;
    const socket = new WebSocket(wsUrl);
    const inbox = collect(socket);
    expect(await inbox.waitFor((m) => m.kind === 'ready')).toMatchObject({ kind: 'ready' });
    socket.close();
  });

  it('receives alias mail once, in the worker, though every process has the SMTP port configured', async () => {
    const signUp = await api<{ access_token: string }>({ url: summary.url }, 'POST', '/auth/v1/signup', {
      body: { email: `cluster-mail-${Date.now()}@example.com`, password: 'Cluster-test-password-42' },
    });
    const token = signUp.body.access_token;
    const alias = await api<{ address: string }>({ url: summary.url }, 'POST', '/functions/v1/create-email-alias', {
      token,
      body: {},
    });
    expect(alias.status).toBe(200);
    expect(alias.body.address.endsWith(`@${MAIL_DOMAIN}`)).toBe(true);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    const sent = await transport.sendMail({
      from: 'tenant@example.com',
      to: alias.body.address,
      subject: 'Leaking faucet in unit 4B',
      text: 'The kitchen faucet in 4B has been dripping since Monday.',
    });
    expect(sent.accepted).toEqual([alias.body.address]);
    let subjects: string[] = [];
    for (let i = 0; i < 100 && subjects.length === 0; i++) {
      const list = await api<{ messages: { subject: string }[] }>(
        { url: summary.url },
        'GET',
        '/api/v1/mail/messages',
        {
          token,
        },
      );
      subjects = list.body.messages.map((m) => m.subject);
      if (subjects.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(subjects).toEqual(['Leaking faucet in unit 4B']);
  });
});

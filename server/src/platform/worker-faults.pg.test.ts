import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Automation, AutomationDraft, DraftAuditEntry } from '@helixis/contract';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { INTERRUPTED_SEND } from '../features/automations/pipeline';
import { ingestAndWait, waitForDocument } from '../features/knowledge/test-helpers';
import { type InboundMailServer, startInboundMail } from '../features/mail/inbound-smtp';
import { FakeGoogle } from '../integrations/google/fake';
import { allJobs } from '../jobs';
import { api, startTestApp, type TestApp, testConfig } from '../test/app';
import { copyPostgresTemplate } from '../test/db';
import { createUserWithSession, type TestUser } from '../test/factories';
import { type Spawned, spawnServerScript } from '../test/processes';
import { freePort, waitFor } from '../test/wait';
import { Jobs } from './jobs';
import { createLogger } from './logger';

/**
 * A worker process killed (SIGKILL) in the middle of an ingestion: the job's heartbeat stops, the
 * queue fails the attempt and retries it on another worker, and the document is indexed once. An
 * ingestion that keeps failing ends as a failed document with its reason. A worker killed while an
 * automation's reply is being sent: the retried run sends nothing again and the draft ends failed with
 * the reason. API process and workers share one PostgreSQL database, as in production.
 */

const PUBLIC = 'http://app.helixis.test';
const MAIL_DOMAIN = 'in.worker-faults.test';
const google = new FakeGoogle({ redirectUris: [`${PUBLIC}/oauth/gmail/callback`], email: 'office@gmail.example' });
let smtp: InboundMailServer;
// One deployment: every process signs and encrypts with the same keys (a worker decrypts the mailbox token).
const SECRETS = {
  HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
  HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
};

const PAGE =
  '<html><head><title>Maple Court Rentals</title></head><body><main><h1>Maple Court</h1><p>Two-bedroom apartments near the park. Parking and laundry on site. Pets are welcome with a deposit of $300.</p><h2>Fees</h2><p>Late fee: $45 after the 5th of the month. Application fee: $50 per adult.</p></main></body></html>';

let api1: TestApp;
let owner: TestUser;
let copy: Awaited<ReturnType<typeof copyPostgresTemplate>>;
let site: http.Server;
let sitePort: number;
let dataDir: string;
const hits: Record<string, number> = {};
let firstSlowHit: () => void;
const slowHit = new Promise<void>((resolve) => {
  firstSlowHit = resolve;
});

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits[url] = (hits[url] ?? 0) + 1;
    if (url === '/slow' && hits[url] === 1) {
      // The first worker is killed while it waits here; this answer never reaches anyone.
      firstSlowHit();
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE), 60_000).unref();
      return;
    }
    if (url === '/down') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as net.AddressInfo).port;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-worker-faults-'));
  await google.start();
  copy = await copyPostgresTemplate();
  const database = await openDatabase({ url: copy.url, poolSize: 5 });
  // The API process runs no job handlers: only the worker processes below do.
  api1 = await startTestApp({ ...sharedEnv(), HELIXIS_ROLE: 'api' }, { database, jobs: { workers: false } });
  owner = await createUserWithSession(api1);
  smtp = await startInboundMail(api1.deps, { port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await smtp?.close();
  await api1?.close();
  await google.stop();
  site?.close();
  await copy?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** What the API process and every worker are configured with: the fake site and the fake Google. */
function sharedEnv(): Record<string, string> {
  return {
    ...SECRETS,
    HELIXIS_MAIL_SYNC_MINUTES: '0',
    ...google.env(),
    HELIXIS_TRUSTED_UPSTREAMS: `127.0.0.1:${sitePort},${google.hostPort}`,
    HELIXIS_PUBLIC_URL: PUBLIC,
    HELIXIS_INBOUND_MAIL_DOMAIN: MAIL_DOMAIN,
  };
}

/** Worker process A: the real server with HELIXIS_ROLE=worker. */
async function startWorkerProcess(): Promise<Spawned> {
  const worker = spawnServerScript('src/main.ts', [], {
    HELIXIS_ROLE: 'worker',
    DATABASE_URL: copy.url,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    HELIXIS_DATA_DIR: dataDir,
    ...sharedEnv(),
    NODE_ENV: 'development',
  });
  await worker.waitFor(/Helixis worker is running/, 60_000);
  return worker;
}

/** Worker B: a worker in this process, supervising every second so a lost heartbeat is seen soon. */
async function startWorkerHere(): Promise<Jobs> {
  const config = testConfig({ ...sharedEnv(), HELIXIS_ROLE: 'worker' });
  const database = await openDatabase({ url: copy.url, poolSize: 3 });
  const jobs = new Jobs(
    { config, database, log: createLogger(config.logLevel) },
    { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, stopTimeoutMs: 2_000 },
  );
  for (const job of allJobs) await jobs.register(job);
  await jobs.start();
  const stop = jobs.stop.bind(jobs);
  jobs.stop = async () => {
    await stop();
    await database.close();
  };
  return jobs;
}

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: copy.url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

describe('a worker killed during an ingestion', () => {
  it('is retried by another worker and indexes the document once', async () => {
    const workerA = await startWorkerProcess();
    const queued = await api<{ document_id: string }>(api1, 'POST', '/functions/v1/ingest', {
      token: owner.token,
      body: { url: `http://127.0.0.1:${sitePort}/slow` },
    });
    expect(queued.status).toBe(202);
    await slowHit;
    const exited = new Promise<string | null>((resolve) =>
      workerA.child.once('exit', (_code, signal) => resolve(signal)),
    );
    workerA.child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const workerB = await startWorkerHere();
    try {
      const doc = await waitForDocument(api1, owner.token, queued.body.document_id, 90_000);
      expect(doc.status).toBe('READY');
      expect(hits['/slow']).toBe(2);
      const [counts] = await query<{ chunks: string; distinct_index: string }>(
        `select count(*) as chunks, count(distinct chunk_index) as distinct_index from document_chunks where document_id = $1`,
        [doc.id],
      );
      expect(Number(counts?.chunks)).toBe(doc.chunk_count);
      expect(Number(counts?.distinct_index)).toBe(doc.chunk_count);
      const jobs = await query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'knowledge.ingest' and data->'payload'->>'documentId' = $1`,
        [doc.id],
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.retry_count).toBe(1);
    } finally {
      await workerB.stop();
    }
  }, 120_000);
});

describe('an ingestion that keeps failing', () => {
  it('is retried, then ends as a failed document with the reason', async () => {
    const worker = await startWorkerHere();
    try {
      const queued = await api<{ document_id: string }>(api1, 'POST', '/functions/v1/ingest', {
        token: owner.token,
        body: { url: `http://127.0.0.1:${sitePort}/down` },
      });
      const doc = await waitForDocument(api1, owner.token, queued.body.document_id, 90_000);
      expect(doc).toMatchObject({
        status: 'failed',
        chunk_count: 0,
        error: 'The website answered with an error (HTTP 503).',
      });
      // First attempt and both retries of knowledge.ingest (retryLimit 2) asked the site.
      expect(hits['/down']).toBe(3);
      const [chunks] = await query<{ n: string }>('select count(*) as n from document_chunks where document_id = $1', [
        doc.id,
      ]);
      expect(Number(chunks?.n)).toBe(0);
    } finally {
      await worker.stop();
    }
  }, 120_000);
});

describe('a worker killed while an automation sends its reply', () => {
  it('sends nothing twice: the retried run marks the draft failed with the reason', async () => {
    const user = await createUserWithSession(api1);
    const me = await api<{ workspace: { id: string } }>(api1, 'GET', '/api/v1/me', { token: user.token });
    // Gmail connected through the OAuth round trip, a document to answer from, an automation that
    // auto-sends pricing answers, and the workspace's alias.
    const start = await api<{ authUrl: string }>(api1, 'POST', '/functions/v1/oauth-start', {
      token: user.token,
      body: { provider: 'gmail' },
    });
    const back = new URL((await fetch(start.body.authUrl, { redirect: 'manual' })).headers.get('location') ?? '');
    const connected = await api<{ ok: boolean }>(api1, 'POST', '/functions/v1/oauth-callback', {
      token: user.token,
      body: { provider: 'gmail', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(connected.body.ok).toBe(true);
    const workerA = await startWorkerProcess();
    let workerB: Jobs | null = null;
    try {
      await ingestAndWait(
        api1,
        user.token,
        'pet-policy.md',
        'Cats and small dogs are welcome at Maple Court with a one-time pet deposit of $300 per animal.',
      );
      const created = await api<{ automation: Automation }>(api1, 'POST', '/api/v1/automations', {
        token: user.token,
        body: { kind: 'email_inbox', name: 'Inbox assistant' },
      });
      const id = created.body.automation.id;
      await api(api1, 'POST', `/api/v1/automations/${id}/toggle`, { token: user.token, body: { enabled: true } });
      const update = await api<{ automation: Automation }>(api1, 'PATCH', `/api/v1/automations/${id}`, {
        token: user.token,
        body: {
          id,
          config: {
            ...created.body.automation.config,
            quietHours: null,
            approval: { autoSendIntents: ['pricing_question'] },
          },
        },
      });
      expect(update.body.automation).toMatchObject({ enabled: true, status: 'connected' });
      const alias = await api<{ address: string }>(api1, 'POST', '/functions/v1/create-email-alias', {
        token: user.token,
        body: {},
      });

      // Gmail takes the message and never answers: the worker dies waiting for the outcome.
      google.failNext({ path: '/gmail/v1/users/me/messages/send', acceptThenHang: true });
      const sentBefore = google.sent.length;
      await nodemailer
        .createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true })
        .sendMail({
          from: 'Tenant Tom <tom@example.com>',
          to: alias.body.address,
          subject: 'Deposit',
          text: 'How much is the pet deposit for a small dog?',
        });
      await waitFor(
        async () => google.sent.length,
        (n) => n === sentBefore + 1,
        60_000,
      );
      const exited = new Promise<string | null>((resolve) =>
        workerA.child.once('exit', (_code, signal) => resolve(signal)),
      );
      workerA.child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      workerB = await startWorkerHere();
      const list = await waitFor(
        () => api<{ drafts: AutomationDraft[] }>(api1, 'GET', '/api/v1/automations/approvals', { token: user.token }),
        (r) => r.body.drafts?.[0]?.status === 'failed',
        90_000,
      );
      const draft = list.body.drafts[0] as AutomationDraft;
      expect(list.body.drafts).toHaveLength(1);
      expect(draft).toMatchObject({ status: 'failed', send_error: INTERRUPTED_SEND, subject: 'Re: Deposit' });
      // The retried run sent nothing: Gmail holds exactly the one message of the killed attempt.
      expect(google.sent.length).toBe(sentBefore + 1);
      const audit = await api<{ entries: DraftAuditEntry[] }>(
        api1,
        'GET',
        `/api/v1/automations/approvals/${draft.id}/audit`,
        { token: user.token },
      );
      expect(audit.body.entries.map((e) => e.action)).toEqual(['queued', 'auto_approved', 'send_failed']);
      const jobs = await query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'automations.inbound' and data->>'workspaceId' = $1`,
        [me.body.workspace.id],
      );
      expect(jobs.map((j) => [j.state, j.retry_count])).toEqual([['completed', 1]]);
    } finally {
      if (workerA.child.exitCode === null && workerA.child.signalCode === null) workerA.child.kill('SIGKILL');
      await workerB?.stop();
    }
  }, 180_000);
});

/**
 * Knowledge benchmark on BEIR SciFact (../shared/datasets/scifact), end to end through the product:
 *
 * 1. starts the real server (buildApp + job workers) on a fresh PGlite (or DATABASE_URL),
 * 2. uploads all 5,183 corpus documents as .txt files through POST /functions/v1/ingest, 8 at a
 *    time, and waits until every one is READY (ingestion throughput, quota defaults),
 * 3. runs the 300 test queries through POST /functions/v1/search (k 100) and writes a TREC run,
 *    a document's rank being that of its best chunk,
 * 4. scores the run with the shared scorer (nDCG@10, recall) and prints search latency.
 *
 *   npx tsx server/bench/knowledge/scifact.ts [--limit N] [--concurrency 8] [--markdown]
 *
 * `--markdown` uploads each document as `<id>.md` with its title as a `# Title` heading: the product
 * must then find the title itself (the first heading), as it does for users' Markdown files.
 *
 * It also checks the tokenizer's Porter stemmer against the scorer's reference implementation on
 * every word of the corpus.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { porterStem } from '@helixis/domain';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { allJobs } from '../../src/jobs';
import type { Deps } from '../../src/platform/context';
import { Jobs } from '../../src/platform/jobs';
import { createLogger } from '../../src/platform/logger';
import { signAccessToken } from '../../src/platform/tokens';

const here = path.dirname(fileURLToPath(import.meta.url));
// HELIXIS_DATASETS when the checkout is not next to shared/ (a git worktree elsewhere).
const DATASETS = process.env.HELIXIS_DATASETS ?? path.resolve(here, '../../../../../../shared/datasets');
const SCIFACT = path.join(DATASETS, 'scifact');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function checkStemmer(corpus: { title: string; text: string }[]): Promise<void> {
  const baseline = (await import(pathToFileURL(path.join(DATASETS, 'bm25-baseline.mjs')).href)) as {
    porter: (word: string) => string;
  };
  const words = new Set<string>();
  for (const d of corpus) for (const w of `${d.title} ${d.text}`.toLowerCase().match(/[a-z]+/g) ?? []) words.add(w);
  const differ = [...words].filter((w) => porterStem(w) !== baseline.porter(w));
  console.log(`porter: ${words.size - differ.length}/${words.size} words stem like the reference`);
  if (differ.length)
    console.log(`  e.g. ${differ.slice(0, 10).map((w) => `${w}→${porterStem(w)}≠${baseline.porter(w)}`)}`);
}

async function main() {
  if (!existsSync(SCIFACT)) throw new Error(`SciFact not found at ${SCIFACT}`);
  const limit = arg('limit', Number.POSITIVE_INFINITY);
  const concurrency = arg('concurrency', 8);
  const markdown = process.argv.includes('--markdown');
  const corpus = readJsonl<{ _id: string; title: string; text: string }>(path.join(SCIFACT, 'corpus.jsonl')).slice(
    0,
    limit,
  );
  const queries = readJsonl<{ _id: string; text: string }>(path.join(SCIFACT, 'queries-test.jsonl'));
  await checkStemmer(corpus);

  const config = loadConfig({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'helixis-bench-')),
    HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
    HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'error',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl });
  await migrate(database);
  const jobs = new Jobs({ config, database, log }, { pollingIntervalSeconds: 1 });
  for (const job of allJobs) await jobs.register(job);
  const deps: Deps = { config, database, log, jobs };
  const app = await buildApp(deps, { serveWeb: false });
  await jobs.start();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const [user] = await database.query<{ id: string }>(
    `insert into users (email, email_confirmed_at) values ('bench@example.com', now()) returning id`,
  );
  const [session] = await database.query<{ id: string }>(
    `insert into auth_sessions (user_id) values ($1) returning id`,
    [user?.id],
  );
  const { token } = await signAccessToken(
    config.jwtSecret,
    { userId: user?.id ?? '', sessionId: session?.id ?? '', email: 'bench@example.com', isAnonymous: false },
    3600 * 6,
  );
  const headers = { authorization: `Bearer ${token}` };
  await fetch(`${url}/api/v1/me`, { headers });

  // Ingest: upload every document as a .txt file, `concurrency` requests at a time.
  const started = Date.now();
  const idOf = new Map<string, string>();
  let next = 0;
  const uploadOne = async () => {
    for (;;) {
      const i = next++;
      const doc = corpus[i];
      if (!doc) return;
      const form = new FormData();
      if (markdown) {
        form.append('file', new Blob([`# ${doc.title}\n\n${doc.text}`], { type: 'text/markdown' }), `${doc._id}.md`);
      } else {
        form.append('file', new Blob([`${doc.title}\n\n${doc.text}`], { type: 'text/plain' }), `${doc._id}.txt`);
      }
      const res = await fetch(`${url}/functions/v1/ingest`, { method: 'POST', headers, body: form });
      if (res.status !== 202) throw new Error(`upload ${doc._id}: ${res.status} ${await res.text()}`);
      idOf.set(((await res.json()) as { document_id: string }).document_id, doc._id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, uploadOne));
  const uploaded = Date.now();
  for (;;) {
    const [row] = await database.query<{ pending: string; ready: string; failed: string }>(
      `select count(*) filter (where status = 'PENDING')::text pending, count(*) filter (where status = 'READY')::text ready,
              count(*) filter (where status = 'failed')::text failed from documents`,
    );
    if (row?.pending === '0') {
      console.log(`ingest: ${row.ready} READY, ${row.failed} failed of ${corpus.length}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const done = Date.now();
  const [stats] = await database.query<{ chunks: string; postings: string; terms: string }>(
    `select (select count(*) from document_chunks)::text chunks, (select sum(cardinality(chunk_ids)) from posting_blocks)::text postings,
            (select count(*) from knowledge_terms)::text terms`,
  );
  console.log(
    `ingest: uploads ${((uploaded - started) / 1000).toFixed(1)} s, all READY after ${((done - started) / 1000).toFixed(1)} s ` +
      `(${((corpus.length * 1000) / (done - started)).toFixed(1)} docs/s); ${stats?.chunks} chunks, ${stats?.postings} postings, ${stats?.terms} terms`,
  );

  // Search: one TREC line per document, ranked by its best chunk.
  const lines: string[] = [];
  const latencies: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const res = await fetch(`${url}/functions/v1/search`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: q.text, k: 100 }),
    });
    latencies.push(performance.now() - t0);
    const { results } = (await res.json()) as { results: { document_id: string; score: number }[] };
    const seen = new Set<string>();
    for (const r of results) {
      const docId = idOf.get(r.document_id);
      if (!docId || seen.has(docId)) continue;
      seen.add(docId);
      lines.push(`${q._id} Q0 ${docId} ${seen.size} ${r.score} helixis`);
    }
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `search (HTTP, k 100): p50 ${percentile(latencies, 0.5)?.toFixed(1)} ms, p95 ${percentile(latencies, 0.95)?.toFixed(1)} ms`,
  );
  const runFile = path.join(os.tmpdir(), `helixis-scifact-${process.pid}.trec`);
  writeFileSync(runFile, `${lines.join('\n')}\n`);
  console.log(
    execFileSync('node', [path.join(DATASETS, 'bm25-baseline.mjs'), '--eval', runFile], { encoding: 'utf8' }),
  );

  await app.close();
  await jobs.stop();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

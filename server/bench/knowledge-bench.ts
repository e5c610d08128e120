/**
 * Shared pieces of the knowledge benchmarks (run.ts, retrieval.ts): the public datasets folder, a fresh
 * PGlite in a temporary folder, and ingestion / search through the product's own functions.
 *
 * Ingestion goes through the same path as an upload: a PENDING document with its bytes (as
 * createDocument writes it), then `processDocuments` — the ingest job's function — parses the .txt,
 * chunks it and writes chunks, postings and statistics. The job queue itself is not started: the
 * benchmark calls the job's function directly, one document after another.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ingestTexts } from '../src/features/knowledge/ingest/bulk';
import type { KnowledgeScope } from '../src/features/knowledge/scope';
import { searchWorkspace } from '../src/features/knowledge/search/search';
import type { Deps } from '../src/platform/context';
import { Jobs } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logger';
import { DATASETS_DIR } from './knowledge/scorer';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');

export const out = (line = '') => process.stdout.write(`${line}\n`);

/** `../shared/datasets` beside the checkout; stops with a readable message when it is not there. */
export function datasetsDir(): string {
  const dir = DATASETS_DIR;
  const needed = ['scifact/corpus.jsonl', 'scifact/queries-test.jsonl', 'bm25-baseline.mjs'];
  const missing = needed.filter((f) => !existsSync(path.join(dir, f)));
  if (missing.length > 0) {
    throw new Error(
      `The benchmark datasets were not found: ${missing.map((f) => path.join(dir, f)).join(', ')}.\n` +
        `Expected the public datasets folder at ${dir} (next to the repository, see its README); it is read in place, never copied.`,
    );
  }
  return dir;
}

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as T);
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

export function latencySummary(ms: readonly number[]): { p50: number; p95: number; n: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

/** Runs the shared scorer script and returns the JSON line it prints with --json. */
export function runScorer<T>(datasets: string, args: string[]): T {
  const stdout = execFileSync(process.execPath, [path.join(datasets, 'bm25-baseline.mjs'), ...args, '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{') || l.startsWith('['));
  if (!line) throw new Error(`bm25-baseline.mjs ${args.join(' ')} printed no JSON:\n${stdout}`);
  return JSON.parse(line) as T;
}

export interface BenchEnv {
  deps: Deps;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database: PGlite in its own temporary folder (removed on close), or, with
 * `postgresUrl`, a new database on that server (dropped on close).
 */
export async function openBenchEnv(options: { postgresUrl?: string } = {}): Promise<BenchEnv> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: dataDir,
    HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
    HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'error',
  });
  const log = createLogger(config.logLevel);
  let dropDatabase = async () => {};
  let database: Database;
  if (options.postgresUrl) {
    const name = `helixis_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(options.postgresUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.href, poolSize: 4 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: options.postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  }
  await migrate(database);
  // Never started: the benchmark calls the ingest job's function itself (see the file comment).
  const jobs = new Jobs({ config, database, log });
  const deps: Deps = { config, database, log, jobs };
  return {
    deps,
    database,
    async close() {
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createWorkspace(env: BenchEnv, name: string): Promise<KnowledgeScope> {
  const [row] = await env.database.query<{ id: string }>(`insert into workspaces (name) values ($1) returning id`, [
    name,
  ]);
  if (!row) throw new Error('workspace insert returned nothing');
  return { deps: env.deps, workspaceId: row.id, userId: null, log: env.deps.log };
}

export interface BenchDocument {
  /** The dataset's own id (for the run file / answer check). */
  key: string;
  title: string;
  text: string;
}

export interface IngestReport {
  /** product document id → dataset key */
  keyOf: Map<string, string>;
  documents: number;
  chunks: number;
  /** Wall time of everything: creating the PENDING documents and indexing them. */
  ms: number;
  /** Time inside processDocuments (parse → chunk → index write). */
  indexMs: number;
  /** CPU time of this process over the whole ingestion (PGlite runs in it): independent of machine load. */
  cpuMs: number;
}

/**
 * Ingests every document as an uploaded .txt named after its title, through the bulk path
 * (`ingestTexts`: PENDING documents created in batches, then `processDocuments` — the ingest job's
 * function — parses, chunks and indexes each batch with batched writes).
 */
export async function ingestDocuments(
  scope: KnowledgeScope,
  docs: readonly BenchDocument[],
  onProgress?: (done: number) => void,
  options: { batch?: number } = {},
): Promise<IngestReport> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let indexMs = 0;
  let reported = 0;
  const ids = await ingestTexts(scope, docs, {
    ...(options.batch ? { batch: options.batch } : {}),
    source: 'bench',
    onBatch(done, ms) {
      indexMs += ms;
      if (onProgress && Math.floor(done / 1000) > reported) {
        reported = Math.floor(done / 1000);
        onProgress(done);
      }
    },
  });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  const keyOf = new Map<string, string>();
  for (const [i, id] of ids.entries()) {
    if (!id) throw new Error(`document ${docs[i]?.key} was not indexed`);
    keyOf.set(id, docs[i]?.key ?? '');
  }
  const [stats] = await scope.deps.database.query<{ n: number }>(
    `select count(*)::int as n from document_chunks where workspace_id = $1`,
    [scope.workspaceId],
  );
  return { keyOf, documents: docs.length, chunks: stats?.n ?? 0, ms, indexMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

export interface RankedDocument {
  key: string;
  score: number;
  /** The best chunk's text. */
  content: string;
}

/**
 * The product's search (searchWorkspace, the function behind POST /functions/v1/search, rag-answer and
 * chat) with chunk scores rolled up to documents: a document scores its best chunk's score.
 */
export async function searchDocuments(
  scope: KnowledgeScope,
  keyOf: ReadonlyMap<string, string>,
  query: string,
  k: number,
): Promise<{ docs: RankedDocument[]; ms: number }> {
  const started = performance.now();
  const hits = await searchWorkspace(scope, { query, k });
  const ms = performance.now() - started;
  const best = new Map<string, RankedDocument>();
  for (const hit of hits) {
    const key = keyOf.get(hit.document_id);
    if (!key) continue;
    const seen = best.get(key);
    if (!seen || hit.score > seen.score) best.set(key, { key, score: hit.score, content: hit.content });
  }
  return { docs: [...best.values()].sort((a, b) => b.score - a.score), ms };
}

/**
 * Benchmark: chat answer latency with the offline provider over a workspace of ~10,000 chunks.
 * Run: `npx tsx server/bench/chat-latency.ts` (BENCH_CHUNKS and BENCH_QUESTIONS to change the size).
 * Documents go through the real ingestion path (job, chunking, BM25 postings) on a fresh PGlite
 * folder; each question then goes through chat-with-context (retrieval, answer, confidence, task rule,
 * persistence). Reports p50/p95 over the questions.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { chatWithContext } from '../src/features/chat/chat.service';
import { ingestTextForWorkspace } from '../src/features/knowledge/ingest/requests';
import { searchKnowledge } from '../src/features/knowledge/search/search';
import { resolveWorkspace } from '../src/features/workspaces/workspaces.service';
import { allJobs } from '../src/jobs';
import type { Deps, WorkspaceContext } from '../src/platform/context';
import { Jobs } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logger';
import { withTenant } from '../src/platform/tenant';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 10_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 60);
const CHUNKS_PER_DOC = 500;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Deterministic pseudo-random text: property-management words in plausible sentences. */
function* prng(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    yield s / 2 ** 32;
  }
}
const WORDS = `tenant lease rent deposit unit building parking garage laundry maintenance repair request plumber
  heating cooling window door key lock inspection notice renewal fee payment portal balance invoice owner manager
  office hours weekend holiday emergency contact elevator stairs balcony storage bicycle trash recycling pool gym
  package mailbox noise quiet pets dog cat smoke alarm water electricity internet cable move schedule appointment`
  .split(/\s+/)
  .filter(Boolean);

function documentText(doc: number, rand: Generator<number>): string {
  const pick = () => WORDS[Math.floor(rand.next().value * WORDS.length)] ?? 'unit';
  const sections: string[] = [];
  for (let c = 0; c < CHUNKS_PER_DOC; c++) {
    const lines = [`## Section ${doc}-${c}`, ''];
    let body = '';
    while (body.length < 650) {
      const n = 8 + Math.floor(rand.next().value * 8);
      const words = Array.from({ length: n }, pick);
      body += `${words.join(' ').replace(/^./, (m) => m.toUpperCase())}. `;
    }
    // A planted, answerable sentence per chunk: "Suite q3x17 opens with gate code zx3q17."
    lines.push(`${body}Suite q${doc}x${c} opens with gate code zx${doc}q${c}.`);
    sections.push(lines.join('\n'));
  }
  return sections.join('\n\n');
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: dataDir,
    HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
    HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
  });
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  const jobs = new Jobs({ config, database, log });
  try {
    await migrate(database);
    for (const job of allJobs) await jobs.register(job);
    const deps: Deps = { config, database, log, jobs };
    await jobs.start();
    const [user] = await database.query<{ id: string }>(
      `insert into users (email, email_confirmed_at) values ('bench@example.com', now()) returning id`,
    );
    if (!user) throw new Error('no user');
    const base = {
      requestId: 'bench',
      log,
      deps,
      workspace: null,
      user: { id: user.id, email: 'bench@example.com', isAnonymous: false, sessionId: '' },
    };
    const workspace = await resolveWorkspace(base);
    const ctx: WorkspaceContext = {
      ...base,
      workspace,
      tenant: (fn) => withTenant(database, { workspaceId: workspace.id, userId: user.id }, fn),
    };

    const docs = Math.max(1, Math.round(CHUNKS / CHUNKS_PER_DOC));
    const rand = prng(42);
    const started = Date.now();
    for (let d = 0; d < docs; d++) {
      await ingestTextForWorkspace(
        { deps, workspaceId: workspace.id, userId: user.id, log },
        { title: `Handbook ${d}`, text: documentText(d, rand), source: 'bench', markdown: true },
      );
    }
    for (;;) {
      const [row] = await database.query<{ pending: number; chunks: number }>(
        `select (select count(*) from documents where status = 'PENDING')::int as pending,
                (select count(*) from document_chunks)::int as chunks`,
      );
      if (row && row.pending === 0) {
        out(`ingested ${docs} documents, ${row.chunks} chunks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }

    const timings: number[] = [];
    const searchTimings: number[] = [];
    let cited = 0;
    for (let q = 0; q < QUESTIONS; q++) {
      const d = q % docs;
      const c = (q * 37) % CHUNKS_PER_DOC;
      const question = `What is the gate code of suite q${d}x${c}?`;
      const s0 = performance.now();
      await searchKnowledge(ctx, { query: question, k: 5 });
      searchTimings.push(performance.now() - s0);
      const t0 = performance.now();
      const result = await chatWithContext({
        ctx,
        input: { messages: [{ role: 'user', content: question }], assistantMode: 'operational', isTestMode: false },
      });
      timings.push(performance.now() - t0);
      if (result.message.includes(`zx${d}q${c}`)) cited++;
    }
    timings.sort((a, b) => a - b);
    searchTimings.sort((a, b) => a - b);
    out(
      `BM25 search alone (k=5): p50 ${percentile(searchTimings, 50).toFixed(1)} ms, p95 ${percentile(searchTimings, 95).toFixed(1)} ms`,
    );
    out(
      `chat-with-context (offline provider, ${QUESTIONS} questions): p50 ${percentile(timings, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(timings, 95).toFixed(1)} ms, max ${(timings.at(-1) ?? 0).toFixed(1)} ms; ` +
        `answered with the planted sentence: ${cited}/${QUESTIONS}`,
    );
  } finally {
    await jobs.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

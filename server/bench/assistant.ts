/**
 * `npm run bench:assistant`: the assistant's answer quality (issue 25), measured through the public API.
 *
 * The product is started in process (API, job workers) on a fresh embedded PGlite in a temporary folder
 * and listens on a free local port; the development set (server/bench/assistant-set/, run by
 * features/chat/bench/assistant-run.ts) is then played against it over HTTP: sign-ups, uploads,
 * scripted onboarding, chat-with-context, tasks. The offline provider always runs; when
 * HELIXIS_LLM_BASE_URL and HELIXIS_LLM_MODEL are set, a second server configured with that endpoint
 * runs the same set.
 *
 *   --set b|<dir>       the held-out set B (server/bench/assistant-set-b/) or the set in <dir>; default set A
 *   --endpoint-only     only the configured endpoint (no offline run)
 *   --offline-only      only the offline provider, even when an endpoint is configured
 *   --only a01,b03      only these questions
 *   --verbose           one line per question while running
 *   --json <file>       also write the figures, failures and answers as JSON
 *   --wiki              also the extractive accuracy on rag-mini-wikipedia (assistant-wiki.ts; a few minutes)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import {
  type AssistantReport,
  failureLines,
  figureLines,
  runAssistantSet,
} from '../src/features/chat/bench/assistant-run';
import { assistantSetDir, loadAssistantSet } from '../src/features/chat/bench/assistant-set';
import { allJobs } from '../src/jobs';
import type { Deps } from '../src/platform/context';
import { Jobs } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logger';
import { printWikiReport, runWikiAnswers, type WikiReport } from './assistant-wiki';

const out = (line = '') => process.stdout.write(`${line}\n`);

export interface BenchApp {
  url: string;
  deps: Deps;
  close(): Promise<void>;
}

/** The whole server (API and job workers) on a fresh PGlite in a temporary folder, on a free port. */
export async function startBenchApp(env: Record<string, string | undefined> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-assistant-bench-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: dataDir,
    HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
    HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    HELIXIS_MAIL_SYNC_MINUTES: '0',
    ...env,
  });
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  await migrate(database);
  const jobs = new Jobs({ config, database, log }, { pollingIntervalSeconds: 0.5, cron: false });
  const deps: Deps = { config, database, log, jobs };
  let app: FastifyInstance | null = null;
  const close = async () => {
    await app?.close();
    await jobs.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const job of allJobs) await jobs.register(job);
    app = await buildApp(deps, { serveWeb: false });
    await jobs.start();
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, deps, close };
  } catch (err) {
    await close();
    throw err;
  }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function runOnce(label: string, env: Record<string, string | undefined>): Promise<AssistantReport> {
  const only = argValue('--only')?.split(',').filter(Boolean);
  const verbose = process.argv.includes('--verbose');
  const set = loadAssistantSet(assistantSetDir(argValue('--set')));
  out(`\n${label}: set ${path.relative(process.cwd(), set.dir) || set.dir}; starting the server on a fresh PGlite …`);
  const app = await startBenchApp(env);
  try {
    const report = await runAssistantSet(
      { url: app.url },
      {
        ...(only ? { only } : {}),
        onAnswer(r, i, total) {
          if (verbose) {
            const flag = r.containsExpected ? 'ok ' : '-- ';
            out(`  ${String(i).padStart(3)}/${total} ${flag}[${r.id} ${r.kind}] ${r.question} (${r.ms.toFixed(0)} ms)`);
          } else if (i % 25 === 0) out(`  ${i}/${total} questions`);
        },
      },
      set,
    );
    for (const line of failureLines(report)) out(line);
    out();
    for (const line of figureLines(report)) out(line);
    return report;
  } finally {
    await app.close();
  }
}

async function main() {
  const endpoint = process.env.HELIXIS_LLM_BASE_URL && process.env.HELIXIS_LLM_MODEL;
  const runs: { label: string; env: Record<string, string | undefined> }[] = [];
  if (!process.argv.includes('--endpoint-only')) runs.push({ label: 'offline provider', env: {} });
  if (endpoint && !process.argv.includes('--offline-only')) {
    runs.push({
      label: `endpoint ${process.env.HELIXIS_LLM_MODEL} at ${process.env.HELIXIS_LLM_BASE_URL}`,
      env: {
        HELIXIS_LLM_BASE_URL: process.env.HELIXIS_LLM_BASE_URL,
        HELIXIS_LLM_MODEL: process.env.HELIXIS_LLM_MODEL,
        HELIXIS_LLM_API_KEY: process.env.HELIXIS_LLM_API_KEY,
      },
    });
  } else if (process.argv.includes('--endpoint-only')) {
    throw new Error('--endpoint-only needs HELIXIS_LLM_BASE_URL and HELIXIS_LLM_MODEL');
  }
  const reports: AssistantReport[] = [];
  for (const run of runs) reports.push(await runOnce(run.label, run.env));

  let wiki: WikiReport | null = null;
  if (process.argv.includes('--wiki')) {
    out('\nrag-mini-wikipedia, offline provider: starting the server on a fresh PGlite …');
    const app = await startBenchApp();
    try {
      wiki = await runWikiAnswers(app, (line) => out(line));
      printWikiReport(wiki, (line) => out(line));
    } finally {
      await app.close();
    }
  }

  const jsonFile = argValue('--json');
  if (jsonFile) {
    writeFileSync(
      jsonFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: reports, wiki }, null, 2)}\n`,
    );
    out(`\nwritten: ${path.resolve(jsonFile)}`);
  }
}

// Run only as a command: assistant-diagnose.ts imports startBenchApp from here.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}

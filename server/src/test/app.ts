import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { allJobs } from '../jobs';
import type { Deps } from '../platform/context';
import { Jobs, type JobsOptions } from '../platform/jobs';
import { createLogger, type Logger } from '../platform/logger';
import { openTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  config: Config;
  /** http://127.0.0.1:port — the server really listens, tests speak HTTP to it. */
  url: string;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    HELIXIS_DATA_DIR: '/nonexistent-helixis-test-dir',
    HELIXIS_JWT_SECRET: randomBytes(32).toString('base64url'),
    HELIXIS_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    // The background mailbox sync would read the shared fake mailboxes during unrelated tests.
    HELIXIS_MAIL_SYNC_MINUTES: '0',
    ...overrides,
  });
}

export interface StartTestAppOptions {
  /** A logger to capture output (platform tests); default: one at LOG_LEVEL. */
  log?: Logger;
  /** Job queue options (e.g. `workers: false` for an API-only process). */
  jobs?: JobsOptions;
  /** The database to run on (closed by close()); default: a fresh copy of the migrated template. */
  database?: Database;
  /** Runs after buildApp and before listen: platform tests add probe routes here. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  /** Listen address; default 127.0.0.1 (`0.0.0.0` lets a test call from the machine's network address). */
  host?: string;
}

/** Starts the whole server on a free port over a fresh database. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: StartTestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = options.database ?? (await openTestDatabase());
  const log = options.log ?? createLogger(config.logLevel);
  // Short polls so retries come due within a test; new jobs start at once through NOTIFY anyway.
  // Cron schedules never fire: a test runs a scheduled job by enqueueing it, at the moment it chooses.
  const jobs = new Jobs(
    { config, database, log },
    {
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 2_000,
      cron: false,
      ...options.jobs,
    },
  );
  const deps: Deps = { config, database, log, jobs };
  let app: FastifyInstance;
  let url: string;
  try {
    for (const job of allJobs) await jobs.register(job);
    app = await buildApp(deps, { serveWeb: false });
    await options.beforeListen?.(app);
    await jobs.start();
    const port = (await app.listen({ port: 0, host: options.host ?? '127.0.0.1' })).split(':').pop();
    url = `http://127.0.0.1:${port}`;
  } catch (err) {
    await jobs.stop();
    await database.close();
    throw err;
  }
  return {
    app,
    deps,
    database,
    config,
    url,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}

/** fetch against the test server with JSON in and out. */
export async function api<T = unknown>(
  t: Pick<TestApp, 'url'>,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

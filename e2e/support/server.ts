import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  /** Stops the server; the data folder is removed unless `keepData` is set (to start again on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartServerOptions {
  /** Start on an existing data folder (kept from an earlier `stop({ keepData: true })`). */
  dataDir?: string;
  /** How long to wait for /healthz (default 90 s, within the 120 s hook timeout). */
  startTimeoutMs?: number;
}

/**
 * The environment of the shared servers (global-setup.ts). Many files sign users up and in on one of them
 * within a minute; the per-address limit on sign-ins (30 a minute) is a product rule no browser test of a
 * shared server is about, so it is raised there.
 */
export const SHARED_SERVER_ENV: Record<string, string> = { HELIXIS_AUTH_IP_LIMIT: '100000' };

/** A port nothing listens on now (for servers whose address must be known before they start). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A new data folder holding a copy of the run's migrated database (e2e/global-setup.ts), so a server
 * skips initdb, 30-odd migrations and the job-queue schema (about half of a cold start).
 */
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'helixis-e2e-'));
  const template = inject('e2eDatabaseTemplate');
  if (template) cpSync(template, path.join(dir, 'pgdata'), { recursive: true });
  return dir;
}

/** Starts the real product (API + built web app) on a free port over a fresh PGlite folder. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartServerOptions = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before the browser tests');
  }
  // A caller that must know the address before start (OAuth redirect URIs) passes PORT itself.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = options.dataDir ?? freshDataDir();
  let output = '';
  const child: ChildProcess = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HELIXIS_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Off unless a test asks: the background mailbox sync would race the tests' own "Run intake now".
      HELIXIS_MAIL_SYNC_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine (several suites on two cores) may need longer: E2E_SERVER_START_SECONDS.
  const startTimeoutMs = (Number(process.env.E2E_SERVER_START_SECONDS) || 0) * 1000 || options.startTimeoutMs || 90_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind a failed hook. SIGTERM, which tsx passes on to the server process
      // (a SIGKILL would end tsx alone and orphan the server).
      child.kill('SIGTERM');
      throw new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logs: () => output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            r(undefined);
          }, 5_000);
          child.once('exit', () => {
            clearTimeout(timer);
            r(undefined);
          });
        });
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
}

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
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'helixis-e2e-'));
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
  const startSeconds = Number(process.env.E2E_SERVER_START_SECONDS) || 60;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within ${startSeconds} s:\n${output}`);
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

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { launchBrowser } from './browser';
import { withServerDatabase } from './db';
import { type RunningServer, startServer } from './server';

type ServerEnv = Record<string, string>;

export interface ProductOptions {
  /**
   * The server's environment. A function runs inside the file's `beforeAll`, after the hooks the file
   * registered before `useProduct` (fakes whose addresses the server must know start there or in it).
   */
  env?: ServerEnv | (() => ServerEnv | Promise<ServerEnv>);
  /**
   * Chromium switches (e.g. a fake microphone; a function runs inside `beforeAll`), or `false` for a file
   * that launches its own Chromium.
   */
  browser?: { args?: string[] | (() => string[]) } | false;
  /**
   * false: a server of this file's own even without an environment (a file that stops it, as
   * `withDatabase` does). By default a file with no `env` uses its worker's shared server.
   */
  shared?: false;
}

/** The product under test in one browser-test file: a real server process and a headless Chromium. */
export interface Product {
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * Stops the server (its data kept), runs `fn` on its database for what has no API, e.g. an employee
   * membership, and starts it again on the same data, port and environment.
   */
  withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T>;
}

/**
 * The one start-server-and-browser fixture of the browser tests: registers the file's `beforeAll` that
 * starts the server (on a copy of the run's migrated database, see global-setup.ts) and Chromium, and the
 * `afterAll` that stops both. Call it at the top level of a test file; hooks registered after it run
 * with the server up.
 */
export function useProduct(options: ProductOptions = {}): Product {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let env: ServerEnv = {};
  const shared = options.env === undefined && options.shared !== false ? sharedServer() : undefined;

  beforeAll(async () => {
    env = typeof options.env === 'function' ? await options.env() : (options.env ?? {});
    // Chromium starts while the server does (the two are independent).
    const args = options.browser === false ? undefined : options.browser?.args;
    const launching = options.browser === false ? undefined : launchBrowser(typeof args === 'function' ? args() : args);
    try {
      server = shared ?? (await startServer(env));
    } finally {
      browser = await launching;
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (server !== shared) await server?.stop();
  });

  const running = (): RunningServer => {
    if (!server) throw new Error('the server is not running: use the product inside tests or hooks');
    return server;
  };
  return {
    get server() {
      return running();
    },
    get browser() {
      if (!browser)
        throw new Error(options.browser === false ? 'this file runs without the shared browser' : 'no browser yet');
      return browser;
    },
    async withDatabase(fn) {
      if (shared) throw new Error('withDatabase stops the server: use useProduct({ shared: false }) in this file');
      const stopped = running();
      const port = new URL(stopped.url).port;
      await stopped.stop({ keepData: true });
      server = undefined;
      try {
        return await withServerDatabase(stopped.dataDir, fn);
      } finally {
        server = await startServer({ ...env, PORT: port }, { dataDir: stopped.dataDir });
      }
    },
  };
}

/**
 * The running server this worker shares with the other files it runs (global-setup.ts starts one per
 * worker; VITEST_POOL_ID numbers the workers from 1). It is never stopped by a file.
 */
function sharedServer(): RunningServer | undefined {
  const urls = inject('e2eSharedServers') ?? [];
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % Math.max(1, urls.length)];
  if (!url) return undefined;
  return {
    url,
    dataDir: '',
    logs: () => "the shared server logs to the run's own output",
    async stop() {
      throw new Error('a shared server is stopped by the run (global-setup.ts), not by a test file');
    },
  };
}

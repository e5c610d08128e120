import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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

  beforeAll(async () => {
    env = typeof options.env === 'function' ? await options.env() : (options.env ?? {});
    // Chromium starts while the server does (the two are independent).
    const args = options.browser === false ? undefined : options.browser?.args;
    const launching = options.browser === false ? undefined : launchBrowser(typeof args === 'function' ? args() : args);
    try {
      server = await startServer(env);
    } finally {
      browser = await launching;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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

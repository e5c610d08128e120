import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SHARED_SERVER_ENV, startServer } from './support/server';
import { E2E_WORKERS } from './support/workers';

/**
 * Starts the real server once on an empty data folder (initdb, every migration, the job-queue schema)
 * and keeps its stopped database as the template each test server starts from (a folder copy). Then
 * starts one shared server per worker on copies of it, for the files that need no environment of their
 * own (support/product.ts): a server start is seconds of CPU, and most files only sign up their own
 * users and workspaces on it.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-e2e-template-'));
  // A cold start (initdb and every migration): slower than the per-file starts, so a longer wait.
  const server = await startServer({}, { dataDir, startTimeoutMs: 300_000 });
  await server.stop({ keepData: true });
  const template = path.join(dataDir, 'pgdata');
  project.provide('e2eDatabaseTemplate', template);
  const starts = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'helixis-e2e-shared-'));
      cpSync(template, path.join(dir, 'pgdata'), { recursive: true });
      return startServer(SHARED_SERVER_ENV, { dataDir: dir });
    }),
  );
  const shared = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = starts.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(shared.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide(
    'e2eSharedServers',
    shared.map((s) => s.url),
  );
  return async () => {
    await Promise.all(shared.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDatabaseTemplate?: string;
    /** The shared servers' addresses, one per worker (VITEST_POOL_ID picks one). */
    e2eSharedServers?: string[];
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './support/server';

/**
 * Starts the real server once on an empty data folder (initdb, every migration, the job-queue schema)
 * and keeps its stopped database as the template each test server starts from (a folder copy).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-e2e-template-'));
  // A cold start (initdb and every migration): slower than the per-file starts, so a longer wait.
  const server = await startServer({}, { dataDir, startTimeoutMs: 300_000 });
  await server.stop({ keepData: true });
  project.provide('e2eDatabaseTemplate', path.join(dataDir, 'pgdata'));
  return () => rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDatabaseTemplate?: string;
  }
}

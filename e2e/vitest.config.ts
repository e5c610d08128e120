import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Browser tests: real server process, real Chromium.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    // Migrates one database for the run; every test server starts on a copy of it.
    globalSetup: ['global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at once (each its own server on its own port and database copy, and its own Chromium): one
    // file alone left a third of the 2-core machine idle, waiting on its server and browser (decision 039).
    maxWorkers: Math.max(2, Math.floor(availableParallelism() / 2)),
    // afterAll hooks run in reverse order: useProduct's (registered first) stops the server last.
    sequence: { hooks: 'stack' },
    reporters: ['default'],
  },
});

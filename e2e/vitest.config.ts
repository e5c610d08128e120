import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

// Browser tests: real server process, real Chromium.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    // Migrates one database for the run; every test server starts on a copy of it.
    globalSetup: ['global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_WORKERS,
    // afterAll hooks run in reverse order: useProduct's (registered first) stops the server last.
    sequence: { hooks: 'stack' },
    reporters: ['default'],
  },
});

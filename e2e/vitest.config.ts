import { defineConfig } from 'vitest/config';

// Browser tests: real server process, real Chromium. One file at a time (2-core machines).
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    // Migrates one database for the run; every test server starts on a copy of it.
    globalSetup: ['global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // afterAll hooks run in reverse order: useProduct's (registered first) stops the server last.
    sequence: { hooks: 'stack' },
    reporters: ['default'],
  },
});

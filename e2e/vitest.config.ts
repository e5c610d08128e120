import { defineConfig } from 'vitest/config';

// Browser tests: real server process, real Chromium. One file at a time (2-core machines).
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default'],
  },
});

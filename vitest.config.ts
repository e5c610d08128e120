import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `*.pg.test.ts` need a PostgreSQL server (several processes on one database): postgres project only.
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    // server/bench holds research code; its few unit tests (e.g. the Porter2 stemmer's) run here too.
    include: ['server/src/**/*.test.ts', 'server/bench/**/*.test.ts'],
    exclude: db === 'pglite' ? ['server/src/**/*.pg.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['server/src/test/global-setup.ts'],
    env: { HELIXIS_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: ONE on a 2-core machine, where the
    // whole unit and API suite then ran file after file on one core while the other idled (the main
    // process only collects results). Two workers use both; larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
    ],
  },
});

import { defineConfig } from 'vitest/config';

// `*.pg.test.ts` need a PostgreSQL server (several processes on one database): postgres project only.
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['server/src/**/*.test.ts'],
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

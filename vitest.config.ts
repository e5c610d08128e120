import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `*.pg.test.ts` need a PostgreSQL server (several processes on one database): postgres project only.
// `*.mock.test.ts` replace a module with vi.mock: they run in a project of their own with a fresh module
// graph per file, as the other server tests share one per worker (architecture.test.ts keeps the naming).
const serverProject = (name: string, db: 'pglite' | 'postgres', mocks: boolean) => ({
  test: {
    name: mocks ? `${name}:mocks` : name,
    // server/bench holds research code; its few unit tests (e.g. the Porter2 stemmer's) run here too.
    include: mocks ? ['server/src/**/*.mock.test.ts'] : ['server/src/**/*.test.ts', 'server/bench/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      ...(db === 'pglite' ? ['server/src/**/*.pg.test.ts'] : []),
      ...(mocks ? [] : ['server/src/**/*.mock.test.ts']),
    ],
    environment: 'node',
    // One module graph per worker, not per file (decision 039): every API test file imported the whole
    // server and PGlite's WebAssembly again, which was more than half of the unit and API stage's time.
    // Each file still starts its own app on its own database copy.
    isolate: mocks,
    // Node 24's V8 can abort a process that has created and freed many WebAssembly instances (PGlite's):
    // a CHECK in ThreadIsolation::UnregisterWasmAllocation, reached when wasm code GC frees a dying
    // import wrapper (nodejs/node#64500). It killed two workers of a shared-graph run (decision 039).
    // Without wasm code GC that path never runs; dead wasm code stays until the worker exits.
    execArgv: ['--no-wasm-code-gc'],
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
    // process only collects results). API tests also wait on timers, sockets and child processes, so one
    // worker more than the cores keeps them busy: on 2 cores, 3 workers took 480 s where 2 took 655 s
    // (decision 039).
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      // Components need a DOM (jsdom, about a second to set up per file); the web app's plain logic does not.
      { test: { name: 'web', include: ['web/src/**/*.test.tsx'], environment: 'jsdom' } },
      // The repository's own tooling (scripts/): the unit stage's wrapper runs vitest on a fixture project.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web:logic', include: ['web/src/**/*.test.ts'], environment: 'node', isolate: false } },
      serverProject('server:pglite', 'pglite', false),
      serverProject('server:pglite', 'pglite', true),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server:postgres', 'postgres', false), serverProject('server:postgres', 'postgres', true)]
        : []),
    ],
  },
});

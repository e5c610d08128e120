import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds the slowest files took in a whole run (decision 039; re-measure with `npx vitest run
 * --reporter=json --outputFile=…`): PGlite, PostgreSQL. They start first so that no long file begins near
 * the end of the run while the other workers idle.
 */
const SLOW_FILES: Record<string, [pglite: number, postgres: number]> = {
  'server/src/platform/worker-faults.pg.test.ts': [0, 120],
  'server/src/features/knowledge/index/memory-index.test.ts': [77, 27],
  'server/src/features/knowledge/search/retrieval-quality.test.ts': [62, 24],
  'server/src/features/knowledge/embeddings/vector-fusion.test.ts': [55, 40],
  'server/src/features/automations/approvals.test.ts': [27, 18],
  'server/src/db/migrate.test.ts': [26, 24],
  'server/src/features/auth/auth.mock.test.ts': [15, 25],
  'server/src/platform/shutdown.test.ts': [24, 19],
  'server/src/features/knowledge/ingest/ingest-worker.test.ts': [23, 20],
  'server/src/features/auth/auth-conformance.test.ts': [23, 11],
  'server/src/features/integrations/integrations.test.ts': [16, 14],
  'server/src/features/knowledge/index/posting-blocks.test.ts': [16, 12],
  'server/src/features/extension/extension.test.ts': [13, 9],
};

/**
 * Vitest's own order keeps each project together (a worker keeps its project's module graph) and, with no
 * results cached — a clean clone in CI — leaves the files in the order they were found, so the longest
 * files could start last. This keeps the projects together and runs each project's files longest first:
 * from the last run's cached durations when there are any, else from SLOW_FILES.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number => {
      const file = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (cached) return cached.duration / 1000;
      const known = SLOW_FILES[file];
      return known ? known[spec.project.name.includes('postgres') ? 1 : 0] : 0;
    };
    const project = (spec: TestSpecification) => spec.project.name;
    return [...files].sort((a, b) =>
      project(a) === project(b) ? seconds(b) - seconds(a) : project(a) < project(b) ? -1 : 1,
    );
  }
}

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
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      // Components need a DOM (jsdom, about a second to set up per file); the web app's plain logic does not.
      { test: { name: 'web', include: ['web/src/**/*.test.tsx'], environment: 'jsdom' } },
      { test: { name: 'web:logic', include: ['web/src/**/*.test.ts'], environment: 'node', isolate: false } },
      serverProject('server:pglite', 'pglite', false),
      serverProject('server:pglite', 'pglite', true),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server:postgres', 'postgres', false), serverProject('server:postgres', 'postgres', true)]
        : []),
    ],
  },
});

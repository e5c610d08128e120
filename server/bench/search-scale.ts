/**
 * Search latency at scale (`npm run bench` runs it; alone: `cd server && tsx bench/search-scale.ts`).
 *
 * The chunk set: SciFact's 5,183 abstracts + rag-mini-wikipedia's 3,200 passages, then a deterministic
 * filler derived from them (document i joins the first half of one source text with the second half
 * of another, titled after the first) until the target chunk count. Everything goes through the
 * product's bulk ingestion (processDocuments). Two layouts:
 *
 * - one workspace holding all chunks;
 * - 100 workspaces sharing the tables, the chunks spread evenly (queries run in one of them).
 *
 * At 1k, 10k and 100k chunks the 300 SciFact test queries run through the product's search (k 10,
 * as chat and rag-answer ask), one after another: p50 / p95 of wall time and, on PGlite, of the process's CPU
 * time per query (load-independent). Measured in SQL right after the ingest and again after the hourly
 * knowledge.maintenance job (VACUUM ANALYZE: index-only scans need the visibility map it sets), then
 * from the in-memory term index (decision 026) once it is built (its build time and size are printed). PGlite always; PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a fresh database is created and dropped).
 * Sizes: BENCH_SCALE_SIZES (default 1000,10000,100000); layouts: BENCH_SCALE_LAYOUTS (default one,hundred).
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { termIndexesOf } from '../src/features/knowledge/index/memory-index';
import { ingestTexts } from '../src/features/knowledge/ingest/bulk';
import { knowledgeMaintenanceJob } from '../src/features/knowledge/knowledge.jobs';
import type { KnowledgeScope } from '../src/features/knowledge/scope';
import { searchWorkspace } from '../src/features/knowledge/search/search';
import { createWorkspace, datasetsDir, latencySummary, openBenchEnv, out, readJsonl } from './knowledge-bench';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const LAYOUTS = (process.env.BENCH_SCALE_LAYOUTS ?? 'one,hundred').split(',') as ('one' | 'hundred')[];
/** Which databases to measure: BENCH_SCALE_DATABASES (default pglite,postgres; PostgreSQL needs a URL). */
const DATABASES = (process.env.BENCH_SCALE_DATABASES ?? 'pglite,postgres').split(',');
const WORKSPACES = 100;

interface Text {
  title: string;
  text: string;
}

/** SciFact + wiki, then filler texts derived from them, deterministically, without end. */
function* texts(datasets: string): Generator<Text> {
  const scifact = readJsonl<{ title: string; text: string }>(path.join(datasets, 'scifact/corpus.jsonl'));
  const wiki = readJsonl<{ passage: string }>(path.join(datasets, 'rag-mini-wikipedia/passages.jsonl'));
  const base: Text[] = [
    ...scifact.map((d) => ({ title: d.title, text: d.text })),
    ...wiki.map((p, i) => ({ title: `Wikipedia passage ${i}`, text: p.passage })),
  ];
  yield* base;
  for (let i = 0; ; i++) {
    const a = base[i % base.length] as Text;
    const b = base[(i * 7_919 + 13) % base.length] as Text;
    const half = (t: string, first: boolean) => {
      const words = t.split(' ');
      const cut = Math.floor(words.length / 2);
      return (first ? words.slice(0, cut) : words.slice(cut)).join(' ');
    };
    yield {
      title: `${a.title} (${Math.floor(i / base.length) + 1})`,
      text: `${half(a.text, true)} ${half(b.text, false)}`,
    };
  }
}

async function chunkCount(scope: KnowledgeScope): Promise<number> {
  const [row] = await scope.deps.database.query<{ n: number }>(
    'select chunk_count::int as n from knowledge_stats where workspace_id = $1',
    [scope.workspaceId],
  );
  return row?.n ?? 0;
}

async function measure(scope: KnowledgeScope, queries: readonly string[]) {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    await searchWorkspace(scope, { query, k: 10 });
    const cpu = process.cpuUsage(cpuStart);
    ms.push(performance.now() - started);
    cpuMs.push((cpu.user + cpu.system) / 1000);
  }
  // CPU time of this process per query (PGlite runs in it): independent of the machine's load, unlike wall time.
  const cpu = latencySummary(cpuMs);
  return { ...latencySummary(ms), cpuP50: cpu.p50, cpuP95: cpu.p95 };
}

/** The hourly knowledge.maintenance job (VACUUM ANALYZE of the index tables), run now. */
async function maintain(scope: KnowledgeScope): Promise<void> {
  await knowledgeMaintenanceJob.run({
    payload: {},
    job: {
      id: 'bench-maintenance',
      name: knowledgeMaintenanceJob.name,
      workspaceId: null,
      attempt: 1,
      retryLimit: 1,
      signal: new AbortController().signal,
    },
    log: scope.deps.log,
    deps: scope.deps,
    progress: async () => undefined,
  });
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function run(kind: 'PGlite' | 'PostgreSQL', layout: 'one' | 'hundred', postgresUrl?: string) {
  const datasets = datasetsDir();
  const queries = readJsonl<{ text: string }>(path.join(datasets, 'scifact/queries-test.jsonl')).map((q) => q.text);
  const env = await openBenchEnv(postgresUrl ? { postgresUrl } : {});
  try {
    const spaces: KnowledgeScope[] = [];
    for (let i = 0; i < (layout === 'one' ? 1 : WORKSPACES); i++) spaces.push(await createWorkspace(env, `scale ${i}`));
    const probe = spaces[0] as KnowledgeScope;
    // Searches run in SQL (copies off) except for the measurement "in memory".
    const indexes = termIndexesOf(env.database, env.deps.config.searchMemory);
    const budget = indexes.options.maxPostings;
    indexes.options.maxPostings = 0;
    const source = texts(datasets);
    let total = 0;
    for (const target of SIZES) {
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const before = total;
      // Round-robin batches over the workspaces until the total reaches the target (about 1.4 chunks a text).
      while (total < target) {
        const need = target - total;
        const batch: Text[] = [];
        for (let i = 0; i < Math.max(20, Math.min(500, Math.ceil(need / 1.5))); i++)
          batch.push(source.next().value as Text);
        const scope = spaces[Math.floor(total / 500) % spaces.length] as KnowledgeScope;
        await ingestTexts(scope, batch, { source: 'bench' });
        total = 0;
        const [row] = await env.database.query<{ n: number }>('select count(*)::int as n from document_chunks');
        total = row?.n ?? 0;
      }
      const ingestS = (performance.now() - started) / 1000;
      const ingestCpu = process.cpuUsage(cpuStart);
      const ingestCpuS = (ingestCpu.user + ingestCpu.system) / 1e6;
      const own = await chunkCount(probe);
      const head =
        `${kind.padEnd(10)} ${(layout === 'one' ? '1 workspace' : `${WORKSPACES} workspaces`).padEnd(14)} ` +
        `${String(total).padStart(7)} chunks (searched workspace ${String(own).padStart(7)}): `;
      const line = (when: string, l: Awaited<ReturnType<typeof measure>>) =>
        `${head}${when} search k 10 p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms` +
        (kind === 'PGlite' ? ` (CPU per query p50 ${l.cpuP50.toFixed(1)} ms, p95 ${l.cpuP95.toFixed(1)} ms)` : '') +
        ` load ${load()}`;
      out(
        `${line('after ingest:', await measure(probe, queries))}` +
          `  [ingested ${total - before} chunks in ${ingestS.toFixed(0)} s, ${ingestCpuS.toFixed(0)} CPU-s` +
          (kind === 'PGlite' ? ` → ${((total - before) / ingestCpuS).toFixed(0)} chunks per CPU-second` : '') +
          ']',
      );
      // The SQL path first (copies off), then the in-memory copy of decision 026.
      await maintain(probe);
      out(line('after hourly maintenance, in SQL:', await measure(probe, queries)));
      indexes.options.maxPostings = budget;
      const buildStart = performance.now();
      const buildCpuStart = process.cpuUsage();
      const copy = await indexes.refreshNow(probe);
      const buildCpu = process.cpuUsage(buildCpuStart);
      const buildMs = performance.now() - buildStart;
      if (copy) {
        out(
          `${head}in-memory copy built in ${(buildMs / 1000).toFixed(1)} s (${((buildCpu.user + buildCpu.system) / 1e6).toFixed(1)} CPU-s), ` +
            `${copy.postings} postings, about ${(copy.approximateBytes() / 2 ** 20).toFixed(0)} MB`,
        );
        out(line('in memory:', await measure(probe, queries)));
      } else {
        out(`${head}no in-memory copy (below HELIXIS_SEARCH_MEMORY_MIN_CHUNKS ${indexes.options.minChunks})`);
      }
      indexes.options.maxPostings = 0;
    }
  } finally {
    await env.close();
  }
}

export async function runSearchScaleBench(): Promise<void> {
  out('search latency at scale (300 SciFact test queries, k 10, sequential; machine load shown by `uptime`)');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  for (const layout of LAYOUTS) {
    if (DATABASES.includes('pglite')) await run('PGlite', layout);
    if (postgresUrl && DATABASES.includes('postgres')) await run('PostgreSQL', layout, postgresUrl);
  }
  if (!postgresUrl) out('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to measure it)');
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  runSearchScaleBench().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}

/**
 * Quick knowledge benchmark (`npm run bench`, a few minutes on a fresh PGlite):
 *
 * 1. ingestion throughput through the product's parse → chunk → index path (processDocuments, the ingest
 *    job's function):
 *    a) small documents one per transaction, as the upload job runs them (SciFact abstracts),
 *    b) the bulk path: the same kind of documents 500 per transaction (batched writes, decision 021),
 *    c) one large document (SciFact abstracts joined into one text);
 * 2. search latency p50/p95 of the product's search function for the 300 SciFact test queries, at the
 *    chunk count printed beside it (k 10, as chat and rag-answer ask, and k 100).
 *
 * `npm run bench -- --full` then runs the retrieval-quality benchmark (bench/retrieval.ts: SciFact
 * nDCG@10 and R@100 beside the Lucene BM25 anchor, rag-mini-wikipedia answer-hit@5).
 * Sizes: BENCH_DOCS (default 600 small documents), BENCH_BIG_DOCS (default 3,000 abstracts in the
 * large document).
 */
import path from 'node:path';
import { searchWorkspace } from '../src/features/knowledge/search/search';
import {
  createWorkspace,
  datasetsDir,
  ingestDocuments,
  latencySummary,
  openBenchEnv,
  out,
  readJsonl,
} from './knowledge-bench';
import { runRetrievalBench } from './retrieval';

const SMALL_DOCS = Number(process.env.BENCH_DOCS ?? 600);
const BIG_DOC_ABSTRACTS = Number(process.env.BENCH_BIG_DOCS ?? 3_000);

const rate = (n: number, ms: number) => ((n * 1000) / ms).toFixed(0);

async function quick(): Promise<void> {
  const datasets = datasetsDir();
  const corpus = readJsonl<{ _id: string; title: string; text: string }>(path.join(datasets, 'scifact/corpus.jsonl'));
  const queries = readJsonl<{ _id: string; text: string }>(path.join(datasets, 'scifact/queries-test.jsonl'));
  const env = await openBenchEnv();
  try {
    out(`knowledge benchmark on a fresh PGlite (Node ${process.version})`);

    const small = await createWorkspace(env, 'bench small documents');
    const smallDocs = corpus.slice(0, SMALL_DOCS).map((d) => ({ key: d._id, title: d.title, text: d.text }));
    const a = await ingestDocuments(small, smallDocs, undefined, { batch: 1 });
    out(
      `ingest, ${a.documents} small documents one per transaction (upload job): ${a.chunks} chunks in ${(a.ms / 1000).toFixed(1)} s ` +
        `→ ${rate(a.documents, a.ms)} documents/s, ${rate(a.chunks, a.ms)} chunks/s (${rate(a.chunks, a.cpuMs)} per CPU-second)`,
    );
    const bulk = await createWorkspace(env, 'bench bulk');
    const bulkDocs = corpus.slice(SMALL_DOCS).map((d) => ({ key: d._id, title: d.title, text: d.text }));
    const c = await ingestDocuments(bulk, bulkDocs);
    out(
      `ingest, ${c.documents} small documents in bulk (500 per transaction): ${c.chunks} chunks in ${(c.ms / 1000).toFixed(1)} s ` +
        `→ ${rate(c.chunks, c.ms)} chunks/s (${rate(c.chunks, c.cpuMs)} per CPU-second)`,
    );

    const big = await createWorkspace(env, 'bench one large document');
    const text = corpus
      .slice(0, BIG_DOC_ABSTRACTS)
      .map((d) => `${d.title}\n\n${d.text}`)
      .join('\n\n');
    const b = await ingestDocuments(big, [{ key: 'all', title: 'SciFact abstracts', text }]);
    out(
      `ingest, one large document (${BIG_DOC_ABSTRACTS} abstracts, ${(text.length / 1e6).toFixed(1)} MB of text): ` +
        `${b.chunks} chunks in ${(b.ms / 1000).toFixed(1)} s → ${rate(b.chunks, b.ms)} chunks/s`,
    );

    for (const [label, scope, chunks] of [
      ['small documents', small, a.chunks],
      ['one large document', big, b.chunks],
    ] as const) {
      for (const k of [10, 100]) {
        const ms: number[] = [];
        for (const q of queries) {
          const started = performance.now();
          await searchWorkspace(scope, { query: q.text, k });
          ms.push(performance.now() - started);
        }
        const l = latencySummary(ms);
        out(
          `search at ${chunks} chunks (${label}), k ${k}: p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms over ${l.n} queries`,
        );
      }
    }
  } finally {
    await env.close();
  }
}

async function main() {
  const started = Date.now();
  await quick();
  // `npm run bench -- --full` from the root reaches this script through a nested `npm run`, which takes
  // --full as an npm option and hands it over as npm_config_full.
  if (process.argv.includes('--full') || process.env.npm_config_full === 'true') {
    out();
    await runRetrievalBench();
  }
  out(`\nbenchmark done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

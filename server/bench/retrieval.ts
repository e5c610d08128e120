/**
 * Retrieval quality of the product on public labelled data (`npm run bench:retrieval`).
 *
 * SciFact (BEIR test split): the 5,183 documents are ingested through the product's parse → chunk →
 * index path on a fresh PGlite, the 300 test queries go through the product's search, chunk scores are
 * rolled up to documents (a document scores its best chunk), the top 100 documents per query are
 * written as a TREC run and scored by the shared scorer (`bm25-baseline.mjs --eval`). The Lucene BM25
 * anchor (`bm25-baseline.mjs --lucene`) is computed in the same run and printed beside it.
 *
 * rag-mini-wikipedia: the 3,200 passages are ingested the same way (in their own workspace); for the
 * questions whose answer is not yes/no, a hit is the answer string occurring (case-insensitive) in one
 * of the top 5 passages. Reference figure: SQL BM25 0.553 (shared/reference/retrieval-measurements.md).
 *
 * `--hashed-vectors`: also measures search with vectors fused in (decision 021 §9). A local fake
 * OpenAI-compatible /v1/embeddings serving deterministic hashed n-gram vectors
 * (bench/knowledge/hashed-embedding.ts) is started, every chunk is embedded from it (title +
 * text, as the embed job does, written in one transaction) and the queries are asked again with the
 * endpoint configured; both figures are printed. `--local-encoder`: the same with the offline sentence
 * encoder (HELIXIS_LOCAL_ENCODER=use-lite, decision 021 §11) embedding in process (about 10 minutes).
 *
 * Datasets are read in place from ../shared/datasets (never copied into the repository).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../src/config';
import { createOpenAIEmbedder, type Embedder } from '../src/features/knowledge/embeddings/embeddings';
import { hasVectorColumn, upsertEmbeddings } from '../src/features/knowledge/embeddings/embeddings.repo';
import { createLocalEncoder, LOCAL_ENCODER_WEIGHT } from '../src/features/knowledge/embeddings/local-encoder';
import { indexedText } from '../src/features/knowledge/ingest/prepare';
import type { KnowledgeScope } from '../src/features/knowledge/scope';
import { SHIPPED_RANKING } from '../src/features/knowledge/search/ranking';
import { startFakeEmbeddings } from '../src/llm/fake-embeddings';
import { withTenant } from '../src/platform/tenant';
import { hashedEmbedding } from './knowledge/hashed-embedding';
import {
  type BenchEnv,
  createWorkspace,
  datasetsDir,
  ingestDocuments,
  latencySummary,
  openBenchEnv,
  out,
  readJsonl,
  runScorer,
  searchDocuments,
} from './knowledge-bench';

const HASHED_MODEL = 'hashed-256';

/** Vectors to fuse (--hashed-vectors, --local-encoder): how to embed, and the settings that search with them. */
interface VectorSource {
  label: string;
  embedder: Embedder;
  llm: Partial<Config['llm']>;
}

/** The local fake embeddings endpoint of --hashed-vectors; its base URL and a stop function. */
function startHashedEndpoint(): Promise<{ baseUrl: string; close: () => void }> {
  return startFakeEmbeddings(hashedEmbedding);
}

/** Embeds every chunk of the workspace; returns a scope that searches with those vectors fused in. */
async function withVectors(scope: KnowledgeScope, source: VectorSource): Promise<KnowledgeScope> {
  const chunks = await scope.deps.database.query<{ id: string; document_id: string; title: string; content: string }>(
    'select id, document_id, title, content from document_chunks where workspace_id = $1',
    [scope.workspaceId],
  );
  const { embedder } = source;
  const vectors = await embedder.embed(chunks.map((c) => indexedText(c.title, c.content)));
  const byDocument = new Map<string, { chunkId: string; vector: number[] }[]>();
  chunks.forEach((c, i) => {
    const list = byDocument.get(c.document_id) ?? [];
    list.push({ chunkId: c.id, vector: vectors[i] ?? [] });
    byDocument.set(c.document_id, list);
  });
  const withVector = await hasVectorColumn(scope.deps.database);
  await withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: null }, async (tx) => {
    for (const [documentId, items] of byDocument) {
      await upsertEmbeddings(tx, scope.workspaceId, documentId, embedder.model, items, withVector);
    }
  });
  const config = { ...scope.deps.config, llm: { ...scope.deps.config.llm, ...source.llm } };
  return { ...scope, deps: { ...scope.deps, config } };
}

/** SQL BM25's answer-hit@5 on rag-mini-wikipedia, as measured in shared/reference/retrieval-measurements.md. */
const WIKI_SQL_BM25_HIT5 = 0.553;
const RUN_DEPTH = 100;

interface Metrics {
  ndcg10: number;
  recall100: number;
  recall1000: number;
}

export interface RetrievalReport {
  scifact: {
    product: Metrics;
    /** With vectors fused in (--hashed-vectors, --local-encoder). */
    fused?: Metrics;
    fusedLabel?: string;
    anchor: Metrics;
    documents: number;
    chunks: number;
    ingestMs: number;
    latency: { p50: number; p95: number; n: number };
  };
  wiki: {
    hit5: number;
    fusedHit5?: number;
    questions: number;
    documents: number;
    chunks: number;
    ingestMs: number;
    latency: { p50: number; p95: number; n: number };
  };
}

const f4 = (n: number) => n.toFixed(4);
const pad = (s: string, n: number) => s.padEnd(n);

async function scifact(
  env: BenchEnv,
  datasets: string,
  vectors: VectorSource | null,
): Promise<RetrievalReport['scifact']> {
  const dir = path.join(datasets, 'scifact');
  const corpus = readJsonl<{ _id: string; title: string; text: string }>(path.join(dir, 'corpus.jsonl'));
  const queries = readJsonl<{ _id: string; text: string }>(path.join(dir, 'queries-test.jsonl'));
  const scope = await createWorkspace(env, 'bench scifact');
  out(`SciFact: ingesting ${corpus.length} documents through parse → chunk → index …`);
  const ingest = await ingestDocuments(
    scope,
    corpus.map((d) => ({ key: d._id, title: d.title, text: d.text })),
    (done) => out(`  ${done} documents`),
  );
  out(
    `  ${ingest.documents} documents, ${ingest.chunks} chunks in ${(ingest.ms / 1000).toFixed(1)} s ` +
      `(${((ingest.chunks * 1000) / ingest.ms).toFixed(0)} chunks/s; indexing alone ${((ingest.chunks * 1000) / ingest.indexMs).toFixed(0)} chunks/s, ` +
      `${((ingest.chunks * 1000) / ingest.cpuMs).toFixed(0)} chunks per CPU-second)`,
  );

  const evaluate = async (searchScope: KnowledgeScope, tag: string) => {
    const lines: string[] = [];
    const latencies: number[] = [];
    for (const q of queries) {
      const { docs, ms } = await searchDocuments(searchScope, ingest.keyOf, q.text, RUN_DEPTH);
      latencies.push(ms);
      docs.slice(0, RUN_DEPTH).forEach((d, i) => {
        lines.push(`${q._id} Q0 ${d.key} ${i + 1} ${d.score} helixis`);
      });
    }
    const runFile = path.join(os.tmpdir(), `helixis-scifact-${tag}-${process.pid}.trec`);
    writeFileSync(runFile, `${lines.join('\n')}\n`);
    out(`  run: ${runFile} (${lines.length} lines)`);
    return { metrics: runScorer<Metrics>(datasets, ['--data', dir, '--eval', runFile]), latencies };
  };
  const { metrics: product, latencies } = await evaluate(scope, 'lexical');
  const fused = vectors ? (await evaluate(await withVectors(scope, vectors), 'fused')).metrics : undefined;
  const [anchor] = runScorer<Metrics[]>(datasets, ['--data', dir, '--lucene']);
  if (!anchor) throw new Error('bm25-baseline.mjs --lucene returned no result');
  return {
    product,
    ...(fused && vectors ? { fused, fusedLabel: vectors.label } : {}),
    anchor,
    documents: ingest.documents,
    chunks: ingest.chunks,
    ingestMs: ingest.ms,
    latency: latencySummary(latencies),
  };
}

async function wiki(env: BenchEnv, datasets: string, vectors: VectorSource | null): Promise<RetrievalReport['wiki']> {
  const dir = path.join(datasets, 'rag-mini-wikipedia');
  const passages = readJsonl<{ id: string | number; passage: string }>(path.join(dir, 'passages.jsonl'));
  const pairs = readJsonl<{ question: string; answer: string }>(path.join(dir, 'question-answer.jsonl'));
  // "yes", "No", "Yes." … are left out (408 of 918); the 510 others are the reference's question set.
  const questions = pairs.filter((p) => !/^(yes|no)\.?$/i.test(p.answer.trim()));
  const textOf = new Map(passages.map((p) => [String(p.id), p.passage]));
  const scope = await createWorkspace(env, 'bench wiki');
  out(`rag-mini-wikipedia: ingesting ${passages.length} passages …`);
  // Every passage is a document titled "Wikipedia passage": the same two words in every chunk weigh
  // next to nothing (idf ≈ 0), unlike a numeric id that a question's year could match.
  const ingest = await ingestDocuments(
    scope,
    passages.map((p) => ({ key: String(p.id), title: 'Wikipedia passage', text: p.passage })),
  );
  out(
    `  ${ingest.documents} documents, ${ingest.chunks} chunks in ${(ingest.ms / 1000).toFixed(1)} s ` +
      `(${((ingest.chunks * 1000) / ingest.ms).toFixed(0)} chunks/s)`,
  );
  const answerHits = async (searchScope: KnowledgeScope, latencies: number[]) => {
    let hits = 0;
    for (const { question, answer } of questions) {
      // k 20 chunks leaves room for passages split in several chunks before the top 5 passages.
      const { docs, ms } = await searchDocuments(searchScope, ingest.keyOf, question, 20);
      latencies.push(ms);
      const needle = answer.trim().toLowerCase();
      if (docs.slice(0, 5).some((d) => (textOf.get(d.key) ?? '').toLowerCase().includes(needle))) hits++;
    }
    return hits;
  };
  const latencies: number[] = [];
  const hits = await answerHits(scope, latencies);
  const fusedHits = vectors ? await answerHits(await withVectors(scope, vectors), []) : null;
  return {
    hit5: hits / questions.length,
    ...(fusedHits === null ? {} : { fusedHit5: fusedHits / questions.length }),
    questions: questions.length,
    documents: ingest.documents,
    chunks: ingest.chunks,
    ingestMs: ingest.ms,
    latency: latencySummary(latencies),
  };
}

export function printRetrievalReport(r: RetrievalReport): void {
  const s = r.scifact;
  out();
  out(
    `SciFact test (${s.documents} documents, ${s.chunks} chunks, 300 queries), documents ranked by their best chunk:`,
  );
  out(`  ${pad('ranking', 51)}${pad('nDCG@10', 10)}R@100`);
  out(`  ${pad('Helixis (product search, PGlite)', 51)}${pad(f4(s.product.ndcg10), 10)}${f4(s.product.recall100)}`);
  if (s.fused) {
    out(`  ${pad(`Helixis + ${s.fusedLabel}`, 51)}${pad(f4(s.fused.ndcg10), 10)}${f4(s.fused.recall100)}`);
  }
  out(
    `  ${pad('anchor: Lucene BM25 (bm25-baseline.mjs --lucene)', 51)}${pad(f4(s.anchor.ndcg10), 10)}${f4(s.anchor.recall100)}`,
  );
  out(
    `  difference nDCG@10: ${(s.product.ndcg10 - s.anchor.ndcg10 >= 0 ? '+' : '') + f4(s.product.ndcg10 - s.anchor.ndcg10)}`,
  );
  const w = r.wiki;
  out();
  out(`rag-mini-wikipedia (${w.documents} passages, ${w.questions} questions whose answer is not yes/no):`);
  out(`  ${pad('ranking', 51)}answer-hit@5`);
  out(`  ${pad('Helixis (product search, PGlite)', 51)}${w.hit5.toFixed(3)}`);
  if (w.fusedHit5 !== undefined) out(`  ${pad(`Helixis + ${s.fusedLabel}`, 51)}${w.fusedHit5.toFixed(3)}`);
  out(`  ${pad('SQL BM25 (reference figure)', 51)}${WIKI_SQL_BM25_HIT5.toFixed(3)}`);
  out();
  out('search latency (product search function, PGlite, one workspace, sequential):');
  out(
    `  SciFact  ${s.chunks} chunks, k ${RUN_DEPTH}: p50 ${s.latency.p50.toFixed(1)} ms, p95 ${s.latency.p95.toFixed(1)} ms (${s.latency.n} queries)`,
  );
  out(
    `  wiki     ${w.chunks} chunks, k 20: p50 ${w.latency.p50.toFixed(1)} ms, p95 ${w.latency.p95.toFixed(1)} ms (${w.latency.n} queries)`,
  );
}

export async function runRetrievalBench(
  options: { hashedVectors?: boolean; localEncoder?: boolean } = {
    hashedVectors: process.argv.includes('--hashed-vectors'),
    localEncoder: process.argv.includes('--local-encoder'),
  },
): Promise<RetrievalReport> {
  const datasets = datasetsDir();
  const env = await openBenchEnv();
  const endpoint = options.hashedVectors ? await startHashedEndpoint() : null;
  try {
    const vectors: VectorSource | null = endpoint
      ? {
          label: `hashed vectors (fusion w ${SHIPPED_RANKING.vectorWeight})`,
          embedder: createOpenAIEmbedder({ baseUrl: endpoint.baseUrl, model: HASHED_MODEL, batchSize: 256 }),
          llm: { baseUrl: endpoint.baseUrl, embeddingModel: HASHED_MODEL },
        }
      : options.localEncoder
        ? {
            label: `offline encoder USE-lite (fusion w ${LOCAL_ENCODER_WEIGHT})`,
            embedder: createLocalEncoder(),
            llm: { localEncoder: 'use-lite' },
          }
        : null;
    const report = { scifact: await scifact(env, datasets, vectors), wiki: await wiki(env, datasets, vectors) };
    printRetrievalReport(report);
    return report;
  } finally {
    endpoint?.close();
    await env.close();
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  runRetrievalBench().catch((err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}

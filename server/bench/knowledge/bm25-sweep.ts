/**
 * BM25 parameter sweep on SciFact, in memory (seconds, no database): the index is built with the
 * product's own parser, chunker, `indexedText` and tokenizer, chunks are scored with the formula of
 * `knowledge.repo.ts#rankChunks` (workspace N, avgdl and df; top 100 chunks as the search returns them),
 * rolled up to documents (best chunk) and scored with the shared scorer's metric code. Use it to pick
 * candidates; confirm a candidate with `npm run bench:retrieval` (the real SQL path) before changing
 * the product.
 *
 *   npx tsx server/bench/knowledge/bm25-sweep.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryTerms } from '@helixis/domain';
import { chunkBlocks } from '../../src/features/knowledge/ingest/chunking';
import { parseDocument } from '../../src/features/knowledge/ingest/parsers';
import { indexedTerms } from '../../src/features/knowledge/ingest/prepare';
import { BM25_B, BM25_K1 } from '../../src/features/knowledge/knowledge.repo';
import { loadScorer } from './scorer';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DATASETS = path.resolve(repoRoot, '../shared/datasets');

async function main() {
  if (!existsSync(path.join(DATASETS, 'bm25-baseline.mjs'))) {
    throw new Error(`The benchmark datasets were not found at ${DATASETS} (expected next to the repository).`);
  }
  const scorer = await loadScorer();
  const data = scorer.loadData(path.join(DATASETS, 'scifact'));

  // chunk → (doc, dl); postings lexeme → [chunk, tf][]
  const chunkDoc: string[] = [];
  const chunkLen: number[] = [];
  const chunkTf: Map<string, number>[] = [];
  const postings = new Map<string, [number, number][]>();
  for (const d of data.corpus) {
    const { blocks } = await parseDocument('txt', Buffer.from(d.text, 'utf8'));
    for (const chunk of chunkBlocks(blocks)) {
      const { tf, length } = indexedTerms(d.title, chunk.content);
      const id = chunkDoc.length;
      chunkDoc.push(d._id);
      chunkLen.push(length);
      chunkTf.push(tf);
      for (const [lexeme, n] of tf) {
        const list = postings.get(lexeme) ?? [];
        list.push([id, n]);
        postings.set(lexeme, list);
      }
    }
  }
  const indexed = chunkLen.filter((l) => l > 0);
  const n = indexed.length;
  const avgdl = Math.max(indexed.reduce((s, l) => s + l, 0) / Math.max(n, 1), 1);
  console.log(
    `${data.corpus.length} documents, ${chunkDoc.length} chunks, ${postings.size} lexemes, avgdl ${avgdl.toFixed(1)}`,
  );

  /** Chunk scores for a weighted query (weight 1 per lexeme is plain BM25). */
  const scoreChunks = (query: Map<string, number>, k1: number, b: number) => {
    const scores = new Map<number, number>();
    for (const [lexeme, weight] of query) {
      const list = postings.get(lexeme);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [c, tf] of list) {
        const w = (weight * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * (chunkLen[c] ?? 0)) / avgdl));
        scores.set(c, (scores.get(c) ?? 0) + w);
      }
    }
    return [...scores].sort((x, y) => y[1] - x[1]).slice(0, 100);
  };

  /**
   * RM3-style expansion: the top `fbDocs` chunks' term distributions (tf/dl, weighted by their share of
   * the first-pass score) give `fbTerms` expansion lexemes; the new query mixes the original lexemes
   * (weight `orig`, split evenly) with them (1 − orig, by relevance-model weight).
   */
  const expand = (
    query: Map<string, number>,
    first: [number, number][],
    fbDocs: number,
    fbTerms: number,
    orig: number,
  ) => {
    const top = first.slice(0, fbDocs);
    const total = top.reduce((s, [, score]) => s + score, 0) || 1;
    const model = new Map<string, number>();
    for (const [c, score] of top) {
      const len = chunkLen[c] || 1;
      for (const [lexeme, tf] of chunkTf[c] ?? []) {
        if (/^\d+$/.test(lexeme)) continue;
        model.set(lexeme, (model.get(lexeme) ?? 0) + (score / total) * (tf / len));
      }
    }
    const terms = [...model].sort((x, y) => y[1] - x[1]).slice(0, fbTerms);
    const sum = terms.reduce((s, [, w]) => s + w, 0) || 1;
    const next = new Map<string, number>();
    for (const lexeme of query.keys()) next.set(lexeme, orig / query.size);
    for (const [lexeme, w] of terms) next.set(lexeme, (next.get(lexeme) ?? 0) + ((1 - orig) * w) / sum);
    // Rescale so the original lexemes keep weight 1 each on average (scores comparable to plain BM25).
    for (const [lexeme, w] of next) next.set(lexeme, (w * query.size) / orig);
    return next;
  };

  const run = (k1: number, b: number, rm3?: { fbDocs: number; fbTerms: number; orig: number }) => {
    const result = new Map<string, [string, number][]>();
    for (const qid of data.qrels.keys()) {
      const query = new Map([...queryTerms(data.queries.get(qid) ?? '').keys()].map((l) => [l, 1]));
      let top = scoreChunks(query, k1, b);
      if (rm3) top = scoreChunks(expand(query, top, rm3.fbDocs, rm3.fbTerms, rm3.orig), k1, b);
      const best = new Map<string, number>();
      for (const [c, s] of top) {
        const doc = chunkDoc[c] ?? '';
        if (!best.has(doc)) best.set(doc, s);
      }
      result.set(qid, [...best]);
    }
    return scorer.evaluate(scorer.rankRun(result), data.qrels);
  };

  if (process.argv.includes('--rm3')) {
    for (const fbDocs of [3, 5, 10]) {
      for (const fbTerms of [5, 10, 20]) {
        const row: string[] = [];
        for (const orig of [0.5, 0.7, 0.85]) {
          const m = run(BM25_K1, BM25_B, { fbDocs, fbTerms, orig });
          row.push(`orig ${orig}: ${m.ndcg10.toFixed(4)}/${m.recall100.toFixed(3)}`);
        }
        console.log(`rm3 fbDocs ${fbDocs} fbTerms ${fbTerms}  ${row.join('  ')}`);
      }
    }
    return;
  }

  const current = run(BM25_K1, BM25_B);
  console.log(
    `current k1 ${BM25_K1} b ${BM25_B}: nDCG@10 ${current.ndcg10.toFixed(4)} R@100 ${current.recall100.toFixed(4)}`,
  );
  for (const k1 of [0.6, 0.9, 1.2, 1.5]) {
    const row: string[] = [];
    for (const b of [0.2, 0.3, 0.4, 0.5, 0.6, 0.75]) {
      const m = run(k1, b);
      row.push(`b ${b}: ${m.ndcg10.toFixed(4)}/${m.recall100.toFixed(3)}`);
    }
    console.log(`k1 ${k1}  ${row.join('  ')}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

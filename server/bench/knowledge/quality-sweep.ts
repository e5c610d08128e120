/**
 * Ranking experiments in memory (seconds, no database) on SciFact and rag-mini-wikipedia, with the
 * product's parser, chunker, indexedText and tokenizer: BM25 parameters, title weight, proximity
 * boost, RM3-style feedback. Selection rule (SciFact has no train/dev labels): a setting is chosen on
 * the odd-numbered half of the test queries and its figure is reported on the even half (and the
 * whole), and it must not lower wiki answer-hit@5. Confirm with `npm run bench:retrieval`.
 *
 *   npx tsx server/bench/knowledge/quality-sweep.ts [--grid]
 *
 * Fusion with a real embeddings model instead of the hashed stand-in: `--fusion --embeddings-url
 * http://host/v1 --embeddings-model NAME [--vectors-cache FILE]` embeds every chunk and query through
 * the product's OpenAI-compatible client first (the cache, a JSON-lines file keyed by the text's hash,
 * makes reruns instant).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryTerms } from '@helixis/domain';
import { cosineSimilarity } from '../../src/features/knowledge/embeddings/embeddings';
import { chunkBlocks } from '../../src/features/knowledge/ingest/chunking';
import { parseDocument } from '../../src/features/knowledge/ingest/parsers';
import { indexedTerms, indexedText } from '../../src/features/knowledge/ingest/prepare';
import {
  fuseScores,
  type RankSettings,
  rerankCandidates,
  SHIPPED_RANKING,
} from '../../src/features/knowledge/search/ranking';
import { hashedEmbedding } from './hashed-embedding';
import { loadScorer, type Qrels } from './scorer';
import { VectorCache } from './vector-cache';

/** The product's settings, plus (experiments only) vector-nearest chunks added to the fusion pool. */
type Settings = RankSettings & { vectorDepth?: number };

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DATASETS = path.resolve(repoRoot, '../shared/datasets');

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
/** Vectors of a real model, filled by `embedAll` before ranking; empty: the hashed stand-in is used. */
const modelVectors = new VectorCache(argument('--vectors-cache'));
const vectorOf = (text: string) => (modelVectors.size > 0 ? modelVectors.get(text) : hashedEmbedding(text));

/** Embeds the texts not yet known through the endpoint (and appends them to the cache file). */
async function embedAll(texts: readonly string[]) {
  const url = argument('--embeddings-url');
  if (url) await modelVectors.embedMissing(texts, [url], argument('--embeddings-model') ?? 'default', 256);
}

interface Chunk {
  doc: string;
  content: string;
  title: string;
  tf: Map<string, number>;
  len: number;
}

/** An in-memory copy of one workspace's index (the same lexemes and statistics as the SQL tables). */
class MemoryIndex {
  chunks: Chunk[] = [];
  private vectorCache: number[][] | null = null;
  postings = new Map<string, [number, number][]>();
  totalLen = 0;

  async add(doc: string, title: string, text: string, titleWeight: number) {
    const { blocks } = await parseDocument('txt', Buffer.from(text, 'utf8'));
    for (const chunk of chunkBlocks(blocks)) {
      const { tf, length: len } = indexedTerms(title, chunk.content, titleWeight);
      const id = this.chunks.length;
      this.chunks.push({ doc, content: chunk.content, title, tf, len });
      this.totalLen += len;
      for (const [l, n] of tf) {
        const list = this.postings.get(l) ?? [];
        list.push([id, n]);
        this.postings.set(l, list);
      }
    }
  }

  get n() {
    return this.chunks.length;
  }
  /** Every chunk's vector: the model's (--embeddings-url) or the deterministic hashed embedder's. */
  get vectors(): number[][] {
    this.vectorCache ??= this.chunks.map((c) => vectorOf(indexedText(c.title, c.content)));
    return this.vectorCache;
  }
  get avgdl() {
    return this.totalLen / Math.max(this.n, 1);
  }
  df(l: string) {
    return this.postings.get(l)?.length ?? 0;
  }

  bm25(query: Map<string, number>, k1: number, b: number, k: number) {
    const scores = new Map<number, number>();
    const avgdl = this.avgdl;
    for (const [l, weight] of query) {
      const list = this.postings.get(l);
      if (!list) continue;
      const idf = Math.log(1 + (this.n - list.length + 0.5) / (list.length + 0.5));
      for (const [c, tf] of list) {
        const len = this.chunks[c]?.len ?? 0;
        const w = (weight * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * len) / avgdl));
        scores.set(c, (scores.get(c) ?? 0) + w);
      }
    }
    return [...scores]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, k)
      .map(([c, s]) => ({ c, s }));
  }
}

async function main() {
  if (!existsSync(path.join(DATASETS, 'bm25-baseline.mjs'))) {
    throw new Error(`The benchmark datasets were not found at ${DATASETS} (expected next to the repository).`);
  }
  const scorer = await loadScorer();
  const data = scorer.loadData(path.join(DATASETS, 'scifact'));
  const wikiDir = path.join(DATASETS, 'rag-mini-wikipedia');
  const readJsonl = <T>(f: string) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as T);
  const passages = readJsonl<{ id: number; passage: string }>(path.join(wikiDir, 'passages.jsonl'));
  const questions = readJsonl<{ question: string; answer: string }>(path.join(wikiDir, 'question-answer.jsonl')).filter(
    (p) => !/^(yes|no)\.?$/i.test(p.answer.trim()),
  );
  const passageText = new Map(passages.map((p) => [String(p.id), p.passage]));
  // --subset: the SciFact subset of vector-fusion.test.ts (every document relevant to a test query and
  // every fifth other one), the benchmark the fusion weight is chosen on.
  const subset = process.argv.includes('--subset');
  const relevant = new Set([...data.qrels.values()].flatMap((docs) => [...docs.keys()]));
  const corpus = subset ? data.corpus.filter((d, i) => relevant.has(d._id) || i % 5 === 0) : data.corpus;

  const indexes = new Map<number, { sci: MemoryIndex; wiki: MemoryIndex }>();
  const indexFor = async (titleWeight: number) => {
    let entry = indexes.get(titleWeight);
    if (!entry) {
      const sci = new MemoryIndex();
      for (const d of corpus) await sci.add(d._id, d.title, d.text, titleWeight);
      const wiki = new MemoryIndex();
      for (const p of passages) await wiki.add(String(p.id), 'Wikipedia passage', p.passage, titleWeight);
      entry = { sci, wiki };
      indexes.set(titleWeight, entry);
    }
    return entry;
  };

  /** The product's two-stage ranking over an in-memory index: BM25 candidates, then rerankCandidates. */
  const rank = (index: MemoryIndex, text: string, s: Settings, k: number) => {
    const terms = queryTerms(text);
    const query = new Map([...terms.keys()].map((l) => [l, 1]));
    const source = {
      n: index.n,
      df: (l: string) => index.df(l),
      bm25: (q: Map<string, number>, depth: number) =>
        index.bm25(q, s.k1, s.b, depth).map(({ c, s: score }) => {
          const ch = index.chunks[c] as Chunk;
          return { id: String(c), score, text: indexedText(ch.title, ch.content) };
        }),
    };
    if (s.vectorWeight <= 0) {
      return rerankCandidates(source, query, s, k).map((h) => ({
        doc: index.chunks[Number(h.id)]?.doc ?? '',
        score: h.score,
      }));
    }
    // The fusion step of rankWorkspace: lexical candidates (depth) plus the vector-nearest chunks
    // (vectorDepth), each with its cosine similarity; candidates found only by vector have lexical 0.
    const lexical = rerankCandidates(source, query, s, Math.max(s.depth, k));
    const qv = vectorOf(text);
    const cosine = index.vectors.map((v) => cosineSimilarity(qv, v));
    const pool = new Map(lexical.map((h) => [h.id, { id: h.id, ...h.parts, vector: cosine[Number(h.id)] ?? null }]));
    if ((s.vectorDepth ?? 0) > 0) {
      const nearest = cosine
        .map((score, c) => [c, score] as const)
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, s.vectorDepth);
      for (const [c, score] of nearest) {
        if (!pool.has(String(c))) pool.set(String(c), { id: String(c), lexical: 0, proximity: 0, vector: score });
      }
    }
    return fuseScores([...pool.values()], s.vectorWeight)
      .slice(0, k)
      .map((h) => ({ doc: index.chunks[Number(h.id)]?.doc ?? '', score: h.score }));
  };

  const evalSci = async (s: Settings) => {
    const { sci } = await indexFor(s.titleWeight);
    const run = new Map<string, [string, number][]>();
    for (const qid of data.qrels.keys()) {
      const best = new Map<string, number>();
      for (const h of rank(sci, data.queries.get(qid) ?? '', s, 100)) if (!best.has(h.doc)) best.set(h.doc, h.score);
      run.set(qid, [...best]);
    }
    const ranked = scorer.rankRun(run);
    const half = (odd: boolean) => new Map([...data.qrels].filter(([qid]) => (Number(qid) % 2 === 1) === odd)) as Qrels;
    return {
      all: scorer.evaluate(ranked, data.qrels),
      odd: scorer.evaluate(ranked, half(true)).ndcg10,
      even: scorer.evaluate(ranked, half(false)).ndcg10,
    };
  };
  const evalWiki = async (s: Settings) => {
    const { wiki } = await indexFor(s.titleWeight);
    let hits = 0;
    for (const q of questions) {
      const docs: string[] = [];
      for (const h of rank(wiki, q.question, s, 20)) if (!docs.includes(h.doc)) docs.push(h.doc);
      const needle = q.answer.trim().toLowerCase();
      if (docs.slice(0, 5).some((d) => (passageText.get(d) ?? '').toLowerCase().includes(needle))) hits++;
    }
    return hits / questions.length;
  };

  const show = async (label: string, s: Settings) => {
    const sci = await evalSci(s);
    const wiki = await evalWiki(s);
    console.log(
      `${label.padEnd(58)} nDCG@10 ${sci.all.ndcg10.toFixed(4)} (odd ${sci.odd.toFixed(4)} even ${sci.even.toFixed(4)}) ` +
        `R@100 ${sci.all.recall100.toFixed(4)}  wiki hit@5 ${wiki.toFixed(3)}`,
    );
    return { sci, wiki };
  };

  const base: RankSettings = {
    k1: 0.9,
    b: 0.4,
    titleWeight: 1,
    proximity: 0,
    proximityWindow: 5,
    feedback: null,
    depth: 100,
    vectorWeight: 0,
  };
  // --base '{"feedback":{…}}' (fusion experiments): other lexical settings under the vectors.
  const lexicalOnly: RankSettings = {
    ...SHIPPED_RANKING,
    ...(JSON.parse(argument('--base') ?? '{}') as Partial<RankSettings>),
    vectorWeight: 0,
  };
  await show('BM25 k1 0.9 b 0.4 (before this work)', base);
  await show('shipped, lexical alone (no embeddings configured)', lexicalOnly);
  if (process.argv.includes('--fusion')) {
    if (argument('--embeddings-url')) {
      const { sci, wiki } = await indexFor(lexicalOnly.titleWeight);
      await embedAll([
        ...[...sci.chunks, ...wiki.chunks].map((c) => indexedText(c.title, c.content)),
        ...[...data.qrels.keys()].map((qid) => data.queries.get(qid) ?? ''),
        ...questions.map((q) => q.question),
      ]);
    }
    // Fusion weight: chosen on the odd half, checked on the even half.
    const listed = process.argv.indexOf('--weights');
    const weights =
      listed >= 0
        ? (process.argv[listed + 1] ?? '').split(',').map(Number)
        : subset
          ? [0.01, 0.02, 0.03, 0.04, 0.05, 0.1, 0.15, 0.2, 0.3]
          : [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5];
    for (const vectorDepth of subset || listed >= 0 ? [0] : [0, 100]) {
      for (const vectorWeight of weights) {
        await show(`fusion w ${vectorWeight} vector depth ${vectorDepth}`, {
          ...lexicalOnly,
          vectorWeight,
          vectorDepth,
        });
      }
    }
    if (listed < 0) await show('vectors alone', { ...lexicalOnly, vectorWeight: 1, vectorDepth: 100 });
    return;
  }
  if (!process.argv.includes('--grid')) return;

  const variants: [string, Settings][] = [];
  const grid = process.argv[process.argv.indexOf('--grid') + 1] ?? 'all';
  if (grid === 'all' || grid === 'single') {
    for (const [k1, b] of [
      [0.9, 0.4],
      [1.2, 0.75],
      [1.2, 0.5],
    ] as const) {
      for (const titleWeight of [1, 2, 3]) {
        variants.push([`k1 ${k1} b ${b} title×${titleWeight}`, { ...base, k1, b, titleWeight }]);
      }
    }
    for (const proximity of [0.1, 0.2, 0.4]) {
      for (const proximityWindow of [3, 6]) {
        variants.push([`prox ${proximity} window ${proximityWindow}`, { ...base, proximity, proximityWindow }]);
      }
    }
    for (const docs of [3, 5, 10]) {
      for (const terms of [10, 20]) {
        for (const originalWeight of [0.5, 0.7]) {
          variants.push([
            `rm3 docs ${docs} terms ${terms} orig ${originalWeight}`,
            { ...base, feedback: { docs, terms, originalWeight } },
          ]);
        }
      }
    }
  }
  if (grid === 'all' || grid === 'idf') {
    for (const docs of [3, 5, 10]) {
      for (const terms of [10, 20, 30]) {
        for (const originalWeight of [0.5, 0.7]) {
          variants.push([
            `rm3-idf docs ${docs} terms ${terms} orig ${originalWeight}`,
            { ...base, feedback: { docs, terms, originalWeight, idfWeighted: true } },
          ]);
        }
      }
    }
  }
  if (grid === 'all' || grid === 'combo') {
    for (const [k1, b] of [
      [0.9, 0.4],
      [1.2, 0.5],
      [1.2, 0.75],
    ] as const) {
      for (const titleWeight of [2, 3]) {
        for (const proximity of [0, 0.4]) {
          for (const feedback of [null, { docs: 3, terms: 20, originalWeight: 0.7 }]) {
            variants.push([
              `k1 ${k1} b ${b} title×${titleWeight} prox ${proximity} ${feedback ? 'rm3 3/20/0.7' : 'no rm3'}`,
              { ...base, k1, b, titleWeight, proximity, proximityWindow: 6, feedback },
            ]);
          }
        }
      }
    }
  }
  for (const [label, s] of variants) await show(label, s);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

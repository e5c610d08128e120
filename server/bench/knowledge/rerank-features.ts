/**
 * Third quality pass (decision record 021, section 10), in memory with the product's parser, chunker,
 * indexedTerms and tokenizer; the first stage is the product's own `rerankCandidates` with the shipped
 * lexical settings, so "shipped" below reproduces 0.6816 / 0.551 exactly.
 *
 * - `ceiling`: rag-mini-wikipedia — how many non yes/no questions have their answer in any passage, and
 *   in the shipped ranking's top 5/10/20/50/100 passages; how the chunker cuts the passages.
 * - `ppmi`: query expansion from term association learnt on the indexed chunks alone (positive pointwise
 *   mutual information of chunk co-occurrence, no labels), applied as a re-rank of the lexical top 100.
 * - `lsa`: latent semantic analysis trained on each index's own chunks (lsa.ts), its cosine fused with
 *   BM25 over the lexical top 100 by the product's `fuseScores`; options --lsa '{"rank":100}',
 *   --weights, --doc (whole-document BM25 mixed in first), --lsa-docs, --prf m,γ, --smooth β.
 * - `combo` (decision 021 §12): the offline encoder's cached vectors (--vectors-cache, filled by
 *   quality-sweep.ts against encoder-server.ts), LSA, whole-document BM25 and an answer-type bonus for
 *   factoid questions, fused over the lexical top 100; --weights, --lsa-weights, --doc, --answer-type.
 * - `sentences` (§12): the encoder's cosine of each candidate's best sentence and of its title beside
 *   the whole chunk's; embeds what the cache lacks through --embeddings-url (comma-separated: parallel).
 * - `features`: a linear re-rank of the lexical top 100 with features computable from the index, weights
 *   by coordinate ascent on the odd-numbered SciFact test queries only (--only a,b restricts it).
 *
 * Selection rule: choose on the odd-numbered SciFact test queries, report the even-numbered ones as
 * the held-out check, never lower wiki answer-hit@5. Every line also prints the mean per-query change
 * against shipped on each half ± its standard error.
 *
 *   npx tsx server/bench/knowledge/rerank-features.ts ceiling|ppmi|lsa|combo|sentences|features [options]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { queryTerms, tokenize } from '@helixis/domain';
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
import { DEFAULT_LSA, dot, Lsa, type LsaOptions } from './lsa';
import { DATASETS_DIR, loadScorer, type Qrels } from './scorer';
import { VectorCache } from './vector-cache';

const LEXICAL: RankSettings = { ...SHIPPED_RANKING, vectorWeight: 0 };

interface Chunk {
  doc: string;
  title: string;
  content: string;
  tf: Map<string, number>;
  len: number;
}

/** One workspace's chunk index in memory (the SQL tables' lexemes and statistics). */
class MemoryIndex {
  chunks: Chunk[] = [];
  postings = new Map<string, [number, number][]>();
  totalLen = 0;
  private lexemeCache: (string[] | undefined)[] = [];

  add(chunk: Chunk) {
    const id = this.chunks.length;
    this.chunks.push(chunk);
    this.totalLen += chunk.len;
    for (const [l, n] of chunk.tf) {
      let list = this.postings.get(l);
      if (!list) {
        list = [];
        this.postings.set(l, list);
      }
      list.push([id, n]);
    }
  }
  get n() {
    return this.chunks.length;
  }
  get avgdl() {
    return this.totalLen / Math.max(this.n, 1);
  }
  df(l: string) {
    return this.postings.get(l)?.length ?? 0;
  }
  idf(l: string) {
    const df = this.df(l);
    return Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
  }
  /** The lexemes of a chunk's indexed text (title + content), in order. */
  lexemes(c: number): string[] {
    let t = this.lexemeCache[c];
    if (!t) {
      const ch = this.chunks[c] as Chunk;
      t = tokenize(indexedText(ch.title, ch.content)).map((x) => x.lexeme);
      this.lexemeCache[c] = t;
    }
    return t;
  }
  /** BM25 scores of every chunk matching the (weighted) query. */
  scores(query: ReadonlyMap<string, number>, k1: number, b: number): Map<number, number> {
    const out = new Map<number, number>();
    const avgdl = this.avgdl;
    for (const [l, weight] of query) {
      const list = this.postings.get(l);
      if (!list) continue;
      const idf = this.idf(l);
      for (const [c, tf] of list) {
        const len = this.chunks[c]?.len ?? 0;
        out.set(c, (out.get(c) ?? 0) + (weight * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * len) / avgdl)));
      }
    }
    return out;
  }
  /** BM25 of the query for given chunks only (re-rank features). */
  scoreOf(c: number, query: ReadonlyMap<string, number>, k1: number, b: number): number {
    const ch = this.chunks[c] as Chunk;
    const norm = k1 * (1 - b + (b * ch.len) / this.avgdl);
    let s = 0;
    for (const [l, weight] of query) {
      const tf = ch.tf.get(l);
      if (!tf) continue;
      s += (weight * this.idf(l) * tf * (k1 + 1)) / (tf + norm);
    }
    return s;
  }
  top(query: ReadonlyMap<string, number>, k1: number, b: number, k: number) {
    return [...this.scores(query, k1, b)]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, k)
      .map(([c, s]) => ({ c, s }));
  }
}

interface Expansion {
  /** Weight of the expansion query's BM25 added to the original score. */
  weight: number;
  /** Expansion lexemes kept per query lexeme. */
  perTerm: number;
  /** Least number of chunks the two lexemes share. */
  minCo: number;
  /** 'ppmi': log(N·co / (df_q·df_t)); 'cond': P(t|q)·idf(t) (favours frequent associates less strictly). */
  measure: 'ppmi' | 'cond';
  /** Query lexemes with a df above this share of the chunks are not expanded. */
  maxDfShare: number;
}
const DEFAULT_EXPANSION: Expansion = { weight: 0.1, perTerm: 5, minCo: 3, measure: 'ppmi', maxDfShare: 0.05 };

function ppmiGrid(): Expansion[] {
  const out: Expansion[] = [];
  for (const measure of ['ppmi', 'cond'] as const)
    for (const perTerm of [3, 10])
      for (const minCo of [3, 10])
        for (const weight of [0.05, 0.1, 0.2, 0.4]) out.push({ ...DEFAULT_EXPANSION, measure, perTerm, minCo, weight });
  return out;
}

/**
 * Term association learnt from the indexed chunks only (no labels): for a query lexeme q, every lexeme
 * t sharing at least `minCo` chunks with it, scored by PPMI of chunk co-occurrence (or P(t|q)·idf(t)).
 * A query's expansion: each query lexeme's best `perTerm` associates, weighted by their association
 * normalised to the best one and by the query lexeme's idf share; lexemes of the query are left out.
 */
class Association {
  private cache = new Map<string, [string, number][]>();
  constructor(
    private ix: MemoryIndex,
    private spec: Expansion,
  ) {}
  associates(q: string): [string, number][] {
    let out = this.cache.get(q);
    if (out) return out;
    const list = this.ix.postings.get(q) ?? [];
    const co = new Map<string, number>();
    if (list.length <= this.spec.maxDfShare * this.ix.n) {
      for (const [c] of list) {
        for (const t of (this.ix.chunks[c] as Chunk).tf.keys()) if (t !== q) co.set(t, (co.get(t) ?? 0) + 1);
      }
    }
    const n = this.ix.n;
    const dq = list.length;
    const scored: [string, number][] = [];
    for (const [t, k] of co) {
      if (k < this.spec.minCo || /^\d+$/.test(t)) continue;
      const dt = this.ix.df(t);
      const s = this.spec.measure === 'ppmi' ? Math.log((n * k) / (dq * dt)) : (k / dq) * this.ix.idf(t);
      if (s > 0) scored.push([t, s]);
    }
    scored.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
    out = scored.slice(0, this.spec.perTerm);
    this.cache.set(q, out);
    return out;
  }
  expand(query: ReadonlyMap<string, number>): Map<string, number> {
    const idf = new Map([...query.keys()].map((l) => [l, this.ix.idf(l)]));
    const total = [...idf.values()].reduce((s, x) => s + x, 0) || 1;
    const out = new Map<string, number>();
    for (const q of query.keys()) {
      const assoc = this.associates(q);
      const best = assoc[0]?.[1] ?? 1;
      for (const [t, s] of assoc) {
        if (query.has(t)) continue;
        out.set(t, (out.get(t) ?? 0) + ((idf.get(q) ?? 0) / total) * (s / best) * query.size);
      }
    }
    return out;
  }
}

/** Re-rank features of a candidate chunk, in this order (see candidateFeatures). */
const FEATURES = [
  'bm25',
  'docBm25',
  'coverage',
  'idfCoverage',
  'window10',
  'titleMatch',
  'bm25k1.2b0.75',
  'expansion',
  'spanDensity',
  'lsaCosine',
] as const;

/**
 * Per candidate: chunk BM25 and whole-document BM25 (each divided by its best over the candidates),
 * share of query lexemes matched (plain and idf-weighted), the best 10-token window's idf-weighted
 * coverage, idf-weighted share of the query in the title, chunk BM25 with k1 1.2 b 0.75 (divided by
 * its best), the association expansion's BM25 (divided by its best), and matched lexemes per token
 * of the shortest span holding all of them, and the cosine of chunk and query in an LSA space of rank
 * 100 trained on the index (min-max normalised over the candidates).
 */
function candidateFeatures(
  corpus: Corpus,
  query: Map<string, number>,
  hits: { c: number; score: number }[],
  assoc: Association,
  lsa: Lsa,
): number[][] {
  const qv = lsa.embed(query);
  const ix = corpus.chunks;
  const idf = new Map([...query.keys()].map((l) => [l, ix.idf(l)]));
  const idfTotal = [...idf.values()].reduce((s, x) => s + x, 0) || 1;
  const expansion = assoc.expand(query);
  const raw = hits.map((h) => {
    const ch = ix.chunks[h.c] as Chunk;
    const d = corpus.docIndex.get(ch.doc) ?? -1;
    const docBm25 = d >= 0 ? corpus.docs.scoreOf(d, query, LEXICAL.k1, LEXICAL.b) : 0;
    const matched = [...query.keys()].filter((l) => ch.tf.has(l));
    const toks = ix.lexemes(h.c);
    const titleLex = new Set(tokenize(ch.title).map((t) => t.lexeme));
    const titleMatch = [...query.keys()].filter((l) => titleLex.has(l)).reduce((s, l) => s + (idf.get(l) ?? 0), 0);
    return [
      h.score,
      docBm25,
      matched.length / Math.max(query.size, 1),
      matched.reduce((s, l) => s + (idf.get(l) ?? 0), 0) / idfTotal,
      bestWindow(toks, idf, 10) / idfTotal,
      titleMatch / idfTotal,
      ix.scoreOf(h.c, query, 1.2, 0.75),
      expansion.size > 0 ? ix.scoreOf(h.c, expansion, LEXICAL.k1, LEXICAL.b) : 0,
      spanDensity(toks, new Set(matched)),
      dot(qv, lsa.chunkVectors[h.c] as Float64Array),
    ];
  });
  for (const j of [0, 1, 6, 7]) {
    const max = Math.max(...raw.map((r) => r[j] as number));
    if (max > 0) for (const r of raw) r[j] = (r[j] as number) / max;
  }
  // The latent cosine min-max normalised over the candidates, as fuseScores does.
  const cos = raw.map((r) => r[9] as number);
  const lo = Math.min(...cos);
  const hi = Math.max(...cos);
  for (const r of raw) r[9] = hi > lo ? ((r[9] as number) - lo) / (hi - lo) : 0;
  return raw;
}

/** The largest idf sum of distinct query lexemes inside any `width`-token window. */
function bestWindow(toks: readonly string[], idf: ReadonlyMap<string, number>, width: number): number {
  let best = 0;
  const inWindow = new Map<string, number>();
  let sum = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as string;
    if (idf.has(t)) {
      const n = inWindow.get(t) ?? 0;
      if (n === 0) sum += idf.get(t) ?? 0;
      inWindow.set(t, n + 1);
    }
    const out = i - width >= 0 ? (toks[i - width] as string) : null;
    if (out !== null && idf.has(out)) {
      const n = (inWindow.get(out) ?? 0) - 1;
      inWindow.set(out, n);
      if (n === 0) sum -= idf.get(out) ?? 0;
    }
    best = Math.max(best, sum);
  }
  return best;
}

/** Distinct matched lexemes divided by the length of the shortest token span containing all of them. */
function spanDensity(toks: readonly string[], matched: ReadonlySet<string>): number {
  if (matched.size < 2) return matched.size > 0 ? 1 / Math.max(toks.length, 1) : 0;
  const count = new Map<string, number>();
  let have = 0;
  let best = Number.POSITIVE_INFINITY;
  let left = 0;
  for (let right = 0; right < toks.length; right++) {
    const t = toks[right] as string;
    if (!matched.has(t)) continue;
    const n = count.get(t) ?? 0;
    if (n === 0) have++;
    count.set(t, n + 1);
    while (have === matched.size) {
      best = Math.min(best, right - left + 1);
      const l = toks[left] as string;
      if (matched.has(l)) {
        const m = (count.get(l) ?? 0) - 1;
        count.set(l, m);
        if (m === 0) have--;
      }
      left++;
    }
  }
  return Number.isFinite(best) ? matched.size / best : 0;
}

const readJsonl = <T>(f: string) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

interface Corpus {
  /** Chunk index, as the product cuts documents. */
  chunks: MemoryIndex;
  /** One entry per document (title + whole text, same title weight), for document-level features. */
  docs: MemoryIndex;
  docIndex: Map<string, number>;
}

async function buildCorpus(items: { id: string; title: string; text: string }[], titleWeight: number): Promise<Corpus> {
  const chunks = new MemoryIndex();
  const docs = new MemoryIndex();
  const docIndex = new Map<string, number>();
  for (const d of items) {
    const { blocks } = await parseDocument('txt', Buffer.from(d.text, 'utf8'));
    for (const ch of chunkBlocks(blocks)) {
      const { tf, length } = indexedTerms(d.title, ch.content, titleWeight);
      chunks.add({ doc: d.id, title: d.title, content: ch.content, tf, len: length });
    }
    const whole = indexedTerms(d.title, d.text, titleWeight);
    docIndex.set(d.id, docs.n);
    docs.add({ doc: d.id, title: d.title, content: d.text, tf: whole.tf, len: whole.length });
  }
  return { chunks, docs, docIndex };
}

/** The shipped first stage: the product's rerankCandidates over this index, the best `depth` chunks. */
function firstStage(ix: MemoryIndex, text: string, depth: number) {
  const query = new Map([...queryTerms(text).keys()].map((l) => [l, 1]));
  const source = {
    n: ix.n,
    df: (l: string) => ix.df(l),
    bm25: (q: ReadonlyMap<string, number>, k: number) =>
      ix.top(q, LEXICAL.k1, LEXICAL.b, k).map(({ c, s }) => {
        const ch = ix.chunks[c] as Chunk;
        return { id: String(c), score: s, text: indexedText(ch.title, ch.content) };
      }),
  };
  const hits = rerankCandidates(source, query, { ...LEXICAL, depth }, depth).map((h) => ({
    c: Number(h.id),
    score: h.score,
  }));
  queryText.set(query, text);
  return { query, hits };
}

/** The text each first-stage query map was made from (the sentence encoder embeds the text). */
const queryText = new Map<Map<string, number>, string>();

/** Comma-separated numbers given after `name` on the command line, or `fallback`. */
function listArg(name: string, fallback: number[]): number[] {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? '').split(',').map(Number) : fallback;
}

/** Min-max normalised over the candidates, as fuseScores does (all equal: all 0). */
function minMax(xs: number[]): number[] {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return xs.map((x) => (hi > lo ? (x - lo) / (hi - lo) : 0));
}

/** A chunk's encoder vector (its indexed text, as the embed job embeds it), looked up once per chunk. */
function chunkVectors(cache: VectorCache): (corpus: Corpus, c: number) => number[] {
  const known = new Map<Corpus, Map<number, number[]>>();
  return (corpus, c) => {
    const byChunk = known.get(corpus) ?? new Map<number, number[]>();
    known.set(corpus, byChunk);
    const seen = byChunk.get(c);
    if (seen) return seen;
    const ch = corpus.chunks.chunks[c] as Chunk;
    const v = cache.get(indexedText(ch.title, ch.content));
    byChunk.set(c, v);
    return v;
  };
}

/** LSA of rank 100 trained on each corpus's chunks (section 10's setting). */
function chunkLsa(corpora: Corpus[]): Map<Corpus, Lsa> {
  return new Map(
    corpora.map((corpus) => [
      corpus,
      new Lsa(
        { chunks: corpus.chunks.chunks.map((c) => c.tf), df: (l) => corpus.chunks.df(l) },
        { ...DEFAULT_LSA, rank: 100 },
      ),
    ]),
  );
}

/** Best chunk per document, in ranking order. */
function docsOf(ix: MemoryIndex, ranked: { c: number; score: number }[]): [string, number][] {
  const best = new Map<string, number>();
  for (const h of ranked) {
    const d = ix.chunks[h.c]?.doc ?? '';
    if (!best.has(d)) best.set(d, h.score);
  }
  return [...best];
}

/** Re-scores a query's first-stage chunks; higher is better. */
type Reranker = (
  corpus: Corpus,
  query: Map<string, number>,
  hits: { c: number; score: number }[],
) => { c: number; score: number }[];

async function main() {
  const scorer = await loadScorer();
  const data = scorer.loadData(path.join(DATASETS_DIR, 'scifact'));
  const wikiDir = path.join(DATASETS_DIR, 'rag-mini-wikipedia');
  const passages = readJsonl<{ id: number; passage: string }>(path.join(wikiDir, 'passages.jsonl'));
  const questions = readJsonl<{ question: string; answer: string }>(path.join(wikiDir, 'question-answer.jsonl')).filter(
    (p) => !/^(yes|no)\.?$/i.test(p.answer.trim()),
  );
  const passageText = new Map(passages.map((p) => [String(p.id), p.passage.toLowerCase()]));
  const sci = await buildCorpus(
    data.corpus.map((d) => ({ id: d._id, title: d.title, text: d.text })),
    LEXICAL.titleWeight,
  );
  const wiki = await buildCorpus(
    passages.map((p) => ({ id: String(p.id), title: 'Wikipedia passage', text: p.passage })),
    LEXICAL.titleWeight,
  );
  const qids = [...data.qrels.keys()];
  const sciFirst = new Map(qids.map((qid) => [qid, firstStage(sci.chunks, data.queries.get(qid) ?? '', 100)]));
  const wikiFirst = questions.map((q) => firstStage(wiki.chunks, q.question, 100));
  const answers = questions.map((q) => q.answer.trim().toLowerCase());
  const hasAnswer = (i: number, doc: string) => (passageText.get(doc) ?? '').includes(answers[i] as string);

  const half = (odd: boolean) => new Map([...data.qrels].filter(([qid]) => (Number(qid) % 2 === 1) === odd)) as Qrels;
  const odd = half(true);
  const even = half(false);

  const evaluate = (rerank: Reranker | null) => {
    const run = new Map<string, [string, number][]>();
    for (const qid of qids) {
      const { query, hits } = sciFirst.get(qid) as ReturnType<typeof firstStage>;
      const ranked = rerank ? rerank(sci, query, hits) : hits;
      run.set(
        qid,
        docsOf(
          sci.chunks,
          [...ranked].sort((x, y) => y.score - x.score || x.c - y.c),
        ),
      );
    }
    const ranked = scorer.rankRun(run);
    let wikiHits = 0;
    wikiFirst.forEach(({ query, hits }, i) => {
      const ranked = rerank ? rerank(wiki, query, hits) : hits;
      const top = docsOf(wiki.chunks, [...ranked].sort((x, y) => y.score - x.score || x.c - y.c).slice(0, 20))
        .slice(0, 5)
        .map(([d]) => d);
      if (top.some((d) => hasAnswer(i, d))) wikiHits++;
    });
    const all = scorer.evaluate(ranked, data.qrels);
    return {
      all: all.ndcg10,
      odd: scorer.evaluate(ranked, odd).ndcg10,
      even: scorer.evaluate(ranked, even).ndcg10,
      r100: all.recall100,
      wiki: wikiHits / questions.length,
      per: new Map(all.per.map((p) => [p.qid, p.ndcg10])),
    };
  };
  const shipped = evaluate(null);
  /** Mean per-query change of one half against shipped, ± its standard error. */
  const delta = (m: ReturnType<typeof evaluate>, half: Qrels, name: string) => {
    const d = [...half.keys()].map((q) => (m.per.get(q) ?? 0) - (shipped.per.get(q) ?? 0));
    const mean = d.reduce((s, x) => s + x, 0) / d.length;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1));
    return `Δ${name} ${mean >= 0 ? '+' : ''}${mean.toFixed(4)} ± ${(sd / Math.sqrt(d.length)).toFixed(4)}`;
  };
  const heldOutDelta = (m: ReturnType<typeof evaluate>) => `${delta(m, odd, 'odd')}, ${delta(m, even, 'even')}`;
  const line = (label: string, m: ReturnType<typeof evaluate>) =>
    console.log(
      `${label.padEnd(60)} nDCG@10 ${m.all.toFixed(4)} odd ${m.odd.toFixed(4)} even ${m.even.toFixed(4)} ` +
        `R@100 ${m.r100.toFixed(4)} wiki ${m.wiki.toFixed(3)} (${heldOutDelta(m)})`,
    );
  line('shipped (lexical first stage, no re-rank)', shipped);

  const mode = process.argv[2] ?? 'ceiling';
  if (mode === 'ceiling') {
    const anywhere = questions.filter((_, i) => [...passageText.keys()].some((d) => hasAnswer(i, d))).length;
    console.log(`wiki: ${questions.length} non yes/no questions, answer string in some passage: ${anywhere}`);
    for (const k of [5, 10, 20, 50, 100]) {
      let n = 0;
      wikiFirst.forEach(({ hits }, i) => {
        const docs = docsOf(wiki.chunks, hits).slice(0, k);
        if (docs.some(([d]) => hasAnswer(i, d))) n++;
      });
      console.log(
        `  answer in the shipped ranking's top ${k} passages (of 100 chunks): ${n} (${(n / questions.length).toFixed(3)})`,
      );
    }
    const perPassage = new Map<string, number>();
    for (const ch of wiki.chunks.chunks) perPassage.set(ch.doc, (perPassage.get(ch.doc) ?? 0) + 1);
    const split = [...perPassage.values()].filter((n) => n > 1).length;
    const lengths = passages.map((p) => p.passage.length).sort((a, b) => a - b);
    console.log(
      `  chunker: ${passages.length} passages → ${wiki.chunks.n} chunks; ${split} passages cut into more than one; ` +
        `passage length median ${lengths[lengths.length >> 1]} max ${lengths.at(-1)} chars`,
    );
    // Answers that straddle a chunk boundary: in the passage but in none of its chunks.
    let straddle = 0;
    answers.forEach((a, i) => {
      for (const [d, n] of perPassage) {
        if (n < 2 || !hasAnswer(i, d)) continue;
        const inChunk = wiki.chunks.chunks.some((ch) => ch.doc === d && ch.content.toLowerCase().includes(a));
        if (!inChunk) straddle++;
      }
    });
    console.log(`  (question, passage) pairs whose answer straddles a chunk boundary: ${straddle}`);
    if (process.argv.includes('--misses')) {
      wikiFirst.forEach(({ hits }, i) => {
        const docs = docsOf(wiki.chunks, hits).map(([d]) => d);
        const at = docs.findIndex((d) => hasAnswer(i, d));
        if (at >= 5 && at < 20) {
          const d = docs[at] as string;
          console.log(`\n[rank ${at + 1}] Q: ${questions[i]?.question} A: ${answers[i]}`);
          console.log(`  answer passage: ${passageText.get(d)?.slice(0, 300)}`);
          console.log(`  top passage:    ${passageText.get(docs[0] as string)?.slice(0, 300)}`);
        }
      });
    }
    return;
  }

  if (mode === 'ppmi') {
    const grid = process.argv.slice(3);
    const specs: Expansion[] = grid.length
      ? grid.map((g) => ({ ...DEFAULT_EXPANSION, ...(JSON.parse(g) as Partial<Expansion>) }))
      : ppmiGrid();
    for (const spec of specs) {
      const assoc = { sci: new Association(sci.chunks, spec), wiki: new Association(wiki.chunks, spec) };
      line(
        `ppmi ${JSON.stringify(spec)}`,
        evaluate((corpus, query, hits) => {
          const a = corpus === sci ? assoc.sci : assoc.wiki;
          const expansion = a.expand(query);
          if (expansion.size === 0) return hits;
          return hits.map((h) => ({
            c: h.c,
            score: h.score + spec.weight * corpus.chunks.scoreOf(h.c, expansion, LEXICAL.k1, LEXICAL.b),
          }));
        }),
      );
    }
    return;
  }

  if (mode === 'lsa') {
    // --lsa '{"rank":100}' overrides DEFAULT_LSA; --weights 0.05,0.1 the fusion weights.
    const at = process.argv.indexOf('--lsa');
    const options = {
      ...DEFAULT_LSA,
      ...(at > 0 ? (JSON.parse(process.argv[at + 1] ?? '{}') as Partial<LsaOptions>) : {}),
    };
    const wAt = process.argv.indexOf('--weights');
    const weights =
      wAt > 0 ? (process.argv[wAt + 1] ?? '').split(',').map(Number) : [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 1];
    const started = Date.now();
    // --lsa-docs: trained on whole documents, each chunk taking its document's vector.
    const onDocs = process.argv.includes('--lsa-docs');
    const lsa = new Map<Corpus, Lsa>();
    const vecOf = (corpus: Corpus, c: number) => {
      const model = lsa.get(corpus) as Lsa;
      const at = onDocs ? (corpus.docIndex.get(corpus.chunks.chunks[c]?.doc ?? '') ?? 0) : c;
      return model.chunkVectors[at] as Float64Array;
    };
    /** The product's linear fusion of the candidates' lexical scores with their LSA cosine to `qv`. */
    const fuseLsa = (corpus: Corpus, hits: readonly { c: number; score: number }[], qv: Float64Array, weight: number) =>
      fuseScores(
        hits.map((h) => ({ id: String(h.c), lexical: h.score, proximity: 0, vector: dot(qv, vecOf(corpus, h.c)) })),
        weight,
      ).map((f) => ({ c: Number(f.id), score: f.score }));
    for (const corpus of [sci, wiki]) {
      const ix = onDocs ? corpus.docs : corpus.chunks;
      lsa.set(corpus, new Lsa({ chunks: ix.chunks.map((c) => c.tf), df: (l) => ix.df(l) }, options));
    }
    console.log(
      `LSA ${JSON.stringify(options)} trained on both corpora in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // --doc 0.3,0.6: before fusion, the lexical part is (1 − λ)·chunk BM25 + λ·whole-document BM25.
    const dAt = process.argv.indexOf('--doc');
    const lambdas = dAt > 0 ? (process.argv[dAt + 1] ?? '').split(',').map(Number) : [0];
    for (const lambda of lambdas.filter((x) => x > 0)) {
      for (const weight of weights) {
        line(
          `doc field ${lambda} + LSA fusion w ${weight}`,
          evaluate((corpus, query, hits) => {
            const model = lsa.get(corpus) as Lsa;
            const qv = model.embed(query);
            const fused = fuseScores(
              hits.map((h) => {
                const d = corpus.docIndex.get(corpus.chunks.chunks[h.c]?.doc ?? '') ?? -1;
                const doc = d >= 0 ? corpus.docs.scoreOf(d, query, LEXICAL.k1, LEXICAL.b) : 0;
                return {
                  id: String(h.c),
                  lexical: (1 - lambda) * h.score + lambda * doc,
                  proximity: 0,
                  vector: dot(qv, vecOf(corpus, h.c)),
                };
              }),
              weight,
            );
            return fused.map((f) => ({ c: Number(f.id), score: f.score }));
          }),
        );
      }
    }
    if (!lambdas.includes(0)) return;
    for (const weight of weights) {
      line(
        `LSA fusion (product's fuseScores) w ${weight}`,
        evaluate((corpus, query, hits) => {
          const model = lsa.get(corpus) as Lsa;
          const qv = model.embed(query);
          return fuseLsa(corpus, hits, qv, weight);
        }),
      );
    }
    // --prf m,γ: the query's latent vector plus γ × the mean of the first stage's best m chunk vectors
    // (Rocchio in the latent space); --smooth β: each candidate's fused score plus β × the
    // similarity-weighted mean fused score of the other candidates (score regularisation).
    const pAt = process.argv.indexOf('--prf');
    const sAt = process.argv.indexOf('--smooth');
    const [prfDocs, prfGain] = pAt > 0 ? (process.argv[pAt + 1] ?? '').split(',').map(Number) : [0, 0];
    const smooth = sAt > 0 ? Number(process.argv[sAt + 1]) : 0;
    if (!prfDocs && !smooth) return;
    for (const weight of weights) {
      line(
        `LSA fusion w ${weight}, prf ${prfDocs ?? 0} × ${prfGain ?? 0}, smooth ${smooth}`,
        evaluate((corpus, query, hits) => {
          const model = lsa.get(corpus) as Lsa;
          const qv = model.embed(query);
          if (prfDocs && prfGain) {
            for (const h of hits.slice(0, prfDocs)) {
              const v = vecOf(corpus, h.c);
              for (let r = 0; r < qv.length; r++) qv[r] = (qv[r] as number) + (prfGain / prfDocs) * (v[r] as number);
            }
          }
          const fused = fuseLsa(corpus, hits, qv, weight);
          if (!smooth) return fused;
          return fused.map((f) => {
            const v = model.chunkVectors[f.c] as Float64Array;
            let num = 0;
            let den = 0;
            for (const g of fused) {
              if (g.c === f.c) continue;
              const sim = Math.max(0, dot(v, model.chunkVectors[g.c] as Float64Array));
              num += sim * g.score;
              den += sim;
            }
            return { c: f.c, score: f.score + (den > 0 ? (smooth * num) / den : 0) };
          });
        }),
      );
    }
    return;
  }

  if (mode === 'combo') {
    // The offline sentence encoder's vectors (quality-sweep.ts --vectors-cache: sha1 of the embedded
    // text → vector) fused with LSA and whole-document BM25: score = (1 − wv − wl)·lexical + wv·encoder
    // + wl·LSA, each min-max normalised over the candidates; lexical = (1 − λ)·chunk + λ·document BM25.
    const cache = new VectorCache(process.argv[process.argv.indexOf('--vectors-cache') + 1]);
    const encoderOf = chunkVectors(cache);
    const lsaWeights = listArg('--lsa-weights', [0, 0.05, 0.1, 0.15, 0.2]);
    const started = Date.now();
    // Trained only when some setting uses it (seconds per corpus).
    const lsa = lsaWeights.some((w) => w > 0) ? chunkLsa([sci, wiki]) : new Map<Corpus, Lsa>();
    if (lsa.size > 0) console.log(`LSA rank 100 trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Answer type (factoid questions): what kind of token answers "when", "how many" or "who", and
    // whether a candidate holds one that the question does not already contain.
    const MONTHS = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
    const answerType = (question: string): ((text: string) => number) | null => {
      const q = question.trim().toLowerCase();
      if (/^(when|what year|in what year|in which year|what century)\b/.test(q))
        return (t) => (/\b(1[0-9]{3}|20[0-9]{2})\b/.test(t) || MONTHS.test(t) || /\bcentury\b/i.test(t) ? 1 : 0);
      if (/^(how many|how much|how long|how old|how far|how tall|how big|how large)\b/.test(q))
        return (t) =>
          /\b[0-9][0-9,.]*\b/.test(t) ||
          /\b(two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million|billion)\b/i.test(t)
            ? 1
            : 0;
      if (/^(who|whom|whose)\b/.test(q)) {
        const known = new Set((question.match(/\b[A-Z][a-z]+\b/g) ?? []).map((w) => w.toLowerCase()));
        return (t) =>
          (t.match(/\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b/g) ?? []).some(
            (name) => !name.split(' ').every((w) => known.has(w.toLowerCase())),
          )
            ? 1
            : 0;
      }
      return null;
    };
    const combo =
      (wv: number, wl: number, lambda: number, wa = 0): Reranker =>
      (corpus, query, hits) => {
        const qe = wv > 0 ? cache.get(queryText.get(query) ?? '') : [];
        const model = lsa.get(corpus);
        const ql = wl > 0 && model ? model.embed(query) : null;
        const lex = minMax(
          hits.map((h) => {
            if (lambda === 0) return h.score;
            const d = corpus.docIndex.get(corpus.chunks.chunks[h.c]?.doc ?? '') ?? -1;
            const doc = d >= 0 ? corpus.docs.scoreOf(d, query, LEXICAL.k1, LEXICAL.b) : 0;
            return (1 - lambda) * h.score + lambda * doc;
          }),
        );
        const enc = wv > 0 ? minMax(hits.map((h) => cosineSimilarity(qe, encoderOf(corpus, h.c)))) : [];
        const lat = ql && model ? minMax(hits.map((h) => dot(ql, model.chunkVectors[h.c] as Float64Array))) : [];
        const typed = wa > 0 ? answerType(queryText.get(query) ?? '') : null;
        return hits.map((h, i) => {
          const ch = corpus.chunks.chunks[h.c] as Chunk;
          return {
            c: h.c,
            score:
              (1 - wv - wl) * (lex[i] as number) +
              (wv > 0 ? wv * (enc[i] as number) : 0) +
              (wl > 0 ? wl * (lat[i] as number) : 0) +
              (typed ? wa * typed(ch.content) : 0),
          };
        });
      };
    for (const lambda of listArg('--doc', [0])) {
      for (const wl of lsaWeights) {
        for (const wv of listArg('--weights', [0.3, 0.4, 0.5])) {
          for (const wa of listArg('--answer-type', [0])) {
            line(
              `encoder w ${wv} + LSA w ${wl} + doc field ${lambda} + answer type ${wa}`,
              evaluate(combo(wv, wl, lambda, wa)),
            );
          }
        }
      }
    }
    return;
  }

  if (mode === 'sentences') {
    // The encoder is a sentence encoder: score a candidate by its best sentence's cosine to the query
    // (and, for SciFact, by its document title's), beside the whole-chunk cosine of §11. Vectors are
    // cached in --vectors-cache; missing ones are embedded through --embeddings-url (several URLs,
    // comma-separated, are asked in parallel).
    const cache = new VectorCache(process.argv[process.argv.indexOf('--vectors-cache') + 1]);
    const urls = (process.argv[process.argv.indexOf('--embeddings-url') + 1] ?? '').split(',').filter(Boolean);
    const split = (text: string) =>
      (text.match(/[^.!?]+(?:[.!?]+(?=\s|$)|$)/g) ?? [text])
        .map((x) => x.trim())
        .filter((x) => x.split(/\s+/).length >= 3);
    const sentencesOf = new Map<Corpus, string[][]>();
    for (const corpus of [sci, wiki])
      sentencesOf.set(
        corpus,
        corpus.chunks.chunks.map((c) => split(c.content)),
      );
    const wanted = new Set<string>();
    for (const corpus of [sci, wiki])
      for (const list of sentencesOf.get(corpus) ?? []) for (const x of list) wanted.add(x);
    for (const c of sci.chunks.chunks) wanted.add(c.title);
    for (const text of queryText.values()) wanted.add(text);
    console.log(`${wanted.size} texts to score with`);
    await cache.embedMissing(wanted, urls, 'use-lite');
    const encoderOf = chunkVectors(cache);
    const fused =
      (wv: number, ws: number, wt: number): Reranker =>
      (corpus, query, hits) => {
        const q = cache.get(queryText.get(query) ?? '');
        const sentences = sentencesOf.get(corpus) as string[][];
        const chunkCos = minMax(hits.map((h) => cosineSimilarity(q, encoderOf(corpus, h.c))));
        const sentenceCos = minMax(
          hits.map((h) => Math.max(-1, ...(sentences[h.c] ?? []).map((x) => cosineSimilarity(q, cache.get(x))))),
        );
        const titleCos = minMax(
          hits.map((h) =>
            corpus === sci ? cosineSimilarity(q, cache.get((corpus.chunks.chunks[h.c] as Chunk).title)) : 0,
          ),
        );
        const lex = minMax(hits.map((h) => h.score));
        return hits.map((h, i) => ({
          c: h.c,
          score:
            (1 - wv - ws - wt) * (lex[i] as number) +
            wv * (chunkCos[i] as number) +
            ws * (sentenceCos[i] as number) +
            wt * (titleCos[i] as number),
        }));
      };
    for (const wv of listArg('--weights', [0, 0.4]))
      for (const ws of listArg('--sentence-weights', [0, 0.1, 0.2, 0.3, 0.4]))
        for (const wt of listArg('--title-weights', [0, 0.1, 0.2]))
          if (wv + ws + wt < 1)
            line(`encoder chunk ${wv} + best sentence ${ws} + title ${wt}`, evaluate(fused(wv, ws, wt)));
    return;
  }

  if (mode === 'features') {
    const lsa = chunkLsa([sci, wiki]);
    const expansion = { ...DEFAULT_EXPANSION, measure: 'cond' as const, perTerm: 3, minCo: 3 };
    const assoc = new Map([
      [sci, new Association(sci.chunks, expansion)],
      [wiki, new Association(wiki.chunks, expansion)],
    ]);
    const table = new Map<Corpus, Map<Map<string, number>, number[][]>>([
      [sci, new Map()],
      [wiki, new Map()],
    ]);
    const featuresOf = (corpus: Corpus, query: Map<string, number>, hits: { c: number; score: number }[]) => {
      const cache = table.get(corpus) as Map<Map<string, number>, number[][]>;
      let rows = cache.get(query);
      if (!rows) {
        rows = candidateFeatures(corpus, query, hits, assoc.get(corpus) as Association, lsa.get(corpus) as Lsa);
        cache.set(query, rows);
      }
      return rows;
    };
    const linear =
      (w: readonly number[]): Reranker =>
      (corpus, query, hits) => {
        const rows = featuresOf(corpus, query, hits);
        return hits.map((h, i) => ({
          c: h.c,
          score: (rows[i] as number[]).reduce((s, f, j) => s + f * (w[j] ?? 0), 0),
        }));
      };
    // Feature tables once (the evaluate calls below reuse them).
    const start: number[] = FEATURES.map((_, j) => (j === 0 ? 1 : 0));
    line('features, bm25 alone (check: equals shipped)', evaluate(linear(start)));
    // Each feature alone beside BM25, best weight on the odd half.
    const values = [-1, -0.5, -0.3, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2];
    const oddOnly = (w: readonly number[]) => evaluateOdd(w);
    const evaluateOdd = (w: readonly number[]) => {
      const run = new Map<string, [string, number][]>();
      const rr = linear(w);
      for (const qid of odd.keys()) {
        const { query, hits } = sciFirst.get(qid) as ReturnType<typeof firstStage>;
        run.set(
          qid,
          docsOf(
            sci.chunks,
            rr(sci, query, hits).sort((x, y) => y.score - x.score || x.c - y.c),
          ),
        );
      }
      return scorer.evaluate(scorer.rankRun(run), odd).ndcg10;
    };
    for (let j = 1; j < FEATURES.length; j++) {
      let best = { v: 0, odd: oddOnly(start) };
      for (const v of values) {
        const w = start.map((x, i) => (i === j ? v : x));
        const o = oddOnly(w);
        if (o > best.odd + 1e-9) best = { v, odd: o };
      }
      const w = start.map((x, i) => (i === j ? best.v : x));
      line(`bm25 + ${best.v} × ${FEATURES[j]} (weight best on odd)`, evaluate(linear(w)));
    }
    // Coordinate ascent on the odd half (BM25's weight fixed at 1), over every feature or the ones
    // named by --only a,b.
    const onlyAt = process.argv.indexOf('--only');
    const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : null;
    const tuned = FEATURES.flatMap((f, j) => (j > 0 && (!only || only.includes(f)) ? [j] : []));
    const w = [...start];
    let current = oddOnly(w);
    for (let round = 1; round <= 3; round++) {
      let moved = false;
      for (const j of tuned) {
        for (const v of [0, ...values]) {
          const trial = w.map((x, i) => (i === j ? v : x));
          const o = oddOnly(trial);
          if (o > current + 1e-9) {
            current = o;
            w[j] = v;
            moved = true;
          }
        }
      }
      const named = FEATURES.map((f, j) => `${f} ${w[j]}`).join(', ');
      line(`coordinate ascent round ${round}: ${named}`, evaluate(linear(w)));
      if (!moved) break;
    }
    return;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

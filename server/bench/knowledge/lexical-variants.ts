/**
 * Lexical variants beyond quality-sweep.ts, in memory (decision record 021, section 9): document-level
 * scoring and chunk-to-document rollups, BM25+ / BM25L, query-term weighting for long claim-style
 * queries, sequential-dependence bigram features (adjacent query lexemes within a window), whole
 * documents as one chunk, and the Snowball English (Porter2) stemmer. The product's parser, chunker,
 * indexedTerms and tokenizer build the index; documents get their best chunk's score unless a rollup
 * says otherwise. Same selection rule: choose on the odd-numbered SciFact test queries, check on the
 * even ones, never lower wiki answer-hit@5.
 *
 *   npx tsx server/bench/knowledge/lexical-variants.ts            # the grid of section 9
 *   npx tsx server/bench/knowledge/lexical-variants.ts b '{"doc":0.5,"k1":1.2,"b":0.75}' ...
 *   npx tsx server/bench/knowledge/lexical-variants.ts b '{"stemmer":"porter2"}'
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tokenize as productTokenize, type Token } from '@helixis/domain';
import { chunkBlocks } from '../../src/features/knowledge/ingest/chunking';
import { parseDocument } from '../../src/features/knowledge/ingest/parsers';
import { indexedText } from '../../src/features/knowledge/ingest/prepare';
import { porter2Stem } from './porter2';
import { DATASETS_DIR as DATASETS, loadScorer, type Qrels } from './scorer';

interface Chunk {
  doc: string;
  tf: Map<string, number>;
  len: number;
  toks: string[];
}
let restem = false;
let compounds = false;
/**
 * The product's tokens, re-stemmed with Porter2 when `stemmer: 'porter2'` is asked for; with
 * `compounds`, each hyphenated word also yields one token of its stemmed parts joined by '-' (as
 * PostgreSQL's parser keeps "anti-inflammatory" whole besides its parts).
 */
const tokenize = (text: string): Token[] => {
  const tokens = restem
    ? productTokenize(text).map((t) => ({ word: t.word, lexeme: /\d/.test(t.word) ? t.word : porter2Stem(t.word) }))
    : productTokenize(text);
  if (!compounds) return tokens;
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) {
    const parts = m[0].split('-').map((part) => productTokenize(part)[0]?.lexeme ?? part);
    tokens.push({ word: m[0], lexeme: parts.join('-') });
  }
  return tokens;
};

interface V {
  k1: number;
  b: number;
  tw: number;
  formula: 'bm25' | 'plus' | 'l';
  delta: number;
  qw: 'bin' | 'qtf' | 'sqrt';
  rollup: 'max' | 'sum' | 'maxrest';
  rest: number;
  doc: number;
  whole: boolean;
  sdm: number;
  win: number;
  sdmOrdered?: boolean;
  stemmer?: 'porter' | 'porter2';
  compounds?: boolean;
}
class Idx {
  chunks: Chunk[] = [];
  postings = new Map<string, [number, number][]>();
  total = 0;
  add(doc: string, tf: Map<string, number>, len: number, toks: string[]) {
    const id = this.chunks.length;
    this.chunks.push({ doc, tf, len, toks });
    this.total += len;
    for (const [l, n] of tf) {
      let a = this.postings.get(l);
      if (!a) {
        a = [];
        this.postings.set(l, a);
      }
      a.push([id, n]);
    }
  }
  get n() {
    return this.chunks.length;
  }
  df(l: string) {
    return this.postings.get(l)?.length ?? 0;
  }
  scores(q: Map<string, number>, v: V) {
    const s = new Map<number, number>();
    const avg = this.total / this.n;
    for (const [l, w] of q) {
      const list = this.postings.get(l);
      if (!list) continue;
      const idf =
        v.formula === 'l'
          ? Math.log((this.n + 1) / (list.length + 0.5))
          : Math.log(1 + (this.n - list.length + 0.5) / (list.length + 0.5));
      for (const [c, tf] of list) {
        const len = this.chunks[c]!.len;
        const norm = 1 - v.b + (v.b * len) / avg;
        let t: number;
        if (v.formula === 'bm25') t = (tf * (v.k1 + 1)) / (tf + v.k1 * norm);
        else if (v.formula === 'plus') t = (tf * (v.k1 + 1)) / (tf + v.k1 * norm) + v.delta;
        else {
          const ct = tf / norm;
          t = ((v.k1 + 1) * (ct + v.delta)) / (v.k1 + ct + v.delta);
        }
        s.set(c, (s.get(c) ?? 0) + w * idf * t);
      }
    }
    return s;
  }
}
const readJsonl = <T>(f: string) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
/** indexedTerms of the product (content, plus the title counted `tw` times), with this file's tokenize. */
function termsOf(title: string, content: string, tw: number) {
  const tf = new Map<string, number>();
  const body = tokenize(content);
  const head = tokenize(indexedText(title, ''));
  for (const t of body) tf.set(t.lexeme, (tf.get(t.lexeme) ?? 0) + 1);
  for (const t of head) tf.set(t.lexeme, (tf.get(t.lexeme) ?? 0) + tw);
  return {
    tf,
    length: body.length + head.length * tw,
    toks: tokenize(indexedText(title, content)).map((t) => t.lexeme),
  };
}
function sdmBoost(toks: string[], ql: string[], idf: Map<string, number>, win: number, ordered: boolean) {
  // adjacent query-term pairs (sequential dependence): count co-occurrences within window
  let b = 0;
  const pos = new Map<string, number[]>();
  toks.forEach((t, i) => {
    if (idf.has(t)) {
      let a = pos.get(t);
      if (!a) {
        a = [];
        pos.set(t, a);
      }
      a.push(i);
    }
  });
  for (let i = 0; i + 1 < ql.length; i++) {
    const a = pos.get(ql[i]!),
      c = pos.get(ql[i + 1]!);
    if (!a || !c) continue;
    let n = 0;
    for (const x of a)
      for (const y of c) {
        const d = y - x;
        if (ordered ? d > 0 && d <= win : d !== 0 && Math.abs(d) <= win) n++;
      }
    if (n > 0) b += Math.min(idf.get(ql[i]!)!, idf.get(ql[i + 1]!)!) * (n / (n + 1));
  }
  return b;
}
async function main() {
  const scorer = await loadScorer();
  const data = scorer.loadData(path.join(DATASETS, 'scifact'));
  const wikiDir = path.join(DATASETS, 'rag-mini-wikipedia');
  const passages = readJsonl<{ id: number; passage: string }>(path.join(wikiDir, 'passages.jsonl'));
  const questions = readJsonl<{ question: string; answer: string }>(path.join(wikiDir, 'question-answer.jsonl')).filter(
    (p) => !/^(yes|no)\.?$/i.test(p.answer.trim()),
  );
  const ptext = new Map(passages.map((p) => [String(p.id), p.passage]));
  const cache = new Map<string, { sci: Idx; sciDoc: Idx; wiki: Idx; wikiDoc: Idx }>();
  const build = async (tw: number, whole: boolean, stemmer: string, compound: boolean) => {
    restem = stemmer === 'porter2';
    compounds = compound;
    const key = `${tw}/${whole}/${stemmer}/${compound}`;
    let e = cache.get(key);
    if (e) return e;
    const sci = new Idx(),
      sciDoc = new Idx(),
      wiki = new Idx(),
      wikiDoc = new Idx();
    const addDoc = async (ix: Idx, dx: Idx, id: string, title: string, text: string) => {
      const d = termsOf(title, text, tw);
      dx.add(id, d.tf, d.length, d.toks);
      if (whole) {
        ix.add(id, d.tf, d.length, d.toks);
        return;
      }
      const { blocks } = await parseDocument('txt', Buffer.from(text, 'utf8'));
      for (const ch of chunkBlocks(blocks)) {
        const t = termsOf(title, ch.content, tw);
        ix.add(id, t.tf, t.length, t.toks);
      }
    };
    for (const d of data.corpus) await addDoc(sci, sciDoc, d._id, d.title, d.text);
    for (const p of passages) await addDoc(wiki, wikiDoc, String(p.id), 'Wikipedia passage', p.passage);
    e = { sci, sciDoc, wiki, wikiDoc };
    cache.set(key, e);
    return e;
  };
  const rankDocs = (ix: Idx, dx: Idx, text: string, v: V, depth: number) => {
    const toks = tokenize(text).map((t) => t.lexeme);
    const q = new Map<string, number>();
    for (const t of toks) q.set(t, v.qw === 'bin' ? 1 : (q.get(t) ?? 0) + 1);
    if (v.qw === 'sqrt') for (const [l, n] of q) q.set(l, Math.sqrt(n));
    const s = ix.scores(q, v);
    let top = [...s].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, depth);
    if (v.sdm > 0) {
      const ql = [...new Set(toks)];
      const ordered = toks.filter((t, i) => toks.indexOf(t) === i);
      const idf = new Map(ql.map((l) => [l, Math.log(1 + (ix.n - ix.df(l) + 0.5) / (ix.df(l) + 0.5))]));
      top = top
        .map(
          ([c, sc]) =>
            [c, sc + v.sdm * sdmBoost(ix.chunks[c]!.toks, ordered, idf, v.win, !!v.sdmOrdered)] as [number, number],
        )
        .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    }
    const docScore = v.doc > 0 ? dx.scores(q, v) : null;
    const per = new Map<string, number[]>();
    for (const [c, sc] of top) {
      const d = ix.chunks[c]!.doc;
      let a = per.get(d);
      if (!a) {
        a = [];
        per.set(d, a);
      }
      a.push(sc);
    }
    const docIdx = v.doc > 0 ? new Map(dx.chunks.map((c, i) => [c.doc, i])) : null;
    const out: [string, number][] = [];
    for (const [d, a] of per) {
      let sc =
        v.rollup === 'max'
          ? a[0]!
          : v.rollup === 'sum'
            ? a.reduce((x, y) => x + y, 0)
            : a[0]! + v.rest * a.slice(1).reduce((x, y) => x + y, 0);
      if (docScore && docIdx) sc = (1 - v.doc) * sc + v.doc * (docScore.get(docIdx.get(d)!) ?? 0);
      out.push([d, sc]);
    }
    return out.sort((a, b) => b[1] - a[1]);
  };
  const show = async (label: string, v: V) => {
    const { sci, sciDoc, wiki, wikiDoc } = await build(v.tw, v.whole, v.stemmer ?? 'porter', v.compounds === true);
    restem = v.stemmer === 'porter2';
    compounds = v.compounds === true;
    const run = new Map<string, [string, number][]>();
    for (const qid of data.qrels.keys()) run.set(qid, rankDocs(sci, sciDoc, data.queries.get(qid) ?? '', v, 100));
    const ranked = scorer.rankRun(run);
    const half = (odd: boolean) => new Map([...data.qrels].filter(([qid]) => (Number(qid) % 2 === 1) === odd)) as Qrels;
    const all = scorer.evaluate(ranked, data.qrels),
      odd = scorer.evaluate(ranked, half(true)).ndcg10,
      even = scorer.evaluate(ranked, half(false)).ndcg10;
    let hits = 0;
    for (const q of questions) {
      const docs = rankDocs(wiki, wikiDoc, q.question, v, 20)
        .slice(0, 5)
        .map(([d]) => d);
      const needle = q.answer.trim().toLowerCase();
      if (docs.some((d) => (ptext.get(d) ?? '').toLowerCase().includes(needle))) hits++;
    }
    console.log(
      `${label.padEnd(50)} ${all.ndcg10.toFixed(4)} odd ${odd.toFixed(4)} even ${even.toFixed(4)} R@100 ${all.recall100.toFixed(4)} wiki ${(hits / questions.length).toFixed(3)}`,
    );
  };
  const base: V = {
    k1: 0.9,
    b: 0.4,
    tw: 3,
    formula: 'bm25',
    delta: 0,
    qw: 'bin',
    rollup: 'max',
    rest: 0,
    doc: 0,
    whole: false,
    sdm: 0,
    win: 8,
  };
  const args = process.argv.slice(2);
  const grid: [string, V][] = [['shipped', base]];
  const g = args[0] ?? 'a';
  if (g === 'a') {
    grid.push(['whole doc', { ...base, whole: true }]);
    grid.push(['rollup sum', { ...base, rollup: 'sum' }]);
    for (const r of [0.1, 0.3, 0.5]) grid.push([`rollup max+${r}rest`, { ...base, rollup: 'maxrest', rest: r }]);
    for (const d of [0.3, 0.5, 0.7]) grid.push([`doc field ${d}`, { ...base, doc: d }]);
    grid.push(['qtf', { ...base, qw: 'qtf' }]);
    grid.push(['sqrt qtf', { ...base, qw: 'sqrt' }]);
    for (const d of [0.25, 0.5, 1]) grid.push([`bm25+ δ${d}`, { ...base, formula: 'plus', delta: d }]);
    for (const d of [0.25, 0.5]) grid.push([`bm25L δ${d}`, { ...base, formula: 'l', delta: d }]);
    for (const s of [0.1, 0.25, 0.5])
      for (const win of [2, 8]) grid.push([`sdm ${s} win ${win}`, { ...base, sdm: s, win }]);
  }
  if (g === 'b') for (const spec of args.slice(1)) grid.push([spec, { ...base, ...JSON.parse(spec) }]);
  for (const [l, v] of grid) await show(l, v);
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});

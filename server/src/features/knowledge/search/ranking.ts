/**
 * The second stage of the knowledge ranking, independent of the storage: BM25 candidates come from a
 * source (SQL over postings in the product, an in-memory index in the experiments), then
 *
 * - optional RM3-style pseudo-relevance feedback: the best candidates' term distributions, weighted
 *   by their share of the first-pass score, give expansion lexemes that are mixed with the original
 *   query (original weight `originalWeight`), and the source is asked again;
 * - optional proximity boost: for every pair of distinct query lexemes found within `proximityWindow`
 *   tokens of each other in a candidate, `proximity × min(idf) × (window − distance + 1) / window`.
 *
 * Decision record 021 lists every setting tried and its figures; SHIPPED_RANKING is the kept one.
 */
import { tokenize } from '@helixis/domain';

export interface FeedbackSettings {
  /** Candidates whose terms feed the expansion. */
  docs: number;
  /** Expansion lexemes kept. */
  terms: number;
  /** Share of the original query in the mixed query (0..1). */
  originalWeight: number;
  /** Weigh feedback lexemes by their idf too (rare words of the feedback chunks, not common ones). */
  idfWeighted?: boolean;
}

export interface RankSettings {
  k1: number;
  b: number;
  /** How many times the title's terms count in a chunk's term frequencies (an index-time setting). */
  titleWeight: number;
  /** Proximity boost factor; 0 turns it off. */
  proximity: number;
  proximityWindow: number;
  feedback: FeedbackSettings | null;
  /** Candidates read from the source before the second stage. */
  depth: number;
  /**
   * Weight of vector similarity in the fused score `(1 − w)·lexical + w·vector` (both min-max
   * normalised over the candidates), used only when an embeddings model is configured and the
   * candidates have vectors of it; 0 turns fusion off. See decision record 021, section 9.
   */
  vectorWeight: number;
}

export interface Candidate {
  id: string;
  /** BM25 of the (possibly expanded) query. */
  score: number;
  /** The text the chunk was indexed as (title + content), for feedback and proximity. */
  text: string;
}

export interface CandidateSource {
  /** Indexed chunks of the workspace (BM25's N). */
  n: number;
  df(lexeme: string): number;
  bm25(query: ReadonlyMap<string, number>, depth: number): Candidate[] | Promise<Candidate[]>;
}

export interface SyncCandidateSource extends Omit<CandidateSource, 'bm25'> {
  bm25(query: ReadonlyMap<string, number>, depth: number): Candidate[];
}

export interface ScoreParts {
  lexical: number;
  proximity: number;
  /** Present once vectors were fused in (fuseScores). */
  vector?: number;
}

export interface RankedCandidate {
  id: string;
  score: number;
  parts: ScoreParts;
  /** Query lexemes found in the chunk (original query only). */
  matched: string[];
}

export interface RankOutcome {
  hits: RankedCandidate[];
  /** Lexemes added by feedback, with their weights (empty without feedback). */
  expansion: { lexeme: string; weight: number }[];
}

/** The ranking the product ships (see decision record 021). */
export const SHIPPED_RANKING: RankSettings = {
  k1: 0.9,
  b: 0.4,
  titleWeight: 3,
  proximity: 0,
  proximityWindow: 5,
  feedback: null,
  depth: 100,
  vectorWeight: 0.04,
};

const isNumeric = (lexeme: string) => /^\d+$/.test(lexeme);

function idfOf(source: Pick<CandidateSource, 'n' | 'df'>, lexeme: string): number {
  const df = source.df(lexeme);
  return Math.log(1 + (source.n - df + 0.5) / (df + 0.5));
}

/** RM3-style expanded query: original lexemes and the feedback model's best lexemes, mixed. */
export function expandQuery(
  query: ReadonlyMap<string, number>,
  first: readonly Candidate[],
  settings: FeedbackSettings,
  idf?: (lexeme: string) => number,
): { query: Map<string, number>; expansion: { lexeme: string; weight: number }[] } {
  const top = first.slice(0, settings.docs);
  const total = top.reduce((s, c) => s + c.score, 0) || 1;
  const model = new Map<string, number>();
  for (const c of top) {
    const tokens = tokenize(c.text);
    const len = tokens.length || 1;
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t.lexeme, (tf.get(t.lexeme) ?? 0) + 1);
    for (const [lexeme, n] of tf) {
      if (isNumeric(lexeme)) continue;
      const rarity = settings.idfWeighted && idf ? idf(lexeme) : 1;
      model.set(lexeme, (model.get(lexeme) ?? 0) + (c.score / total) * (n / len) * rarity);
    }
  }
  const terms = [...model].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, settings.terms);
  const sum = terms.reduce((s, [, w]) => s + w, 0) || 1;
  const originalTotal = [...query.values()].reduce((s, w) => s + w, 0) || 1;
  const next = new Map<string, number>();
  for (const [lexeme, w] of query) next.set(lexeme, (settings.originalWeight * w) / originalTotal);
  for (const [lexeme, w] of terms) {
    next.set(lexeme, (next.get(lexeme) ?? 0) + ((1 - settings.originalWeight) * w) / sum);
  }
  // Rescaled so the original lexemes keep about weight 1 each (scores stay comparable to plain BM25).
  const scale = originalTotal / settings.originalWeight;
  for (const [lexeme, w] of next) next.set(lexeme, w * scale);
  const expansion = terms
    .filter(([lexeme]) => !query.has(lexeme))
    .map(([lexeme]) => ({ lexeme, weight: Math.round((next.get(lexeme) ?? 0) * 1000) / 1000 }));
  return { query: next, expansion };
}

/** Proximity boost of one candidate: pairs of distinct query lexemes close to each other. */
export function proximityBoost(
  text: string,
  lexemes: readonly string[],
  idf: ReadonlyMap<string, number>,
  window: number,
): number {
  if (lexemes.length < 2) return 0;
  const wanted = new Set(lexemes);
  const positions = new Map<string, number[]>();
  tokenize(text).forEach((t, i) => {
    if (!wanted.has(t.lexeme)) return;
    const list = positions.get(t.lexeme) ?? [];
    list.push(i);
    positions.set(t.lexeme, list);
  });
  const present = [...positions.keys()];
  let boost = 0;
  for (let i = 0; i < present.length; i++) {
    for (let j = i + 1; j < present.length; j++) {
      const a = positions.get(present[i] as string) ?? [];
      const b = positions.get(present[j] as string) ?? [];
      let best = Number.POSITIVE_INFINITY;
      let x = 0;
      let y = 0;
      while (x < a.length && y < b.length) {
        const pa = a[x] as number;
        const pb = b[y] as number;
        best = Math.min(best, Math.abs(pa - pb));
        if (pa < pb) x++;
        else y++;
      }
      if (best <= window) {
        const weight = Math.min(idf.get(present[i] as string) ?? 0, idf.get(present[j] as string) ?? 0);
        boost += (weight * (window - best + 1)) / window;
      }
    }
  }
  return boost;
}

/** Matched query lexemes of a text. */
export function matchedLexemes(text: string, lexemes: Iterable<string>): string[] {
  const found = new Set(tokenize(text).map((t) => t.lexeme));
  return [...lexemes].filter((l) => found.has(l));
}

/** Both stages: candidates, optional feedback, optional proximity; the best `k`. */
export async function rankWithSettings(
  source: CandidateSource,
  query: ReadonlyMap<string, number>,
  settings: RankSettings,
  k: number,
): Promise<RankOutcome> {
  let candidates = await source.bm25(query, Math.max(settings.depth, k));
  let expansion: RankOutcome['expansion'] = [];
  if (settings.feedback && candidates.length > 0) {
    const expanded = expandQuery(query, candidates, settings.feedback, (l) => idfOf(source, l));
    expansion = expanded.expansion;
    if (expansion.length > 0) candidates = await source.bm25(expanded.query, Math.max(settings.depth, k));
  }
  return { hits: finish(source, query, candidates, settings, k), expansion };
}

/** Synchronous variant for in-memory sources (experiments). */
export function rerankCandidates(
  source: SyncCandidateSource,
  query: ReadonlyMap<string, number>,
  settings: RankSettings,
  k: number,
): RankedCandidate[] {
  let candidates = source.bm25(query, Math.max(settings.depth, k));
  if (settings.feedback && candidates.length > 0) {
    const expanded = expandQuery(query, candidates, settings.feedback, (l) => idfOf(source, l));
    if (expanded.expansion.length > 0) candidates = source.bm25(expanded.query, Math.max(settings.depth, k));
  }
  return finish(source, query, candidates, settings, k);
}

function finish(
  source: Pick<CandidateSource, 'n' | 'df'>,
  query: ReadonlyMap<string, number>,
  candidates: readonly Candidate[],
  settings: RankSettings,
  k: number,
): RankedCandidate[] {
  const lexemes = [...query.keys()];
  const idf = new Map(lexemes.map((l) => [l, idfOf(source, l)]));
  const ranked = candidates.map((c) => {
    const proximity =
      settings.proximity > 0 ? settings.proximity * proximityBoost(c.text, lexemes, idf, settings.proximityWindow) : 0;
    return {
      id: c.id,
      score: c.score + proximity,
      parts: { lexical: c.score, proximity },
      matched: matchedLexemes(c.text, lexemes),
    };
  });
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ranked.slice(0, k);
}

export interface FusionCandidate {
  id: string;
  /** First-stage parts (raw BM25 and proximity). */
  lexical: number;
  proximity: number;
  /** Cosine similarity to the query, or null when the chunk has no vector of the model. */
  vector: number | null;
}

export interface FusedCandidate {
  id: string;
  score: number;
  parts: ScoreParts & { vector: number };
}

const minMax = (values: readonly number[]) => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return (x: number) => (hi > lo ? (x - lo) / (hi - lo) : hi > 0 ? 1 : 0);
};

/**
 * Linear fusion of lexical and vector scores, each min-max normalised over the candidates:
 * `(1 − weight)·lexical + weight·vector`. The lexical share is split between the lexical and proximity
 * parts in their raw proportion, so score = lexical + vector + proximity still holds. A candidate
 * without a vector gets no vector part (lexical alone). Best first, ties by id.
 */
export function fuseScores(candidates: readonly FusionCandidate[], weight: number): FusedCandidate[] {
  if (candidates.length === 0) return [];
  const lexNorm = minMax(candidates.map((c) => c.lexical + c.proximity));
  const withVector = candidates.flatMap((c) => (c.vector === null ? [] : [c.vector]));
  const vecNorm = withVector.length > 0 ? minMax(withVector) : () => 0;
  const fused = candidates.map((c) => {
    const raw = c.lexical + c.proximity;
    const lexicalShare = (1 - weight) * lexNorm(raw);
    const proximity = raw > 0 ? (lexicalShare * c.proximity) / raw : 0;
    const vector = c.vector === null ? 0 : weight * vecNorm(c.vector);
    return {
      id: c.id,
      score: lexicalShare + vector,
      parts: { lexical: lexicalShare - proximity, vector, proximity },
    };
  });
  fused.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return fused;
}

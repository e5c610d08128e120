import type { FactProvenance, FactSource } from '@helixis/contract';
import type { WorkspaceContext } from '../platform/context';

/**
 * What the assistant needs from the knowledge and facts features, as one small interface so the
 * providers and the chat service do not depend on how ranking or fact storage is built.
 */
export interface RetrievedChunk {
  chunk_id: string;
  document_id: string;
  document_title: string;
  chunk_index: number;
  heading_path: string[] | string | null;
  score: number;
  snippet: string;
  matched_terms: string[];
  /** [start, end) ranges of `snippet` holding a matched word. */
  highlights?: [number, number][];
  score_parts?: { lexical: number; vector: number; proximity: number };
  content: string;
}

export interface RetrievedFact {
  id: string;
  key: string;
  label: string;
  value: string;
  confidence: number;
  source: FactSource;
  provenance: FactProvenance;
  /** An open disagreement (decision 035): what the other source says. */
  disagreement?: { value: string; source: string };
}

export interface LearnFactInput {
  key: string;
  value: string;
  source: FactSource;
  confidence?: number;
  provenance: { type: string; source: string; timestamp?: string; method: string; context?: string };
}

export interface Retriever {
  /** Document chunks ranked for the query, best first. */
  search(ctx: WorkspaceContext, query: string, k: number): Promise<RetrievedChunk[]>;
  /** Facts relevant to the query, best first. */
  facts(ctx: WorkspaceContext, query: string, limit: number): Promise<RetrievedFact[]>;
  /** Stores (or updates) a fact; returns its id. */
  learnFact(ctx: WorkspaceContext, input: LearnFactInput): Promise<{ id: string }>;
}

/** Passages searched through a question's synonyms that one answer adds after the question's own. */
export const SYNONYM_CHUNKS = 3;

/**
 * How many passages to ask the synonym search for when the question's own search asks `own`: the
 * synonyms' best passages are often the question's own ones again, which add nothing, so the search looks
 * as deep as the question's own and keeps up to SYNONYM_CHUNKS new ones ("how much do I need to earn" →
 * the "Income" section, fifth for the question with its synonyms, after passages the question found by
 * itself). Deeper still (own + SYNONYM_CHUNKS) brought in as many distractors as answers (decision 028).
 */
export function synonymSearchDepth(own: number): number {
  return Math.max(own, SYNONYM_CHUNKS);
}

/**
 * The question's own passages, then up to SYNONYM_CHUNKS found only through its synonyms ("garbage" →
 * "trash"). The second search's scores come from another query, so its passages rank below the last of
 * the own.
 */
export function withSynonymHits<T extends { chunk_id: string; score: number }>(
  own: readonly T[],
  viaSynonyms: readonly T[],
): T[] {
  const seen = new Set(own.map((c) => c.chunk_id));
  const floor = Math.min(...own.map((c) => c.score), Number.POSITIVE_INFINITY);
  const extra = viaSynonyms
    .filter((c) => !seen.has(c.chunk_id))
    .slice(0, SYNONYM_CHUNKS)
    .map((c, i) => ({ ...c, score: Number.isFinite(floor) ? floor * (0.9 - i * 0.1) : c.score }));
  return [...own, ...extra];
}

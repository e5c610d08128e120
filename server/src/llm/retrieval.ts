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
 * The question's own passages, then those found only through its synonyms ("garbage" → "trash"). The
 * second search's scores come from another query, so its passages rank below the last of the own.
 */
export function withSynonymHits<T extends { chunk_id: string; score: number }>(
  own: readonly T[],
  viaSynonyms: readonly T[],
): T[] {
  const seen = new Set(own.map((c) => c.chunk_id));
  const floor = Math.min(...own.map((c) => c.score), Number.POSITIVE_INFINITY);
  const extra = viaSynonyms
    .filter((c) => !seen.has(c.chunk_id))
    .map((c, i) => ({ ...c, score: Number.isFinite(floor) ? floor * (0.9 - i * 0.1) : c.score }));
  return [...own, ...extra];
}

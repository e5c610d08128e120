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

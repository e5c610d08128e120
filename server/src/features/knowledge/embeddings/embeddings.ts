import OpenAI from 'openai';
import type { Config } from '../../../config';
import { createLocalEncoder, LOCAL_ENCODER_WEIGHT } from './local-encoder';

/**
 * One interface for text embeddings. With a model configured, search fuses cosine similarity into the
 * lexical ranking by a weighted sum of min-max normalised scores (rankWorkspace, decision 021 §9);
 * never by reciprocal rank fusion (reference/retrieval-measurements.md: it lost 25 points).
 */
/** The job that computes a READY document's chunk vectors (embeddings.jobs.ts). */
export const EMBED_JOB = 'knowledge.embed';

export interface Embedder {
  readonly model: string;
  /** One vector per input text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface OpenAIEmbedderOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** Texts per request. */
  batchSize?: number;
}

/** Any OpenAI-compatible /v1/embeddings endpoint (OpenAI, Ollama, vLLM, LM Studio, ...). */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers accept any key; the client insists on one.
    apiKey: options.apiKey || 'not-needed',
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
  });
  const batchSize = options.batchSize ?? 64;
  return {
    model: options.model,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        const res = await client.embeddings.create(
          { model: options.model, input: batch, encoding_format: 'float' },
          signal ? { signal } : {},
        );
        const ordered = [...res.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length) {
          throw new Error(`embeddings endpoint returned ${ordered.length} vectors for ${batch.length} texts`);
        }
        for (const item of ordered) vectors.push(item.embedding);
      }
      return vectors;
    },
  };
}

/**
 * The configured embedder: the endpoint's (HELIXIS_LLM_BASE_URL + HELIXIS_EMBEDDING_MODEL), else the
 * offline encoder when HELIXIS_LOCAL_ENCODER=use-lite, else null (search stays lexical).
 */
export function embedderFromConfig(config: Pick<Config, 'llm'>): Embedder | null {
  const { baseUrl, apiKey, embeddingModel, localEncoder } = config.llm;
  if (baseUrl && embeddingModel) {
    return createOpenAIEmbedder({ baseUrl, model: embeddingModel, ...(apiKey ? { apiKey } : {}) });
  }
  return localEncoder === 'use-lite' ? createLocalEncoder() : null;
}

/**
 * The vector's weight in search's fusion: HELIXIS_EMBEDDING_WEIGHT when set, else the weight measured
 * for the embedder in use (the offline encoder's, or the small default for an unmeasured endpoint).
 */
export function vectorWeightFor(config: Pick<Config, 'llm'>, fallback: number): number {
  const { baseUrl, embeddingModel, embeddingWeight, localEncoder } = config.llm;
  if (embeddingWeight !== undefined) return embeddingWeight;
  return !(baseUrl && embeddingModel) && localEncoder === 'use-lite' ? LOCAL_ENCODER_WEIGHT : fallback;
}

/** Cosine similarity, for comparing vectors in the application where pgvector is absent. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`vector sizes differ: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

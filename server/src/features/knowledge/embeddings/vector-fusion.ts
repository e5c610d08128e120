import type { Tx } from '../../../db/client';
import type { KnowledgeScope } from '../scope';
import { fuseScores, type RankedCandidate, type RankSettings } from '../search/ranking';
import { cosineSimilarity, embedderFromConfig } from './embeddings';
import { embeddingsOf } from './embeddings.repo';

// The query's vector and the fusion of lexical candidates with stored vectors (decision 021, section 9).

/**
 * The query's vector for the fusion step, or null (lexical alone): no embeddings model configured,
 * fusion off in the settings, or the endpoint failed (logged; search never fails for it).
 */
export async function embedQuery(
  scope: Pick<KnowledgeScope, 'deps' | 'log'>,
  settings: RankSettings,
  text: string,
): Promise<{ model: string; vector: number[] } | null> {
  if (settings.vectorWeight <= 0) return null;
  const embedder = embedderFromConfig(scope.deps.config);
  if (!embedder) return null;
  try {
    const [vector] = await embedder.embed([text], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
    if (!vector || vector.length === 0 || !vector.every((x) => Number.isFinite(x))) return null;
    return { model: embedder.model, vector };
  } catch (err) {
    scope.log.warn(
      { err: (err as Error).message, model: embedder.model },
      'query embedding failed; lexical ranking alone',
    );
    return null;
  }
}

/** A search waits at most this long for the query's vector before ranking lexically alone. */
const QUERY_EMBED_TIMEOUT_MS = 5_000;

/**
 * The fusion step (decision 021, section 9): the lexical candidates reordered by
 * `(1 − w)·lexical + w·cosine`, both min-max normalised over the candidates. Chunks without a vector of
 * the model keep their lexical part alone; when none of the candidates has one the lexical ranking is
 * returned unchanged (raw BM25 scores, vector part 0).
 */
export async function fuseWithVectors(
  tx: Tx,
  workspaceId: string,
  query: { model: string; vector: number[] },
  hits: RankedCandidate[],
  weight: number,
): Promise<RankedCandidate[]> {
  const stored = await embeddingsOf(
    tx,
    workspaceId,
    query.model,
    query.vector.length,
    hits.map((h) => h.id),
  );
  if (stored.length === 0) return hits;
  const cosine = new Map(stored.map((r) => [r.chunk_id, cosineSimilarity(query.vector, r.embedding.map(Number))]));
  const byId = new Map(hits.map((h) => [h.id, h]));
  return fuseScores(
    hits.map((h) => ({
      id: h.id,
      lexical: h.parts.lexical,
      proximity: h.parts.proximity,
      vector: cosine.get(h.id) ?? null,
    })),
    weight,
  ).map((f) => ({ ...f, matched: byId.get(f.id)?.matched ?? [] }));
}

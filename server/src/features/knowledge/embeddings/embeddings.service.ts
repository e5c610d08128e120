import type { WorkspaceContext } from '../../../platform/context';
import { withTenant } from '../../../platform/tenant';
import { indexedText } from '../ingest/prepare';
import type { KnowledgeScope } from '../scope';
import { cosineSimilarity, type Embedder, embedderFromConfig } from './embeddings';
import * as repo from './embeddings.repo';

/** Texts per embeddings request and per write transaction. */
export const EMBED_BATCH = 32;
/** Stored vectors read per page when comparing in the application. */
const SCAN_PAGE = 2_000;

export interface VectorHit {
  chunk_id: string;
  document_id: string;
  document_title: string;
  chunk_index: number;
  heading_path: string[];
  /** Cosine similarity, -1..1. */
  score: number;
  content: string;
}

/** 'pgvector' where the column exists, 'application' otherwise; tests force 'application' on PGlite. */
export type VectorPath = 'pgvector' | 'application';

function assertVector(vector: readonly number[], dims: number): void {
  if (vector.length !== dims || dims === 0 || !vector.every((x) => Number.isFinite(x))) {
    throw new Error(`the embeddings endpoint returned an unusable vector (${vector.length} values, expected ${dims})`);
  }
}

/**
 * Computes and stores the vectors of a READY document's chunks, in batches, each batch in its own
 * transaction. Idempotent: chunks that already have a vector of the model are skipped, so a retry
 * continues where the last attempt stopped. Returns the number of vectors written.
 */
export async function embedDocument(
  scope: Omit<KnowledgeScope, 'log'>,
  documentId: string,
  embedder: Embedder,
  options: { signal?: AbortSignal; progress?: (percent: number) => Promise<void> } = {},
): Promise<number> {
  const tenant = { workspaceId: scope.workspaceId, userId: scope.userId };
  const chunks = await withTenant(scope.deps.database, tenant, (tx) =>
    repo.chunksWithoutEmbedding(tx, scope.workspaceId, documentId, embedder.model),
  );
  if (chunks.length === 0) return 0;
  const withVector = await hasPgvector(scope.deps);
  let written = 0;
  let dims: number | null = null;
  for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
    const batch = chunks.slice(i, i + EMBED_BATCH);
    const vectors = await embedder.embed(
      batch.map((c) => indexedText(c.title, c.content)),
      options.signal,
    );
    if (vectors.length !== batch.length) {
      throw new Error(`the embeddings endpoint returned ${vectors.length} vectors for ${batch.length} texts`);
    }
    dims ??= vectors[0]?.length ?? 0;
    for (const v of vectors) assertVector(v, dims);
    written += await withTenant(scope.deps.database, tenant, (tx) =>
      repo.upsertEmbeddings(
        tx,
        scope.workspaceId,
        documentId,
        embedder.model,
        batch.map((c, j) => ({ chunkId: c.id, vector: vectors[j] ?? [] })),
        withVector,
      ),
    );
    await options.progress?.(Math.round(((i + batch.length) / chunks.length) * 100));
  }
  return written;
}

function hasPgvector(deps: KnowledgeScope['deps']): Promise<boolean> {
  return repo.hasVectorColumn(deps.database);
}

/** Keeps the k best (highest score) of a stream, best first. */
function pushTop(top: Array<{ id: string; score: number }>, item: { id: string; score: number }, k: number): void {
  if (top.length === k && (top[k - 1]?.score ?? -Infinity) >= item.score) return;
  let at = top.findIndex((t) => t.score < item.score);
  if (at === -1) at = top.length;
  top.splice(at, 0, item);
  if (top.length > k) top.pop();
}

/**
 * Nearest chunks of one workspace to a query by cosine similarity of embeddings, best first. Only
 * vectors of the configured model are compared. Search itself fuses vectors into the lexical
 * candidates' order (rankWorkspace, decision 021 §9); this nearest-chunk search adds candidates no
 * lexical match found, which measured no better there. Without an embedder configured: [].
 */
export async function vectorSearchWorkspace(
  scope: Pick<KnowledgeScope, 'deps' | 'workspaceId' | 'userId'>,
  query: string,
  k = 10,
  options: { path?: VectorPath; embedder?: Embedder; signal?: AbortSignal } = {},
): Promise<VectorHit[]> {
  const embedder = options.embedder ?? embedderFromConfig(scope.deps.config);
  const text = query.trim();
  if (!embedder || text === '') return [];
  const limit = Math.min(Math.max(Math.trunc(k), 1), 100);
  const [queryVector] = await embedder.embed([text], options.signal);
  if (!queryVector) throw new Error('the embeddings endpoint returned no vector for the query');
  assertVector(queryVector, queryVector.length);
  const path = options.path ?? ((await hasPgvector(scope.deps)) ? 'pgvector' : 'application');
  const tenant = { workspaceId: scope.workspaceId, userId: scope.userId };

  const rows = await withTenant(scope.deps.database, tenant, async (tx) => {
    if (path === 'pgvector') {
      return repo.nearestByPgvector(tx, scope.workspaceId, embedder.model, queryVector, limit);
    }
    const top: Array<{ id: string; score: number }> = [];
    let after: string | null = null;
    for (;;) {
      const page = await repo.embeddingPage(
        tx,
        scope.workspaceId,
        embedder.model,
        queryVector.length,
        after,
        SCAN_PAGE,
      );
      for (const row of page) {
        const score = cosineSimilarity(queryVector, row.embedding.map(Number));
        pushTop(top, { id: row.chunk_id, score }, limit);
      }
      if (page.length < SCAN_PAGE) break;
      after = page[page.length - 1]?.chunk_id ?? null;
    }
    const details = new Map(
      (
        await repo.chunkDetails(
          tx,
          scope.workspaceId,
          top.map((t) => t.id),
        )
      ).map((d) => [d.chunk_id, d]),
    );
    return top.flatMap((t) => {
      const d = details.get(t.id);
      return d ? [{ ...d, score: t.score }] : [];
    });
  });

  return rows.map((row) => ({
    chunk_id: row.chunk_id,
    document_id: row.document_id,
    document_title: row.title,
    chunk_index: row.chunk_index,
    heading_path: row.heading_path ?? [],
    score: Math.round(Number(row.score) * 10_000) / 10_000,
    content: row.content,
  }));
}

/** vectorSearchWorkspace for a request's workspace. */
export function vectorSearch(
  ctx: WorkspaceContext,
  query: string,
  k = 10,
  options: { path?: VectorPath } = {},
): Promise<VectorHit[]> {
  return vectorSearchWorkspace(
    { deps: ctx.deps, workspaceId: ctx.workspace.id, userId: ctx.user.id },
    query,
    k,
    options,
  );
}

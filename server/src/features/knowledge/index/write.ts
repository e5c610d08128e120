import { KNOWLEDGE_LIMITS } from '@helixis/contract';
import type { Tx } from '../../../db/client';
import { publishEvents } from '../../../platform/events';
import { EMBED_JOB, embedderFromConfig } from '../embeddings/embeddings';
import * as repo from '../knowledge.repo';
import { inTenant, type KnowledgeScope, statusEvent } from '../scope';

// Writing prepared documents into the index: chunks, postings, df and statistics, in batches.

/** A document parsed and chunked, ready for the index write. */
export interface PreparedDocument {
  doc: repo.DocumentRow;
  title: string;
  bytes: number | undefined;
  chunks: repo.IndexedChunk[];
  text: string;
}

/**
 * Postings (a chunk's distinct lexemes, summed over chunks) written per transaction (decision 031).
 * On the embedded database a transaction holds the one connection and every statement holds the API's
 * thread, so a large document is written in transactions of about this many postings with a turn of
 * the event loop between them: other workspaces' requests get in after one batch (tens of ms) instead
 * of after the whole document (seconds). Postings, not chunks, because a batch's cost is its rows of
 * posting blocks and df: a chunk of prose has ~100 distinct lexemes, a chunk of CSV rows ~300.
 */
export const WRITE_BATCH_POSTINGS = 2_000;

export const postingsOf = (chunks: readonly repo.IndexedChunk[]) => chunks.reduce((n, c) => n + c.tf.size, 0);

/** Consecutive runs of at most WRITE_BATCH_POSTINGS postings (a larger item alone). */
export function batchesOf<T>(items: readonly T[], size: (item: T) => number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let total = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length > 0 && total + n > WRITE_BATCH_POSTINGS) {
      batches.push(current);
      current = [];
      total = 0;
    }
    current.push(item);
    total += n;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Lets queued I/O (requests, their transactions) run before the next batch. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function quotaMessage(): string {
  return `Your workspace has reached its limit of ${KNOWLEDGE_LIMITS.maxChunksPerWorkspace.toLocaleString('en-US')} chunks. Delete some documents and try again.`;
}

/** Marks documents READY after their chunks are written: embed jobs, events (in the caller's transaction). */
async function markWritten(
  scope: KnowledgeScope,
  tx: Tx,
  ready: readonly PreparedDocument[],
  before: ReadonlyMap<string, repo.DocumentRow>,
): Promise<void> {
  await repo.markManyReady(
    tx,
    scope.workspaceId,
    ready.map((p) => ({
      id: p.doc.id,
      chunkCount: p.chunks.length,
      title: p.title,
      ...(p.bytes !== undefined ? { bytes: p.bytes } : {}),
    })),
  );
  // Vectors come after: the document is searchable (BM25) without them. Nothing when unconfigured.
  if (embedderFromConfig(scope.deps.config) !== null) {
    for (const p of ready) {
      await scope.deps.jobs.enqueue(EMBED_JOB, { documentId: p.doc.id }, { tx, workspaceId: scope.workspaceId });
    }
  }
  await publishEvents(
    tx,
    ready.map((p) => ({
      ...statusEvent(before.get(p.doc.id) as repo.DocumentRow),
      status: 'READY' as const,
      chunkCount: p.chunks.length,
    })),
  );
}

/**
 * Writes prepared documents (chunks, postings, df, stats, READY, uploads dropped, embed jobs, events)
 * in one transaction. 'quota' when they do not all fit the workspace's chunk limit (nothing written).
 * For documents of at most WRITE_BATCH_POSTINGS postings together; larger ones go through writeInBatches.
 */
export async function writePrepared(
  scope: KnowledgeScope,
  prepared: readonly PreparedDocument[],
): Promise<{ outcome: 'written'; ready: PreparedDocument[] } | { outcome: 'quota' }> {
  return inTenant(scope, async (tx) => {
    await repo.lockWorkspaceIndex(tx, scope.workspaceId);
    const current = await repo.lockDocuments(
      tx,
      scope.workspaceId,
      prepared.map((p) => p.doc.id),
    );
    const pending = new Map(current.filter((d) => d.status === 'PENDING').map((d) => [d.id, d]));
    const ready = prepared.filter((p) => pending.has(p.doc.id));
    if (ready.length === 0) return { outcome: 'written' as const, ready };
    const stats = await repo.readStats(tx, scope.workspaceId);
    const adding = ready.reduce((n, p) => n + p.chunks.length, 0);
    if (stats.chunkCount + adding > KNOWLEDGE_LIMITS.maxChunksPerWorkspace) return { outcome: 'quota' as const };
    await repo.insertDocumentsIndex(
      tx,
      scope.workspaceId,
      ready.map((p) => ({ document: { id: p.doc.id, title: p.title }, chunks: p.chunks })),
    );
    await markWritten(scope, tx, ready, pending);
    return { outcome: 'written' as const, ready };
  });
}

/**
 * Writes one large document in transactions of about WRITE_BATCH_POSTINGS postings, yielding to the event loop
 * between them (decision 031). Each batch is a posting block of its own (decision 027) and adds its
 * share to df and the statistics, so the index is consistent after every batch; the document turns
 * READY with the last one. The first batch removes what an interrupted earlier attempt wrote and checks
 * the quota for the whole document. Every batch first checks the document is still PENDING: one
 * deleted meanwhile (its chunks so far went with it) stops the write. A failure afterwards fails the
 * document, which removes the chunks written so far (failDocument).
 * Until the last batch commits, the chunks written so far can already be found by the workspace's own
 * searches (never by another workspace's); the document is listed as PENDING meanwhile.
 */
export async function writeInBatches(
  scope: KnowledgeScope,
  p: PreparedDocument,
): Promise<{ outcome: 'written'; ready: PreparedDocument[] } | { outcome: 'quota' }> {
  const batches = batchesOf(p.chunks, (c) => c.tf.size);
  for (const [i, slice] of batches.entries()) {
    const step = await inTenant(scope, async (tx) => {
      await repo.lockWorkspaceIndex(tx, scope.workspaceId);
      const doc = await repo.lockDocument(tx, scope.workspaceId, p.doc.id);
      if (doc?.status !== 'PENDING') return 'gone' as const;
      if (i === 0) {
        await repo.deleteDocumentChunks(tx, scope.workspaceId, p.doc.id);
        const stats = await repo.readStats(tx, scope.workspaceId);
        if (stats.chunkCount + p.chunks.length > KNOWLEDGE_LIMITS.maxChunksPerWorkspace) return 'quota' as const;
      }
      await repo.insertDocumentsIndex(tx, scope.workspaceId, [
        { document: { id: p.doc.id, title: p.title }, chunks: slice },
      ]);
      if (i === batches.length - 1) await markWritten(scope, tx, [p], new Map([[doc.id, doc]]));
      return 'written' as const;
    });
    if (step === 'quota') return { outcome: 'quota' };
    if (step === 'gone') return { outcome: 'written', ready: [] };
    await yieldToEventLoop();
  }
  return { outcome: 'written', ready: [p] };
}

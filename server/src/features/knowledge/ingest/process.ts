import { randomUUID } from 'node:crypto';
import { AppError } from '../../../platform/errors';
import { publishEvent } from '../../../platform/events';
import { chunksIndexed, documentsIndexed } from '../../../platform/metrics';
import {
  batchesOf,
  type PreparedDocument,
  postingsOf,
  quotaMessage,
  WRITE_BATCH_POSTINGS,
  writeInBatches,
  writePrepared,
  yieldToEventLoop,
} from '../index/write';
import * as repo from '../knowledge.repo';
import { inTenant, type KnowledgeScope, statusEvent, termIndexes } from '../scope';
import { ingestPoolFor } from './ingest-pool';
import type { DocumentFormat } from './parsers';
import { type PrepareInput, UNREADABLE_FILE } from './prepare';
import { fetchWebPage } from './web';

// The ingest job: load, parse and chunk in the worker pool, then hand the chunks to the index writer.

async function failDocument(scope: KnowledgeScope, documentId: string, reason: string): Promise<void> {
  await inTenant(scope, async (tx) => {
    await repo.lockWorkspaceIndex(tx, scope.workspaceId);
    const doc = await repo.lockDocument(tx, scope.workspaceId, documentId);
    if (doc?.status !== 'PENDING') return;
    // A large document written in batches may have some of its chunks in the index already.
    await repo.deleteDocumentChunks(tx, scope.workspaceId, documentId);
    await repo.markFailed(tx, scope.workspaceId, documentId, reason);
    await repo.deleteUpload(tx, scope.workspaceId, documentId);
    await publishEvent(tx, { ...statusEvent(doc), status: 'failed', chunkCount: 0 });
  });
  scope.log.info({ documentId, reason }, 'document ingestion failed');
  documentsIndexed.inc({ outcome: 'failed' });
}

function isTransientFetchError(err: AppError): boolean {
  if (err.code === 'url_timeout') return true;
  if (err.code !== 'url_fetch_failed') return false;
  const httpStatus = Number(err.details?.httpStatus ?? 0);
  if (httpStatus >= 400 && httpStatus < 500) return false;
  const cause = (err.cause as { code?: string } | undefined)?.code;
  return cause !== 'ENOTFOUND';
}

function readableReason(err: unknown): string {
  if (err instanceof AppError) return err.userMessage;
  return UNREADABLE_FILE;
}

export interface IngestAttempt {
  isLast: boolean;
  progress?: (percent: number) => Promise<void>;
}

/**
 * Parses and chunks one loaded document (outside any transaction) in the ingest worker pool (decision
 * 031): the API's thread only fetches a web page and waits. Returns null when the document failed
 * (marked failed with a readable reason); throws transient trouble unless this is the last attempt.
 */
async function prepareDocument(
  scope: KnowledgeScope,
  doc: repo.DocumentRow,
  upload: repo.UploadRow | undefined,
  attempt: IngestAttempt,
): Promise<PreparedDocument | null> {
  let input: PrepareInput;
  let transfer: ArrayBuffer[] = [];
  let bytes: number | undefined;
  try {
    if (doc.source === 'url' && doc.sourceUrl) {
      const page = await fetchWebPage(scope.deps.config, doc.sourceUrl);
      bytes = page.bytes;
      input = {
        source: { kind: 'blocks', blocks: page.blocks, title: page.title },
        documentTitle: doc.title,
        filename: null,
      };
    } else {
      if (!upload) throw new AppError('file_unreadable', { userMessage: 'The uploaded file is missing.' });
      // A copy of its own, moved (not copied again) to the worker.
      const data = new Uint8Array(upload.data);
      transfer = [data.buffer];
      input = {
        source: { kind: 'file', format: doc.format as DocumentFormat, data },
        documentTitle: doc.title,
        filename: upload.filename,
      };
    }
  } catch (err) {
    // Network trouble may pass on a later attempt; a refused address, a missing page will not.
    const transient = err instanceof AppError && isTransientFetchError(err);
    if (transient && !attempt.isLast) throw err;
    if (!(err instanceof AppError)) scope.log.warn({ err, documentId: doc.id }, 'document could not be fetched');
    await failDocument(scope, doc.id, readableReason(err));
    return null;
  }
  const result = await ingestPoolFor(scope.deps.config.ingest).prepare(input, transfer);
  if (!result.ok) {
    if (result.internal) {
      scope.log.warn({ documentId: doc.id, reason: result.internal }, 'document parser failed');
    }
    await failDocument(scope, doc.id, result.message);
    return null;
  }
  const chunks: repo.IndexedChunk[] = result.chunks.map((c) => ({ id: randomUUID(), ...c }));
  return { doc, title: result.title, bytes, chunks, text: chunks.map((c) => c.content).join('\n\n') };
}

/**
 * Runs the ingestion of many documents of one workspace: load (one statement), parse and chunk each
 * in the ingest worker (a bad file fails only itself), then write them: documents in groups of up to
 * WRITE_BATCH_POSTINGS postings, each group in one transaction with batched statements, a larger document
 * in batches of its own (writeInBatches), yielding to the event loop between transactions. When a
 * group would pass the workspace's chunk limit or its write fails, its documents are written one by
 * one, so each gets its own outcome. The ingest job calls this with one document; bulk imports (and
 * the benchmarks) with hundreds. Idempotent: documents no longer PENDING (done, failed, deleted) are
 * left alone. Returns the documents made READY.
 */
export async function processDocuments(
  scope: KnowledgeScope,
  documentIds: readonly string[],
  attempt: IngestAttempt,
): Promise<{ documentId: string; title: string; text: string }[]> {
  const loaded = await inTenant(scope, (tx) => repo.findDocumentsWithUploads(tx, scope.workspaceId, documentIds));
  const prepared: PreparedDocument[] = [];
  for (const { doc, upload } of loaded) {
    if (doc.status !== 'PENDING') continue;
    const p = await prepareDocument(scope, doc, upload, attempt);
    if (p) prepared.push(p);
  }
  if (prepared.length === 0) return [];
  await attempt.progress?.(50);

  const done: PreparedDocument[] = [];
  const writeOne = async (p: PreparedDocument) => {
    try {
      const result =
        postingsOf(p.chunks) > WRITE_BATCH_POSTINGS ? await writeInBatches(scope, p) : await writePrepared(scope, [p]);
      if (result.outcome === 'quota') {
        await failDocument(scope, p.doc.id, quotaMessage());
      } else {
        done.push(...result.ready);
      }
    } catch (err) {
      if (!attempt.isLast) throw err;
      scope.log.error({ err, documentId: p.doc.id }, 'document could not be saved');
      await failDocument(scope, p.doc.id, 'The document could not be saved. Please try uploading it again.');
    }
  };
  for (const group of batchesOf(prepared, (p) => postingsOf(p.chunks))) {
    if (group.length === 1) {
      await writeOne(group[0] as PreparedDocument);
    } else {
      let result: Awaited<ReturnType<typeof writePrepared>> | null = null;
      try {
        result = await writePrepared(scope, group);
      } catch (err) {
        scope.log.warn({ err, documents: group.length }, 'batch write failed; writing documents one by one');
      }
      if (result?.outcome === 'written') done.push(...result.ready);
      else for (const p of group) await writeOne(p);
    }
    await yieldToEventLoop();
  }
  if (done.length > 0) termIndexes(scope.deps).changed(scope);
  for (const p of done) {
    scope.log.info({ documentId: p.doc.id, chunks: p.chunks.length }, 'document ready');
    chunksIndexed.inc(p.chunks.length);
    documentsIndexed.inc({ outcome: 'ready' });
  }
  return done.map((p) => ({ documentId: p.doc.id, title: p.title, text: p.text }));
}

/**
 * Runs one ingestion (the ingest job): parse, chunk, then write chunks + postings + term statistics
 * and mark READY in one transaction — or mark failed with a readable reason and nothing written.
 */
export async function processDocument(
  scope: KnowledgeScope,
  documentId: string,
  attempt: IngestAttempt,
): Promise<{ title: string; text: string } | null> {
  const [ready] = await processDocuments(scope, [documentId], attempt);
  return ready ? { title: ready.title, text: ready.text } : null;
}

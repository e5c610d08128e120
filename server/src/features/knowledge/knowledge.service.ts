import { randomUUID } from 'node:crypto';
import {
  type DeleteDocumentOutput,
  type DocumentIdInput,
  type DocumentList,
  type DocumentPassages,
  type IngestOutput,
  KNOWLEDGE_LIMITS,
  type KnowledgeDocument,
  type ListDocumentsInput as ListDocumentsInputSchema,
  type PreviewWebsiteInput,
  type PreviewWebsiteOutput,
  passageNumber,
  type QueryRewrite,
  type RecentTurn,
  type RenameDocumentInput,
  type SearchHit,
  type SearchInput as SearchInputSchema,
  type SearchOutput,
} from '@helixis/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishEvent, publishEvents } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import { chunksIndexed, documentsIndexed } from '../../platform/metrics';
import { assertFetchableUrl } from '../../platform/safe-fetch';
import { withTenant } from '../../platform/tenant';
import { queryTerms, tokenize } from '../../text/tokenizer';
import { cosineSimilarity, EMBED_JOB, embedderFromConfig, vectorWeightFor } from './embeddings';
import { embeddingsOf } from './embeddings.repo';
import { rewriteFollowUp } from './followup';
import { ingestPoolFor } from './ingest-pool';
import * as repo from './knowledge.repo';
import { rankFromMemory, termIndexesOf } from './memory-index';
import { type DocumentFormat, formatOfUpload } from './parsers';
import { indexedTerms, indexedText, type PrepareInput, UNREADABLE_FILE } from './prepare';
import {
  fuseScores,
  type RankedCandidate,
  type RankOutcome,
  type RankSettings,
  rankWithSettings,
  SHIPPED_RANKING,
} from './ranking';
import { fetchWebPage } from './web';

/** Moved to prepare.ts (they run in the ingest worker); kept here for their many importers. */
export { indexedTerms, indexedText };

/** This process's in-memory term indexes for the deps' database (decision 026). */
const termIndexes = (deps: Deps) => termIndexesOf(deps.database, deps.config.searchMemory, deps.log);

/** The ingest job's name (defined in knowledge.jobs.ts, which calls processDocument). */
export const INGEST_JOB = 'knowledge.ingest';

/**
 * Who acts on a workspace's knowledge: a request (WorkspaceContext) or a job / another feature
 * working for a workspace without a request.
 */
export interface KnowledgeScope {
  deps: Deps;
  workspaceId: string;
  userId: string | null;
  log: Logger;
}

function scopeOf(ctx: WorkspaceContext): KnowledgeScope {
  return { deps: ctx.deps, workspaceId: ctx.workspace.id, userId: ctx.user.id, log: ctx.log };
}

function inTenant<T>(scope: KnowledgeScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: scope.userId }, fn);
}

export function toDocument(row: repo.DocumentRow): KnowledgeDocument {
  return {
    id: row.id,
    title: row.title,
    bytes: Number(row.bytes),
    status: row.status,
    chunk_count: row.chunkCount,
    error: row.error,
    created_at: new Date(row.createdAt).toISOString(),
    ...(row.sourceUrl ? { source_url: row.sourceUrl } : {}),
    public: row.isPublic,
  };
}

function statusEvent(row: repo.DocumentRow) {
  return {
    type: 'document.status' as const,
    workspaceId: row.workspaceId,
    documentId: row.id,
    status: row.status,
    chunkCount: row.chunkCount,
  };
}

// ── ingestion (requests) ────────────────────────────────────────────────────────────────────────

interface NewDocument {
  title: string;
  bytes: number;
  format: DocumentFormat;
  source: string;
  sourceUrl: string | null;
  upload: { filename: string; contentType: string | null; data: Buffer } | null;
}

/**
 * Records a PENDING document (with its bytes, if any) and queues the ingest job, in one transaction:
 * either both exist or neither. The caller gets the document at once; the job does the rest.
 */
async function createDocument(scope: KnowledgeScope, input: NewDocument): Promise<IngestOutput> {
  const row = await inTenant(scope, async (tx) => {
    const existing = await repo.countDocuments(tx, scope.workspaceId);
    if (existing >= KNOWLEDGE_LIMITS.maxDocumentsPerWorkspace) {
      throw new AppError('knowledge_quota_exceeded', {
        userMessage: `Your workspace has reached its limit of ${KNOWLEDGE_LIMITS.maxDocumentsPerWorkspace.toLocaleString('en-US')} documents. Delete some documents and try again.`,
      });
    }
    const doc = await repo.insertDocument(tx, {
      workspaceId: scope.workspaceId,
      title: input.title,
      bytes: input.bytes,
      format: input.format,
      source: input.source,
      sourceUrl: input.sourceUrl,
      createdBy: scope.userId,
    });
    if (input.upload) {
      await repo.insertUpload(tx, { workspaceId: scope.workspaceId, documentId: doc.id, ...input.upload });
    }
    await scope.deps.jobs.enqueue(INGEST_JOB, { documentId: doc.id }, { tx, workspaceId: scope.workspaceId });
    await publishEvent(tx, statusEvent(doc));
    return doc;
  });
  scope.log.info({ documentId: row.id, format: row.format, bytes: row.bytes }, 'document queued for ingestion');
  const document = toDocument(row);
  return { document_id: row.id, status: row.status, chunks: 0, error: null, document };
}

function titleFromFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  return base.trim().slice(0, 300) || 'Untitled document';
}

/** An uploaded file (multipart `file`): checked for type and size, then queued. */
export function ingestUpload(
  ctx: WorkspaceContext,
  file: { filename: string; contentType: string | null; data: Buffer },
): Promise<IngestOutput> {
  return ingestFileForWorkspace(scopeOf(ctx), file, { source: 'upload' });
}

/**
 * A file for a workspace (an upload, an e-mail attachment): the same type and size checks, then queued
 * for the ingest job, whose parsers extract the text. Without a `title` the document is listed under
 * its file name until the job names it (see `titleOf`).
 */
export async function ingestFileForWorkspace(
  scope: KnowledgeScope,
  file: { filename: string; contentType: string | null; data: Buffer },
  options: { source: string; title?: string },
): Promise<IngestOutput> {
  const format = formatOfUpload(file.filename);
  if (file.data.length > KNOWLEDGE_LIMITS.maxUploadBytes) throw new AppError('file_too_large');
  if (file.data.length === 0) throw new AppError('file_unreadable', { userMessage: 'This file is empty.' });
  const filename = titleFromFilename(file.filename);
  return createDocument(scope, {
    title: options.title?.trim().slice(0, 300) || filename,
    bytes: file.data.length,
    format,
    source: options.source.slice(0, 50),
    sourceUrl: null,
    upload: { filename, contentType: file.contentType, data: file.data },
  });
}

/** A web page by address ({url}); the job fetches it through safeFetch. */
export async function ingestUrl(ctx: WorkspaceContext, input: { url: string }): Promise<IngestOutput> {
  let url: URL;
  try {
    url = new URL(input.url.trim());
  } catch {
    throw new AppError('url_not_allowed', { userMessage: 'This is not a valid web address.' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('url_not_allowed', { userMessage: 'Only http:// and https:// addresses can be fetched.' });
  }
  // Refused addresses (private, loopback, credentials in the URL) are refused now, like preview does,
  // not accepted with 202 to fail later in the job.
  await assertFetchableUrl(ctx.deps.config, url.href);
  return createDocument(scopeOf(ctx), {
    title: `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`.slice(0, 300),
    bytes: 0,
    format: 'html',
    source: 'url',
    sourceUrl: url.href,
    upload: null,
  });
}

export interface IngestTextInput {
  title: string;
  text: string;
  /** Who adds it: 'manual', 'facts', 'integration', 'email', ... (kept with the document). */
  source: string;
  /** Treat the text as Markdown (headings become the chunks' heading paths). Default false. */
  markdown?: boolean;
}

/** Adds a text as a document through the same path as uploads (job, chunks, index). */
export async function ingestTextForWorkspace(scope: KnowledgeScope, input: IngestTextInput): Promise<IngestOutput> {
  const data = Buffer.from(input.text, 'utf8');
  if (!input.text.trim()) throw new AppError('validation_failed', { userMessage: 'The text is empty.' });
  if (data.length > KNOWLEDGE_LIMITS.maxUploadBytes) throw new AppError('file_too_large');
  const title = input.title.trim().slice(0, 300) || 'Untitled text';
  const format: DocumentFormat = input.markdown ? 'md' : 'txt';
  return createDocument(scope, {
    title,
    bytes: data.length,
    format,
    source: input.source.slice(0, 50) || 'text',
    sourceUrl: null,
    upload: { filename: `${title}.${format}`, contentType: 'text/plain; charset=utf-8', data },
  });
}

/** `ingestTextForWorkspace` for a request's workspace (facts, integrations, e-mail features). */
export function ingestText(ctx: WorkspaceContext, input: IngestTextInput): Promise<IngestOutput> {
  return ingestTextForWorkspace(scopeOf(ctx), input);
}

// ── ingestion (the job) ─────────────────────────────────────────────────────────────────────────

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

/** A document parsed and chunked, ready for the index write. */
interface PreparedDocument {
  doc: repo.DocumentRow;
  title: string;
  bytes: number | undefined;
  chunks: repo.IndexedChunk[];
  text: string;
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
 * Postings (a chunk's distinct lexemes, summed over chunks) written per transaction (decision 031).
 * On the embedded database a transaction holds the one connection and every statement holds the API's
 * thread, so a large document is written in transactions of about this many postings with a turn of
 * the event loop between them: other workspaces' requests get in after one batch (tens of ms) instead
 * of after the whole document (seconds). Postings, not chunks, because a batch's cost is its rows of
 * posting blocks and df: a chunk of prose has ~100 distinct lexemes, a chunk of CSV rows ~300.
 */
export const WRITE_BATCH_POSTINGS = 2_000;

const postingsOf = (chunks: readonly repo.IndexedChunk[]) => chunks.reduce((n, c) => n + c.tf.size, 0);

/** Consecutive runs of at most WRITE_BATCH_POSTINGS postings (a larger item alone). */
function batchesOf<T>(items: readonly T[], size: (item: T) => number): T[][] {
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
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function quotaMessage(): string {
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
async function writePrepared(
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
async function writeInBatches(
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

// ── documents ───────────────────────────────────────────────────────────────────────────────────

export async function listDocuments({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof ListDocumentsInputSchema>;
}): Promise<DocumentList> {
  const { rows, total } = await ctx.tenant(async (tx) => ({
    rows: await repo.listDocuments(tx, ctx.workspace.id, input),
    total: await repo.countDocuments(tx, ctx.workspace.id),
  }));
  return { documents: rows.map(toDocument), total };
}

export async function getDocument({ ctx, input }: { ctx: WorkspaceContext; input: DocumentIdInput }) {
  const row = await ctx.tenant((tx) => repo.findDocument(tx, ctx.workspace.id, input.id));
  if (!row) throw new AppError('not_found', { userMessage: 'Document not found.' });
  return toDocument(row);
}

/**
 * A document's parsed text, passage by passage in document order (GET /api/v1/documents/:id/passages):
 * what the viewer shows when a citation or a search result is opened. Any member of the workspace may
 * read it (the assistant answers them from it); a document still being processed or failed has none.
 */
export async function documentPassages({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: DocumentIdInput;
}): Promise<DocumentPassages> {
  const { row, chunks } = await ctx.tenant(async (tx) => {
    const row = await repo.findDocument(tx, ctx.workspace.id, input.id);
    if (!row) return { row: undefined, chunks: [] };
    return { row, chunks: await repo.documentChunkTexts(tx, ctx.workspace.id, row.id) };
  });
  if (!row) throw new AppError('not_found', { userMessage: 'Document not found.' });
  return {
    document: toDocument(row),
    passages: chunks.map((c) => ({
      number: passageNumber(c.chunkIndex),
      chunk_index: c.chunkIndex,
      heading_path: c.headingPath,
      content: c.content,
    })),
  };
}

/**
 * Renames a document (PATCH /api/v1/documents/:id). The title is part of what a chunk is indexed as
 * (`indexedTerms` adds its words `titleWeight` times to every chunk's postings, and the chunk row
 * keeps it for citations), so a rename re-indexes the document's chunks under the new title in the
 * same transaction as the rename: search ranks by the new title and answers cite it from the moment
 * the rename answers. (Reading the title at query time instead would put a join on every ranking and
 * change the BM25 statistics' meaning; re-indexing one document is a few statements.) Stored vectors
 * embed the title too: they go with the old chunks and the embed job computes new ones.
 * A document still being processed cannot be renamed yet (its job would write the old title back).
 */
export async function renameDocument({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: RenameDocumentInput;
}): Promise<KnowledgeDocument> {
  const workspaceId = ctx.workspace.id;
  const title = input.title.trim();
  const { row, reindexed } = await ctx.tenant(async (tx) => {
    await repo.lockWorkspaceIndex(tx, workspaceId);
    const doc = await repo.lockDocument(tx, workspaceId, input.id);
    if (!doc) throw new AppError('not_found', { userMessage: 'Document not found.' });
    if (doc.status === 'PENDING') {
      throw new AppError('conflict', {
        userMessage: 'This document is still being processed. Rename it once it is ready.',
      });
    }
    if (doc.title === title) return { row: doc, reindexed: false };
    let reindexed = false;
    if (doc.status === 'READY') {
      const stored = await repo.documentChunkTexts(tx, workspaceId, doc.id);
      const chunks: repo.IndexedChunk[] = stored.map((c) => ({
        id: randomUUID(),
        chunkIndex: c.chunkIndex,
        headingPath: c.headingPath,
        content: c.content,
        ...indexedTerms(title, c.content),
      }));
      await repo.replaceDocumentChunks(tx, workspaceId, { id: doc.id, title }, chunks);
      if (embedderFromConfig(ctx.deps.config) !== null && chunks.length > 0) {
        await ctx.deps.jobs.enqueue(EMBED_JOB, { documentId: doc.id }, { tx, workspaceId });
      }
      reindexed = true;
    }
    const updated = await repo.setDocumentTitle(tx, workspaceId, doc.id, title);
    if (!updated) throw new AppError('not_found', { userMessage: 'Document not found.' });
    await publishEvent(tx, statusEvent(updated));
    return { row: updated, reindexed };
  });
  if (reindexed) termIndexes(ctx.deps).changed({ workspaceId, userId: ctx.user.id });
  ctx.log.info({ documentId: row.id, reindexed }, 'document renamed');
  return toDocument(row);
}

/** Removes the document, its chunks, postings, document frequencies and its share of the statistics at once. */
export async function deleteDocument({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: DocumentIdInput;
}): Promise<DeleteDocumentOutput> {
  const workspaceId = ctx.workspace.id;
  await ctx.tenant(async (tx) => {
    await repo.lockWorkspaceIndex(tx, workspaceId);
    const doc = await repo.lockDocument(tx, workspaceId, input.id);
    if (!doc) throw new AppError('not_found', { userMessage: 'Document not found.' });
    await repo.deleteDocumentIndex(tx, workspaceId, input.id);
    await publishEvent(tx, { type: 'document.deleted', workspaceId, documentId: input.id });
  });
  termIndexes(ctx.deps).changed({ workspaceId, userId: ctx.user.id });
  ctx.log.info({ documentId: input.id }, 'document deleted');
  return { id: input.id, deleted: true };
}

// ── search ──────────────────────────────────────────────────────────────────────────────────────

const SNIPPET_CHARS = 240;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Where the first of `words` starts a word in `text` (case-insensitive, accents ignored when folding
 * keeps offsets), or -1. Plain indexOf over the lower-cased text: a case-insensitive Unicode regex
 * with an alternation of the words cost ~0.6 ms per snippet, most of a search's time (decision 026).
 */
function firstWordAt(text: string, words: readonly string[]): number {
  let haystack = text;
  // NFKD + mark removal keeps offsets only when no character decomposed; otherwise search the original.
  if (/[^ -~\s]/.test(text)) {
    const folded = text.normalize('NFKD').replace(/\p{M}/gu, '');
    if (folded.length === text.length) haystack = folded;
  }
  const lower = haystack.toLowerCase();
  // Lower-casing that changes the length would move offsets: search case-sensitively then.
  const source = lower.length === haystack.length ? lower : haystack;
  let best = -1;
  for (const word of words) {
    const needle = source === lower ? word.toLowerCase() : word;
    if (needle.length === 0) continue;
    for (let i = source.indexOf(needle); i >= 0 && (best < 0 || i < best); i = source.indexOf(needle, i + 1)) {
      const before = i > 0 ? String.fromCodePoint(source.codePointAt(i - 1) ?? 32) : ' ';
      const prev =
        i > 1 && before >= '\udc00' && before <= '\udfff'
          ? String.fromCodePoint(source.codePointAt(i - 2) ?? 32)
          : before;
      if (!LETTER_OR_DIGIT.test(prev)) {
        best = i;
        break;
      }
    }
  }
  return best;
}

/** About SNIPPET_CHARS of the chunk around the first occurrence of a matched word. */
export function makeSnippet(content: string, words: readonly string[]): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const at = words.length > 0 ? firstWordAt(flat, words) : -1;
  let start = Math.max(0, at - 60);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + SNIPPET_CHARS);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + SNIPPET_CHARS / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

export type SearchResult = SearchHit & { content: string };

/** [start, end) ranges of `snippet` whose word has one of `lexemes` (stemmed like the index). */
export function highlightRanges(snippet: string, lexemes: ReadonlySet<string>): [number, number][] {
  const ranges: [number, number][] = [];
  if (lexemes.size === 0) return ranges;
  for (const match of snippet.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)) {
    const tokens = tokenize(match[0]);
    if (tokens.some((t) => lexemes.has(t.lexeme))) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export interface SearchOptions {
  query: string;
  k?: number;
  /** Earlier turns: a follow-up question is rewritten with them first. */
  recentTurns?: readonly RecentTurn[];
  /** Ranking settings (experiments); the product uses SHIPPED_RANKING. */
  ranking?: RankSettings;
  /** Rank only chunks of these documents (the public widget's documents), in SQL before the top k. */
  documentIds?: readonly string[];
}

export interface SearchAnswer {
  results: SearchResult[];
  rewrite: QueryRewrite | null;
  /** Lexemes the ranking added by feedback (empty when it adds none). */
  expansion: string[];
}

/**
 * The product's ranking of one workspace (for jobs and features that act without a request):
 * BM25 over the workspace's postings, then the second stage of ranking.ts (feedback, proximity) with
 * the shipped settings; every hit says which query words it matched, where they are in its snippet
 * and the parts of its score.
 */
export async function rankWorkspace(
  scope: Pick<KnowledgeScope, 'deps' | 'workspaceId' | 'userId' | 'log'>,
  input: SearchOptions,
): Promise<SearchAnswer> {
  const rewrite = input.recentTurns?.length
    ? await rewriteFollowUp(scope.deps.config, input.query, input.recentTurns, scope.log)
    : null;
  const terms = queryTerms(rewrite?.rewritten ?? input.query);
  if (terms.size === 0) return { results: [], rewrite, expansion: [] };
  const k = Math.min(Math.max(Math.trunc(input.k ?? 10), 1), 100);
  const settings = input.ranking ?? {
    ...SHIPPED_RANKING,
    vectorWeight: vectorWeightFor(scope.deps.config, SHIPPED_RANKING.vectorWeight),
  };
  const secondStage = settings.proximity > 0 || settings.feedback !== null;
  const queryVector = await embedQuery(scope, settings, rewrite?.rewritten ?? input.query);
  // With a query vector the lexical stage returns its `depth` best chunks for the fusion to reorder.
  const lexicalK = queryVector ? Math.max(settings.depth, k) : k;
  const { outcome, rows } = await withTenant(
    scope.deps.database,
    { workspaceId: scope.workspaceId, userId: scope.userId },
    async (tx) => {
      const byId = new Map<string, repo.RankedChunk>();
      const query = new Map([...terms.keys()].map((l) => [l, 1]));
      // Large workspaces rank from the process's in-memory copy when it is current (decision 026).
      const stats = await repo.readStats(tx, scope.workspaceId);
      const copy = termIndexes(scope.deps).lookup(scope, stats);
      const dfs = secondStage ? await repo.termDfs(tx, scope.workspaceId, [...terms.keys()]) : new Map();
      const source = {
        n: stats.chunkCount,
        df: (l: string) => dfs.get(l) ?? 0,
        async bm25(q: ReadonlyMap<string, number>, d: number) {
          const found =
            (copy && (await rankFromMemory(tx, scope.workspaceId, copy, stats, q, d, settings, input.documentIds))) ??
            (await repo.rankChunks(tx, scope.workspaceId, q, d, settings, input.documentIds));
          for (const r of found) byId.set(r.chunk_id, r);
          if (settings.feedback?.idfWeighted) {
            const missing = new Set<string>();
            for (const r of found.slice(0, settings.feedback.docs)) {
              for (const t of tokenize(indexedText(r.title, r.content))) if (!dfs.has(t.lexeme)) missing.add(t.lexeme);
            }
            for (const [l, n] of await repo.termDfs(tx, scope.workspaceId, [...missing])) dfs.set(l, n);
          }
          return found.map((r) => ({ id: r.chunk_id, score: r.score, text: indexedText(r.title, r.content) }));
        },
      };
      const lexical: RankOutcome = secondStage
        ? await rankWithSettings(source, query, settings, lexicalK)
        : {
            hits: (await source.bm25(query, lexicalK)).map((c) => ({
              id: c.id,
              score: c.score,
              parts: { lexical: c.score, proximity: 0 },
              matched: (byId.get(c.id)?.matched ?? []).filter((l) => terms.has(l)),
            })),
            expansion: [],
          };
      const hits = queryVector
        ? await fuseWithVectors(tx, scope.workspaceId, queryVector, lexical.hits, settings.vectorWeight)
        : lexical.hits;
      return { outcome: { hits: hits.slice(0, k), expansion: lexical.expansion }, rows: byId };
    },
  );
  const order = [...terms.keys()];
  const results = outcome.hits.flatMap((hit) => {
    const row = rows.get(hit.id);
    if (!row) return [];
    const matched = new Set(hit.matched);
    const words = order.filter((l) => matched.has(l)).flatMap((l) => [...(terms.get(l) ?? [])]);
    const snippet = makeSnippet(row.content, words);
    return [
      {
        chunk_id: row.chunk_id,
        document_id: row.document_id,
        document_title: row.title,
        chunk_index: row.chunk_index,
        heading_path: row.heading_path ?? [],
        score: round4(hit.score),
        snippet,
        matched_terms: words,
        highlights: highlightRanges(snippet, matched),
        score_parts: {
          lexical: round4(hit.parts.lexical),
          vector: round4(hit.parts.vector ?? 0),
          proximity: round4(hit.parts.proximity),
        },
        content: row.content,
      },
    ];
  });
  return { results, rewrite, expansion: outcome.expansion.map((e) => e.lexeme) };
}

/**
 * The query's vector for the fusion step, or null (lexical alone): no embeddings model configured,
 * fusion off in the settings, or the endpoint failed (logged; search never fails for it).
 */
async function embedQuery(
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
async function fuseWithVectors(
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

/** The ranked chunks of one workspace, best first (see rankWorkspace). */
export async function searchWorkspace(
  scope: Pick<KnowledgeScope, 'deps' | 'workspaceId' | 'userId'> & { log?: Logger },
  input: SearchOptions,
): Promise<SearchResult[]> {
  return (await rankWorkspace({ ...scope, log: scope.log ?? scope.deps.log }, input)).results;
}

/**
 * The one ranking of the product over the caller's workspace, best first, with each chunk's full text
 * (`content`) for quoting and citing as [Doc:Title#Idx]. rag-answer and chat call this.
 */
export async function searchKnowledge(ctx: WorkspaceContext, input: SearchOptions): Promise<SearchResult[]> {
  return (await rankWorkspace(scopeOf(ctx), input)).results;
}

/** searchKnowledge with the follow-up rewrite and feedback terms (search, chat and rag-answer show them). */
export function searchKnowledgeExplained(ctx: WorkspaceContext, input: SearchOptions): Promise<SearchAnswer> {
  return rankWorkspace(scopeOf(ctx), input);
}

/** POST /functions/v1/search */
export async function search({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: z.output<typeof SearchInputSchema>;
}): Promise<SearchOutput> {
  const answer = await searchKnowledgeExplained(ctx, {
    query: input.query,
    k: input.k,
    ...(input.recent_turns ? { recentTurns: input.recent_turns } : {}),
  });
  return { results: answer.results.map(({ content: _content, ...hit }) => hit), rewrite: answer.rewrite };
}

/** POST /functions/v1/preview-website */
export async function previewWebsite({
  ctx,
  input,
}: {
  ctx: WorkspaceContext;
  input: PreviewWebsiteInput;
}): Promise<PreviewWebsiteOutput> {
  const page = await fetchWebPage(ctx.deps.config, input.url);
  return {
    title: page.title,
    description: page.description,
    content: page.text.slice(0, KNOWLEDGE_LIMITS.maxPreviewChars),
  };
}

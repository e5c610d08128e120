import { randomUUID } from 'node:crypto';
import { passageNumber } from '@helixis/contract';
import { AppError } from '../../../platform/errors';
import { publishEvent } from '../../../platform/events';
import type { EndpointHandler } from '../../../platform/http';
import { EMBED_JOB, embedderFromConfig } from '../embeddings/embeddings';
import { indexedTerms } from '../ingest/prepare';
import * as repo from '../knowledge.repo';
import { statusEvent, termIndexes, toDocument } from '../scope';

// The indexed documents: list, read, passages, rename (re-indexes the chunks) and delete.

export const listDocuments: EndpointHandler<'listDocuments'> = async ({ ctx, input }) => {
  const { rows, total } = await ctx.tenant(async (tx) => ({
    rows: await repo.listDocuments(tx, ctx.workspace.id, input),
    total: await repo.countDocuments(tx, ctx.workspace.id),
  }));
  return { documents: rows.map(toDocument), total };
};

export const getDocument: EndpointHandler<'getDocument'> = async ({ ctx, input }) => {
  const row = await ctx.tenant((tx) => repo.findDocument(tx, ctx.workspace.id, input.id));
  if (!row) throw new AppError('not_found', { userMessage: 'Document not found.' });
  return toDocument(row);
};

/**
 * A document's parsed text, passage by passage in document order (GET /api/v1/documents/:id/passages):
 * what the viewer shows when a citation or a search result is opened. Any member of the workspace may
 * read it (the assistant answers them from it); a document still being processed or failed has none.
 */
export const documentPassages: EndpointHandler<'documentPassages'> = async ({ ctx, input }) => {
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
};

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
export const renameDocument: EndpointHandler<'renameDocument'> = async ({ ctx, input }) => {
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
};

/** Removes the document, its chunks, postings, document frequencies and its share of the statistics at once. */
export const deleteDocument: EndpointHandler<'deleteDocument'> = async ({ ctx, input }) => {
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
};

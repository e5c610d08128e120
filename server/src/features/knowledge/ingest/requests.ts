import { type IngestOutput, KNOWLEDGE_LIMITS } from '@helixis/contract';
import type { WorkspaceContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { publishEvent } from '../../../platform/events';
import type { EndpointHandler } from '../../../platform/http';
import { assertFetchableUrl } from '../../../platform/safe-fetch';
import * as repo from '../knowledge.repo';
import { inTenant, type KnowledgeScope, scopeOf, statusEvent, toDocument } from '../scope';
import { type DocumentFormat, formatOfUpload } from './parsers';
import { fetchWebPage } from './web';

// Ingest requests: a file, a web address or a text becomes a PENDING document and an ingest job.

/** The ingest job's name (defined in knowledge.jobs.ts, which calls processDocument). */
export const INGEST_JOB = 'knowledge.ingest';

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

/** POST /functions/v1/preview-website */
export const previewWebsite: EndpointHandler<'previewWebsite'> = async ({ ctx, input }) => {
  const page = await fetchWebPage(ctx.deps.config, input.url);
  return {
    title: page.title,
    description: page.description,
    content: page.text.slice(0, KNOWLEDGE_LIMITS.maxPreviewChars),
  };
};

import multipart, { type MultipartFile } from '@fastify/multipart';
import { INGEST_FILE_FIELD, INGEST_PATH, IngestOutput, IngestUrlInput, KNOWLEDGE_LIMITS } from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type EndpointHandlers, parseInput, type WorkspaceResolver, workspaceContextFor } from '../../platform/http';
import { requestFingerprint, withIdempotency } from '../../platform/idempotency';
import { assertCleanText } from '../../platform/input-rules';
import { assertOwnWorkspace } from '../../platform/workspace-owner';
import { deleteDocument, documentPassages, getDocument, listDocuments, renameDocument } from './index/documents';
import { ingestUpload, ingestUrl, previewWebsite } from './ingest/requests';
import { search } from './search/search';

export const knowledgeHandlers = {
  listDocuments,
  getDocument,
  documentPassages,
  renameDocument,
  deleteDocument,
  search,
  previewWebsite,
} satisfies Partial<EndpointHandlers>;

/** The checks of a workspace endpoint with role manager (raw routes: multipart, redirects). */
const managerContext = (
  deps: Deps,
  request: FastifyRequest,
  resolveWorkspace: WorkspaceResolver,
): Promise<WorkspaceContext> => workspaceContextFor(deps, request, resolveWorkspace, 'manager');

function namedWorkspace(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.workspaceId ?? query?.workspace_id;
  const fromHeader = request.headers['x-workspace-id'];
  const value = typeof fromQuery === 'string' ? fromQuery : typeof fromHeader === 'string' ? fromHeader : undefined;
  return value?.trim() || undefined;
}

/**
 * POST /functions/v1/ingest: multipart `file`, or JSON {url}. Answers at once with the
 * PENDING document; the knowledge.ingest job parses and indexes it. Multipart parsing is registered
 * in this route's own scope with the upload cap.
 */
const ONE_FILE_MESSAGE = 'Please upload one file at a time.';

export async function registerKnowledgeRoutes(
  app: FastifyInstance,
  deps: Deps,
  resolveWorkspace: WorkspaceResolver,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: KNOWLEDGE_LIMITS.maxUploadBytes, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
    });
    scope.post(INGEST_PATH, { config: { access: 'workspace', role: 'manager' } }, async (request, reply) => {
      const ctx = await managerContext(deps, request, resolveWorkspace);
      assertOwnWorkspace(ctx.workspace.id, namedWorkspace(request));
      // Idempotency-Key: a retried upload or URL gets the first answer, not a second document.
      let fingerprint: string;
      let ingest: () => Promise<IngestOutput>;
      if (request.isMultipart()) {
        // One file per request: a second file is refused, never silently dropped.
        let file: MultipartFile | undefined;
        let data: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (file) throw new AppError('validation_failed', { userMessage: ONE_FILE_MESSAGE });
            if (part.fieldname !== INGEST_FILE_FIELD) {
              throw new AppError('validation_failed', {
                userMessage: 'Please choose a file to upload (field "file").',
              });
            }
            assertCleanText(part.filename, 'file name');
            file = part;
            data = await part.toBuffer();
          }
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', { cause: err });
          if (code === 'FST_FILES_LIMIT') {
            throw new AppError('validation_failed', { userMessage: ONE_FILE_MESSAGE, cause: err });
          }
          throw new AppError('validation_failed', { userMessage: 'The upload could not be read.', cause: err });
        }
        if (!file || !data) {
          throw new AppError('validation_failed', { userMessage: 'Please choose a file to upload (field "file").' });
        }
        const upload = { filename: file.filename, contentType: file.mimetype || null, data };
        fingerprint = requestFingerprint('file', upload.filename, data);
        ingest = () => ingestUpload(ctx, upload);
      } else {
        const input = parseInput(IngestUrlInput, request.body);
        assertOwnWorkspace(ctx.workspace.id, input.workspaceId, input.workspace_id);
        fingerprint = requestFingerprint('url', input.url);
        ingest = () => ingestUrl(ctx, { url: input.url });
      }
      reply.header('cache-control', 'no-store');
      return withIdempotency(ctx, request, reply, 'ingest', fingerprint, async () => ({
        status: 202,
        body: IngestOutput.parse(await ingest()),
      }));
    });
  });
}

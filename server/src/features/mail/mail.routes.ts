import multipart from '@fastify/multipart';
import {
  INGEST_ICS_FILE_FIELD,
  INGEST_ICS_PATH,
  IngestIcsInput,
  IngestIcsResult,
  MAIL_LIMITS,
} from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { type EndpointHandlers, parseInput, type WorkspaceResolver, workspaceContextFor } from '../../platform/http';
import { assertOwnWorkspace } from '../../platform/workspace-owner';
import { fetchIcs, importCalendar, listCalendarEvents } from './calendar.service';
import { createEmailAlias, emailIntake, integrationsSummary, listMail, mailStatus } from './mail.service';
import { oauthCallback, oauthConfig, oauthDisconnect, oauthPreflight, oauthStart } from './oauth.service';

export const mailHandlers = {
  oauthConfig,
  oauthPreflight,
  oauthStart,
  oauthCallback,
  oauthDisconnect,
  mailStatus,
  createEmailAlias,
  emailIntake,
  listMail,
  listCalendarEvents,
  integrationsSummary,
} satisfies Partial<EndpointHandlers>;

/** The checks of a workspace endpoint with role manager (raw routes: multipart, redirects). */
const managerContext = (
  deps: Deps,
  request: FastifyRequest,
  resolveWorkspace: WorkspaceResolver,
): Promise<WorkspaceContext> => workspaceContextFor(deps, request, resolveWorkspace, 'manager');

const ICS_NAME = /\.(ics|ical|ifb|icalendar)$/i;

/**
 * POST /functions/v1/ingest-ics: multipart with a `file` (.ics / .ical) and optional
 * `workspace_id` field, or JSON {icsUrl, workspace_id?} fetched through safeFetch.
 */
export async function registerMailRoutes(
  app: FastifyInstance,
  deps: Deps,
  resolveWorkspace: WorkspaceResolver,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAIL_LIMITS.icsMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    scope.post(INGEST_ICS_PATH, { config: { access: 'workspace', role: 'manager' } }, async (request, reply) => {
      const ctx = await managerContext(deps, request, resolveWorkspace);
      let result: IngestIcsResult;
      if (request.isMultipart()) {
        let data: Buffer | null = null;
        let filename: string | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== INGEST_ICS_FILE_FIELD) {
                await part.toBuffer();
                continue;
              }
              filename = part.filename;
              data = await part.toBuffer();
            } else if (part.fieldname === 'workspace_id' && typeof part.value === 'string') {
              assertOwnWorkspace(ctx.workspace.id, part.value);
            }
          }
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('file_too_large', {
              userMessage: 'This calendar file is too large (2 MB at most).',
              cause: err,
            });
          }
          if (err instanceof AppError) throw err;
          throw new AppError('validation_failed', { userMessage: 'The upload could not be read.', cause: err });
        }
        if (!data || !filename) {
          throw new AppError('validation_failed', {
            userMessage: 'Please choose a calendar file to upload (field "file").',
          });
        }
        if (!ICS_NAME.test(filename)) {
          throw new AppError('unsupported_file_type', { userMessage: 'Please choose an .ics or .ical calendar file.' });
        }
        const text = data.toString('utf8');
        result = await importCalendar(ctx, { sourceType: 'file', sourceName: filename, load: async () => text });
      } else {
        const input = parseInput(IngestIcsInput, request.body);
        assertOwnWorkspace(ctx.workspace.id, input.workspace_id);
        result = await importCalendar(ctx, {
          sourceType: 'url',
          sourceName: input.icsUrl,
          load: () => fetchIcs(ctx, input.icsUrl),
        });
      }
      reply.header('cache-control', 'no-store');
      return IngestIcsResult.parse(result);
    });
  });
}

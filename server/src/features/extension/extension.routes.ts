import {
  CLUELY_CONTEXT_PATH,
  CLUELY_SCRIPT_PATH,
  EXT_ANSWER_PATH,
  EXTENSION_ZIP_PATH,
  ExtAnswerInput,
} from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/context';
import type { EndpointHandlers } from '../../platform/http';
import { parseInput } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import {
  cluelyContext,
  cluelySync,
  deleteDesktopIntegration,
  desktopScript,
  getDesktopIntegration,
} from './cluely.service';
import {
  extAnswer,
  extBootstrap,
  getExtensionSettings,
  listExtensionTokens,
  revokeExtensionToken,
  updateExtensionSettings,
} from './extension.service';
import { extensionArchive } from './extension-archive';
import { authenticateWorkspaceToken, bearerOf } from './extension-tokens';

export const extensionHandlers = {
  extBootstrap,
  getExtensionSettings,
  updateExtensionSettings,
  listExtensionTokens,
  revokeExtensionToken,
  cluelySync,
  getDesktopIntegration,
  deleteDesktopIntegration,
} satisfies Partial<EndpointHandlers>;

const requestInfo = (request: FastifyRequest) => ({ requestId: request.id, log: request.log as unknown as Logger });

/**
 * Routes authenticated by a workspace token instead of a session (declared 'workspace': they act inside
 * the token's workspace and answer 401 without a valid token), and the public extension download.
 */
export function registerExtensionRoutes(app: FastifyInstance, deps: Deps): void {
  app.post(EXT_ANSWER_PATH, { config: { access: 'workspace' } }, async (request, reply) => {
    const auth = await authenticateWorkspaceToken(deps, bearerOf(request.headers.authorization), requestInfo(request), [
      'extension',
      'desktop',
    ]);
    const input = parseInput(ExtAnswerInput, request.body);
    reply.header('cache-control', 'no-store');
    return extAnswer(auth, input);
  });

  app.get(CLUELY_CONTEXT_PATH, { config: { access: 'workspace' } }, async (request, reply) => {
    const auth = await authenticateWorkspaceToken(deps, bearerOf(request.headers.authorization), requestInfo(request), [
      'desktop',
    ]);
    reply.header('cache-control', 'no-store');
    return cluelyContext(auth);
  });

  // The token sits in the URL so a desktop tool can fetch the script with a plain GET; request logging
  // (which writes the URL) is off below warn for this route so the token never reaches the logs.
  app.get<{ Params: { key: string } }>(
    CLUELY_SCRIPT_PATH,
    { config: { access: 'workspace' }, logLevel: 'warn' },
    async (request, reply) => {
      await authenticateWorkspaceToken(deps, request.params.key, requestInfo(request), ['desktop']);
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="helixis-desktop.mjs"')
        .send(desktopScript(deps.config, request.params.key));
    },
  );

  app.get(EXTENSION_ZIP_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const origin = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="helixis-extension.zip"')
      .header('cache-control', 'no-cache')
      .send(extensionArchive(origin));
  });
}

import { CHAT_STREAM_PATH, ChatStreamEvent, ChatWithContextInput } from '@helixis/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context';
import { AppError, isAppError } from '../../platform/errors';
import { authenticateRequest, type EndpointHandlers, parseInput, type WorkspaceResolver } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import { userWorkspaceContext } from '../../platform/system-context';
import { applyTestAssistant, listRegressionQuestions, runApplyCheck } from './apply-check.service';
import { chatWithContext, createThread, helixisAssistant, listMessages, listThreads, ragAnswer } from './chat.service';
import { getQuestionSet, latestComparison, runComparison, saveQuestionSet } from './question-sets.service';
import { voiceConfig } from './voice.routes';

export const chatHandlers = {
  listThreads,
  createThread,
  listMessages,
  chatWithContext: (args) => chatWithContext(args),
  helixisAssistant,
  ragAnswer,
  voiceConfig,
  // The test assistant's checks ask the chat's answer path (decision 037: they moved here from assistants).
  applyTestAssistant,
  getQuestionSet,
  saveQuestionSet,
  runComparison,
  latestComparison,
  listRegressionQuestions,
  runApplyCheck,
} satisfies Partial<EndpointHandlers>;

/**
 * The streaming variant of chat-with-context: same input, answered as server-sent events
 * (`delta` pieces, then `done` with the full result, or `error`). Errors before the first byte
 * answer as JSON like any endpoint.
 */
export function registerChatRoutes(app: FastifyInstance, deps: Deps, resolveWorkspace: WorkspaceResolver): void {
  app.post(CHAT_STREAM_PATH, { config: { access: 'workspace' } }, async (request, reply) => {
    const log = request.log as unknown as Logger;
    const user = await authenticateRequest(deps, request);
    const input = parseInput(ChatWithContextInput, request.body);
    const base = { requestId: request.id, log, deps, user, workspace: null };
    const workspace = await resolveWorkspace(base);
    const ctx = userWorkspaceContext(base, workspace);
    // A client that leaves mid-answer (a page change, a closed tab) does not stop it: the answer is still
    // stored in its thread, where the user finds it on coming back. (The request's own 'close' fires as
    // soon as its body is read, so it never told a departure anyway.)
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // Not `no-store` (every JSON answer's value): Chromium's network events (what DevTools and the
      // browser tests see) report a `no-store` response that the page reads through a stream reader as
      // aborted (net::ERR_ABORTED), even when the page read it to its end, whenever the body arrives in
      // several pieces, as a model's answer does (issue 28). Nothing reuses the answer to a POST anyway;
      // `no-cache` is what event streams usually send.
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': request.id,
    });
    const send = (event: ChatStreamEvent) => {
      if (!reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(ChatStreamEvent.parse(event))}\n\n`);
    };
    try {
      const result = await chatWithContext({ ctx, input }, (text) => send({ type: 'delta', text }));
      send({ type: 'done', result });
    } catch (err) {
      const appError = isAppError(err) ? err : new AppError('llm_failed', { cause: err });
      if (!isAppError(err)) ctx.log.error({ err }, 'chat stream failed');
      send({ type: 'error', code: appError.code, message: appError.userMessage });
    } finally {
      reply.raw.end();
    }
  });
}

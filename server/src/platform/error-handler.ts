import { AUTH_API_VERSION, AUTH_API_VERSION_HEADER, errorCatalogue } from '@helixis/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isDatabaseUnavailable, isPermissionDenied, traceIdOf } from './errors';

/** GoTrue clients read `{ code, error_code, msg }`; everything else reads `{ error: { code, message } }`. */
function isAuthRoute(request: FastifyRequest): boolean {
  return request.url.startsWith('/auth/v1/');
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isPermissionDenied(err)) return new AppError('permission_denied', { cause: err });
  // Fail fast and say so: the client may retry in a moment, nothing was half-written (one transaction).
  if (isDatabaseUnavailable(err)) {
    return new AppError('service_unavailable', { cause: err, headers: { 'retry-after': '5' } });
  }
  const fe = err as FastifyError;
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe?.statusCode === 413) {
    return new AppError('payload_too_large', { cause: err });
  }
  if (fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe?.statusCode === 415) {
    return new AppError('validation_failed', { status: 415, userMessage: 'Unsupported content type.', cause: err });
  }
  if (
    fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (err instanceof SyntaxError && fe?.statusCode === 400)
  ) {
    return new AppError('invalid_json', { cause: err });
  }
  // Fastify's own client errors (bad URL 400, over-long parameter 414, ...) keep their status.
  const clientStatus = fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : undefined;
  if (fe?.validation || (clientStatus && fe?.code?.startsWith('FST_ERR'))) {
    return new AppError('validation_failed', { status: clientStatus ?? 400, userMessage: fe.message, cause: err });
  }
  if (fe?.statusCode === 429) return new AppError('rate_limited', { cause: err });
  return new AppError('unknown_error', { status: 500, userMessage: errorCatalogue.unknown_error.message, cause: err });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  reply.status(error.status);
  if (isAuthRoute(request)) {
    reply.header(AUTH_API_VERSION_HEADER, AUTH_API_VERSION);
    return reply.send({ code: error.status, error_code: error.code, msg: error.userMessage, ...(error.details ?? {}) });
  }
  return reply.send({
    error: { code: error.code, message: error.userMessage, ...(error.details ? { details: error.details } : {}) },
  });
}

/**
 * GoTrue's answers on /auth/v1: a path it does not serve is 404 whatever the body (the body of an
 * unmatched route is never read), and unreadable JSON is `bad_json`.
 */
function gotrueWording(request: FastifyRequest, error: AppError): AppError {
  if (!isAuthRoute(request) || error.code !== 'invalid_json') return error;
  if (!request.routeOptions.url) {
    return new AppError('not_found', { status: 404, userMessage: 'Not Found', cause: error.cause });
  }
  return new AppError('bad_json', {
    status: 400,
    userMessage: 'Could not parse request body as JSON',
    cause: error.cause,
  });
}

/** Known errors answer with their code and text; unknown ones log and answer 500. */
export function answerError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const error = gotrueWording(request, toAppError(err));
  const traceId = traceIdOf(error.cause ?? err);
  if (error.status >= 500) {
    request.log.error({ err: error.cause ?? err, requestId: request.id, code: error.code, traceId }, 'request failed');
  } else {
    request.log.info({ code: error.code, status: error.status, traceId }, 'request refused');
  }
  return sendError(request, reply, error);
}

/** The one error handler. Errors Fastify raises before routing reach `answerError` through `frameworkErrors` (app.ts). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => answerError(err, request, reply));
}

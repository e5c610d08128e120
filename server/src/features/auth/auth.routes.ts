import {
  AUTH_API_VERSION,
  AUTH_API_VERSION_HEADER,
  GrantType,
  JwksDocument,
  LogoutQuery,
  authServiceMessages as M,
  OtpBody,
  OutboxList,
  OutboxQuery,
  PasswordGrantBody,
  RecoverBody,
  RedirectQuery,
  RefreshGrantBody,
  ResendBody,
  SignUpBody,
  SignUpQuery,
  TokenQuery,
  UpdateUserBody,
  VerifyBody,
  VerifyQuery,
} from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDirectLoopback } from '../../platform/client-address';
import type { AuthedUser, Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { authenticateRequest, parseInput } from '../../platform/http';
import { decodeUtf8Body } from '../../platform/input-rules';
import type { Logger } from '../../platform/logger';
import { createMailer, latestOutboxMails } from '../../platform/mailer';
import { mailLinkOrigin } from '../../platform/public-origin';
import { createRateLimiter } from '../../platform/rate-limit';
import * as service from './auth.service';
import * as mailFlows from './auth-mail-flows';
import { updateUser } from './auth-update-user';

/** The client posts JSON objects; arrays, strings and `null` are refused rather than guessed at. */
function jsonObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('validation_failed', { status: 400, userMessage: M.bodyNotObject });
  }
  return body as Record<string, unknown>;
}

/**
 * The shared check of platform/http.ts, with its refusals in GoTrue's words: the client signs the
 * user out on `session_not_found` and shows `bad_jwt` / `no_authorization` as they are.
 */
async function authenticateGoTrue(deps: Deps, request: FastifyRequest): Promise<AuthedUser> {
  try {
    return await authenticateRequest(deps, request);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'not_authenticated') {
      throw new AppError('no_authorization', { status: 401, userMessage: M.noAuthorization, cause: err });
    }
    if (err.code === 'authentication_invalid') {
      throw err.cause instanceof AppError ? err.cause : new AppError('bad_jwt', { status: 403, cause: err });
    }
    if (err.code === 'session_not_found') {
      throw new AppError('session_not_found', { status: 403, userMessage: M.sessionNotFound, cause: err });
    }
    throw err;
  }
}

/**
 * `/auth/v1`: the GoTrue endpoints `@supabase/auth-js` calls. Every route is declared public and
 * authenticates itself where it needs a user. Registered in its own encapsulated scope so its
 * JSON parser (which accepts the empty body the client sends with logout) stays local.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  const limiter = createRateLimiter(deps.database);
  const mailer = createMailer(deps);

  const contextFor = (request: FastifyRequest): service.AuthContext => ({
    deps,
    log: request.log as unknown as Logger,
    limiter,
    mailer,
    client: {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      appOrigin: mailLinkOrigin(deps.config, app),
      requestOrigin: `${request.protocol}://${request.host}`,
    },
  });

  app.register(async (scope) => {
    const defaultJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      let text: string;
      try {
        text = decodeUtf8Body(body);
      } catch {
        done(new AppError('bad_json', { status: 400, userMessage: M.badJson }), undefined);
        return;
      }
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      defaultJson(request, text, (err, parsed) => {
        if (err) done(new AppError('bad_json', { status: 400, userMessage: M.badJson, cause: err }), undefined);
        else done(null, parsed);
      });
    });

    scope.addHook('onSend', async (_request, reply) => {
      reply.header(AUTH_API_VERSION_HEADER, AUTH_API_VERSION);
      // Sessions and users must never be cached by a browser or proxy.
      reply.header('cache-control', 'no-store');
    });

    const publicRoute = { config: { access: 'public' as const } };

    scope.post('/auth/v1/signup', publicRoute, async (request) => {
      const query = parseInput(SignUpQuery, request.query);
      const input = parseInput(SignUpBody, jsonObject(request));
      return service.signUp({ ctx: contextFor(request), input, redirectTo: query.redirect_to });
    });

    scope.post('/auth/v1/token', publicRoute, async (request) => {
      const { grant_type } = parseInput(TokenQuery, request.query);
      if (!GrantType.safeParse(grant_type).success) {
        throw new AppError('unsupported_grant_type', { status: 400, userMessage: M.unsupportedGrantType });
      }
      const ctx = contextFor(request);
      const body = jsonObject(request);
      if (grant_type === 'password') {
        return service.signInWithPassword({ ctx, input: parseInput(PasswordGrantBody, body) });
      }
      return service.refreshSession({ ctx, input: parseInput(RefreshGrantBody, body) });
    });

    scope.get('/auth/v1/user', publicRoute, async (request) => {
      const user = await authenticateGoTrue(deps, request);
      return service.getUser({ ctx: contextFor(request), user });
    });

    scope.put('/auth/v1/user', publicRoute, async (request) => {
      const user = await authenticateGoTrue(deps, request);
      const query = parseInput(RedirectQuery, request.query);
      const input = parseInput(UpdateUserBody, jsonObject(request));
      return updateUser({ ctx: contextFor(request), user, input, redirectTo: query.redirect_to });
    });

    scope.post('/auth/v1/recover', publicRoute, async (request) => {
      const query = parseInput(RedirectQuery, request.query);
      const input = parseInput(RecoverBody, jsonObject(request));
      return mailFlows.recoverPassword({ ctx: contextFor(request), input, redirectTo: query.redirect_to });
    });

    scope.post('/auth/v1/otp', publicRoute, async (request) => {
      const query = parseInput(RedirectQuery, request.query);
      const input = parseInput(OtpBody, jsonObject(request));
      return mailFlows.sendSignInLink({ ctx: contextFor(request), input, redirectTo: query.redirect_to });
    });

    scope.post('/auth/v1/resend', publicRoute, async (request) => {
      const query = parseInput(RedirectQuery, request.query);
      const input = parseInput(ResendBody, jsonObject(request));
      return mailFlows.resendMail({ ctx: contextFor(request), input, redirectTo: query.redirect_to });
    });

    // verifyOtp: the body holds a code or a link token, never logged (bodies are not, and the level is warn).
    scope.post('/auth/v1/verify', { ...publicRoute, logLevel: 'warn' }, async (request) => {
      const input = parseInput(VerifyBody, jsonObject(request));
      return mailFlows.verifyOtp({ ctx: contextFor(request), input });
    });

    scope.get('/auth/v1/.well-known/jwks.json', publicRoute, async () =>
      JwksDocument.parse({ keys: deps.config.jwtKeys.published }),
    );

    scope.post('/auth/v1/logout', publicRoute, async (request, reply) => {
      const { scope: logoutScope } = parseInput(LogoutQuery, request.query);
      const user = await authenticateGoTrue(deps, request);
      await service.signOut({ ctx: contextFor(request), user, scope: logoutScope });
      return reply.status(204).send();
    });

    // The link carries a one-time token in its query: keep the URL out of the request log.
    scope.get('/auth/v1/verify', { ...publicRoute, logLevel: 'warn' }, async (request, reply) => {
      const query = parseInput(VerifyQuery, request.query);
      const { location } = await mailFlows.verifyMailLink({
        ctx: contextFor(request),
        token: query.token,
        type: query.type,
        redirectTo: query.redirect_to,
      });
      return reply.redirect(location, 303);
    });

    scope.get('/auth/v1/settings', publicRoute, async () => service.authSettings({ deps }));

    if (deps.config.env !== 'production') {
      // The local dev outbox: mail that was not sent because no SMTP server is configured. It holds
      // one-time links, so only a direct caller on this machine may read it (the socket's own address;
      // a request a proxy forwarded, even from loopback, is someone else's).
      scope.get('/auth/v1/dev/outbox', publicRoute, async (request) => {
        if (!isDirectLoopback(request)) {
          throw new AppError('permission_denied', { status: 403, userMessage: M.outboxLoopbackOnly });
        }
        const query = parseInput(OutboxQuery, request.query);
        const mails = await latestOutboxMails(deps.database, { limit: query.limit, to: query.to?.toLowerCase() });
        return OutboxList.parse({ mails });
      });
    }
  });
}

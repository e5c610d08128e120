import {
  type Access,
  type BusinessRole,
  type Endpoint,
  type EndpointName,
  type EndpointOutput,
  type Endpoints,
  endpoints,
  inputRuleMessages,
} from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthedUser, Deps, RequestContext, WorkspaceAccess, WorkspaceContext } from './context';
import { AppError } from './errors';
import { requestFingerprint, withIdempotency } from './idempotency';
import type { Logger } from './logger';
import { mailLinkOrigin } from './public-origin';
import { readCacheOf, readKey } from './read-cache';
import { userWorkspaceContext } from './system-context';
import { verifyAccessToken } from './tokens';
import { assertNamedWorkspaces } from './workspace-owner';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares who may call it; app.ts refuses to start with an undeclared one. */
    access?: Access;
    role?: BusinessRole;
  }
}

export type ContextFor<N extends EndpointName> = Endpoints[N]['access'] extends 'workspace'
  ? WorkspaceContext
  : RequestContext;

export type EndpointHandler<N extends EndpointName> = (args: {
  ctx: ContextFor<N>;
  input: z.output<Endpoints[N]['input']>;
}) => Promise<EndpointOutput<N>>;

export type EndpointHandlers = { [N in EndpointName]: EndpointHandler<N> };

/** Finds (or, on first use, creates) the caller's workspace. Supplied by the workspaces feature. */
export type WorkspaceResolver = (ctx: RequestContext) => Promise<WorkspaceAccess>;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !value) return null;
  return value.trim();
}

/** Verifies the bearer access token and that its session still exists (sign-out ends access at once). */
export async function authenticate(deps: Deps, token: string | null): Promise<AuthedUser> {
  if (!token) throw new AppError('not_authenticated');
  // A token verified earlier whose session and user rows have not changed since (read-cache.ts).
  const cache = readCacheOf(deps);
  const known = cache?.session(token);
  if (known) return known;
  const at = cache?.stamp() ?? 0;
  let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
  try {
    claims = await verifyAccessToken(deps.config.jwtKeys, token);
  } catch (err) {
    throw new AppError('authentication_invalid', { cause: err });
  }
  const rows = await deps.database.query<{ user_id: string; email: string | null; is_anonymous: boolean }>(
    `select s.user_id, u.email, u.is_anonymous from auth_sessions s join users u on u.id = s.user_id
      where s.id = $1 and s.user_id = $2`,
    [claims.session_id, claims.sub],
  );
  const row = rows[0];
  if (!row) throw new AppError('session_not_found');
  const user = { id: row.user_id, email: row.email, isAnonymous: row.is_anonymous, sessionId: claims.session_id };
  cache?.rememberSession(token, user, claims.exp, at);
  return user;
}

export function authenticateRequest(deps: Deps, request: FastifyRequest): Promise<AuthedUser> {
  return authenticate(deps, bearerToken(request));
}

function readableIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    // An id unfit for database work (contract DbId) answers with the fixed not-a-UUID text.
    const badId = parsed.error.issues.find(
      (i) => i.code === 'custom' && (i.params as { errorCode?: string } | undefined)?.errorCode === 'invalid_id',
    );
    if (badId) throw new AppError('invalid_id', { userMessage: badId.message });
    throw new AppError('validation_failed', {
      userMessage: readableIssues(parsed.error),
      details: { issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) },
    });
  }
  return parsed.data;
}

/** Path parameters (`/jobs/:id`) join the input; they win over a same-named query or body field. */
function withPathParams(source: unknown, params: unknown): unknown {
  const path = (params ?? {}) as Record<string, string>;
  if (Object.keys(path).length === 0) return source;
  const base = source && typeof source === 'object' && !Array.isArray(source) ? source : {};
  return { ...base, ...path };
}

/** The caller's workspace, its role check and tenant-scoped database access, added to a request context. */
function assertRole(workspace: WorkspaceAccess, role: BusinessRole | undefined): void {
  if (role && !hasRole(workspace.businessRole, role)) {
    throw new AppError('insufficient_role', { userMessage: `This page requires ${role} permissions to access.` });
  }
}

async function scopeToWorkspace(
  ctx: RequestContext,
  resolveWorkspace: WorkspaceResolver,
  role: BusinessRole | undefined,
): Promise<WorkspaceContext> {
  const workspace = await resolveWorkspace(ctx);
  assertRole(workspace, role);
  return userWorkspaceContext(ctx, workspace);
}

/**
 * For routes registerEndpoints cannot serve (multipart uploads, redirects): the same authentication,
 * workspace resolution and role check as a contract endpoint with access 'workspace'.
 */
export async function workspaceContextFor(
  deps: Deps,
  request: FastifyRequest,
  resolveWorkspace: WorkspaceResolver,
  role?: BusinessRole,
): Promise<WorkspaceContext> {
  const user = await authenticateRequest(deps, request);
  const base: RequestContext = {
    requestId: request.id,
    log: request.log as unknown as Logger,
    deps,
    user,
    workspace: null,
  };
  return scopeToWorkspace(base, resolveWorkspace, role);
}

/** Registers every endpoint of the contract with its handler, access rule and role check. */
export function registerEndpoints(
  app: FastifyInstance,
  deps: Deps,
  handlers: EndpointHandlers,
  resolveWorkspace: WorkspaceResolver,
): void {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint: Endpoint = endpoints[name];
    const handler = handlers[name] as unknown as (args: { ctx: RequestContext; input: unknown }) => Promise<unknown>;
    const role = endpoint.role;
    const cached = endpoint.method === 'GET' && endpoint.access !== 'public' && endpoint.cachedRead === true;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { access: endpoint.access, role },
      handler: async (request, reply) => {
        const cache = cached ? readCacheOf(deps) : undefined;
        if (cache?.enabled) {
          // Taken before any database read this answer is made of (session, workspace, the read itself).
          const at = cache.stamp();
          const user = await authenticateRequest(deps, request);
          const log = request.log as unknown as Logger;
          const base: RequestContext = { requestId: request.id, log, deps, user, workspace: null };
          const access = await resolveWorkspace(base);
          if (endpoint.access === 'workspace') assertRole(access, role);
          assertNamedWorkspaces(access.id, endpoint.namesWorkspace, withPathParams(request.query, request.params));
          const key = readKey(name, access.id, user.id, request);
          reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
          const hit = cache.read(key);
          if (hit !== undefined) return reply.send(hit);
          base.appOrigin = mailLinkOrigin(deps.config, app);
          const input = parseInput(endpoint.input, withPathParams(request.query, request.params));
          const ctx = endpoint.access === 'workspace' ? userWorkspaceContext(base, access) : base;
          const body = JSON.stringify(endpoint.output.parse(await handler({ ctx, input })));
          cache.rememberRead(key, { body, workspaceId: access.id, userId: user.id, at });
          return reply.send(body);
        }
        const raw = withPathParams(
          endpoint.method === 'GET' || endpoint.method === 'DELETE' ? request.query : request.body,
          request.params,
        );
        const log = request.log as unknown as Logger;
        const user =
          endpoint.access === 'public'
            ? ({ id: '', email: null, isAnonymous: true, sessionId: '' } satisfies AuthedUser)
            : await authenticateRequest(deps, request);
        log.debug({ userId: user.id }, 'authenticated');
        if (endpoint.registeredOnly && user.isAnonymous) {
          throw new AppError('permission_denied', { userMessage: inputRuleMessages.registeredOnly });
        }
        const input = parseInput(endpoint.input, raw);
        const appOrigin = mailLinkOrigin(deps.config, app);
        const base: RequestContext = { requestId: request.id, log, deps, user, workspace: null, appOrigin };
        const ctx = endpoint.access === 'workspace' ? await scopeToWorkspace(base, resolveWorkspace, role) : base;
        if (ctx.workspace) assertNamedWorkspaces(ctx.workspace.id, endpoint.namesWorkspace, input);
        reply.header('cache-control', 'no-store');
        if (endpoint.idempotent && ctx.workspace) {
          const fingerprint = requestFingerprint(endpoint.method, endpoint.path, raw);
          return withIdempotency(ctx as WorkspaceContext, request, reply, name, fingerprint, async () => ({
            status: 200,
            body: endpoint.output.parse(await handler({ ctx, input })),
          }));
        }
        const output = await handler({ ctx, input });
        return endpoint.output.parse(output);
      },
    });
  }
}

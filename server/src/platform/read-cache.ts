import { type Endpoint, endpoints } from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthedUser, Deps, WorkspaceAccess } from './context';
import type { WorkspaceResolver } from './http';
import { readCacheTotals } from './metrics';

/**
 * Per-process cache of the authenticated read path (docs/decisions/020, "Load"): verified access
 * tokens (their session still existed), workspace resolutions, and the JSON answers of a few GET
 * endpoints. Nothing here is trusted across a change: every entry carries the clock value taken
 * BEFORE its database reads, and is used only while no version it depends on moved past that value.
 *
 * Versions move when
 * - the database says so: statement-level triggers (migration 0024) NOTIFY `helixis_cache` with
 *   'w:<workspace id>', 'u:<user id>' or '*' after the writing transaction commits, in any process
 *   (API, worker, a direct SQL write);
 * - this process answered a request that may have written (anything but the cached reads and the
 *   ops routes): everything is dropped before the answer leaves, so a client reads its own writes
 *   through the same process at once, whatever tables or users the write touched;
 * - the LISTEN connection drops or comes back (notifications may have been missed): everything is
 *   dropped, and nothing is cached while it is down.
 */

/** PostgreSQL channel of the invalidation triggers (migration 0024_read_cache_notify.sql). */
export const CACHE_CHANNEL = 'helixis_cache';

/**
 * Contract endpoints whose 200 answers are cached: those the contract flags `cachedRead`, each depending
 * only on rows the triggers watch (read-cache.test.ts checks they are GETs behind a session).
 */
export const CACHED_READS: ReadonlySet<string> = new Set(
  Object.entries(endpoints as Record<string, Endpoint>).flatMap(([name, e]) => (e.cachedRead ? [name] : [])),
);

/** Tables the cached reads and the session / workspace checks read (db/read-cache.test.ts checks their triggers). */
export const CACHED_READ_TABLES = [
  'users',
  'profiles',
  'auth_sessions',
  'memberships',
  'active_workspaces',
  'workspaces',
  'documents',
  'tasks',
] as const;

const MAX_TOKENS = 10_000;
const MAX_WORKSPACES = 10_000;
const MAX_READS = 5_000;
const MAX_VERSIONS = 100_000;
/** Answers larger than this are not kept. */
const MAX_BODY_CHARS = 256 * 1024;
/** All kept answers together (UTF-16 code units, so up to twice as many bytes). */
const MAX_TOTAL_CHARS = 16 * 1024 * 1024;

interface TokenEntry {
  user: AuthedUser;
  /** Access-token expiry, epoch seconds. */
  exp: number;
  at: number;
}

interface WorkspaceEntry {
  access: WorkspaceAccess;
  at: number;
}

interface ReadEntry {
  body: string;
  workspaceId: string;
  userId: string;
  at: number;
}

function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

export class ReadCache {
  /** Logical clock: every bump takes the next value. */
  #clock = 0;
  /** Clock value of the last "drop everything". */
  #epoch = 0;
  #workspaceVersions = new Map<string, number>();
  #userVersions = new Map<string, number>();
  #tokens = new Map<string, TokenEntry>();
  #workspaces = new Map<string, WorkspaceEntry>();
  #reads = new Map<string, ReadEntry>();
  #readChars = 0;
  /** False until LISTEN is in place and while its connection is down: then nothing is cached. */
  #listening = false;
  readonly stats = { hits: 0, misses: 0, bumps: 0 };

  /** How much is held (tests and diagnostics). */
  sizes(): { tokens: number; workspaces: number; reads: number; readChars: number } {
    return {
      tokens: this.#tokens.size,
      workspaces: this.#workspaces.size,
      reads: this.#reads.size,
      readChars: this.#readChars,
    };
  }

  get enabled(): boolean {
    return this.#listening;
  }

  /** The value to tag an entry with; take it before the database reads the entry is made of. */
  stamp(): number {
    return this.#clock;
  }

  setListening(listening: boolean): void {
    this.#listening = listening;
    this.bumpAll();
  }

  bumpAll(): void {
    this.#epoch = ++this.#clock;
    this.#workspaceVersions.clear();
    this.#userVersions.clear();
    this.#tokens.clear();
    this.#workspaces.clear();
    this.#reads.clear();
    this.#readChars = 0;
    this.stats.bumps++;
    readCacheTotals.drop++;
  }

  bumpWorkspace(id: string): void {
    if (this.#workspaceVersions.size >= MAX_VERSIONS) {
      this.bumpAll();
      return;
    }
    this.#workspaceVersions.set(id, ++this.#clock);
    this.stats.bumps++;
    readCacheTotals.drop++;
  }

  bumpUser(id: string): void {
    if (this.#userVersions.size >= MAX_VERSIONS) {
      this.bumpAll();
      return;
    }
    this.#userVersions.set(id, ++this.#clock);
    this.stats.bumps++;
    readCacheTotals.drop++;
  }

  /** A payload of the `helixis_cache` channel. Anything unexpected drops everything. */
  onNotification(payload: string): void {
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 'w:' && id) this.bumpWorkspace(id);
    else if (kind === 'u:' && id) this.bumpUser(id);
    else this.bumpAll();
  }

  #fresh(at: number, userId: string, workspaceId: string | null): boolean {
    if (!this.#listening || at < this.#epoch) return false;
    if ((this.#userVersions.get(userId) ?? 0) > at) return false;
    return workspaceId === null || (this.#workspaceVersions.get(workspaceId) ?? 0) <= at;
  }

  session(token: string): AuthedUser | undefined {
    const entry = this.#tokens.get(token);
    if (!entry) return undefined;
    // Same rule as the token check: expired once `exp` is not after the current second.
    if (entry.exp <= Math.floor(Date.now() / 1000) || !this.#fresh(entry.at, entry.user.id, null)) {
      this.#tokens.delete(token);
      return undefined;
    }
    return entry.user;
  }

  rememberSession(token: string, user: AuthedUser, exp: number, at: number): void {
    if (this.#fresh(at, user.id, null)) remember(this.#tokens, token, { user, exp, at }, MAX_TOKENS);
  }

  workspace(userId: string): WorkspaceAccess | undefined {
    const entry = this.#workspaces.get(userId);
    if (!entry) return undefined;
    if (!this.#fresh(entry.at, userId, entry.access.id)) {
      this.#workspaces.delete(userId);
      return undefined;
    }
    return entry.access;
  }

  rememberWorkspace(userId: string, access: WorkspaceAccess, at: number): void {
    if (this.#fresh(at, userId, access.id)) remember(this.#workspaces, userId, { access, at }, MAX_WORKSPACES);
  }

  read(key: string): string | undefined {
    const entry = this.#reads.get(key);
    if (!entry) {
      this.stats.misses++;
      readCacheTotals.miss++;
      return undefined;
    }
    if (!this.#fresh(entry.at, entry.userId, entry.workspaceId)) {
      this.#dropRead(key);
      this.stats.misses++;
      readCacheTotals.miss++;
      return undefined;
    }
    this.stats.hits++;
    readCacheTotals.hit++;
    return entry.body;
  }

  rememberRead(key: string, entry: ReadEntry): void {
    if (entry.body.length > MAX_BODY_CHARS || !this.#fresh(entry.at, entry.userId, entry.workspaceId)) return;
    this.#dropRead(key);
    while (
      this.#reads.size > 0 &&
      (this.#reads.size >= MAX_READS || this.#readChars + entry.body.length > MAX_TOTAL_CHARS)
    ) {
      const oldest = this.#reads.keys().next();
      if (oldest.done) break;
      this.#dropRead(oldest.value);
    }
    this.#reads.set(key, entry);
    this.#readChars += entry.body.length;
  }

  #dropRead(key: string): void {
    const entry = this.#reads.get(key);
    if (!entry) return;
    this.#reads.delete(key);
    this.#readChars -= entry.body.length;
  }
}

/** The key of one cached answer: endpoint, workspace, user and the exact query string. */
export function readKey(endpoint: string, workspaceId: string, userId: string, request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return `${endpoint}\n${workspaceId}\n${userId}\n${q === -1 ? '' : request.url.slice(q + 1)}`;
}

/** `resolve`, answered from the cache while the user's and the workspace's rows are unchanged. */
export function cachedWorkspaceResolver(resolve: WorkspaceResolver): WorkspaceResolver {
  return async (ctx) => {
    const cache = readCacheOf(ctx.deps);
    if (!cache) return resolve(ctx);
    const known = cache.workspace(ctx.user.id);
    if (known) return known;
    const at = cache.stamp();
    const access = await resolve(ctx);
    cache.rememberWorkspace(ctx.user.id, access, at);
    return access;
  };
}

const caches = new WeakMap<Deps, ReadCache>();

/** The cache of this app's process, or undefined (ops-only app, or a context built without buildApp). */
export function readCacheOf(deps: Deps): ReadCache | undefined {
  return caches.get(deps);
}

/** Routes that never write: answering them keeps the cache. Every other request drops it when answered. */
const PURE_ROUTES = new Set(['/healthz', '/readyz', '/metrics', '/api/v1/openapi.json']);

/**
 * Creates the cache of `deps`, subscribes it to `helixis_cache` (on the same LISTEN connection as
 * realtime) and drops it after every request that may have written.
 */
export async function registerReadCache(app: FastifyInstance, deps: Deps, cachedPaths: ReadonlySet<string>) {
  const cache = new ReadCache();
  caches.set(deps, cache);
  const unlisten = await deps.database.listen(
    CACHE_CHANNEL,
    (payload) => cache.onNotification(payload),
    (up) => cache.setListening(up),
  );
  // Direct SQL of this process (scripts, tests standing in for a worker) through `deps.database.query`.
  const dropAll = () => cache.bumpAll();
  deps.database.afterWrite.add(dropAll);
  const dropAfterWrite = (request: FastifyRequest) => {
    const route = request.routeOptions.url;
    const pure =
      (request.method === 'GET' || request.method === 'HEAD') &&
      route !== undefined &&
      (PURE_ROUTES.has(route) || cachedPaths.has(route));
    if (!pure) cache.bumpAll();
  };
  // onSend: before the answer leaves (the client's next request must not see older data);
  // onResponse: also after answers that bypass onSend (streamed or hijacked replies).
  app.addHook('onSend', (request, _reply, payload, done) => {
    dropAfterWrite(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    dropAfterWrite(request);
    done();
  });
  app.addHook('onClose', async () => {
    caches.delete(deps);
    deps.database.afterWrite.delete(dropAll);
    cache.setListening(false);
    await unlisten();
  });
  return cache;
}

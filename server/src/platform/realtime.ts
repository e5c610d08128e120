import websocket from '@fastify/websocket';
import {
  REALTIME_CLOSE_CODES,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  RealtimeClientMessage,
  RealtimeEvent,
  type RealtimeMessage,
} from '@helixis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import type { Config } from '../config';
import type { Deps, RequestContext } from './context';
import { EVENTS_CHANNEL } from './events';
import { authenticate, type WorkspaceResolver } from './http';
import type { Logger } from './logger';
import { CACHE_CHANNEL } from './read-cache';

/** A client that reads slower than events arrive is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1_048_576;
/** Messages held for one client during a membership re-check before it is dropped instead. */
const MAX_HELD_MESSAGES = 1_000;

interface Client {
  socket: WebSocket;
  workspaceId: string;
  userId: string;
  sessionId: string;
  /**
   * Messages held while the client's session and membership are re-checked (after a change to its
   * user's sessions or memberships): they are sent if it still belongs, dropped with the socket if not.
   */
  held: RealtimeMessage[] | null;
  /** Re-checks in flight for this client; messages flow again when the last one confirms it. */
  checks: number;
  /** Access-token expiry, epoch seconds. */
  expiresAt: number;
  alive: boolean;
  /** Which events this socket wants (a feature's own socket path); every event when absent. */
  only?: (event: RealtimeEvent) => boolean;
}

/** Accepts a socket on another path with the same authentication, workspace scope and heartbeat. */
export type AcceptRealtimeSocket = (
  socket: WebSocket,
  request: FastifyRequest,
  options?: { only?: (event: RealtimeEvent) => boolean },
) => Promise<void>;

export interface RealtimeOptions {
  /** Ping and session re-check interval; REALTIME_HEARTBEAT_MS unless a test shortens it. */
  heartbeatMs?: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Browsers send Origin on every WebSocket handshake and nothing else stops a foreign page from
 * opening one with a token it got hold of. Allowed: the server's own origin, the public URL, the
 * configured extra origins. No Origin at all is a non-browser client, which no page can forge.
 */
export function originAllowed(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const given = originOf(origin);
  if (!given) return false;
  const allowed = [`${request.protocol}://${request.host}`, config.publicUrl, ...config.allowedOrigins];
  return allowed.some((candidate) => originOf(candidate) === given);
}

/**
 * Realtime events for the web app: one LISTEN on EVENTS_CHANNEL per process, each committed event
 * sent to the sockets of its workspace only. Sockets authenticate with `?access_token=`, are pinged
 * every heartbeat, and are closed with 4401 once their token expires or their session ends.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: Deps,
  resolveWorkspace: WorkspaceResolver,
  options: RealtimeOptions = {},
): Promise<{ acceptSocket: AcceptRealtimeSocket }> {
  const byWorkspace = new Map<string, Set<Client>>();
  const log: Logger = deps.log.child({ component: 'realtime' });

  const send = (client: Client, message: RealtimeMessage) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.held) {
      if (client.held.length >= MAX_HELD_MESSAGES) client.socket.terminate();
      else client.held.push(message);
      return;
    }
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return;
    }
    client.socket.send(JSON.stringify(message));
  };

  const fanOut = (payload: string) => {
    const parsed = RealtimeEvent.safeParse(parseJson(payload));
    if (!parsed.success) {
      log.warn({ payload: payload.slice(0, 200) }, 'realtime event ignored: not a known event');
      return;
    }
    const event = parsed.data;
    for (const client of byWorkspace.get(event.workspaceId) ?? []) {
      if (!client.only || client.only(event)) send(client, { kind: 'event', event });
    }
  };

  const remove = (client: Client) => {
    const set = byWorkspace.get(client.workspaceId);
    set?.delete(client);
    if (set?.size === 0) byWorkspace.delete(client.workspaceId);
  };

  const heartbeat = async () => {
    const clients = [...byWorkspace.values()].flatMap((set) => [...set]);
    if (clients.length === 0) return;
    const now = Date.now() / 1000;
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
      if (client.expiresAt <= now) client.socket.close(REALTIME_CLOSE_CODES.unauthorized, 'Token expired');
    }
    // Sessions and memberships are re-checked at once on every change (onAccessChange); the beat is the
    // safety net should a notification be lost (a dropped LISTEN connection).
    await recheck(clients.filter((c) => c.socket.readyState === c.socket.OPEN));
  };

  const allClients = () => [...byWorkspace.values()].flatMap((set) => [...set]);

  /**
   * Re-checks `clients` against the database now: a socket whose session ended closes with 4401, one
   * whose user left (or lost) its workspace closes with 4410. Until the answer, their messages are held,
   * so an event committed after the change never reaches someone the change shut out.
   */
  const recheck = async (clients: Client[]) => {
    if (clients.length === 0) return;
    for (const client of clients) {
      client.held ??= [];
      client.checks += 1;
    }
    let liveSessions = new Set<string>();
    let memberOf = new Set<string>();
    try {
      const sessionIds = [...new Set(clients.map((c) => c.sessionId))];
      const userIds = [...new Set(clients.map((c) => c.userId))];
      const sessions = await deps.database.query<{ id: string }>(
        'select id from auth_sessions where id = any($1::uuid[])',
        [sessionIds],
      );
      const memberships = await deps.database.query<{ user_id: string; workspace_id: string }>(
        'select user_id, workspace_id from memberships where user_id = any($1::uuid[])',
        [userIds],
      );
      liveSessions = new Set(sessions.map((r) => r.id));
      memberOf = new Set(memberships.map((r) => `${r.user_id}:${r.workspace_id}`));
    } catch (err) {
      // Cannot tell: close rather than keep sending (the client reconnects and is checked afresh).
      log.error({ err }, 'realtime: membership re-check failed');
    }
    for (const client of clients) {
      client.checks -= 1;
      if (!liveSessions.has(client.sessionId)) {
        client.held = null;
        client.socket.close(REALTIME_CLOSE_CODES.unauthorized, 'Session ended');
      } else if (!memberOf.has(`${client.userId}:${client.workspaceId}`)) {
        client.held = null;
        client.socket.close(REALTIME_CLOSE_CODES.membershipEnded, 'Membership ended');
      } else if (client.checks === 0 && client.held) {
        const held = client.held;
        client.held = null;
        for (const message of held) send(client, message);
      }
    }
  };

  /**
   * The read cache's invalidations (migration 0024: every change to a user's sessions or memberships,
   * workspace deletion included, notifies `u:<user id>`; `*` when too many to list) trigger a re-check
   * of that user's sockets, from any writer in any process.
   */
  const onAccessChange = (payload: string) => {
    const affected =
      payload === '*'
        ? allClients()
        : payload.startsWith('u:')
          ? allClients().filter((c) => c.userId === payload.slice(2))
          : [];
    recheck(affected).catch((err) => log.error({ err }, 'realtime: membership re-check failed'));
  };

  // 16 KiB: the largest client message is a voice frame (one 4096-sample PCM16 buffer, 8192 bytes, or its base64 event).
  await app.register(websocket, { options: { maxPayload: 16_384 } });
  // Access changes first: on the shared LISTEN connection notifications arrive in commit order, so a
  // membership removal is seen (and the member's messages held) before any event committed after it.
  const unlistenAccess = await deps.database.listen(CACHE_CHANNEL, onAccessChange);
  const unlisten = await deps.database.listen(EVENTS_CHANNEL, fanOut);
  const timer = setInterval(() => {
    heartbeat().catch((err) => log.error({ err }, 'realtime heartbeat failed'));
  }, options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await unlisten();
    await unlistenAccess();
  });

  const acceptSocket: AcceptRealtimeSocket = async (socket, request, acceptOptions = {}) => {
    if (!originAllowed(request, deps.config)) {
      socket.close(REALTIME_CLOSE_CODES.forbiddenOrigin, 'Origin not allowed');
      return;
    }
    const token = (request.query as { access_token?: unknown }).access_token;
    let ctx: RequestContext;
    try {
      const user = await authenticate(deps, typeof token === 'string' ? token : null);
      ctx = { requestId: request.id, log, deps, user, workspace: null };
    } catch {
      socket.close(REALTIME_CLOSE_CODES.unauthorized, 'Not authenticated');
      return;
    }
    let workspaceId: string;
    try {
      workspaceId = (await resolveWorkspace(ctx)).id;
    } catch (err) {
      log.error({ err, userId: ctx.user.id }, 'realtime: workspace not resolved');
      socket.close(1011, 'Workspace unavailable');
      return;
    }
    // The client may have gone while we were checking.
    if (socket.readyState !== socket.OPEN) return;

    const client: Client = {
      socket,
      workspaceId,
      userId: ctx.user.id,
      sessionId: ctx.user.sessionId,
      held: null,
      checks: 0,
      expiresAt: decodeJwt(token as string).exp ?? 0,
      alive: true,
      only: acceptOptions.only,
    };
    let set = byWorkspace.get(workspaceId);
    if (!set) {
      set = new Set();
      byWorkspace.set(workspaceId, set);
    }
    set.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data) => {
      const message = RealtimeClientMessage.safeParse(parseJson(data.toString()));
      if (message.success && message.data.type === 'ping') send(client, { kind: 'pong' });
    });
    socket.on('close', () => remove(client));
    send(client, { kind: 'ready', workspaceId });
  };

  app.get(
    REALTIME_PATH,
    // 'warn': the request line carries the access token, so the per-request info logs are skipped.
    { websocket: true, config: { access: 'user' }, logLevel: 'warn' },
    (socket, request) => acceptSocket(socket, request),
  );
  return { acceptSocket };
}

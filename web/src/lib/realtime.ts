import {
  REALTIME_CLOSE_CODES,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  type RealtimeClientMessage,
  type RealtimeEvent,
  type RealtimeMessage,
} from '@helixis/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAccessToken } from './auth-client';
import { queryKeys } from './query-keys';

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/** The one place that says which cached server state each realtime event makes stale. */
export function queryKeysForEvent(event: RealtimeEvent): QueryKey[] {
  switch (event.type) {
    case 'workspace.updated':
      return [queryKeys.me, queryKeys.assistants, queryKeys.team];
    case 'assistant.updated':
      return [queryKeys.assistants];
    case 'job.progress':
      return [queryKeys.jobs];
    case 'facts:upsert':
    case 'facts:update':
      return [queryKeys.facts, queryKeys.onboarding];
    case 'document.status':
    case 'document.deleted':
      return [queryKeys.documents, queryKeys.onboarding];
    case 'propertySystemConnected':
    case 'integrationStatusChanged':
      return [queryKeys.integrations, queryKeys.onboarding];
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** Every key the realtime map can touch: refreshed after a reconnect, since events may have been missed. */
const ALL_REALTIME_KEYS: QueryKey[] = [
  queryKeys.me,
  queryKeys.assistants,
  queryKeys.jobs,
  queryKeys.documents,
  queryKeys.facts,
  queryKeys.integrations,
  queryKeys.onboarding,
];

export function realtimeUrl(origin: string, accessToken: string): string {
  const url = new URL(REALTIME_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('access_token', accessToken);
  return url.toString();
}

/** Capped exponential backoff with jitter: attempt 0 waits 0.5-1 s, growing to at most 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface RealtimeOptions {
  getAccessToken: () => Promise<string | null>;
  onEvent: (event: RealtimeEvent) => void;
  /** Called when the server confirms a connection that replaced a lost one. */
  onReconnected?: () => void;
  origin?: string;
}

export interface RealtimeConnection {
  close: () => void;
}

type MessageSchema = { safeParse(data: unknown): { success: true; data: RealtimeMessage } | { success: false } };

/**
 * The message schema is loaded with the first connection (only signed-in users connect), so the
 * first screen of a visitor does not carry the contract's schemas and zod.
 */
let messageSchema: Promise<MessageSchema> | undefined;
export function loadMessageSchema(): Promise<MessageSchema> {
  messageSchema ??= import('./realtime-schema').then((module) => module.RealtimeMessage);
  return messageSchema;
}

/** Opens the workspace event socket and keeps it open (reconnecting with backoff) until close(). */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const origin = options.origin ?? globalThis.location.origin;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everConnected = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let awaitingPong = false;

  const scheduleReconnect = () => {
    if (stopped) return;
    retryTimer = setTimeout(open, reconnectDelay(attempt));
    attempt += 1;
  };

  let schema: MessageSchema | null = null;

  const handleMessage = (raw: unknown) => {
    if (typeof raw !== 'string' || !schema) return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.kind === 'ready') {
      attempt = 0;
      if (everConnected) options.onReconnected?.();
      everConnected = true;
      startHeartbeat();
    } else if (message.kind === 'event') {
      options.onEvent(message.event);
    } else {
      awaitingPong = false;
    }
  };

  // The server only answers pings after `ready`. A ping still unanswered one beat later means the
  // connection is dead even though the browser has not noticed: close it and reconnect.
  const startHeartbeat = () => {
    clearInterval(heartbeat);
    awaitingPong = false;
    heartbeat = setInterval(() => {
      const ws = socket;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      if (awaitingPong) {
        ws.close(4000, 'Heartbeat timeout');
        return;
      }
      awaitingPong = true;
      ws.send(JSON.stringify({ type: 'ping' } satisfies RealtimeClientMessage));
    }, REALTIME_HEARTBEAT_MS);
  };

  async function open(): Promise<void> {
    if (stopped) return;
    const token = await options.getAccessToken().catch(() => null);
    schema ??= await loadMessageSchema();
    if (stopped) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    const ws = new WebSocket(realtimeUrl(origin, token));
    socket = ws;
    ws.onmessage = (message) => {
      if (socket === ws) handleMessage(message.data);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      clearInterval(heartbeat);
      socket = null;
      // A refused origin will be refused again; anything else (including an expired token, which the
      // auth client refreshes before the next attempt) is retried with backoff.
      if (event.code === REALTIME_CLOSE_CODES.forbiddenOrigin) return;
      scheduleReconnect();
    };
  }

  void open();

  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      socket?.close(1000);
      socket = null;
    },
  };
}

/** While a user is signed in, keeps the socket open and turns its events into query invalidations. */
export function useRealtimeInvalidation(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const invalidate = (keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const connection = connectRealtime({
      getAccessToken,
      onEvent: (event) => invalidate(queryKeysForEvent(event)),
      onReconnected: () => invalidate(ALL_REALTIME_KEYS),
    });
    return () => connection.close();
  }, [userId, queryClient]);
}

import {
  REALTIME_CHAT_PATH,
  REALTIME_CLOSE_CODES,
  VOICE_CLOSE_CODES,
  VOICE_FRAME_BYTES,
  VOICE_SERVER_EVENT_TYPES,
  VoiceClientEvent,
  voiceMessages,
} from '@helixis/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import type { Config } from '../../config';
import type { Deps } from '../../platform/context';
import { authenticate, type EndpointHandler, type WorkspaceResolver } from '../../platform/http';
import { originAllowed } from '../../platform/realtime';
import { withTenant } from '../../platform/tenant';
import { findLiveAssistant } from '../assistants';

/** Binary frames the browser may send: PCM16 audio, at most one 4096-sample buffer (8192 bytes) each. */
const MAX_CLIENT_FRAME_BYTES = VOICE_FRAME_BYTES;
/** Client messages held while the upstream connects; more means a stuck upstream. */
const MAX_QUEUED = 64;
const SERVER_TYPES = new Set<string>(VOICE_SERVER_EVENT_TYPES);

/** ws(s)://host/v1/realtime?model=… from the configured http(s) base URL. */
export function realtimeUrl(baseUrl: string, model: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/realtime`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('model', model);
  return url.toString();
}

/** The realtime endpoint, when voice is configured (HELIXIS_REALTIME_MODEL plus a base URL). */
function realtimeEndpoint(config: Config): { baseUrl: string; model: string; apiKey?: string } | null {
  const { baseUrl, model, apiKey } = config.realtime;
  return baseUrl && model ? { baseUrl, model, apiKey } : null;
}

/** GET /api/v1/voice: lets the voice button say what to configure before anyone presses it. */
export const voiceConfig: EndpointHandler<'voiceConfig'> = async ({ ctx }) => {
  const endpoint = realtimeEndpoint(ctx.deps.config);
  return endpoint
    ? { available: true, model: endpoint.model, message: null }
    : { available: false, model: null, message: voiceMessages.notConfigured };
};

function text(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

/**
 * realtime-chat: relays a browser's voice session to the configured OpenAI-compatible
 * realtime endpoint. The browser authenticates with `?access_token=`, sends PCM16 24 kHz mono audio as
 * binary frames (or the allowed JSON events) and receives the upstream's audio and transcript events.
 * The assistant's system prompt becomes the session's instructions; the API key never leaves the server.
 */
export function registerVoiceRoutes(app: FastifyInstance, deps: Deps, resolveWorkspace: WorkspaceResolver): void {
  app.get(REALTIME_CHAT_PATH, { websocket: true, config: { access: 'workspace' } }, async (socket, request) => {
    const log = deps.log.child({ component: 'realtime-chat', requestId: request.id });
    const pending: string[] = [];
    let upstream: WebSocket | null = null;
    let closed = false;
    const closeBoth = (code: number, reason: string) => {
      if (closed) return;
      closed = true;
      if (socket.readyState === socket.OPEN) socket.close(code, reason);
      if (upstream && upstream.readyState <= WebSocket.OPEN) upstream.close();
    };
    // Register at once so nothing the browser sends while we authenticate is lost.
    socket.on('message', (data, isBinary) => {
      let event: string | null = null;
      if (isBinary) {
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        if (bytes.length === 0 || bytes.length > MAX_CLIENT_FRAME_BYTES || bytes.length % 2 !== 0) return;
        event = JSON.stringify({ type: 'input_audio_buffer.append', audio: bytes.toString('base64') });
      } else {
        let raw: unknown;
        try {
          raw = JSON.parse(text(data));
        } catch {
          return;
        }
        const parsed = VoiceClientEvent.safeParse(raw);
        if (!parsed.success) return;
        event = JSON.stringify(parsed.data);
      }
      if (upstream?.readyState === WebSocket.OPEN) upstream.send(event);
      else if (pending.length < MAX_QUEUED) pending.push(event);
      else closeBoth(VOICE_CLOSE_CODES.upstreamFailed, 'Upstream not ready');
    });
    socket.on('close', () => closeBoth(1000, 'Client closed'));

    if (!originAllowed(request, deps.config)) {
      closeBoth(REALTIME_CLOSE_CODES.forbiddenOrigin, 'Origin not allowed');
      return;
    }
    const token = new URL(request.url, 'http://local').searchParams.get('access_token');
    let workspaceId: string;
    let userId: string;
    try {
      const user = await authenticate(deps, token);
      const workspace = await resolveWorkspace({ requestId: request.id, log, deps, user, workspace: null });
      workspaceId = workspace.id;
      userId = user.id;
    } catch {
      closeBoth(REALTIME_CLOSE_CODES.unauthorized, 'Unauthorized');
      return;
    }
    const endpoint = realtimeEndpoint(deps.config);
    if (!endpoint) {
      socket.send(
        JSON.stringify({ type: 'error', error: { code: 'llm_not_configured', message: voiceMessages.notConfigured } }),
      );
      closeBoth(VOICE_CLOSE_CODES.notConfigured, 'Not configured');
      return;
    }
    const live = await withTenant(deps.database, { workspaceId, userId }, (tx) => findLiveAssistant(tx, workspaceId));
    if (closed) return;
    const headers: Record<string, string> = { 'OpenAI-Beta': 'realtime=v1' };
    if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`;
    upstream = new WebSocket(realtimeUrl(endpoint.baseUrl, endpoint.model), { headers, handshakeTimeout: 10_000 });
    upstream.on('open', () => {
      upstream?.send(
        JSON.stringify({
          type: 'session.update',
          session: {
            instructions: live?.systemPrompt ?? '',
            input_audio_format: 'pcm16',
            output_audio_format: 'pcm16',
            input_audio_transcription: { model: 'whisper-1' },
          },
        }),
      );
      for (const event of pending.splice(0)) upstream?.send(event);
    });
    upstream.on('message', (data) => {
      const body = text(data);
      let type: unknown;
      try {
        type = (JSON.parse(body) as { type?: unknown }).type;
      } catch {
        return;
      }
      if (typeof type === 'string' && SERVER_TYPES.has(type) && socket.readyState === socket.OPEN) socket.send(body);
    });
    upstream.on('error', (err) => {
      log.warn({ err }, 'realtime upstream failed');
      if (socket.readyState === socket.OPEN) {
        socket.send(
          JSON.stringify({
            type: 'error',
            error: { code: 'upstream_unavailable', message: voiceMessages.connectionError },
          }),
        );
      }
      closeBoth(VOICE_CLOSE_CODES.upstreamFailed, 'Upstream failed');
    });
    upstream.on('close', () => closeBoth(1000, 'Upstream closed'));
  });
}

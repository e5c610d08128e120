import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A local stand-in for an OpenAI-compatible realtime endpoint (beta event names): GET /v1/realtime
 * upgrades to a WebSocket, greets with `session.created`, reports speech on the first audio, a
 * transcription on commit, and answers `response.create` with two audio deltas and done events.
 */
export interface FakeRealtime {
  /** Base URL to configure as HELIXIS_LLM_BASE_URL (http, ending in /v1). */
  url: string;
  connections: { url: string; headers: IncomingHttpHeaders }[];
  /** Every client event received, parsed. */
  events: { type: string; [k: string]: unknown }[];
  close(): Promise<void>;
}

export async function startFakeRealtime(): Promise<FakeRealtime> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  const fake: Omit<FakeRealtime, 'url' | 'close'> = { connections: [], events: [] };
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/v1/realtime')) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      fake.connections.push({ url: req.url ?? '', headers: req.headers });
      let audioBytes = 0;
      let speaking = false;
      const send = (event: Record<string, unknown>) => ws.send(JSON.stringify(event));
      send({ type: 'session.created', session: { id: `sess_${fake.connections.length}`, model: 'fake-realtime' } });
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; audio?: string };
        fake.events.push(event);
        if (event.type === 'input_audio_buffer.append') {
          audioBytes += Buffer.from(event.audio ?? '', 'base64').length;
          if (!speaking) {
            speaking = true;
            send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0 });
          }
        } else if (event.type === 'input_audio_buffer.commit') {
          send({
            type: 'conversation.item.input_audio_transcription.completed',
            transcript: `heard ${audioBytes} bytes of audio`,
          });
          speaking = false;
        } else if (event.type === 'response.create') {
          const pcm = Buffer.alloc(960, 1); // 20 ms of 24 kHz mono PCM16
          send({ type: 'response.audio.delta', delta: pcm.toString('base64') });
          send({ type: 'response.audio.delta', delta: pcm.toString('base64') });
          send({ type: 'response.audio.done' });
          send({ type: 'response.done', response: { status: 'completed' } });
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A local stand-in for an OpenAI-compatible realtime endpoint (beta event names): GET /v1/realtime
 * upgrades to a WebSocket, greets with `session.created`, reports speech on the first loud audio, a
 * transcription on commit, and answers `response.create` with two audio deltas and done events. Like the
 * real server's default VAD, half a second of silence after speech commits, transcribes and answers.
 */
export interface FakeRealtime {
  /** Base URL to configure as HELIXIS_LLM_BASE_URL (http, ending in /v1). */
  url: string;
  connections: { url: string; headers: IncomingHttpHeaders }[];
  /** Every client event received, parsed. */
  events: { type: string; [k: string]: unknown }[];
  close(): Promise<void>;
}

/** Loudness (root mean square of PCM16 samples) above which a frame counts as speech. */
const SPEECH_RMS = 500;
/** 500 ms of 24 kHz audio below that loudness ends a turn. */
const SILENCE_SAMPLES = 12_000;

function rms(pcm: Buffer): number {
  const n = Math.floor(pcm.length / 2);
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += pcm.readInt16LE(i * 2) ** 2;
  return Math.sqrt(sum / n);
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
      let silentSamples = 0;
      // Server VAD is the protocol's default; a session.update with turn_detection null turns it off.
      let serverVad = true;
      const send = (event: Record<string, unknown>) => ws.send(JSON.stringify(event));
      const transcribe = () => {
        send({
          type: 'conversation.item.input_audio_transcription.completed',
          transcript: `heard ${audioBytes} bytes of audio`,
        });
        audioBytes = 0;
        speaking = false;
        silentSamples = 0;
      };
      const respond = () => {
        const pcm = Buffer.alloc(960, 1); // 20 ms of 24 kHz mono PCM16
        send({ type: 'response.audio.delta', delta: pcm.toString('base64') });
        send({ type: 'response.audio.delta', delta: pcm.toString('base64') });
        send({ type: 'response.audio.done' });
        send({ type: 'response.done', response: { status: 'completed' } });
      };
      send({ type: 'session.created', session: { id: `sess_${fake.connections.length}`, model: 'fake-realtime' } });
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as {
          type: string;
          audio?: string;
          session?: { turn_detection?: unknown };
        };
        fake.events.push(event);
        if (event.type === 'session.update' && event.session?.turn_detection === null) serverVad = false;
        if (event.type === 'input_audio_buffer.append') {
          const pcm = Buffer.from(event.audio ?? '', 'base64');
          const loud = rms(pcm) >= SPEECH_RMS;
          if (loud || speaking) audioBytes += pcm.length;
          if (loud && !speaking) {
            speaking = true;
            send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0 });
          }
          silentSamples = loud ? 0 : silentSamples + pcm.length / 2;
          // Server VAD: after half a second of silence the turn ends, is transcribed and answered.
          if (serverVad && speaking && silentSamples >= SILENCE_SAMPLES) {
            send({ type: 'input_audio_buffer.speech_stopped' });
            send({ type: 'input_audio_buffer.committed' });
            transcribe();
            respond();
          }
        } else if (event.type === 'input_audio_buffer.commit') {
          transcribe();
        } else if (event.type === 'response.create') {
          respond();
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

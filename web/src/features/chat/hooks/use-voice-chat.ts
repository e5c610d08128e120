import {
  REALTIME_CHAT_PATH,
  VOICE_BUFFER_SIZE,
  VOICE_CLOSE_CODES,
  VOICE_SAMPLE_RATE,
  VOICE_TRANSCRIPT_MS,
  type VoiceState,
  voiceMessages,
} from '@helixis/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getAccessToken } from '../../../lib/auth-client';

function toPcm16(input: Float32Array): Int16Array {
  const out = new Int16Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i] ?? 0));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

function fromBase64Pcm16(b64: string): Float32Array {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const out = new Float32Array(bytes.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 0x8000;
  return out;
}

/**
 * Voice chat over the realtime-chat relay: microphone as PCM16 24 kHz mono in 4096-sample
 * buffers, the assistant's audio played as it arrives, the transcript shown for 10 seconds.
 */
export function useVoiceChat() {
  const [state, setState] = useState<VoiceState | 'idle'>('idle');
  const [transcript, setTranscript] = useState('');
  /** Audio chunks of the assistant's answer scheduled for playback in this session. */
  const [played, setPlayed] = useState(0);
  const socket = useRef<WebSocket | null>(null);
  const audio = useRef<{ context: AudioContext; stream: MediaStream; nextPlay: number } | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    socket.current?.close();
    socket.current = null;
    if (audio.current) {
      for (const track of audio.current.stream.getTracks()) track.stop();
      void audio.current.context.close();
      audio.current = null;
    }
    setState((s) => (s === 'idle' ? s : 'ended'));
  }, []);

  useEffect(() => () => stop(), [stop]);

  const play = useCallback((b64: string) => {
    const a = audio.current;
    if (!a) return;
    const samples = fromBase64Pcm16(b64);
    const buffer = a.context.createBuffer(1, samples.length, VOICE_SAMPLE_RATE);
    buffer.copyToChannel(Float32Array.from(samples), 0);
    const source = a.context.createBufferSource();
    source.buffer = buffer;
    source.connect(a.context.destination);
    a.nextPlay = Math.max(a.nextPlay, a.context.currentTime);
    source.start(a.nextPlay);
    a.nextPlay += buffer.duration;
    setPlayed((n) => n + 1);
  }, []);

  const start = useCallback(async () => {
    setState('connecting');
    setTranscript('');
    setPlayed(0);
    const token = await getAccessToken();
    const base = globalThis.location.origin.replace(/^http/, 'ws');
    const ws = new WebSocket(`${base}${REALTIME_CHAT_PATH}?access_token=${encodeURIComponent(token ?? '')}`);
    ws.binaryType = 'arraybuffer';
    socket.current = ws;
    ws.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as {
        type: string;
        delta?: string;
        transcript?: string;
        error?: { code?: string; message?: string };
      };
      if (event.type === 'session.created') setState('connected');
      else if (event.type === 'response.audio.delta' && event.delta) play(event.delta);
      else if (event.type === 'conversation.item.input_audio_transcription.completed') {
        setTranscript(event.transcript ?? '');
        clearTimeout(clearTimer.current);
        clearTimer.current = setTimeout(() => setTranscript(''), VOICE_TRANSCRIPT_MS);
      } else if (event.type === 'error') {
        if (event.error?.code === 'llm_not_configured') toast.info(voiceMessages.notConfigured);
        else toast.error(voiceMessages.connectionError, { description: event.error?.message });
      }
    };
    ws.onclose = (e) => {
      if (e.code !== 1000 && e.code !== VOICE_CLOSE_CODES.notConfigured && e.code !== 1005) {
        toast.error(voiceMessages.connectionError);
      }
      stop();
    };
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, sampleRate: VOICE_SAMPLE_RATE, echoCancellation: true },
      });
      const context = new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
      audio.current = { context, stream, nextPlay: 0 };
      const processor = context.createScriptProcessor(VOICE_BUFFER_SIZE, 1, 1);
      processor.onaudioprocess = (e) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        // One binary frame per 4096-sample buffer; the relay wraps it as input_audio_buffer.append.
        ws.send(toPcm16(e.inputBuffer.getChannelData(0)).buffer);
      };
      context.createMediaStreamSource(stream).connect(processor);
      processor.connect(context.destination);
    } catch (err) {
      toast.error(voiceMessages.connectionError, { description: err instanceof Error ? err.message : undefined });
      stop();
    }
  }, [stop, play]);

  return { state, transcript, played, start, stop };
}

// @vitest-environment jsdom
import { REALTIME_CLOSE_CODES, REALTIME_HEARTBEAT_MS, type RealtimeEvent } from '@helixis/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys';
import { connectRealtime, loadMessageSchema, queryKeysForEvent, realtimeUrl, reconnectDelay } from './realtime';

const workspaceId = '0b7c1a52-8d7e-4c8e-9a43-5f0e2d7c9b11';
const assistantId = '6f1e9c0a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('queryKeysForEvent', () => {
  it.each<[RealtimeEvent, readonly (readonly string[])[]]>([
    [{ type: 'workspace.updated', workspaceId }, [queryKeys.me, queryKeys.assistants, queryKeys.team]],
    [{ type: 'assistant.updated', workspaceId, assistantId }, [queryKeys.assistants]],
    [
      { type: 'job.progress', workspaceId, jobId: 'j1', name: 'ingest', state: 'active', progress: 40 },
      [queryKeys.jobs],
    ],
  ])('%o', (event, keys) => {
    expect(queryKeysForEvent(event)).toEqual(keys);
  });
});

describe('realtimeUrl and reconnectDelay', () => {
  it('uses ws on http and wss on https, with the token as a query parameter', () => {
    expect(realtimeUrl('http://localhost:3000', 'a.b.c')).toBe(
      'ws://localhost:3000/api/v1/realtime?access_token=a.b.c',
    );
    expect(realtimeUrl('https://app.helixis.io', 't')).toBe('wss://app.helixis.io/api/v1/realtime?access_token=t');
  });

  it('backs off exponentially with jitter and caps at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
  });
});

class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.receive({ kind: 'ready', workspaceId });
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

describe('connectRealtime', () => {
  // The message schema loads on first use (off the first screen); load it before the fake clock starts.
  beforeAll(async () => {
    await loadMessageSchema();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.instances = [];
  });

  it('delivers valid events, ignores malformed ones and reconnects after a drop', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const onEvent = vi.fn();
    const onReconnected = vi.fn();
    const connection = connectRealtime({
      getAccessToken: async () => 'token-1',
      onEvent,
      onReconnected,
      origin: 'http://localhost:3000',
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.instances[0]!;
    expect(first.url).toBe('ws://localhost:3000/api/v1/realtime?access_token=token-1');

    first.accept();
    first.receive({ kind: 'event', event: { type: 'assistant.updated', workspaceId, assistantId } });
    first.receive({ kind: 'event', event: { type: 'unknown.thing' } });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'assistant.updated', workspaceId, assistantId });

    first.close();
    await vi.advanceTimersByTimeAsync(1_000);
    const second = FakeSocket.instances[1]!;
    expect(second).toBeDefined();
    second.accept();
    expect(onReconnected).toHaveBeenCalledTimes(1);

    connection.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('pings after ready, reconnects when a ping goes unanswered, and gives up on a refused origin', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const connection = connectRealtime({
      getAccessToken: async () => 'token-1',
      onEvent: vi.fn(),
      origin: 'http://localhost:3000',
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.instances[0]!;
    first.accept();

    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(first.sent).toEqual([JSON.stringify({ type: 'ping' })]);
    first.receive({ kind: 'pong' });
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(first.sent).toHaveLength(2);
    expect(first.readyState).toBe(FakeSocket.OPEN);

    // No pong this time: the next beat closes the socket and a new one is opened.
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(first.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    const second = FakeSocket.instances[1]!;
    expect(second).toBeDefined();

    second.close(REALTIME_CLOSE_CODES.forbiddenOrigin);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
    connection.close();
  });
});

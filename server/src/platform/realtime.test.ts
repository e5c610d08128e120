import { REALTIME_CLOSE_CODES, REALTIME_PATH, type RealtimeMessage } from '@helixis/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resolveWorkspace } from '../features/workspaces/workspaces.service';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';
import { publishEvent } from './events';
import { registerRealtime } from './realtime';
import { withTenant } from './tenant';

const PUBLIC_URL = 'https://app.helixis.example';
const PARTNER_ORIGIN = 'https://partner.example';

interface Socket {
  ws: WebSocket;
  messages: RealtimeMessage[];
  pings: number;
  closed: Promise<{ code: number; reason: string }>;
}

function open(baseUrl: string, token: string | undefined, origin?: string): Socket {
  const query = token === undefined ? '' : `?access_token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}${query}`, origin ? { origin } : {});
  const socket: Socket = {
    ws,
    messages: [],
    pings: 0,
    closed: new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))),
  };
  ws.on('message', (data) => socket.messages.push(JSON.parse(data.toString())));
  ws.on('ping', () => {
    socket.pings += 1;
  });
  return socket;
}

async function waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ready = (s: Socket) => waitFor(() => s.messages.find((m) => m.kind === 'ready'));
const eventsOf = (s: Socket) => s.messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
const closeCode = async (s: Socket) =>
  (await Promise.race([s.closed, new Promise<{ code: number }>((r) => setTimeout(() => r({ code: -1 }), 5_000))])).code;

let t: TestApp;
let a: TestUser;
let b: TestUser;
let workspaceA: string;
let workspaceB: string;
const sockets: Socket[] = [];
const track = (s: Socket) => {
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  t = await startTestApp({ HELIXIS_PUBLIC_URL: PUBLIC_URL, HELIXIS_ALLOWED_ORIGINS: PARTNER_ORIGIN });
  a = await createUserWithSession(t);
  b = await createUserWithSession(t);
  workspaceA = (await api<any>(t, 'GET', '/api/v1/me', { token: a.token })).body.workspace.id;
  workspaceB = (await api<any>(t, 'GET', '/api/v1/me', { token: b.token })).body.workspace.id;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

/** Deleting the default assistant and calling bootstrap-account publishes workspace.updated in that workspace. */
async function touchWorkspace(user: TestUser, workspaceId: string) {
  await t.database.query('delete from assistants where workspace_id = $1', [workspaceId]);
  const res = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: user.token, body: {} });
  expect(res.body.repaired).toEqual(['assistant']);
}

describe('realtime socket', () => {
  it("delivers a workspace's events to every socket of that workspace and to no other", async () => {
    const a1 = track(open(t.url, a.token));
    const a2 = track(open(t.url, a.token));
    const b1 = track(open(t.url, b.token));
    expect(await ready(a1)).toEqual({ kind: 'ready', workspaceId: workspaceA });
    await ready(a2);
    expect(await ready(b1)).toEqual({ kind: 'ready', workspaceId: workspaceB });

    await touchWorkspace(a, workspaceA);
    const expected = { type: 'workspace.updated', workspaceId: workspaceA };
    await waitFor(() => eventsOf(a1).length > 0 && eventsOf(a2).length > 0);
    expect(eventsOf(a1)).toEqual([expected]);
    expect(eventsOf(a2)).toEqual([expected]);

    // Events reach sockets in commit order: once B hears its own, A's earlier one has passed it by.
    await touchWorkspace(b, workspaceB);
    await waitFor(() => eventsOf(b1).length > 0);
    expect(eventsOf(b1)).toEqual([{ type: 'workspace.updated', workspaceId: workspaceB }]);
    expect(eventsOf(a1)).toEqual([expected]);
  });

  it("never delivers a rolled-back transaction's event", async () => {
    const s = track(open(t.url, a.token));
    await ready(s);
    const scope = { workspaceId: workspaceA, userId: a.id };
    const lost = '00000000-0000-4000-8000-00000000dead';
    const kept = '00000000-0000-4000-8000-00000000beef';
    await expect(
      withTenant(t.database, scope, async (tx) => {
        await publishEvent(tx, { type: 'assistant.updated', workspaceId: workspaceA, assistantId: lost });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await withTenant(t.database, scope, (tx) =>
      publishEvent(tx, { type: 'assistant.updated', workspaceId: workspaceA, assistantId: kept }),
    );
    await waitFor(() => eventsOf(s).length > 0);
    expect(eventsOf(s)).toEqual([{ type: 'assistant.updated', workspaceId: workspaceA, assistantId: kept }]);
  });

  it('answers a ping with a pong and ignores what it does not understand', async () => {
    const s = track(open(t.url, a.token));
    await ready(s);
    s.ws.send('not json');
    s.ws.send(JSON.stringify({ type: 'subscribe', workspaceId: workspaceB }));
    s.ws.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => s.messages.some((m) => m.kind === 'pong'));
    expect(s.messages.map((m) => m.kind)).toEqual(['ready', 'pong']);
  });

  it('closes with 4401 without a valid token or with an ended session', async () => {
    expect(await closeCode(track(open(t.url, undefined)))).toBe(REALTIME_CLOSE_CODES.unauthorized);
    expect(await closeCode(track(open(t.url, `${a.token.slice(0, -4)}AAAA`)))).toBe(4401);
    const c = await createUserWithSession(t);
    await t.database.query('delete from auth_sessions where id = $1', [c.sessionId]);
    const revoked = track(open(t.url, c.token));
    expect(await closeCode(revoked)).toBe(4401);
    expect(revoked.messages).toEqual([]);
  });

  it('closes with 4403 for a foreign Origin and accepts its own, the public and the configured ones', async () => {
    const foreign = track(open(t.url, a.token, 'https://evil.example'));
    expect(await closeCode(foreign)).toBe(REALTIME_CLOSE_CODES.forbiddenOrigin);
    expect(foreign.messages).toEqual([]);
    expect(await closeCode(track(open(t.url, a.token, 'null')))).toBe(4403);
    for (const origin of [t.url, PUBLIC_URL, PARTNER_ORIGIN]) {
      expect(await ready(track(open(t.url, a.token, origin)))).toEqual({ kind: 'ready', workspaceId: workspaceA });
    }
  });
});

describe('realtime heartbeat', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    // A second server on the same database with a short beat, so the test need not wait 25 s.
    app = Fastify();
    await registerRealtime(app, t.deps, resolveWorkspace, { heartbeatMs: 150 });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('pings every beat and closes with 4401 once the session ends', async () => {
    const c = await createUserWithSession(t);
    const s = track(open(url, c.token));
    await ready(s);
    await waitFor(() => s.pings >= 2);
    await t.database.query('delete from auth_sessions where id = $1', [c.sessionId]);
    expect(await closeCode(s)).toBe(4401);
  });
});

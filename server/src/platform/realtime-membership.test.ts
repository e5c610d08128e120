import { REALTIME_CLOSE_CODES, REALTIME_PATH, type RealtimeMessage } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';
import { publishEvent } from './events';
import { withTenant } from './tenant';

interface Socket {
  ws: WebSocket;
  messages: RealtimeMessage[];
  closed: Promise<{ code: number; at: number }>;
}

function open(t: TestApp, token: string): Socket {
  const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}${REALTIME_PATH}?access_token=${encodeURIComponent(token)}`);
  const socket: Socket = {
    ws,
    messages: [],
    closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code, at: Date.now() }))),
  };
  ws.on('message', (data) => socket.messages.push(JSON.parse(data.toString())));
  return socket;
}

async function waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ready = (s: Socket) => waitFor(() => s.messages.find((m) => m.kind === 'ready'));
const eventsOf = (s: Socket) => s.messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
/** The close code and how long after `since` it came; -1 when the socket stays open for 3 s. */
async function closedWithin(s: Socket, since: number): Promise<{ code: number; ms: number }> {
  const result = await Promise.race([
    s.closed,
    new Promise<{ code: number; at: number }>((r) => setTimeout(() => r({ code: -1, at: Date.now() }), 3_000)),
  ]);
  return { code: result.code, ms: result.at - since };
}

let t: TestApp;
const sockets: Socket[] = [];
const track = (s: Socket) => {
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  // The heartbeat (25 s) is not what closes these sockets: the change itself is.
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

async function workspaceOf(user: TestUser): Promise<string> {
  return (await api<any>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;
}

/** Owner invites `member` with `role`, who accepts (the inviting workspace becomes theirs). */
async function join(owner: TestUser, member: TestUser, role: 'ADMIN' | 'MEMBER') {
  expect(
    (await api(t, 'POST', '/api/v1/team/invitations', { token: owner.token, body: { email: member.email, role } }))
      .status,
  ).toBe(200);
  const text: string = (await api<any>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(member.email)}`)).body
    .mails[0].text;
  const token = /\/invite#([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect((await api(t, 'POST', '/api/v1/invitations/accept', { token: member.token, body: { token } })).status).toBe(
    200,
  );
}

/** An event of `workspaceId`, as any feature publishes one. */
async function publish(workspaceId: string, userId: string, assistantId: string) {
  await withTenant(t.database, { workspaceId, userId }, (tx) =>
    publishEvent(tx, { type: 'assistant.updated', workspaceId, assistantId }),
  );
}

describe('realtime sockets follow membership', () => {
  it("closes a removed member's socket within a second, and sends nothing after the removal", async () => {
    const owner = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    const workspace = await workspaceOf(owner);
    await join(owner, member, 'MEMBER');
    const s = track(open(t, member.token));
    expect(await ready(s)).toEqual({ kind: 'ready', workspaceId: workspace });
    await publish(workspace, owner.id, '00000000-0000-4000-8000-000000000001');
    await waitFor(() => eventsOf(s).length === 1);

    const started = Date.now();
    expect((await api(t, 'DELETE', `/api/v1/team/members/${member.id}`, { token: owner.token })).status).toBe(200);
    // An event committed right after the removal must not reach the removed member.
    await publish(workspace, owner.id, '00000000-0000-4000-8000-000000000002');
    const closed = await closedWithin(s, started);
    expect(closed.code).toBe(REALTIME_CLOSE_CODES.membershipEnded);
    expect(closed.ms).toBeLessThan(1_000);
    expect(eventsOf(s).map((e) => (e as { assistantId?: string }).assistantId)).toEqual([
      '00000000-0000-4000-8000-000000000001',
    ]);
  });

  it('keeps a socket open through a role change', async () => {
    const owner = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    const workspace = await workspaceOf(owner);
    await join(owner, member, 'MEMBER');
    const s = track(open(t, member.token));
    await ready(s);
    const res = await api(t, 'PATCH', `/api/v1/team/members/${member.id}`, {
      token: owner.token,
      body: { role: 'ADMIN' },
    });
    expect(res.status).toBe(200);
    await publish(workspace, owner.id, '00000000-0000-4000-8000-000000000003');
    await waitFor(() => eventsOf(s).some((e) => (e as { assistantId?: string }).assistantId?.endsWith('3')));
    expect((await closedWithin(s, Date.now())).code).toBe(-1);
  });

  it('closes the sockets of a signed-out session within a second', async () => {
    const user = await createUserWithSession(t);
    const s = track(open(t, user.token));
    await ready(s);
    const started = Date.now();
    expect((await api(t, 'POST', '/auth/v1/logout?scope=local', { token: user.token })).status).toBe(204);
    const closed = await closedWithin(s, started);
    expect(closed.code).toBe(REALTIME_CLOSE_CODES.unauthorized);
    expect(closed.ms).toBeLessThan(1_000);
  });

  it("closes members' sockets within a second when their workspace is deleted", async () => {
    const owner = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    await join(owner, member, 'ADMIN');
    const s = track(open(t, member.token));
    await ready(s);
    const res = await api(t, 'POST', '/api/v1/account/delete', {
      token: owner.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    // Within a second of the deletion being done (its answer): deleting an account's rows may itself take
    // seconds on a loaded machine (4.2 s once in CI), which says nothing about how fast sockets close.
    const closed = await closedWithin(s, Date.now());
    expect(closed.code).toBe(REALTIME_CLOSE_CODES.membershipEnded);
    expect(closed.ms).toBeLessThan(1_000);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession } from '../../test/factories';
import { networkAddress } from '../../test/network';

type Body = Record<string, any>;
const PASSWORD = 'correct horse battery';
const newEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

// E-mail confirmation on: the outbox is then the only way to a confirmation or invitation link.
let t: TestApp;
let remote: { url: string };
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true' }, { host: '0.0.0.0' });
  remote = { url: t.url.replace('127.0.0.1', networkAddress()) };
});
afterAll(async () => {
  await t?.close();
});

async function outboxFor(to: string) {
  return api<Body>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(to)}`);
}

async function inviteFromNewWorkspace(email: string) {
  const owner = await createUserWithSession(t);
  const sent = await api<Body>(t, 'POST', '/api/v1/team/invitations', {
    token: owner.token,
    body: { email, role: 'ADMIN' },
  });
  expect(sent.status).toBe(200);
  const text: string = (await outboxFor(email)).body.mails[0]?.text ?? '';
  const token = /\/invite#([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in: ${text}`);
  return { owner, token };
}

describe('the dev outbox', () => {
  it('answers a direct caller on this machine', async () => {
    const email = newEmail();
    await api(t, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD } });
    const res = await outboxFor(email);
    expect(res.status).toBe(200);
    expect(res.body.mails).toHaveLength(1);
  });

  it('refuses a caller from the network, whatever X-Forwarded-For claims', async () => {
    const email = newEmail();
    await api(t, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD } });
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }] as Record<
      string,
      string
    >[]) {
      const res = await api<Body>(remote, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`, { headers });
      expect(res.status).toBe(403);
      expect(res.body.error_code).toBe('permission_denied');
      expect(res.body.msg).toMatch(/only requests made directly on the machine/);
      expect(JSON.stringify(res.body)).not.toContain('/auth/v1/verify');
    }
  });

  it('refuses a request a proxy forwarded, even when the proxy runs on this machine', async () => {
    const email = newEmail();
    await api(t, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD } });
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }] as Record<
      string,
      string
    >[]) {
      const res = await api<Body>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`, { headers });
      expect(res.status).toBe(403);
      expect(res.body.mails).toBeUndefined();
    }
  });
});

describe('invitations bound to the invited address', () => {
  it('a sign-up from the invitation link confirms the address through the link and may accept', async () => {
    const email = newEmail('invitee');
    const { token } = await inviteFromNewWorkspace(email);
    const signUp = await api<Body>(t, 'POST', '/auth/v1/signup', {
      body: { email, password: PASSWORD, data: { invitation_token: token, full_name: 'Ivy' } },
    });
    expect(signUp.status).toBe(200);
    expect(typeof signUp.body.access_token).toBe('string');
    expect(signUp.body.user.email_confirmed_at).toBeTruthy();
    // The token is no profile data: it is not kept with the user.
    expect(signUp.body.user.user_metadata).toEqual({ full_name: 'Ivy' });
    // No second (confirmation) mail: the invitation was the only one.
    expect((await outboxFor(email)).body.mails).toHaveLength(1);
    const accepted = await api<Body>(t, 'POST', '/api/v1/invitations/accept', {
      token: signUp.body.access_token,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('ADMIN');
  });

  it('an invitation link does not confirm another address, nor a closed invitation', async () => {
    const invited = newEmail('invited');
    const { token, owner } = await inviteFromNewWorkspace(invited);
    const other = newEmail('other');
    const signUp = await api<Body>(t, 'POST', '/auth/v1/signup', {
      body: { email: other, password: PASSWORD, data: { invitation_token: token } },
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.access_token).toBeUndefined();
    expect(signUp.body.email_confirmed_at ?? null).toBeNull();
    // A revoked invitation confirms nothing either.
    const list = await api<Body>(t, 'GET', '/api/v1/team', { token: owner.token });
    const id = list.body.invitations[0].id;
    expect((await api(t, 'DELETE', `/api/v1/team/invitations/${id}`, { token: owner.token })).status).toBe(200);
    const late = await api<Body>(t, 'POST', '/auth/v1/signup', {
      body: { email: invited, password: PASSWORD, data: { invitation_token: token } },
    });
    expect(late.body.access_token).toBeUndefined();
    const signIn = await api<Body>(t, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: invited, password: PASSWORD },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error_code).toBe('email_not_confirmed');
  });
});

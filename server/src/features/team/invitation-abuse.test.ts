import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { INVITATIONS_PER_ACCOUNT_PER_DAY, INVITATIONS_PER_HOUR } from './team.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function anonymousSession(): Promise<string> {
  const res = await api<any>(t, 'POST', '/auth/v1/signup', { body: {} });
  expect(res.status).toBe(200);
  expect(res.body.user.is_anonymous).toBe(true);
  return res.body.access_token;
}

describe('anonymous sessions', () => {
  it('cannot invite, connect integrations or mailboxes, or send mail', async () => {
    const token = await anonymousSession();
    // The anonymous user owns a workspace of their own.
    expect((await api<any>(t, 'GET', '/api/v1/me', { token })).body.role).toBe('OWNER');
    const calls: [string, unknown][] = [
      ['/api/v1/team/invitations', { email: 'victim@example.com', role: 'ADMIN' }],
      ['/functions/v1/buildium-connect', { clientId: 'x', secret: 'y' }],
      ['/functions/v1/appfolio-connect', { host: 'x.appfolio.com', clientId: 'x', secret: 'y' }],
      ['/functions/v1/integrations-connect', { provider: 'hubspot', credentials: { token: 'x' } }],
      ['/functions/v1/oauth-start', { provider: 'gmail' }],
      ['/functions/v1/create-email-alias', {}],
      ['/api/v1/automations/twilio', { account_sid: 'AC1', auth_token: 'x', phone_number: '+15555550100' }],
    ];
    for (const [path, body] of calls) {
      const res = await api<any>(t, 'POST', path, { token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.error.message, path).toBe('Create an account with your e-mail address to do this.');
    }
    const mails = await t.database.query('select 1 from mail_outbox where to_address = $1', ['victim@example.com']);
    expect(mails).toHaveLength(0);
  });
});

describe('invitation limits', () => {
  it('caps the invitations one account sends per day, over all its workspaces', async () => {
    const sender = await createUserWithSession(t);
    const owners: TestUser[] = [];
    for (let i = 0; i < 3; i++) owners.push(await createUserWithSession(t));
    let sent = 0;
    const statuses: number[] = [];
    for (const [i, owner] of owners.entries()) {
      // The sender joins this workspace as an admin (it becomes the active one) and invites from it.
      const invited = await api<any>(t, 'POST', '/api/v1/team/invitations', {
        token: owner.token,
        body: { email: sender.email, role: 'ADMIN' },
      });
      expect(invited.status).toBe(200);
      const text: string = (await api<any>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(sender.email)}`)).body
        .mails[0].text;
      const token = /\/invite#([A-Za-z0-9_-]+)/.exec(text)?.[1];
      expect(
        (await api(t, 'POST', '/api/v1/invitations/accept', { token: sender.token, body: { token } })).status,
      ).toBe(200);
      // The owner's invitation of the sender already counts in this workspace's hour.
      const batch =
        i < 2 ? INVITATIONS_PER_HOUR - 1 : INVITATIONS_PER_ACCOUNT_PER_DAY - 2 * (INVITATIONS_PER_HOUR - 1) + 1;
      for (let j = 0; j < batch; j++) {
        const res = await api<any>(t, 'POST', '/api/v1/team/invitations', {
          token: sender.token,
          body: { email: `guest-${i}-${j}@example.com`, role: 'MEMBER' },
        });
        statuses.push(res.status);
        if (res.status === 200) sent++;
        else
          expect(res.body.error.message).toBe('An account can send 60 invitations a day. Please try again tomorrow.');
      }
    }
    expect(sent).toBe(INVITATIONS_PER_ACCOUNT_PER_DAY);
    expect(statuses.at(-1)).toBe(429);
  });
});

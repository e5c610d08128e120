import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GmailClient } from '../google/client';
import { FakeGoogle } from '../google/fake';
import { UpstreamError } from '../upstream';
import { TwilioClient, twilioSignature, validTwilioSignature } from './client';
import { FakeTwilio } from './fake';

const twilio = new FakeTwilio();
const google = new FakeGoogle({ redirectUris: [] });
beforeAll(async () => {
  await twilio.start();
  await google.start();
});
afterAll(async () => {
  await twilio.stop();
  await google.stop();
});

describe('Twilio client against the fake', () => {
  it('verifies credentials: the right pair passes, a wrong token is auth_invalid', async () => {
    const account = twilio.createAccount();
    const ok = await new TwilioClient(twilio.url, account).fetchAccount();
    expect(ok).toMatchObject({ sid: account.accountSid, status: 'active' });
    const wrong = new TwilioClient(twilio.url, { accountSid: account.accountSid, authToken: '0'.repeat(32) });
    const err = await wrong.fetchAccount().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).code).toBe('auth_invalid');
    expect((err as UpstreamError).details.upstreamMessage).toBe('Authenticate (code 20003)');
    expect((err as UpstreamError).traceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends form-encoded To/From/Body with Basic auth, and retries a send only after a 429', async () => {
    const account = twilio.createAccount();
    const client = new TwilioClient(twilio.url, account);
    twilio.failNext({ status: 429, retryAfter: '0', path: '/2010-04-01/Accounts' });
    const sent = await client.sendSms({ to: '+15557654321', from: '+15550001111', body: 'Hello there' });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.sent.filter((m) => m.accountSid === account.accountSid)).toEqual([
      { sid: sent.sid, accountSid: account.accountSid, to: '+15557654321', from: '+15550001111', body: 'Hello there' },
    ]);
    const request = twilio.requests.filter((r) => r.path.endsWith('/Messages.json')).at(-1);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // A 5xx may mean the message went out: the send is not repeated.
    const before = twilio.requests.length;
    twilio.failNext({ status: 500, path: '/2010-04-01/Accounts' });
    const err = await client.sendSms({ to: '+15557654321', from: '+15550001111', body: 'Again' }).catch((e) => e);
    expect((err as UpstreamError).code).toBe('upstream_5xx');
    expect(twilio.requests.length).toBe(before + 1);

    const bad = await client.sendSms({ to: '555', from: '+15550001111', body: 'x' }).catch((e) => e);
    expect((bad as UpstreamError).details.upstreamMessage).toContain('code 21211');
  });

  it('the account lookup (no side effect) is retried after a 503', async () => {
    const account = twilio.createAccount();
    twilio.failNext({ status: 503, path: '/2010-04-01/Accounts' });
    const ok = await new TwilioClient(twilio.url, account).fetchAccount();
    expect(ok.sid).toBe(account.accountSid);
  });
});

describe('Twilio webhook signature', () => {
  const url = 'https://app.example.com/webhooks/twilio/ws/sms?x=1';
  const params = { To: '+15550001111', From: '+15557654321', Body: 'Hi', MessageSid: 'SM1' };
  it('accepts the signature made with the token over URL and sorted parameters; refuses any change', () => {
    const signature = twilioSignature('secret-token', url, params);
    expect(signature).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(validTwilioSignature('secret-token', url, params, signature)).toBe(true);
    expect(validTwilioSignature('other-token', url, params, signature)).toBe(false);
    expect(validTwilioSignature('secret-token', `${url}&y=2`, params, signature)).toBe(false);
    expect(validTwilioSignature('secret-token', url, { ...params, Body: 'Hi!' }, signature)).toBe(false);
    expect(validTwilioSignature('secret-token', url, params, undefined)).toBe(false);
    expect(validTwilioSignature('secret-token', url, params, 'short')).toBe(false);
  });
});

describe('Gmail users.messages.send against the fake', () => {
  it('sends a UTF-8 RFC 822 message, base64url, that decodes back to the same text', async () => {
    const err = await new GmailClient(google.url)
      .send('not-a-token', { to: 'a@example.com', subject: 'Hi', text: 'x' })
      .catch((e: unknown) => e);
    expect((err as UpstreamError).code).toBe('auth_invalid');
    google.accessTokens.set('at-test', { expiresAt: Date.now() + 60_000, revoked: false });
    const sent = await new GmailClient(google.url).send('at-test', {
      to: 'zoë@example.com',
      subject: 'Ré: loyer — avril',
      text: 'Bonjour Zoë,\nLe dépôt est de 300 $.',
    });
    expect(sent.id).toMatch(/^sent-/);
    expect(google.sent.at(-1)).toMatchObject({
      to: 'zoë@example.com',
      subject: 'Ré: loyer — avril',
      text: 'Bonjour Zoë,\nLe dépôt est de 300 $.',
    });
  });
});

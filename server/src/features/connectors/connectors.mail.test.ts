import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../integrations/google/fake';
import { FakeMicrosoft } from '../../integrations/microsoft/fake';
import { startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';

/** Gmail and Outlook as connectors: integrations-connect answers the OAuth URL, the lookup reads the mailbox. */
const PUBLIC = 'http://app.helixis.test';
const google = new FakeGoogle({ redirectUris: [`${PUBLIC}/oauth/gmail/callback`], email: 'pm@gmail.example' });
const microsoft = new FakeMicrosoft({
  redirectUris: [`${PUBLIC}/oauth/outlook/callback`],
  email: 'pm@outlook.example',
});
let t: TestApp;

const { post } = testHttp(() => t);

const statusOf = async (user: TestUser, kind: string) =>
  (await post(user, 'integrations-status', {})).body.connectors.find((c: any) => c.kind === kind);

/** Plays the browser popup: the provider redirects back with code and state, the callback page posts them. */
async function completeOAuth(user: TestUser, provider: 'gmail' | 'outlook', authUrl: string) {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  const callback = await post(user, 'oauth-callback', {
    provider,
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(callback.status).toBe(200);
  return callback.body;
}

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));

beforeAll(async () => {
  await google.start();
  await microsoft.start();
  google.messages.push(
    { id: 'g-1', from: 'Ava Kim <ava.kim@example.com>', subject: 'Lease renewal', text: 'Can we renew?', date: day(3) },
    { id: 'g-2', from: 'ava.kim@example.com', subject: 'Re: Lease renewal', text: 'Thanks!', date: day(5) },
    { id: 'g-3', from: 'omar@example.com', subject: 'Parking', text: 'Where do I park?', date: day(4) },
  );
  microsoft.messages.push(
    { id: 'm-1', from: 'lena@example.com', subject: 'Invoice 12', text: 'Attached.', date: day(2) },
    { id: 'm-2', from: 'noah@example.com', subject: 'Hello', text: 'Hi', date: day(6) },
  );
  t = await startTestApp({ ...google.env(), ...microsoft.env(), HELIXIS_PUBLIC_URL: PUBLIC });
});
afterAll(async () => {
  await t?.close();
  await google.stop();
  await microsoft.stop();
});

describe('Gmail and Outlook connectors', () => {
  it('connect through OAuth and look a correspondent up by e-mail and by message id', async () => {
    const user = await createUserWithSession(t);
    expect((await statusOf(user, 'gmail')).status).toBe('disconnected');
    const before = await post(user, 'relationship', { kind: 'gmail', email: 'ava.kim@example.com' });
    expect(before.status).toBe(409);
    expect(before.body.error.message).toBe('Gmail is not connected.');

    const start = await post(user, 'integrations-connect', { kind: 'gmail' });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ kind: 'gmail', status: 'pending' });
    const authUrl = new URL(start.body.authUrl);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(google.authorizeUrl);
    const done = await completeOAuth(user, 'gmail', start.body.authUrl);
    expect(done.ok).toBe(true);
    expect(await statusOf(user, 'gmail')).toMatchObject({ status: 'connected', account: 'pm@gmail.example' });

    const byEmail = await post(user, 'relationship', { kind: 'gmail', email: 'ava.kim@example.com' });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({
      found: true,
      fields: { message_count: 2, last_subject: 'Re: Lease renewal', last_received_at: day(5).toISOString() },
      sources: [
        { url: 'https://mail.google.com/mail/u/0/#all/g-2', label: 'Gmail: Re: Lease renewal' },
        { url: 'https://mail.google.com/mail/u/0/#all/g-1', label: 'Gmail: Lease renewal' },
      ],
    });
    // Sender address and message text are PII fields: never in the snapshot.
    expect(byEmail.body.fields).not.toHaveProperty('from_address');
    expect(byEmail.body.fields).not.toHaveProperty('snippet');

    const byId = await post(user, 'relationship', { kind: 'gmail', external_id: 'g-3' });
    expect(byId.body).toMatchObject({ found: true, fields: { message_count: 1, last_subject: 'Parking' } });
    expect((await post(user, 'relationship', { kind: 'gmail', external_id: 'missing' })).body.found).toBe(false);
  });

  it('does the same for Outlook through Microsoft Graph', async () => {
    const user = await createUserWithSession(t);
    const start = await post(user, 'integrations-connect', { kind: 'outlook' });
    expect(start.body.status).toBe('pending');
    await completeOAuth(user, 'outlook', start.body.authUrl);
    expect((await statusOf(user, 'outlook')).status).toBe('connected');
    const byEmail = await post(user, 'relationship', { kind: 'outlook', email: 'lena@example.com' });
    expect(byEmail.body).toMatchObject({ found: true, fields: { message_count: 1, last_subject: 'Invoice 12' } });
    expect(byEmail.body.sources[0].label).toBe('Outlook: Invoice 12');
    const byId = await post(user, 'relationship', { kind: 'outlook', external_id: 'm-2' });
    expect(byId.body.fields.last_subject).toBe('Hello');
    expect((await post(user, 'relationship', { kind: 'outlook', email: 'nobody@example.com' })).body.found).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../integrations/google/fake';
import { FakeMicrosoft } from '../../integrations/microsoft/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { MAIL_ATTACHMENT_MAX_BYTES } from './attachments';

const APP = 'http://attachments.helixis.test';
const google = new FakeGoogle({ redirectUris: [`${APP}/oauth/gmail/callback`] });
const microsoft = new FakeMicrosoft({ redirectUris: [`${APP}/oauth/outlook/callback`] });
let t: TestApp;
let user: TestUser;

const call = <T = any>(name: string, body: unknown = {}) =>
  api<T>(t, 'POST', `/functions/v1/${name}`, { token: user.token, body });

/** oauth-start → the fake provider's consent → oauth-callback, as the browser would. */
async function linkMailbox(provider: 'gmail' | 'outlook'): Promise<void> {
  const { body } = await call('oauth-start', { provider });
  const consent = await fetch(body.authUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const done = await call('oauth-callback', {
    provider,
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(done.body.ok).toBe(true);
}

async function searchUntilFound(query: string): Promise<any[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await call('search', { query });
    if (res.body.results?.length > 0) return res.body.results;
    if (Date.now() > deadline) throw new Error(`nothing found for "${query}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await google.start();
  await microsoft.start();
  t = await startTestApp({ ...google.env(), ...microsoft.env(), HELIXIS_PUBLIC_URL: APP });
  user = await createUserWithSession(t);
  await api(t, 'GET', '/api/v1/me', { token: user.token });
});
afterAll(async () => {
  await t?.close();
  await google.stop();
  await microsoft.stop();
});

describe('email-intake attachments', () => {
  it('fetches parsable attachments within the cap, queues them as documents and skips the rest unread', async () => {
    const checklist = 'step,owner\nreturn garage remote,tenant\n';
    const lease = 'Lease terms for Elm Street. Quiet hours run from 10pm to 7am every day of the week.';
    google.messages.push({
      id: 'g-att',
      from: 'leasing@elm.example',
      subject: 'Lease terms',
      text: 'Attached are the lease terms.',
      date: new Date(),
      attachments: [
        { filename: 'lease-terms.txt', mimeType: 'text/plain', data: Buffer.from(lease) },
        { filename: 'setup.exe', mimeType: 'application/octet-stream', data: Buffer.from('MZ binary') },
        { filename: 'scan.pdf', mimeType: 'application/pdf', data: Buffer.alloc(MAIL_ATTACHMENT_MAX_BYTES + 1) },
      ],
    });
    microsoft.messages.push({
      id: 'm-att',
      from: 'owner@investor.example',
      subject: 'Move-out checklist',
      text: 'See the checklist.',
      date: new Date(),
      attachments: [
        {
          name: 'checklist.csv',
          contentType: 'text/csv',
          data: Buffer.from('step,owner\nreturn garage remote,tenant\n'),
        },
        { name: 'logo.png', contentType: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });
    await linkMailbox('gmail');
    await linkMailbox('outlook');

    const intake = await call('email-intake');
    expect(intake.body.ok).toBe(true);

    const mail = await api<any>(t, 'GET', '/api/v1/mail/messages', { token: user.token });
    const bySubject = (s: string) => mail.body.messages.find((m: any) => m.subject === s);
    expect(bySubject('Lease terms').attachments).toEqual([
      { filename: 'lease-terms.txt', contentType: 'text/plain', size: Buffer.byteLength(lease) },
    ]);
    expect(bySubject('Move-out checklist').attachments).toEqual([
      { filename: 'checklist.csv', contentType: 'text/csv', size: checklist.length },
    ]);

    // Only the accepted attachments were downloaded (users.messages.attachments.get / Graph attachments/{id}).
    const gmailFetches = google.requests.filter((r) => r.path.includes('/attachments/')).map((r) => r.path);
    expect(gmailFetches).toEqual(['/gmail/v1/users/me/messages/g-att/attachments/att-0']);
    const graphFetches = microsoft.requests.filter((r) => r.path.includes('/attachments')).map((r) => r.path);
    expect(graphFetches).toEqual(['/v1.0/me/messages/m-att/attachments', '/v1.0/me/messages/m-att/attachments/att-0']);

    // The knowledge parsers extracted the text: both files are searchable documents.
    const leaseHit = await searchUntilFound('quiet hours 10pm');
    expect(leaseHit[0].document_title).toBe('lease-terms.txt (Email: Lease terms)');
    const csvHit = await searchUntilFound('garage remote');
    expect(csvHit[0].document_title).toBe('checklist.csv (Email: Move-out checklist)');

    // A second run imports nothing again (the mails are known), so no duplicate documents.
    const again = await call('email-intake');
    expect(again.body.providers.map((p: any) => p.imported)).toEqual([0, 0]);
    expect(google.requests.filter((r) => r.path.includes('/attachments/'))).toHaveLength(1);
  });

  it('two reads of one mailbox at once store a new mail once and import its attachment once', async () => {
    const notice = 'Elevator maintenance at Birch Tower is planned for the second Tuesday of March.';
    google.messages.push({
      id: 'g-race',
      from: 'facilities@birch.example',
      subject: 'Elevator notice',
      text: 'Notice attached.',
      date: new Date(),
      attachments: [{ filename: 'elevator.txt', mimeType: 'text/plain', data: Buffer.from(notice) }],
    });
    // Slow answers make both reads list the mailbox before either stores the new mail.
    google.latencyMs = 100;
    try {
      const [a, b] = await Promise.all([call('email-intake'), call('email-intake')]);
      const importedByGmail = [a, b].map((r) => r.body.providers.find((p: any) => p.provider === 'gmail')?.imported);
      expect(importedByGmail.sort()).toEqual([0, 1]);
    } finally {
      google.latencyMs = 0;
    }
    const fetches = google.requests.filter((r) => r.path === '/gmail/v1/users/me/messages/g-race/attachments/att-0');
    expect(fetches).toHaveLength(1);
    const mail = await api<any>(t, 'GET', '/api/v1/mail/messages', { token: user.token });
    const stored = mail.body.messages.filter((m: any) => m.subject === 'Elevator notice');
    expect(stored).toHaveLength(1);
    expect(stored[0].attachments).toEqual([
      { filename: 'elevator.txt', contentType: 'text/plain', size: Buffer.byteLength(notice) },
    ]);
    const docs = await api<any>(t, 'GET', '/api/v1/documents', { token: user.token });
    const titles = (docs.body.documents ?? docs.body).map((d: any) => d.title);
    expect(titles.filter((title: string) => title === 'elevator.txt (Email: Elevator notice)')).toHaveLength(1);
  });
});

import type { LearningSession, LearningSourcesOutput } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../integrations/google/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';

const PUBLIC = 'http://app.helixis.test';
const google = new FakeGoogle({ redirectUris: [`${PUBLIC}/oauth/gmail/callback`], email: 'office@gmail.example' });
let t: TestApp;

beforeAll(async () => {
  await google.start();
  t = await startTestApp({ ...google.env(), HELIXIS_PUBLIC_URL: PUBLIC });
});
afterAll(async () => {
  await t?.close();
  await google.stop();
});

async function connectGmail(user: TestUser): Promise<void> {
  const start = await api<{ authUrl: string }>(t, 'POST', '/functions/v1/oauth-start', {
    token: user.token,
    body: { provider: 'gmail' },
  });
  const res = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const callback = await api(t, 'POST', '/functions/v1/oauth-callback', {
    token: user.token,
    body: { provider: 'gmail', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(callback.status).toBe(200);
}

async function learn(user: TestUser): Promise<LearningSession> {
  const started = await api<LearningSession>(t, 'POST', '/api/v1/teach/learn', { token: user.token, body: {} });
  expect(started.status).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await api<LearningSession>(t, 'GET', `/api/v1/teach/sessions/${started.body.id}`, { token: user.token });
    if (s.body.status !== 'running') return s.body;
    if (Date.now() > deadline) throw new Error('learning session did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('learning from a connected Gmail inbox', () => {
  it('runs the mail intake for the mailbox owner and counts only the new messages', async () => {
    const owner = await createUserWithSession(t);
    await connectGmail(owner);
    const listed = await api<LearningSourcesOutput>(t, 'GET', '/api/v1/teach/sources', { token: owner.token });
    expect(listed.body.sources.find((s) => s.id === 'email:gmail')).toMatchObject({
      name: 'Gmail',
      type: 'email',
      status: 'connected',
      learnedItems: 0,
      enabled: true,
    });

    const now = Date.now();
    google.messages.push(
      {
        id: 'l-1',
        from: 'tenant@a.example',
        subject: 'Leaky tap',
        text: 'The kitchen tap in 4B drips.',
        date: new Date(now - 5_000),
      },
      {
        id: 'l-2',
        from: 'tenant@b.example',
        subject: 'Move-out',
        text: 'I will move out on June 30.',
        date: new Date(now - 4_000),
      },
    );
    const first = await learn(owner);
    expect(first.status).toBe('completed');
    expect(first.results.find((r) => r.id === 'email:gmail')).toMatchObject({ before: 0, after: 2, error: null });
    expect(first.items_learned).toBe(2);

    // Nothing new in the inbox: the next session learns nothing; one new message: exactly one.
    expect((await learn(owner)).items_learned).toBe(0);
    google.messages.push({
      id: 'l-3',
      from: 'tenant@c.example',
      subject: 'Parking',
      text: 'Can I get a second parking spot?',
      date: new Date(now - 1_000),
    });
    const third = await learn(owner);
    expect(third.results.find((r) => r.id === 'email:gmail')).toMatchObject({ before: 2, after: 3 });
    expect(third.items_learned).toBe(1);
  });
});

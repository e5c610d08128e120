import { ANONYMOUS_DEMO_MESSAGES, DEMO_CHAT_IP_LIMIT } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { pickTopic } from './demo.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_TRUSTED_PROXIES: 'loopback' });
});
afterAll(async () => {
  await t?.close();
});

function from(ip: string) {
  return { 'x-forwarded-for': ip };
}

describe('demo topics', () => {
  it.each([
    ['Does it work with Buildium?', 'integrations'],
    ['Which systems does it connect to?', 'integrations'],
    ['Will it reply to residents on its own?', 'automations'],
    ['How does it learn about my business?', 'knowledge'],
    ['Can I upload our lease PDFs?', 'knowledge'],
    ['What happens when it is not sure?', 'accuracy'],
    ['How do tasks work?', 'tasks'],
    ['Who on my team can change it?', 'team'],
    ['Is my data kept private?', 'privacy'],
    ['What does the dashboard show?', 'dashboard'],
    ['How do I get started?', 'getting-started'],
    ['What does Helixis do?', 'overview'],
    ['zxqv', 'fallback'],
  ])('%s → %s', (message, topic) => {
    expect(pickTopic(message).id).toBe(topic);
  });
});

describe('POST /functions/v1/demo-chat', () => {
  it('answers two messages of a visitor, deterministically, then refuses the third', async () => {
    const ip = '192.0.2.40';
    const first = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: { message: 'Does Helixis work with AppFolio?' },
      headers: from(ip),
    });
    expect(first.status).toBe(200);
    expect(first.body.topic).toBe('integrations');
    expect(first.body.reply).toContain('Buildium and AppFolio');
    expect(first.body.remaining).toBe(ANONYMOUS_DEMO_MESSAGES - 1);
    expect(first.body.suggestions).toHaveLength(2);

    const history = [
      { role: 'user', content: 'Does Helixis work with AppFolio?' },
      { role: 'assistant', content: first.body.reply },
    ];
    const second = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: { message: 'Will it reply to residents on its own?', history },
      headers: from(ip),
    });
    expect(second.body.topic).toBe('automations');
    expect(second.body.reply).toContain('Only what you approve');
    expect(second.body.remaining).toBe(0);

    const third = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: {
        message: 'And pricing?',
        history: [...history, { role: 'user', content: 'x' }, { role: 'assistant', content: 'y' }],
      },
      headers: from(ip),
    });
    expect(third.status).toBe(429);
    expect(third.body.error).toEqual({
      code: 'demo_limit_reached',
      message: 'The demo answers 2 messages. Sign up to keep chatting and teach Helixis about your business.',
    });

    const repeat = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: { message: 'Does Helixis work with AppFolio?' },
      headers: from(ip),
    });
    expect(repeat.body.reply).toBe(first.body.reply);
  });

  it('refuses an empty or over-long message with a readable 400', async () => {
    const empty = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: { message: '   ' },
      headers: from('192.0.2.41'),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('message: This field is required');
    const long = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: { message: 'a'.repeat(501) },
      headers: from('192.0.2.41'),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('message: Must be no more than 500 characters');
  });

  it(`caps one address at ${DEMO_CHAT_IP_LIMIT} answers per window, whatever history it claims`, async () => {
    const ip = '192.0.2.42';
    for (let i = 0; i < DEMO_CHAT_IP_LIMIT; i++) {
      const res = await api(t, 'POST', '/functions/v1/demo-chat', { body: { message: 'hi' }, headers: from(ip) });
      expect(res.status).toBe(200);
    }
    const limited = await api<any>(t, 'POST', '/functions/v1/demo-chat', {
      body: { message: 'hi' },
      headers: from(ip),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });
});

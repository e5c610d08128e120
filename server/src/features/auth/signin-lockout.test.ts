import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';

type Body = Record<string, any>;
const PASSWORD = 'correct horse battery';
const newEmail = () => `lock-${randomUUID().slice(0, 8)}@example.com`;

// Clients are told apart by X-Forwarded-For from the trusted loopback proxy (HELIXIS_TRUSTED_PROXIES).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    HELIXIS_SIGNIN_MAX_FAILURES: '3',
    HELIXIS_SIGNIN_WINDOW_SECONDS: '900',
    HELIXIS_AUTH_IP_LIMIT: '100000',
    HELIXIS_TRUSTED_PROXIES: 'loopback',
  });
});
afterAll(async () => {
  await t?.close();
});

async function signUp(email: string) {
  const res = await api<Body>(t, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
}

function signIn(email: string, password: string, ip: string) {
  return api<Body>(t, 'POST', '/auth/v1/token?grant_type=password', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
}

describe('sign-in lockout', () => {
  it('locks the guessing client out of the account, not the owner on a clean client', async () => {
    const email = newEmail();
    await signUp(email);
    for (let i = 0; i < 3; i++) expect((await signIn(email, `wrong ${i}`, '198.51.100.10')).status).toBe(400);
    const guesser = await signIn(email, PASSWORD, '198.51.100.10');
    expect(guesser.status).toBe(429);
    expect(guesser.body.error_code).toBe('over_request_rate_limit');
    // The owner, from another network, with the right password.
    const owner = await signIn(email, PASSWORD, '203.0.113.20');
    expect(owner.status).toBe(200);
    expect(typeof owner.body.access_token).toBe('string');
  });

  it('locks the same client longer each time (backoff)', async () => {
    const short = await startTestApp({
      HELIXIS_SIGNIN_MAX_FAILURES: '2',
      HELIXIS_SIGNIN_WINDOW_SECONDS: '1',
      HELIXIS_TRUSTED_PROXIES: 'loopback',
    });
    try {
      const email = newEmail();
      const attempt = (password: string) =>
        api<Body>(short, 'POST', '/auth/v1/token?grant_type=password', {
          body: { email, password },
          headers: { 'x-forwarded-for': '198.51.100.30' },
        });
      for (let i = 0; i < 2; i++) expect((await attempt('wrong')).status).toBe(400);
      const first = await attempt('wrong');
      expect(first.status).toBe(429);
      expect(Number(first.headers.get('retry-after'))).toBe(1);
      await new Promise((r) => setTimeout(r, 1_300));
      for (let i = 0; i < 2; i++) expect((await attempt('wrong')).status).toBe(400);
      const second = await attempt('wrong');
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('limits one client spraying passwords over many accounts', async () => {
    const statuses: number[] = [];
    // 3 failures per account allowed, 9 per client across accounts.
    for (let i = 0; i < 11; i++) statuses.push((await signIn(newEmail(), 'Summer2026!', '198.51.100.40')).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(statuses.slice(9)).toEqual([429, 429]);
    // Another client is not affected.
    const email = newEmail();
    await signUp(email);
    expect((await signIn(email, PASSWORD, '198.51.100.41')).status).toBe(200);
  });

  it('an account under attack from many clients gives each further client one try, and the owner still signs in', async () => {
    const email = newEmail();
    await signUp(email);
    // 15 failures (the account's limit across clients) from five clients.
    for (let c = 0; c < 5; c++) {
      for (let i = 0; i < 3; i++) expect((await signIn(email, 'wrong', `192.0.2.${100 + c}`)).status).toBe(400);
    }
    expect((await signIn(email, 'wrong', '192.0.2.110')).status).toBe(400);
    expect((await signIn(email, 'wrong again', '192.0.2.110')).status).toBe(429);
    expect((await signIn(email, PASSWORD, '203.0.113.50')).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp, testConfig } from '../test/app';

type Body = Record<string, any>;
const PASSWORD = 'correct horse battery';

/** Sign-ups from `count` forged client addresses; returns the statuses. */
async function signUpsFromForgedAddresses(t: TestApp, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api<Body>(t, 'POST', '/auth/v1/signup', {
      body: { email: `p-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD },
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, forwarded: `for=198.51.100.${i + 1}` },
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('without HELIXIS_TRUSTED_PROXIES (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ HELIXIS_AUTH_IP_LIMIT: '3', HELIXIS_AUTH_IP_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts per-address limits under the socket address, whatever X-Forwarded-For says', async () => {
    expect(await signUpsFromForgedAddresses(t, 5)).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts the public demo chat and crash reports per socket address too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await api<Body>(t, 'POST', '/__client-log', {
        body: { kind: 'general', boundary: 'top-level', message: `boom ${i}`, path: '/' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });
});

describe('HELIXIS_TRUSTED_PROXIES', () => {
  it('believes X-Forwarded-For from a listed proxy (loopback, as start:cluster sets it)', async () => {
    const t = await startTestApp({
      HELIXIS_AUTH_IP_LIMIT: '3',
      HELIXIS_AUTH_IP_WINDOW_SECONDS: '60',
      HELIXIS_TRUSTED_PROXIES: 'loopback',
    });
    try {
      // Each forwarded client has its own quota behind the trusted proxy.
      expect(await signUpsFromForgedAddresses(t, 5)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For from a caller that is not a listed proxy', async () => {
    const t = await startTestApp({
      HELIXIS_AUTH_IP_LIMIT: '3',
      HELIXIS_AUTH_IP_WINDOW_SECONDS: '60',
      HELIXIS_TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.10',
    });
    try {
      expect(await signUpsFromForgedAddresses(t, 4)).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('refuses an entry that is no address, range or known name', () => {
    expect(testConfig({ HELIXIS_TRUSTED_PROXIES: 'loopback,10.1.2.0/24,::1' }).trustedProxies).toEqual([
      'loopback',
      '10.1.2.0/24',
      '::1',
    ]);
    expect(testConfig().trustedProxies).toEqual([]);
    for (const bad of ['proxy.example.com', '10.0.0.0/40', '*', 'true']) {
      expect(() => testConfig({ HELIXIS_TRUSTED_PROXIES: bad })).toThrow(/HELIXIS_TRUSTED_PROXIES/);
    }
  });
});

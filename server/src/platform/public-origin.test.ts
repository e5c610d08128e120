import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp, testConfig } from '../test/app';
import { createUserWithSession } from '../test/factories';
import { publicOriginWarning } from './public-origin';

const PASSWORD = 'correct horse battery';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** A JSON POST with headers fetch would not let a test set (Host). */
function rawPost(t: TestApp, path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, t.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function mailTo(t: TestApp, to: string): Promise<string> {
  const outbox = await api<any>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return outbox.body.mails[0]?.text ?? '';
}

const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

describe('without HELIXIS_PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Even a trusted proxy's X-Forwarded-Host must not choose where a mailed link points.
    t = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true', HELIXIS_TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails confirmation links at the loopback listen address, whatever Host and X-Forwarded-Host say', async () => {
    const email = `c-${randomUUID().slice(0, 8)}@example.com`;
    expect(await rawPost(t, '/auth/v1/signup', { email, password: PASSWORD }, FORGED)).toBe(200);
    const found = links(await mailTo(t, email));
    expect(found).toHaveLength(1);
    expect(found[0]?.startsWith(`${t.url}/auth/v1/verify?`)).toBe(true);
  });

  it('mails invitation links at the listen address too', async () => {
    const owner = await createUserWithSession(t);
    const email = `i-${randomUUID().slice(0, 8)}@example.com`;
    const status = await rawPost(
      t,
      '/api/v1/team/invitations',
      { email, role: 'MEMBER' },
      {
        ...FORGED,
        authorization: `Bearer ${owner.token}`,
      },
    );
    expect(status).toBe(200);
    const found = links(await mailTo(t, email));
    expect(found[0]?.startsWith(`${t.url}/invite#`)).toBe(true);
  });

  it('warns at start-up when the server listens beyond loopback', () => {
    const open = publicOriginWarning(testConfig({ HOST: '0.0.0.0', PORT: '3000' }));
    expect(open).toMatch(/HELIXIS_PUBLIC_URL is not set: links in mails .* http:\/\/localhost:3000/);
    expect(publicOriginWarning(testConfig({ HOST: '127.0.0.1' }))).toBeUndefined();
    expect(
      publicOriginWarning(testConfig({ HOST: '0.0.0.0', HELIXIS_PUBLIC_URL: 'https://app.example.com' })),
    ).toBeUndefined();
  });
});

describe('with HELIXIS_PUBLIC_URL', () => {
  it('mails links at the public origin only', async () => {
    const t = await startTestApp({
      HELIXIS_EMAIL_CONFIRMATION: 'true',
      HELIXIS_PUBLIC_URL: 'https://app.example.com/',
    });
    try {
      const email = `p-${randomUUID().slice(0, 8)}@example.com`;
      expect(await rawPost(t, '/auth/v1/signup', { email, password: PASSWORD }, FORGED)).toBe(200);
      const found = links(await mailTo(t, email));
      expect(found[0]?.startsWith('https://app.example.com/auth/v1/verify?')).toBe(true);
    } finally {
      await t.close();
    }
  });
});

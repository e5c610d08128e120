import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';

/** fetch that reads the body, so no connection stays busy when the server closes. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_TRUSTED_PROXIES: '10.0.0.0/8' });
});
afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it('sends CSP, nosniff, frame refusal and a referrer policy on every answer', async () => {
    for (const path of ['/healthz', '/api/v1/openapi.json', '/no-such-page', '/auth/v1/settings']) {
      const res = await get(`${t.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
    }
  });

  it('sends HSTS only over TLS, never over plain http (nor when an untrusted caller claims https)', async () => {
    expect((await get(`${t.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    const claimed = await get(`${t.url}/healthz`, { 'x-forwarded-proto': 'https' });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the widget script loadable by other sites', async () => {
    const res = await get(`${t.url}/widget.js`, { origin: 'https://owner-site.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
  });
});

describe('behind a trusted TLS proxy', () => {
  it('sends HSTS when the proxy says the client spoke https', async () => {
    const behind = await startTestApp({ HELIXIS_TRUSTED_PROXIES: 'loopback' });
    try {
      const res = await get(`${behind.url}/healthz`, { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=31536000; includeSubDomains$/);
      expect((await get(`${behind.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behind.close();
    }
  });
});

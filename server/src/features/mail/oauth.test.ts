import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_GOOGLE_CLIENT_ID, FakeGoogle } from '../../integrations/google/fake';
import { FAKE_MS_CLIENT_ID, FakeMicrosoft } from '../../integrations/microsoft/fake';
import { loggerOptions } from '../../platform/logger';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';
import { waitFor } from '../../test/wait';
import { freshAccessToken } from './oauth.service';

const PUBLIC = 'http://app.helixis.test';
const google = new FakeGoogle({ redirectUris: [`${PUBLIC}/oauth/gmail/callback`], email: 'pm@gmail.example' });
// Access tokens shorter than the refresh margin: every use refreshes (and Microsoft rotates).
const microsoft = new FakeMicrosoft({
  redirectUris: [`${PUBLIC}/oauth/outlook/callback`],
  email: 'pm@outlook.example',
  accessTokenSeconds: 60,
});
let logs = '';
let t: TestApp;

const { signedIn, post } = testHttp(() => t);

/** Plays the browser: follows the authorization URL to the provider, which redirects back. */
async function authorize(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function connect(user: TestUser, provider: 'gmail' | 'outlook') {
  const start = await post(user, 'oauth-start', { provider });
  expect(start.status).toBe(200);
  const back = await authorize(start.body.authUrl);
  const callback = await post(user, 'oauth-callback', {
    provider,
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  return { start, back, callback };
}

beforeAll(async () => {
  await google.start();
  await microsoft.start();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  t = await startTestApp(
    { ...google.env(), ...microsoft.env(), HELIXIS_PUBLIC_URL: PUBLIC },
    { log: pino({ ...loggerOptions('debug') }, sink) },
  );
});
afterAll(async () => {
  await t?.close();
  await google.stop();
  await microsoft.stop();
});
beforeEach(() => {
  google.decision = 'approve';
  microsoft.decision = 'approve';
});

describe('oauth-config and oauth-preflight', () => {
  it('gives the public client ids and never a secret', async () => {
    const user = await signedIn();
    const res = await post(user, 'oauth-config');
    expect(res.body).toEqual({ google_client_id: FAKE_GOOGLE_CLIENT_ID, ms_client_id: FAKE_MS_CLIENT_ID });
  });

  it('reports a complete configuration and builds the Gmail authorization request of the spec', async () => {
    const { workspaceId, ...user } = await signedIn();
    const env = await post(user, 'oauth-preflight', { provider: 'env-check' });
    expect(env.body).toMatchObject({
      ok: true,
      publicAppUrl: PUBLIC,
      missingSecrets: [],
      invalidSecrets: [],
      authUrl: null,
    });

    const res = await post(user, 'oauth-preflight', { provider: 'gmail', origin: 'http://elsewhere.test' });
    expect(res.body.ok).toBe(true);
    expect(res.body.originMismatch).toBe(true);
    const url = new URL(res.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizeUrl);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(FAKE_GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC}/oauth/gmail/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/gmail.readonly',
        'https://www.googleapis.com/auth/gmail.send',
      ]),
    );
    // The state carries user id, workspace, nonce and return_to, and is signed.
    const [body] = (q.get('state') ?? '').split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    expect(payload).toMatchObject({ u: user.id, w: workspaceId, p: 'gmail', r: '/onboarding' });
    expect(payload.n).toMatch(/^[\w-]{20,}$/);
  });

  it('asks Microsoft for Mail.Read, Mail.Send and offline_access', async () => {
    const user = await signedIn();
    const res = await post(user, 'oauth-preflight', { provider: 'outlook-mail' });
    const q = new URL(res.body.authUrl).searchParams;
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'Mail.Read', 'Mail.Send']));
    expect(q.get('response_mode')).toBe('query');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC}/oauth/outlook/callback`);
  });

  it('lists the missing settings when OAuth is not configured', async () => {
    const bare = await startTestApp();
    try {
      const user = await createUserWithSession(bare);
      const res = await api<any>(bare, 'POST', '/functions/v1/oauth-preflight', {
        token: user.token,
        body: { provider: 'secrets-check' },
      });
      expect(res.body.ok).toBe(false);
      expect(res.body.missingSecrets).toEqual(
        expect.arrayContaining(['HELIXIS_PUBLIC_URL', 'HELIXIS_GOOGLE_CLIENT_ID', 'HELIXIS_MS_CLIENT_SECRET']),
      );
      const start = await api<any>(bare, 'POST', '/functions/v1/oauth-start', {
        token: user.token,
        body: { provider: 'gmail' },
      });
      expect(start.status).toBe(503);
      expect(start.body.error).toEqual({ code: 'oauth_not_configured', message: 'Gmail OAuth not configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('Gmail round trip', () => {
  it('connects, stores the tokens encrypted and never shows them', async () => {
    const { workspaceId, ...user } = await signedIn();
    const { back, callback } = await connect(user, 'gmail');
    expect(back.origin + back.pathname).toBe(`${PUBLIC}/oauth/gmail/callback`);
    expect(callback.status).toBe(200);
    expect(callback.body).toEqual({
      ok: true,
      provider: 'gmail',
      phase: 'Connected',
      account_hint: 'pm@gmail.example',
      error: null,
      status: 200,
      code: null,
      return_to: '/onboarding?connected=gmail',
    });

    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: user.token });
    expect(status.body.gmail.connected).toBe(true);
    expect(status.body.gmail.account.account_hint).toBe('pm@gmail.example');
    expect(status.body.outlook.connected).toBe(false);

    const issued = [...google.accessTokens.keys(), ...google.refreshTokens.keys()];
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const rows = await t.database.query(`select * from oauth_tokens where workspace_id = $1`, [workspaceId]);
    expect(rows).toHaveLength(1);
    const everything = JSON.stringify(rows) + JSON.stringify(status.body) + JSON.stringify(callback.body) + logs;
    for (const token of issued) expect(everything).not.toContain(token);
    expect(String(rows[0]?.access_token_encrypted)).toMatch(/^v1\./);

    const summary = await post(user, 'integrations-summary', { workspace_id: workspaceId });
    expect(summary.body.accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'gmail', status: 'connected' })]),
    );
    // The integrations status every screen reads agrees.
    const integrations = await post(user, 'integrations-status', {});
    expect(integrations.body.gmail).toEqual({ connected: true });
    expect(integrations.body.calendar).toEqual({ connected: false });
  });

  it('refuses a replayed code and state', async () => {
    const user = await signedIn();
    const start = await post(user, 'oauth-start', { provider: 'gmail' });
    const back = await authorize(start.body.authUrl);
    const body = { provider: 'gmail', code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await post(user, 'oauth-callback', body)).body.ok).toBe(true);
    const again = await post(user, 'oauth-callback', body);
    expect(again.body).toMatchObject({ ok: false, code: 'oauth_failed', phase: 'Failed' });
  });

  it('rejects a tampered state and a state issued to someone else', async () => {
    const user = await signedIn();
    const start = await post(user, 'oauth-start', { provider: 'gmail' });
    const back = await authorize(start.body.authUrl);
    const state = back.searchParams.get('state') ?? '';
    const [body, sig] = state.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    const forged = `${Buffer.from(JSON.stringify({ ...payload, r: '/evil' })).toString('base64url')}.${sig}`;
    const tampered = await post(user, 'oauth-callback', {
      provider: 'gmail',
      code: back.searchParams.get('code'),
      state: forged,
    });
    expect(tampered.body).toMatchObject({
      ok: false,
      code: 'oauth_failed',
      return_to: '/onboarding?error=oauth_failed',
    });

    const other = await signedIn();
    const stolen = await post(other, 'oauth-callback', {
      provider: 'gmail',
      code: back.searchParams.get('code'),
      state,
    });
    expect(stolen.body).toMatchObject({ ok: false, code: 'oauth_failed' });
    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: other.token });
    expect(status.body.gmail.connected).toBe(false);
  });

  it('maps access_denied and missing parameters to the spec codes', async () => {
    const user = await signedIn();
    google.decision = 'deny';
    const start = await post(user, 'oauth-start', { provider: 'gmail' });
    const back = await authorize(start.body.authUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const denied = await post(user, 'oauth-callback', {
      provider: 'gmail',
      error: 'access_denied',
      state: back.searchParams.get('state'),
    });
    expect(denied.body).toMatchObject({
      ok: false,
      code: 'access_denied',
      error: 'Access was denied. Please try again and grant permission to continue.',
      return_to: '/onboarding?error=access_denied',
    });

    const missing = await post(user, 'oauth-callback', { provider: 'gmail', code: 'abc' });
    expect(missing.body).toMatchObject({
      ok: false,
      code: 'missing_oauth_params',
      return_to: '/onboarding?error=missing_oauth_params',
    });
  });

  it('aborts on a redirect URI mismatch, at the provider and at the callback', async () => {
    const user = await signedIn();
    const start = await post(user, 'oauth-start', { provider: 'gmail' });
    // The provider refuses an unregistered return address with an error page, not a redirect.
    const wrong = new URL(start.body.authUrl);
    wrong.searchParams.set('redirect_uri', 'http://attacker.test/cb');
    const refused = await fetch(wrong, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('redirect_uri_mismatch');

    // The server's public address changed between start and callback: the flow is aborted.
    const back = await authorize(start.body.authUrl);
    const saved = t.config.publicUrl;
    t.config.publicUrl = 'http://moved.helixis.test';
    try {
      const res = await post(user, 'oauth-callback', {
        provider: 'gmail',
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      });
      expect(res.body).toMatchObject({ ok: false, code: 'redirect_uri_mismatch' });
    } finally {
      t.config.publicUrl = saved;
    }
  });

  it('diagnostic mode exchanges the code but stores nothing', async () => {
    const user = await signedIn();
    const start = await post(user, 'oauth-start', { provider: 'gmail', return_to: '/onboarding?step=integrations' });
    const back = await authorize(start.body.authUrl);
    const res = await post(user, 'oauth-callback', {
      provider: 'gmail',
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      diag: '1',
    });
    expect(res.body).toMatchObject({
      ok: true,
      phase: 'TokenExchangeOK',
      return_to: '/onboarding?step=integrations&diag=success',
    });
    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: user.token });
    expect(status.body.gmail.connected).toBe(false);
  });

  it('disconnect revokes at Google and deletes the tokens', async () => {
    const { workspaceId, ...user } = await signedIn();
    await connect(user, 'gmail');
    const refreshBefore = [...google.refreshTokens.entries()].filter(([, v]) => !v.revoked).length;
    const res = await post(user, 'oauth-disconnect', { provider: 'gmail' });
    expect(res.body).toEqual({ ok: true, revoked: true });
    expect([...google.refreshTokens.values()].filter((v) => !v.revoked).length).toBe(refreshBefore - 1);
    const rows = await t.database.query(`select 1 from oauth_tokens where workspace_id = $1`, [workspaceId]);
    expect(rows).toHaveLength(0);
    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: user.token });
    expect(status.body.gmail.connected).toBe(false);
  });
});

describe('Outlook round trip and refresh', () => {
  it('connects (ms365 accepted as outlook) and refreshes with the rotated refresh token', async () => {
    const { workspaceId, ...user } = await signedIn();
    const start = await post(user, 'oauth-start', { provider: 'ms365', return_to: '/integrations/email' });
    expect(start.body.provider).toBe('outlook');
    const back = await authorize(start.body.authUrl);
    const callback = await post(user, 'oauth-callback', {
      provider: 'outlook',
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(callback.body).toMatchObject({
      ok: true,
      account_hint: 'pm@outlook.example',
      return_to: '/integrations/email?provider=outlook&ok=1',
    });

    const scope = { deps: t.deps, workspaceId, userId: user.id, log: t.deps.log };
    const first = await freshAccessToken(scope, 'outlook');
    expect(microsoft.isValidAccessToken(first)).toBe(true);
    // The rotated refresh token was stored: a second refresh succeeds although the first was spent.
    const second = await freshAccessToken(scope, 'outlook');
    expect(second).not.toBe(first);
    expect(microsoft.isValidAccessToken(second)).toBe(true);
    const refreshCalls = microsoft.requests.filter((r) => r.path.endsWith('/token')).length;
    expect(refreshCalls).toBeGreaterThanOrEqual(3);

    // A refresh token revoked at the provider marks the connection as error.
    for (const entry of microsoft.refreshTokens.values()) entry.revoked = true;
    await expect(freshAccessToken(scope, 'outlook')).rejects.toMatchObject({ code: 'upstream_unavailable' });
    const status = await api<any>(t, 'GET', '/api/v1/mail/status', { token: user.token });
    expect(status.body.outlook.account.status).toBe('error');
    expect(status.body.outlook.connected).toBe(false);
  });

  it('a Gmail token still valid is used without calling the provider', async () => {
    const { workspaceId, ...user } = await signedIn();
    await connect(user, 'gmail');
    const before = google.requests.length;
    const token = await freshAccessToken({ deps: t.deps, workspaceId, userId: user.id, log: t.deps.log }, 'gmail');
    expect(google.isValidAccessToken(token)).toBe(true);
    expect(google.requests.length).toBe(before);
  });
});

describe('guards', () => {
  it('refuses non-OAuth providers with the spec payload', async () => {
    const user = await signedIn();
    const res = await post(user, 'oauth-start', { provider: 'buildium' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('not_oauth_provider');
    expect(res.body.error.message).toBe('Use API-key connect');
    expect(res.body.error.details).toMatchObject({ redirect: '/settings/integrations/buildium' });
  });

  it('needs a signed-in user', async () => {
    const res = await api<any>(t, 'POST', '/functions/v1/oauth-start', { body: { provider: 'gmail' } });
    expect(res.status).toBe(401);
  });
});

describe('email-intake (Run intake now)', () => {
  it('reads the connected inboxes through the Gmail API and Graph, once, into mail and knowledge', async () => {
    const user = await signedIn();
    const now = Date.now();
    google.messages.push(
      {
        id: 'g-1',
        from: 'Ana <ana@tenant.example>',
        subject: 'Parking permit renewal',
        text: 'Please renew my parking permit for spot 17.',
        date: new Date(now - 60_000),
      },
      {
        id: 'g-2',
        from: 'vendor@plumbing.example',
        subject: 'Invoice 5521',
        text: 'Invoice for the boiler repair at Elm Street.',
        date: new Date(now - 120_000),
      },
    );
    microsoft.messages.push({
      id: 'm-1',
      from: 'owner@investor.example',
      subject: 'Quarterly report',
      text: 'Can you send the quarterly occupancy report?',
      date: new Date(now - 30_000),
    });
    await connect(user, 'gmail');
    await connect(user, 'outlook');

    const first = await post(user, 'email-intake', {});
    expect(first.status).toBe(200);
    expect(first.body.ok).toBe(true);
    expect(first.body.providers).toEqual(
      expect.arrayContaining([
        { provider: 'gmail', imported: 2, skipped: 0, error: null },
        { provider: 'outlook', imported: 1, skipped: 0, error: null },
      ]),
    );
    // Outlook's 60-second tokens were refreshed before the Graph call; Graph accepted the new token.
    expect(microsoft.requests.some((r) => r.path === '/v1.0/me/mailFolders/inbox/messages')).toBe(true);

    const again = await post(user, 'email-intake', {});
    expect(again.body.providers.map((p: any) => p.imported)).toEqual([0, 0]);

    const mail = await api<any>(t, 'GET', '/api/v1/mail/messages', { token: user.token });
    expect(mail.body.messages.map((m: any) => m.subject)).toEqual([
      'Quarterly report',
      'Parking permit renewal',
      'Invoice 5521',
    ]);
    expect(mail.body.messages[1]).toMatchObject({
      source: 'gmail',
      text: 'Please renew my parking permit for spot 17.',
    });

    const hits = await waitFor(
      () => post(user, 'search', { query: 'parking permit spot' }),
      (r) => r.body.results?.length > 0,
    );
    expect(hits.body.results[0].document_title).toContain('Parking permit renewal');
  });

  it('reports an API refusal per provider without failing the others', async () => {
    const user = await signedIn();
    await connect(user, 'gmail');
    // Three times: a lone 5xx is retried (upstream schedule, 3 attempts) and would pass.
    google.failNext({ status: 500, path: '/gmail/v1/users/me/messages', times: 3 });
    const res = await post(user, 'email-intake', {});
    expect(res.body.ok).toBe(false);
    expect(res.body.providers[0]).toMatchObject({ provider: 'gmail', imported: 0 });
    expect(res.body.providers[0].error).toContain('500');
  });
});

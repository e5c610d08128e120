import { randomUUID } from 'node:crypto';
import {
  type AuthChangeEvent,
  GoTrueClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
} from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';

/**
 * The unmodified `@supabase/auth-js` client (what the web app uses) against the running server:
 * if these pass, the client can sign up, sign in, refresh and sign out against Helixis.
 */

const PASSWORD = 'correct horse battery';
const newEmail = () => `client-${randomUUID().slice(0, 8)}@example.com`;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** One browser tab: a client with its own storage, recording the auth events it emits. */
function newClient(t: TestApp) {
  const storage = memoryStorage();
  const client = new GoTrueClient({
    url: `${t.url}/auth/v1`,
    storageKey: `helixis-test-${randomUUID()}`,
    storage,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const events: AuthChangeEvent[] = [];
  client.onAuthStateChange((event) => {
    events.push(event);
  });
  return { client, storage, events };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_AUTH_IP_LIMIT: '100000' });
});
afterAll(async () => {
  await t?.close();
});

describe('@supabase/auth-js against /auth/v1', () => {
  it('signs up, reads the user and reaches the API with the session (workspace bootstrap)', async () => {
    const { client, storage, events } = newClient(t);
    const email = newEmail();
    const { data, error } = await client.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${t.url}/onboarding?step=integrations`, data: { source: 'test' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({ email, is_anonymous: false, user_metadata: { source: 'test' } });
    expect(events).toContain('SIGNED_IN');
    expect(storage.items.size).toBeGreaterThan(0);

    const session = (await client.getSession()).data.session;
    expect(session?.refresh_token).toBe(data.session?.refresh_token);
    const user = await client.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.id).toBe(data.user?.id);

    const me = await api<any>(t, 'GET', '/api/v1/me', { token: data.session!.access_token });
    expect(me.status).toBe(200);
    expect(me.body.workspace.name).toBe(`${email.split('@')[0]} Workspace`);
    expect(me.body.role).toBe('OWNER');
  });

  it('signs in with a password and refreshes the session', async () => {
    const email = newEmail();
    await newClient(t).client.signUp({ email, password: PASSWORD });
    const { client, events } = newClient(t);
    const signedIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(email);
    const before = signedIn.data.session!;

    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before.refresh_token);
    expect(events).toContain('TOKEN_REFRESHED');
    expect((await client.getSession()).data.session?.refresh_token).toBe(refreshed.data.session?.refresh_token);
    const user = await client.getUser();
    expect(user.data.user?.email).toBe(email);
  });

  it('lets two tabs refresh the same token at once: both succeed with the same new token', async () => {
    const email = newEmail();
    const tabA = newClient(t);
    const signedUp = await tabA.client.signUp({ email, password: PASSWORD });
    const refreshToken = signedUp.data.session!.refresh_token;
    const tabB = newClient(t);
    const [a, b] = await Promise.all([
      tabA.client.refreshSession(),
      tabB.client.refreshSession({ refresh_token: refreshToken }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session?.refresh_token).toBe(b.data.session?.refresh_token);
    expect(a.data.session?.refresh_token).not.toBe(refreshToken);
    for (const s of [a.data.session!, b.data.session!]) {
      expect((await api(t, 'GET', '/api/v1/me', { token: s.access_token })).status).toBe(200);
    }
  });

  it('revokes the session when a rotated token is re-used after the reuse interval', async () => {
    const strict = await startTestApp({ HELIXIS_REFRESH_REUSE_INTERVAL: '0' });
    try {
      const tab = newClient(strict);
      const signedUp = await tab.client.signUp({ email: newEmail(), password: PASSWORD });
      const stolen = signedUp.data.session!.refresh_token;
      const rotated = await tab.client.refreshSession();
      expect(rotated.error).toBeNull();

      const attacker = newClient(strict);
      const reuse = await attacker.client.refreshSession({ refresh_token: stolen });
      expect(isAuthApiError(reuse.error)).toBe(true);
      expect(reuse.error?.code).toBe('refresh_token_already_used');
      expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');

      // The legitimate tab's session is gone too: its token no longer refreshes or reads the user.
      const afterRevoke = await tab.client.refreshSession();
      expect(afterRevoke.error?.code).toBe('refresh_token_not_found');
      const probe = newClient(strict);
      const user = await probe.client.getUser(rotated.data.session!.access_token);
      expect(isAuthSessionMissingError(user.error)).toBe(true);
      const me = await api(strict, 'GET', '/api/v1/me', { token: rotated.data.session!.access_token });
      expect(me.status).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('signs out globally: every session ends and the old access token is refused by the API', async () => {
    const email = newEmail();
    const phone = newClient(t);
    const laptop = newClient(t);
    await phone.client.signUp({ email, password: PASSWORD });
    await laptop.client.signInWithPassword({ email, password: PASSWORD });
    const phoneToken = (await phone.client.getSession()).data.session!.access_token;
    const laptopToken = (await laptop.client.getSession()).data.session!.access_token;
    expect((await api(t, 'GET', '/api/v1/me', { token: phoneToken })).status).toBe(200);

    const { error } = await phone.client.signOut({ scope: 'global' });
    expect(error).toBeNull();
    expect(phone.events).toContain('SIGNED_OUT');
    expect((await phone.client.getSession()).data.session).toBeNull();
    for (const token of [phoneToken, laptopToken]) {
      const me = await api<any>(t, 'GET', '/api/v1/me', { token });
      expect(me.status).toBe(401);
      expect(me.body.error.code).toBe('session_not_found');
    }
    // The other device learns it on its next call and drops its session.
    const user = await laptop.client.getUser();
    expect(isAuthSessionMissingError(user.error)).toBe(true);
    expect((await laptop.client.getSession()).data.session).toBeNull();
  });

  it('signs in anonymously', async () => {
    const { client } = newClient(t);
    const { data, error } = await client.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.session?.access_token).toBeTruthy();
    const user = await client.getUser();
    expect(user.data.user?.is_anonymous).toBe(true);
    expect((await api(t, 'GET', '/api/v1/me', { token: data.session!.access_token })).status).toBe(200);
  });

  it('reports each refusal the way the client expects', async () => {
    const email = newEmail();
    const { client } = newClient(t);
    await client.signUp({ email, password: PASSWORD });

    const duplicate = await newClient(t).client.signUp({ email, password: PASSWORD });
    expect(isAuthApiError(duplicate.error)).toBe(true);
    expect(duplicate.error).toMatchObject({
      message: 'User already registered',
      code: 'user_already_exists',
      status: 422,
    });

    const wrong = await newClient(t).client.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error).toMatchObject({
      message: 'Invalid login credentials',
      code: 'invalid_credentials',
      status: 400,
    });
    const unknown = await newClient(t).client.signInWithPassword({ email: newEmail(), password: PASSWORD });
    expect(unknown.error).toMatchObject({ message: 'Invalid login credentials', code: 'invalid_credentials' });

    const weak = await newClient(t).client.signUp({ email: newEmail(), password: '12345' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error?.code).toBe('weak_password');
    if (!isAuthWeakPasswordError(weak.error)) throw new Error('expected a weak password error');
    expect(weak.error.reasons).toEqual(['length']);
  });

  it('reports Email not confirmed when confirmation is on, and no session on sign-up', async () => {
    const confirming = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true' });
    try {
      const email = newEmail();
      const { client } = newClient(confirming);
      const signedUp = await client.signUp({
        email,
        password: PASSWORD,
        options: { emailRedirectTo: `${confirming.url}/onboarding?step=integrations` },
      });
      expect(signedUp.error).toBeNull();
      expect(signedUp.data.session).toBeNull();
      expect(signedUp.data.user?.email).toBe(email);

      const refused = await client.signInWithPassword({ email, password: PASSWORD });
      expect(refused.error).toMatchObject({ message: 'Email not confirmed', code: 'email_not_confirmed' });

      const outbox = await api<any>(confirming, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      const link = String(outbox.body.mails[0].text).match(/https?:\/\/\S+/)?.[0] as string;
      expect(new URL(link).searchParams.get('redirect_to')).toBe('/onboarding?step=integrations');
      const opened = await fetch(link, { redirect: 'manual' });
      expect(opened.headers.get('location')).toBe('/onboarding?step=integrations');
      const signedIn = await client.signInWithPassword({ email, password: PASSWORD });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.session).not.toBeNull();
    } finally {
      await confirming.close();
    }
  });

  it('reports the rate limit as over_request_rate_limit', async () => {
    const limited = await startTestApp({ HELIXIS_SIGNIN_MAX_FAILURES: '2' });
    try {
      const email = newEmail();
      const { client } = newClient(limited);
      await client.signUp({ email, password: PASSWORD });
      for (let i = 0; i < 2; i++) {
        expect((await client.signInWithPassword({ email, password: 'wrong' })).error?.code).toBe('invalid_credentials');
      }
      const limitedResult = await client.signInWithPassword({ email, password: PASSWORD });
      expect(isAuthApiError(limitedResult.error)).toBe(true);
      expect(limitedResult.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
      expect(limitedResult.error?.message).toMatch(/^Too many failed sign-in attempts for this email/);
    } finally {
      await limited.close();
    }
  });
});

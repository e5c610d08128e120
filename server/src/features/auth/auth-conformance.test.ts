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
  t = await startTestApp({ HELIXIS_AUTH_IP_LIMIT: '100000', HELIXIS_MAIL_MIN_INTERVAL_SECONDS: '0' });
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

/** The newest mail the dev outbox holds for `to`: its link and 6-digit code. */
async function mailTo(app: TestApp, to: string, subject: RegExp) {
  const outbox = await api<any>(app, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const mail = (outbox.body.mails as { subject: string; text: string }[]).find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no mail matching ${subject} to ${to}`);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
  const code = mail.text.match(/code: (\d{6})/)?.[1] ?? '';
  return { link, code, text: mail.text };
}

/** Opens a mailed link as a browser would, without following the redirect: the fragment it hands over. */
async function openLink(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const [path, fragment = ''] = location.split('#');
  return { status: res.status, path, params: new URLSearchParams(fragment) };
}

describe('@supabase/auth-js: recovery, updateUser, e-mail links, claims and switches', () => {
  it('recovers a password: same answer for unknown addresses, single-use link, other sessions ended', async () => {
    const email = newEmail();
    const phone = newClient(t);
    await phone.client.signUp({ email, password: PASSWORD });
    const phoneToken = (await phone.client.getSession()).data.session!.access_token;

    const forgetful = newClient(t);
    const asked = await forgetful.client.resetPasswordForEmail(email, { redirectTo: `${t.url}/reset-password` });
    expect(asked).toEqual({ data: {}, error: null });
    const unknown = await newClient(t).client.resetPasswordForEmail(newEmail());
    expect(unknown).toEqual({ data: {}, error: null });

    const { link, code, text } = await mailTo(t, email, /Reset your/);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    expect(code).toMatch(/^\d{6}$/);
    expect(text).not.toContain(PASSWORD);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.path).toBe('/reset-password');
    expect(opened.params.get('type')).toBe('recovery');
    const accessToken = opened.params.get('access_token') as string;
    const refreshToken = opened.params.get('refresh_token') as string;
    expect(accessToken && refreshToken).toBeTruthy();
    // The link works once.
    const again = await openLink(link);
    expect(again.params.get('error_code')).toBe('otp_expired');
    expect(again.params.get('access_token')).toBeNull();

    // What the app does with the fragment: the session, then "Set a new password".
    const set = await forgetful.client.setSession({ access_token: accessToken, refresh_token: refreshToken });
    expect(set.error).toBeNull();
    expect(set.data.session?.user.email).toBe(email);
    const updated = await forgetful.client.updateUser({ password: 'a brand new passphrase' });
    expect(updated.error).toBeNull();
    expect(forgetful.events).toContain('USER_UPDATED');

    // The phone's session is over; the recovering one goes on; only the new password signs in.
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: phoneToken });
    expect(me.status).toBe(401);
    expect((await forgetful.client.getUser()).data.user?.email).toBe(email);
    const old = await newClient(t).client.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await newClient(t).client.signInWithPassword({ email, password: 'a brand new passphrase' });
    expect(fresh.error).toBeNull();
    // The code of the used mail went with its link.
    const late = await newClient(t).client.verifyOtp({ email, token: code, type: 'recovery' });
    expect(late.error).toMatchObject({ code: 'otp_expired', status: 403 });
  });

  it('verifies a recovery code: PASSWORD_RECOVERY, and a second request inside the interval is refused', async () => {
    const strict = await startTestApp({ HELIXIS_AUTH_IP_LIMIT: '100000', HELIXIS_MAIL_MIN_INTERVAL_SECONDS: '60' });
    try {
      const email = newEmail();
      await newClient(strict).client.signUp({ email, password: PASSWORD });
      const { client, events } = newClient(strict);
      expect((await client.resetPasswordForEmail(email)).error).toBeNull();
      const tooSoon = await client.resetPasswordForEmail(email);
      expect(tooSoon.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
      // The same for an address without an account: the answer does not tell them apart.
      const nobody = newEmail();
      expect((await client.resetPasswordForEmail(nobody)).error).toBeNull();
      expect((await client.resetPasswordForEmail(nobody)).error?.code).toBe('over_email_send_rate_limit');

      const { code } = await mailTo(strict, email, /Reset your/);
      const wrong = await client.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'recovery' });
      expect(wrong.error).toMatchObject({ code: 'otp_expired', message: 'Token has expired or is invalid' });
      const verified = await client.verifyOtp({ email, token: code, type: 'recovery' });
      expect(verified.error).toBeNull();
      expect(verified.data.session?.user.email).toBe(email);
      expect(events).toContain('PASSWORD_RECOVERY');
      const claims = (await client.getClaims()).data?.claims;
      expect(claims?.amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    } finally {
      await strict.close();
    }
  });

  it('refuses guessing codes: past five wrong ones an address is locked for the hour', async () => {
    const email = newEmail();
    await newClient(t).client.signUp({ email, password: PASSWORD });
    const { client } = newClient(t);
    await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const { code } = await mailTo(t, email, /sign-in link/);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect((await client.verifyOtp({ email, token: wrongCode, type: 'email' })).error?.code).toBe('otp_expired');
    }
    const locked = await client.verifyOtp({ email, token: code, type: 'email' });
    expect(locked.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
  });

  it('updates the user: metadata merged, same and weak passwords refused, USER_UPDATED', async () => {
    const { client, events } = newClient(t);
    await client.signUp({ email: newEmail(), password: PASSWORD, options: { data: { a: 1, b: 2 } } });
    const merged = await client.updateUser({ data: { b: 3, c: 'x' } });
    expect(merged.error).toBeNull();
    expect(merged.data.user?.user_metadata).toEqual({ a: 1, b: 3, c: 'x' });
    expect(events).toContain('USER_UPDATED');
    const removed = await client.updateUser({ data: { a: null } });
    expect(removed.data.user?.user_metadata).toEqual({ b: 3, c: 'x' });
    expect((await client.getUser()).data.user?.user_metadata).toEqual({ b: 3, c: 'x' });

    const same = await client.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({
      code: 'same_password',
      status: 422,
      message: 'New password should be different from the old password.',
    });
    const weak = await client.updateUser({ password: '123' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    const mismatch = await client.updateUser({ password: 'another passphrase', current_password: 'not it' });
    expect(mismatch.error?.code).toBe('current_password_mismatch');
    const changed = await client.updateUser({ password: 'another passphrase', current_password: PASSWORD });
    expect(changed.error).toBeNull();
  });

  it('changes the e-mail only through the link mailed to the new address', async () => {
    const email = newEmail();
    const next = newEmail();
    const taken = newEmail();
    await newClient(t).client.signUp({ email: taken, password: PASSWORD });
    const { client } = newClient(t);
    await client.signUp({ email, password: PASSWORD });
    const clash = await client.updateUser({ email: taken });
    expect(clash.error).toMatchObject({ code: 'email_exists', status: 422 });

    const asked = await client.updateUser({ email: next }, { emailRedirectTo: `${t.url}/settings` });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: next });
    const { link } = await mailTo(t, next, /new .* e-mail address/);
    const opened = await openLink(link);
    expect(opened.path).toBe('/settings');
    expect(opened.params.get('type')).toBe('email_change');
    const user = await newClient(t).client.getUser(opened.params.get('access_token') as string);
    expect(user.data.user).toMatchObject({ email: next, phone: '' });
    expect(user.data.user?.new_email).toBeUndefined();
    expect((await newClient(t).client.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await newClient(t).client.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('upgrades an anonymous user with e-mail and password', async () => {
    const { client } = newClient(t);
    const anon = await client.signInAnonymously();
    const id = anon.data.user!.id;
    const noEmail = await client.updateUser({ password: PASSWORD });
    expect(noEmail.error).toMatchObject({ code: 'validation_failed', status: 422 });
    const email = newEmail();
    const upgraded = await client.updateUser({ email, password: PASSWORD });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user).toMatchObject({ id, email, is_anonymous: false });
    expect(upgraded.data.user?.identities).toHaveLength(1);
    const signedIn = await newClient(t).client.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.data.user?.id).toBe(id);
  });

  it('signs in with an e-mail link or code (signInWithOtp), creating the account when allowed', async () => {
    const email = newEmail();
    const { client, events } = newClient(t);
    const refused = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ code: 'otp_disabled', status: 422 });
    const sent = await client.signInWithOtp({ email, options: { emailRedirectTo: `${t.url}/dashboard` } });
    expect(sent.error).toBeNull();
    const { link, code } = await mailTo(t, email, /sign-in link/);
    const verified = await client.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, is_anonymous: false });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    // The link went with its code.
    expect((await openLink(link)).params.get('error_code')).toBe('otp_expired');

    // A second mail: this time the link, with a path of this app as its destination.
    await client.signInWithOtp({ email, options: { emailRedirectTo: `${t.url}/dashboard` } });
    const second = await mailTo(t, email, /sign-in link/);
    const opened = await openLink(second.link);
    expect(opened.path).toBe('/dashboard');
    expect(opened.params.get('type')).toBe('magiclink');
    const viaLink = await newClient(t).client.getUser(opened.params.get('access_token') as string);
    expect(viaLink.data.user?.email).toBe(email);
  });

  it('resends the sign-up confirmation (resend type signup) and verifies its link as token_hash', async () => {
    const confirming = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true', HELIXIS_AUTH_IP_LIMIT: '100000' });
    try {
      const email = newEmail();
      const { client, events } = newClient(confirming);
      await client.signUp({ email, password: PASSWORD });
      expect((await client.resend({ type: 'signup', email })).error).toBeNull();
      const outbox = await api<any>(confirming, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      expect(outbox.body.mails).toHaveLength(2);
      const token = new URL(String(outbox.body.mails[0].text).match(/https?:\/\/\S+/)?.[0] as string).searchParams.get(
        'token',
      ) as string;
      const verified = await client.verifyOtp({ token_hash: token, type: 'signup' });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.email_confirmed_at).toBeTruthy();
      expect(events).toContain('SIGNED_IN');
    } finally {
      await confirming.close();
    }
  });

  it('signs ES256 tokens with GoTrue claims; getClaims verifies them through the JWKS', async () => {
    const { client } = newClient(t);
    const email = newEmail();
    const { data } = await client.signUp({ email, password: PASSWORD });
    expect(data.user).toMatchObject({ phone: '', identities: [{ provider: 'email', email }] });
    const jwks = await api<any>(t, 'GET', '/auth/v1/.well-known/jwks.json');
    expect(jwks.body.keys).toEqual([
      expect.objectContaining({ kty: 'EC', alg: 'ES256', use: 'sig', kid: expect.any(String) }),
    ]);
    expect(jwks.body.keys[0].d).toBeUndefined();

    const { data: claimsData, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(claimsData?.header).toMatchObject({ alg: 'ES256', kid: jwks.body.keys[0].kid });
    expect(claimsData?.claims).toMatchObject({
      iss: `${t.url}/auth/v1`,
      aud: 'authenticated',
      sub: data.user!.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      is_anonymous: false,
      session_id: expect.any(String),
    });
    const aal = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('turns sign-up and anonymous sign-in off, says so in /settings and refuses with GoTrue codes', async () => {
    const closed = await startTestApp({ HELIXIS_DISABLE_SIGNUP: 'true', HELIXIS_DISABLE_ANONYMOUS: 'true' });
    try {
      const settings = await api<any>(closed, 'GET', '/auth/v1/settings');
      expect(settings.body).toMatchObject({ disable_signup: true, external: { anonymous_users: false } });
      const { client } = newClient(closed);
      expect((await client.signUp({ email: newEmail(), password: PASSWORD })).error).toMatchObject({
        code: 'signup_disabled',
        status: 422,
      });
      expect((await client.signInAnonymously()).error).toMatchObject({
        code: 'anonymous_provider_disabled',
        status: 422,
      });
      expect((await client.signInWithOtp({ email: newEmail() })).error?.code).toBe('otp_disabled');
    } finally {
      await closed.close();
    }
  });

  it('answers the smaller wire differences as GoTrue does', async () => {
    const { client } = newClient(t);
    const empty = await client.signUp({ email: newEmail(), password: '' });
    expect(empty.error).toMatchObject({
      code: 'validation_failed',
      status: 400,
      message: 'Signup requires a valid password',
    });
    const phone = await client.signUp({ phone: '+15555550100', password: PASSWORD });
    expect(phone.error?.code).toBe('phone_provider_disabled');
    const phoneIn = await client.signInWithPassword({ phone: '+15555550100', password: PASSWORD });
    expect(phoneIn.error?.code).toBe('phone_provider_disabled');
    const phoneCode = await client.verifyOtp({ phone: '+15555550100', token: '123456', type: 'phone_change' });
    expect(phoneCode.error).toMatchObject({
      code: 'otp_expired',
      status: 403,
      message: 'Token has expired or is invalid',
    });
    const grant = await api<any>(t, 'POST', '/auth/v1/token?grant_type=id_token', { body: {} });
    expect(grant.body).toMatchObject({ code: 400, error_code: 'unsupported_grant_type' });
    const unknownDelete = await fetch(`${t.url}/auth/v1/nothing-here`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknownDelete.status).toBe(404);
  });
});

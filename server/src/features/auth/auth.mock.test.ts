import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AuthSession, AuthUser } from '@helixis/contract';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../../platform/logger';
import { signAccessToken } from '../../platform/tokens';
import { api, startTestApp, type TestApp } from '../../test/app';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink';

/** Every stored hash the server verifies a password against (the real module does the work). */
const argon2Verifications = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    verify: (hashed: string, password: string) => {
      argon2Verifications.push(String(hashed));
      return actual.verify(hashed, password);
    },
  };
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse battery';

type Body = Record<string, any>;

async function signUp(t: TestApp, email: string, password = PASSWORD, extra: Body = {}, query = '') {
  return api<Body>(t, 'POST', `/auth/v1/signup${query}`, { body: { email, password, ...extra } });
}

async function signIn(t: TestApp, email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return api<Body>(t, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password }, headers });
}

async function refresh(t: TestApp, refreshToken: string) {
  return api<Body>(t, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
}

/** Row counts of every table auth writes to, to prove a refused request wrote nothing. */
async function authRowCounts(t: TestApp) {
  const [row] = await t.database.query<Record<string, string>>(
    `select (select count(*) from users)::text as users, (select count(*) from auth_sessions)::text as sessions,
            (select count(*) from refresh_tokens)::text as tokens, (select count(*) from mail_outbox)::text as mails`,
  );
  return row;
}

function expectGoTrueError(res: { status: number; body: Body; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code: status, error_code: code });
  expect(typeof res.body.msg).toBe('string');
  expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
}

let t: TestApp;
beforeAll(async () => {
  // Generous limits here; the rate-limit tests start their own servers with small ones.
  t = await startTestApp({ HELIXIS_AUTH_IP_LIMIT: '100000', HELIXIS_SIGNIN_MAX_FAILURES: '100000' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /auth/v1/signup', () => {
  it('creates a confirmed user and answers with a GoTrue session; stores only hashes', async () => {
    const email = newEmail('Maria.Lopez');
    const before = Math.floor(Date.now() / 1000);
    const res = await signUp(t, `  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const session = AuthSession.parse(res.body);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(session.user).toMatchObject({ email: email.toLowerCase(), is_anonymous: false, aud: 'authenticated' });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.last_sign_in_at).toBeTruthy();

    expect(decodeProtectedHeader(session.access_token)).toMatchObject({
      alg: 'ES256',
      kid: t.config.jwtKeys.signing?.kid,
    });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: session.user.id, typ: 'access', email: email.toLowerCase() });
    expect(claims.exp).toBe(session.expires_at);

    const [user] = await t.database.query<{ encrypted_password: string }>(
      'select encrypted_password from users where id = $1',
      [session.user.id],
    );
    expect(user?.encrypted_password).toMatch(/^\$argon2id\$/);
    expect(user?.encrypted_password).not.toContain(PASSWORD);
    const tokens = await t.database.query<{ token_hash: string; session_id: string; parent_hash: string | null }>(
      'select token_hash, session_id, parent_hash from refresh_tokens where user_id = $1',
      [session.user.id],
    );
    expect(tokens).toEqual([
      { token_hash: sha256(session.refresh_token), session_id: claims.session_id, parent_hash: null },
    ]);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts the client's extra fields and keeps `data` as user metadata", async () => {
    const res = await signUp(
      t,
      newEmail(),
      PASSWORD,
      {
        data: { full_name: 'Maria' },
        gotrue_meta_security: {},
        code_challenge: null,
        code_challenge_method: null,
      },
      '?redirect_to=http%3A%2F%2Flocalhost%2Fonboarding',
    );
    expect(res.status).toBe(200);
    expect(res.body.user.user_metadata).toEqual({ full_name: 'Maria' });
  });

  it('creates an anonymous user with a session from an empty sign-up (signInAnonymously)', async () => {
    for (const body of [{ data: {}, gotrue_meta_security: {} }, {}]) {
      const res = await api<Body>(t, 'POST', '/auth/v1/signup', { body });
      expect(res.status).toBe(200);
      const session = AuthSession.parse(res.body);
      expect(session.user.is_anonymous).toBe(true);
      expect(session.user.email).toBe('');
      expect(session.user.app_metadata).toMatchObject({ provider: 'anonymous' });
      expect(decodeJwt(session.access_token).is_anonymous).toBe(true);
      const me = await api<Body>(t, 'GET', '/auth/v1/user', { token: session.access_token });
      expect(me.body.is_anonymous).toBe(true);
    }
  });

  it('refuses a second account for an e-mail, whatever its case, with GoTrue’s words', async () => {
    const email = newEmail();
    expect((await signUp(t, email)).status).toBe(200);
    const again = await signUp(t, email.toUpperCase(), 'another password');
    expectGoTrueError(again, 422, 'user_already_exists');
    expect(again.body.msg).toBe('User already registered');
    const rows = await t.database.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of several racing sign-ups for one e-mail through', async () => {
    const email = newEmail();
    const results = await Promise.all(Array.from({ length: 5 }, () => signUp(t, email)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expectGoTrueError(r, 422, 'user_already_exists');
  });

  it('refuses a password under 6 characters as weak_password with the reason, writing nothing', async () => {
    const before = await authRowCounts(t);
    const res = await signUp(t, newEmail(), 'abc12');
    expectGoTrueError(res, 422, 'weak_password');
    expect(res.body.weak_password).toEqual({ reasons: ['length'] });
    expect(res.body.msg).toBe('Password should be at least 6 characters.');
    expect(await authRowCounts(t)).toEqual(before);
    expect((await signUp(t, newEmail(), 'abc123')).status).toBe(200);
  });

  it('refuses e-mails that are not text@text.text, missing fields, wrong types and bad JSON, writing nothing', async () => {
    const before = await authRowCounts(t);
    for (const email of ['no-at-sign', 'a@b', 'a @b.c', '@example.com', `${'x'.repeat(320)}@example.com`]) {
      const res = await signUp(t, email);
      expectGoTrueError(res, 400, 'validation_failed');
      expect(res.body.msg).toBe('Unable to validate email address: invalid format');
    }
    const noEmail = await api<Body>(t, 'POST', '/auth/v1/signup', { body: { password: PASSWORD } });
    expectGoTrueError(noEmail, 400, 'validation_failed');
    const wrongTypes = await api<Body>(t, 'POST', '/auth/v1/signup', { body: { email: 42, password: true } });
    expectGoTrueError(wrongTypes, 400, 'validation_failed');
    const badData = await api<Body>(t, 'POST', '/auth/v1/signup', {
      body: { email: newEmail(), password: PASSWORD, data: 'x' },
    });
    expectGoTrueError(badData, 400, 'validation_failed');
    const array = await api<Body>(t, 'POST', '/auth/v1/signup', { body: [newEmail(), PASSWORD] });
    expectGoTrueError(array, 400, 'validation_failed');
    const nullBody = await api<Body>(t, 'POST', '/auth/v1/signup', { rawBody: 'null' });
    expectGoTrueError(nullBody, 400, 'validation_failed');
    const malformed = await api<Body>(t, 'POST', '/auth/v1/signup', { rawBody: '{"email": "a@b.co", "password":' });
    expectGoTrueError(malformed, 400, 'bad_json');
    const tooLong = await signUp(t, newEmail(), 'p'.repeat(1025));
    expectGoTrueError(tooLong, 400, 'validation_failed');
    expect(await authRowCounts(t)).toEqual(before);
  });
});

describe('POST /auth/v1/token?grant_type=password', () => {
  it('signs in with a new session and records last_sign_in_at', async () => {
    const email = newEmail();
    const first = (await signUp(t, email)).body;
    const [before] = await t.database.query<{ last_sign_in_at: Date }>(
      'select last_sign_in_at from users where email = $1',
      [email],
    );
    await new Promise((r) => setTimeout(r, 20));
    const res = await signIn(t, email.toUpperCase());
    expect(res.status).toBe(200);
    const session = AuthSession.parse(res.body);
    expect(session.user.id).toBe(first.user.id);
    expect(decodeJwt(session.access_token).session_id).not.toBe(decodeJwt(first.access_token).session_id);
    const [after] = await t.database.query<{ last_sign_in_at: Date; sessions: string }>(
      `select last_sign_in_at, (select count(*) from auth_sessions where user_id = users.id)::text as sessions
         from users where email = $1`,
      [email],
    );
    expect(new Date(after!.last_sign_in_at).getTime()).toBeGreaterThan(new Date(before!.last_sign_in_at).getTime());
    expect(after?.sessions).toBe('2');
    expect(new Date(session.user.last_sign_in_at!).getTime()).toBe(new Date(after!.last_sign_in_at).getTime());
  });

  it('answers a wrong password and an unknown e-mail identically, after the same password-hash work', async () => {
    const email = newEmail();
    await signUp(t, email);
    const wrong = await signIn(t, email, 'not the password');
    const unknown = await signIn(t, newEmail(), 'not the password');
    for (const res of [wrong, unknown]) {
      expectGoTrueError(res, 400, 'invalid_credentials');
      expect(res.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    }
    // An unknown e-mail still costs one Argon2id verification with the same parameters as a real
    // account, so the answer takes as long and timing does not reveal which accounts exist.
    argon2Verifications.length = 0;
    await signIn(t, email, 'not the password');
    await signIn(t, newEmail(), 'not the password');
    expect(argon2Verifications).toHaveLength(2);
    const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(costOf(argon2Verifications[0]!)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    expect(costOf(argon2Verifications[1]!)).toBe(costOf(argon2Verifications[0]!));
    expect(argon2Verifications[1]).not.toBe(argon2Verifications[0]);
  });

  it('refuses missing fields, wrong types, bad JSON and unknown grant types, writing nothing', async () => {
    const email = newEmail();
    await signUp(t, email);
    const before = await authRowCounts(t);
    const cases: [string, { body?: unknown; rawBody?: string }, string][] = [
      ['/auth/v1/token?grant_type=password', { body: { email } }, 'validation_failed'],
      ['/auth/v1/token?grant_type=password', { body: { password: PASSWORD } }, 'validation_failed'],
      ['/auth/v1/token?grant_type=password', { body: { email, password: 123456 } }, 'validation_failed'],
      [
        '/auth/v1/token?grant_type=password',
        { body: { email: 'not-an-email', password: PASSWORD } },
        'validation_failed',
      ],
      ['/auth/v1/token?grant_type=password', { rawBody: '{"email":' }, 'bad_json'],
      ['/auth/v1/token?grant_type=password', { rawBody: '"text"' }, 'validation_failed'],
      ['/auth/v1/token', { body: { email, password: PASSWORD } }, 'unsupported_grant_type'],
      ['/auth/v1/token?grant_type=magic', { body: { email, password: PASSWORD } }, 'unsupported_grant_type'],
      ['/auth/v1/token?grant_type=refresh_token', { body: {} }, 'validation_failed'],
      ['/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: 7 } }, 'validation_failed'],
    ];
    for (const [path, options, code] of cases) {
      expectGoTrueError(await api<Body>(t, 'POST', path, options), 400, code);
    }
    expect(await authRowCounts(t)).toEqual(before);
  });
});

describe('POST /auth/v1/token?grant_type=refresh_token', () => {
  it('rotates the refresh token within the same session and chains the hashes', async () => {
    const first = (await signUp(t, newEmail())).body;
    const res = await refresh(t, first.refresh_token);
    expect(res.status).toBe(200);
    const next = AuthSession.parse(res.body);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    const rows = await t.database.query<{ token_hash: string; parent_hash: string | null; revoked: boolean }>(
      'select token_hash, parent_hash, revoked from refresh_tokens where user_id = $1 order by id',
      [first.user.id],
    );
    expect(rows).toEqual([
      { token_hash: sha256(first.refresh_token), parent_hash: null, revoked: true },
      { token_hash: sha256(next.refresh_token), parent_hash: sha256(first.refresh_token), revoked: false },
    ]);
    expect((await api<Body>(t, 'GET', '/auth/v1/user', { token: next.access_token })).status).toBe(200);
  });

  it('gives racing refreshes of one token the same new token (two tabs), creating one child', async () => {
    const first = (await signUp(t, newEmail())).body;
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(t, first.refresh_token)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
    const [count] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from refresh_tokens where user_id = $1',
      [first.user.id],
    );
    expect(count?.n).toBe('2');
    for (const r of results) {
      expect((await api<Body>(t, 'GET', '/api/v1/me', { token: r.body.access_token })).status).toBe(200);
    }
  });

  it('answers a rotated token within the interval with the session’s current token, however far it moved on', async () => {
    const first = (await signUp(t, newEmail())).body;
    const second = (await refresh(t, first.refresh_token)).body;
    const third = (await refresh(t, second.refresh_token)).body;
    const again = await refresh(t, first.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(third.refresh_token);
    expect((await refresh(t, third.refresh_token)).status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh(t, randomBytes(32).toString('base64url'));
    expectGoTrueError(res, 400, 'refresh_token_not_found');
    expect(res.body.msg).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('revokes the whole session when a rotated token comes back after the reuse interval', async () => {
    const short = await startTestApp({ HELIXIS_REFRESH_REUSE_INTERVAL: '1' });
    try {
      const first = (await signUp(short, newEmail())).body;
      const second = (await refresh(short, first.refresh_token)).body;
      expect((await refresh(short, first.refresh_token)).body.refresh_token).toBe(second.refresh_token);
      await new Promise((r) => setTimeout(r, 1_300));
      const reused = await refresh(short, first.refresh_token);
      expectGoTrueError(reused, 400, 'refresh_token_already_used');
      expect(reused.body.msg).toBe('Invalid Refresh Token: Already Used');
      const sessionId = decodeJwt(first.access_token).session_id;
      expect(await short.database.query('select 1 from auth_sessions where id = $1', [sessionId])).toHaveLength(0);
      expect(
        await short.database.query('select 1 from refresh_tokens where session_id = $1', [sessionId]),
      ).toHaveLength(0);
      expectGoTrueError(await refresh(short, second.refresh_token), 400, 'refresh_token_not_found');
      expectGoTrueError(
        await api<Body>(short, 'GET', '/auth/v1/user', { token: second.access_token }),
        403,
        'session_not_found',
      );
      expect((await api<Body>(short, 'GET', '/api/v1/me', { token: second.access_token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('access tokens on /auth/v1/user', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('returns the user for a valid token', async () => {
    const s = (await signUp(t, newEmail())).body;
    const res = await api<Body>(t, 'GET', '/auth/v1/user', { token: s.access_token });
    expect(res.status).toBe(200);
    expect(AuthUser.parse(res.body)).toMatchObject({ id: s.user.id, email: s.user.email });
  });

  it('refuses a missing, unsigned, foreign-signed, wrong-algorithm, expired or refresh token', async () => {
    const s = (await signUp(t, newEmail())).body;
    const claims = decodeJwt(s.access_token);
    expectGoTrueError(await api<Body>(t, 'GET', '/auth/v1/user'), 401, 'no_authorization');

    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const otherKey = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32));
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(t.config.jwtSecret);
    const expired = (
      await signAccessToken(
        t.config.jwtSecret,
        { userId: s.user.id, sessionId: claims.session_id as string, email: s.user.email, isAnonymous: false },
        60,
        Math.floor(Date.now() / 1000) - 3600,
      )
    ).token;
    const notAccess = await new SignJWT({ ...claims, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(t.config.jwtSecret);
    for (const token of [unsigned, otherKey, hs512, expired, notAccess, s.refresh_token, 'garbage']) {
      const res = await api<Body>(t, 'GET', '/auth/v1/user', { token });
      expectGoTrueError(res, 403, 'bad_jwt');
      expect((await api<Body>(t, 'GET', '/api/v1/me', { token })).status).toBe(401);
    }
    const expiredRes = await api<Body>(t, 'GET', '/auth/v1/user', { token: expired });
    expect(expiredRes.body.msg).toBe('invalid JWT: token is expired');
  });
});

describe('POST /auth/v1/logout', () => {
  async function twoSessions() {
    const email = newEmail();
    const a = (await signUp(t, email)).body;
    const b = (await signIn(t, email)).body;
    return { a, b };
  }
  const userStatus = async (token: string) => (await api<Body>(t, 'GET', '/auth/v1/user', { token })).status;

  it('global (the default) ends every session of the user, even with the empty JSON body the client sends', async () => {
    const { a, b } = await twoSessions();
    const res = await api<Body>(t, 'POST', '/auth/v1/logout', {
      token: a.access_token,
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await userStatus(a.access_token)).toBe(403);
    expect(await userStatus(b.access_token)).toBe(403);
    expect((await api<Body>(t, 'GET', '/api/v1/me', { token: b.access_token })).status).toBe(401);
    expectGoTrueError(await refresh(t, b.refresh_token), 400, 'refresh_token_not_found');
  });

  it('local ends only the current session; others all but the current one', async () => {
    const one = await twoSessions();
    expect((await api(t, 'POST', '/auth/v1/logout?scope=local', { token: one.a.access_token })).status).toBe(204);
    expect(await userStatus(one.a.access_token)).toBe(403);
    expect(await userStatus(one.b.access_token)).toBe(200);

    const two = await twoSessions();
    expect((await api(t, 'POST', '/auth/v1/logout?scope=others', { token: two.a.access_token })).status).toBe(204);
    expect(await userStatus(two.a.access_token)).toBe(200);
    expect(await userStatus(two.b.access_token)).toBe(403);
  });

  it('refuses an unknown scope and a missing token', async () => {
    const { a } = await twoSessions();
    expectGoTrueError(
      await api<Body>(t, 'POST', '/auth/v1/logout?scope=everyone', { token: a.access_token }),
      400,
      'validation_failed',
    );
    expectGoTrueError(await api<Body>(t, 'POST', '/auth/v1/logout'), 401, 'no_authorization');
    expect(await userStatus(a.access_token)).toBe(200);
  });
});

describe('GET /auth/v1/settings and the dev outbox', () => {
  it('describes the server like GoTrue does', async () => {
    const res = await api<Body>(t, 'GET', '/auth/v1/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      external: { email: true, anonymous_users: true },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
  });

  it('serves the outbox outside production only', async () => {
    expect((await api<Body>(t, 'GET', '/auth/v1/dev/outbox')).body).toEqual({ mails: [] });
    const prod = await startTestApp({ NODE_ENV: 'production' });
    try {
      const res = await api<Body>(prod, 'GET', '/auth/v1/dev/outbox');
      expect(res.status).toBe(404);
      expect(prod.app.routeTable.some((r) => r.url === '/auth/v1/dev/outbox')).toBe(false);
    } finally {
      await prod.close();
    }
  });

  it('declares every auth route public (they authenticate themselves) and answers unknown paths in GoTrue form', async () => {
    const authRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/auth/v1/'));
    expect(authRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /auth/v1/dev/outbox',
        'GET /auth/v1/settings',
        'GET /auth/v1/user',
        'GET /auth/v1/verify',
        'HEAD /auth/v1/dev/outbox',
        'HEAD /auth/v1/settings',
        'HEAD /auth/v1/user',
        'HEAD /auth/v1/verify',
        'GET /auth/v1/.well-known/jwks.json',
        'HEAD /auth/v1/.well-known/jwks.json',
        'POST /auth/v1/logout',
        'POST /auth/v1/signup',
        'POST /auth/v1/token',
        'POST /auth/v1/verify',
        'POST /auth/v1/recover',
        'POST /auth/v1/otp',
        'POST /auth/v1/resend',
        'PUT /auth/v1/user',
      ].sort(),
    );
    expect(authRoutes.every((r) => r.access === 'public')).toBe(true);
    expectGoTrueError(await api<Body>(t, 'GET', '/auth/v1/nothing-here'), 404, 'route_not_found');
  });
});

describe('rate limits', () => {
  it('limits sign-in and sign-up requests per address, with Retry-After', async () => {
    const limited = await startTestApp({
      HELIXIS_AUTH_IP_LIMIT: '3',
      HELIXIS_AUTH_IP_WINDOW_SECONDS: '60',
      HELIXIS_TRUSTED_PROXIES: 'loopback',
    });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const email = newEmail();
      const up = await api<Body>(limited, 'POST', '/auth/v1/signup', {
        body: { email, password: PASSWORD },
        headers: from('203.0.113.7'),
      });
      expect(up.status).toBe(200);
      expect((await signIn(limited, email, PASSWORD, from('203.0.113.7'))).status).toBe(200);
      expect((await signIn(limited, email, 'wrong password', from('203.0.113.7'))).status).toBe(400);
      const before = await authRowCounts(limited);
      for (const res of [
        await signIn(limited, email, PASSWORD, from('203.0.113.7')),
        await api<Body>(limited, 'POST', '/auth/v1/signup', { body: {}, headers: from('203.0.113.7') }),
      ]) {
        expectGoTrueError(res, 429, 'over_request_rate_limit');
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(res.body.msg).toMatch(
          /^Too many sign-in and sign-up requests from this network\. Please try again in (\d+ seconds?|1 minute)\.$/,
        );
      }
      expect(await authRowCounts(limited)).toEqual(before);
      // Another address is not affected, and refreshing is not a sign-in.
      expect((await signIn(limited, email, PASSWORD, from('203.0.113.8'))).status).toBe(200);
      expect((await refresh(limited, up.body.refresh_token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits failed sign-ins per e-mail and client, counting unknown e-mails alike, even against the right password', async () => {
    const limited = await startTestApp({ HELIXIS_SIGNIN_MAX_FAILURES: '3', HELIXIS_SIGNIN_WINDOW_SECONDS: '900' });
    // The same client throughout (signin-lockout.test.ts covers other clients and the per-client limit).
    try {
      const email = newEmail();
      await signUp(limited, email);
      for (let i = 0; i < 3; i++) expect((await signIn(limited, email, `wrong ${i}`)).status).toBe(400);
      const blocked = await signIn(limited, email.toUpperCase(), PASSWORD);
      expectGoTrueError(blocked, 429, 'over_request_rate_limit');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(840);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      expect(blocked.body.msg).toBe('Too many failed sign-in attempts for this email. Please try again in 15 minutes.');

      const unknown = newEmail();
      for (let i = 0; i < 3; i++) expectGoTrueError(await signIn(limited, unknown), 400, 'invalid_credentials');
      expectGoTrueError(await signIn(limited, unknown), 429, 'over_request_rate_limit');
      // 6 failures so far; this client may make 9 across accounts in the window: forget them for the rest.
      await limited.database.query('delete from rate_limits');

      // A success clears the count, and other e-mails are unaffected.
      const other = newEmail();
      await signUp(limited, other);
      for (let i = 0; i < 2; i++) expect((await signIn(limited, other, 'wrong')).status).toBe(400);
      expect((await signIn(limited, other)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await signIn(limited, other, 'wrong')).status).toBe(400);
      expect((await signIn(limited, other)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('e-mail confirmation (HELIXIS_EMAIL_CONFIRMATION=true)', () => {
  let c: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const log = pino(loggerOptions('trace'), { write: (line: string) => void logLines.push(line) });
    c = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true', LOG_LEVEL: 'trace' }, { log });
  });
  afterAll(async () => {
    await c?.close();
  });

  async function latestLink(email: string): Promise<string> {
    const outbox = await api<Body>(c, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    const text: string = outbox.body.mails[0].text;
    const link = text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error('no link in the mail');
    return link;
  }

  it('signs up without a session, mails a link, refuses sign-in until the link is opened', async () => {
    const email = newEmail();
    const res = await signUp(
      c,
      email,
      PASSWORD,
      {},
      `?redirect_to=${encodeURIComponent(`${c.url}/onboarding?step=integrations`)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBeUndefined();
    const user = AuthUser.parse(res.body);
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeNull();
    expect(await c.database.query('select 1 from auth_sessions where user_id = $1', [user.id])).toHaveLength(0);
    expect((await api<Body>(c, 'GET', '/auth/v1/settings')).body.mailer_autoconfirm).toBe(false);

    const refused = await signIn(c, email);
    expectGoTrueError(refused, 400, 'email_not_confirmed');
    expect(refused.body.msg).toBe('Email not confirmed');
    // A wrong password still says only that the credentials are wrong.
    expectGoTrueError(await signIn(c, email, 'wrong password'), 400, 'invalid_credentials');

    const outbox = await api<Body>(c, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body.mails).toHaveLength(1);
    expect(outbox.body.mails[0]).toMatchObject({ to: email, subject: 'Confirm your Helixis account' });
    const link = new URL(await latestLink(email));
    expect(`${link.origin}${link.pathname}`).toBe(`${c.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('/onboarding?step=integrations');
    const token = link.searchParams.get('token') as string;
    const [row] = await c.database.query<{ confirmation_token_hash: string }>(
      'select confirmation_token_hash from users where id = $1',
      [user.id],
    );
    expect(row?.confirmation_token_hash).toBe(sha256(token));

    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/onboarding?step=integrations');
    const signedIn = await signIn(c, email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email_confirmed_at).toBeTruthy();

    // The link works once.
    const reopened = await fetch(link, { redirect: 'manual' });
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get('location')).toMatch(
      /^\/onboarding\?step=integrations#error=access_denied&error_code=otp_expired&error_description=/,
    );
  });

  it('never sends the browser to another site, whatever redirect_to says', async () => {
    const email = newEmail();
    await signUp(c, email, PASSWORD, {}, `?redirect_to=${encodeURIComponent('https://evil.example/steal')}`);
    const link = new URL(await latestLink(email));
    expect(link.searchParams.get('redirect_to')).toBe('/');
    for (const target of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)']) {
      link.searchParams.set('redirect_to', target);
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')?.startsWith('/')).toBe(true);
      expect(res.headers.get('location')?.startsWith('//')).toBe(false);
      expect(res.headers.get('location')).not.toContain('evil.example');
    }
  });

  it('refuses an expired link and a made-up token', async () => {
    const email = newEmail();
    await signUp(c, email);
    await c.database.query(`update users set confirmation_sent_at = now() - interval '25 hours' where email = $1`, [
      email,
    ]);
    const expired = await fetch(await latestLink(email), { redirect: 'manual' });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toMatch(/#error=access_denied&error_code=otp_expired/);
    expectGoTrueError(await signIn(c, email), 400, 'email_not_confirmed');
    const madeUp = await fetch(`${c.url}/auth/v1/verify?token=nothing&type=signup`, { redirect: 'manual' });
    expect(madeUp.headers.get('location')).toMatch(/^\/#error=access_denied/);
  });

  it('never writes passwords or tokens to the log', async () => {
    const email = newEmail();
    const secret = `pw-${randomUUID()}`;
    await signUp(c, email, secret);
    const link = await latestLink(email);
    await fetch(link, { redirect: 'manual' });
    const session = (await signIn(c, email, secret)).body;
    const rotated = (await refresh(c, session.refresh_token)).body;
    await api(c, 'GET', '/auth/v1/user', { token: rotated.access_token });
    await api(c, 'POST', '/auth/v1/logout', { token: rotated.access_token });
    const all = logLines.join('\n');
    expect(all).toContain('user signed in');
    const token = new URL(link).searchParams.get('token') as string;
    for (const s of [
      secret,
      token,
      session.refresh_token,
      session.access_token,
      rotated.refresh_token,
      rotated.access_token,
    ]) {
      expect(all).not.toContain(s);
    }
  });
});

describe('confirmation mail delivery', () => {
  it('sends the confirmation through SMTP when HELIXIS_SMTP_URL is set; its link confirms the account', async () => {
    const sink = await startSmtpSink();
    const smtp = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true', HELIXIS_SMTP_URL: sink.url });
    try {
      const email = newEmail();
      expect((await signUp(smtp, email)).status).toBe(200);
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]?.to).toEqual([email]);
      expect(await smtp.database.query('select 1 from mail_outbox')).toHaveLength(0);
      const link = decodeQuotedPrintable(sink.messages[0]!.raw).match(/https?:\/\/\S+/)?.[0] as string;
      expect(link.startsWith(`${smtp.url}/auth/v1/verify?`)).toBe(true);
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
      expect((await signIn(smtp, email)).status).toBe(200);
    } finally {
      await smtp.close();
      await sink.close();
    }
  });

  it('undoes the sign-up when the mail cannot be sent, so the user can retry', async () => {
    const broken = await startTestApp({ HELIXIS_EMAIL_CONFIRMATION: 'true', HELIXIS_SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = newEmail();
      const res = await signUp(broken, email);
      expectGoTrueError(res, 500, 'unexpected_failure');
      expect(res.body.msg).toBe('Error sending confirmation email');
      expect(await broken.database.query('select 1 from users where email = $1', [email])).toHaveLength(0);
      expect(await broken.database.query('select 1 from mail_outbox')).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';
import { loggerOptions } from './logger';

type Body = Record<string, any>;
const logLines: string[] = [];
let t: TestApp;
let user: TestUser;
const SECRET_VALUE = 'rent-is-1450-for-unit-7b';

beforeAll(async () => {
  const log = pino(loggerOptions('info'), { write: (line: string) => void logLines.push(line) });
  t = await startTestApp(
    { LOG_LEVEL: 'info' },
    {
      log,
      // A route whose statement fails with a parameter in it, like any query that breaks.
      beforeListen: (app) => {
        app.post('/__probe/failing-query', { config: { access: 'public' } }, async () => {
          await t.database.db.execute(sql`select ${SECRET_VALUE}::integer`);
          return { ok: true };
        });
      },
    },
  );
  user = await createUserWithSession(t);
});
afterAll(async () => {
  await t?.close();
});

/** JSON text with escapes JSON.stringify would keep (`\u0000`) or could not write (`\ud800`). */
const NUL = '\\u0000';
const LONE = '\\ud800';

function expectTextRefused(res: { status: number; body: Body }, field: RegExp) {
  expect(res.status).toBe(400);
  const message: string = res.body.error?.message ?? res.body.msg;
  expect(message).toMatch(/contains a character that is not allowed/);
  expect(message).toMatch(field);
}

describe('the text rule (NUL and unpaired surrogates)', () => {
  it('refuses them with 400 and the field in every kind of request', async () => {
    const cases: { method: string; path: string; raw: string; token?: string; field: RegExp }[] = [
      {
        method: 'POST',
        path: '/api/v1/threads',
        raw: `{"title":"Rent ${NUL} roll"}`,
        token: user.token,
        field: /"title"/,
      },
      {
        method: 'POST',
        path: '/api/v1/threads',
        raw: `{"title":"Rent ${LONE} roll"}`,
        token: user.token,
        field: /"title"/,
      },
      {
        method: 'POST',
        path: '/functions/v1/chat-with-context',
        raw: `{"messages":[{"role":"user","content":"hi ${NUL}"}]}`,
        token: user.token,
        field: /"messages\[0\]\.content"/,
      },
      {
        method: 'POST',
        path: '/api/v1/facts/teach-text',
        raw: `{"text":"Pets ${LONE} allowed"}`,
        token: user.token,
        field: /"text"/,
      },
      {
        method: 'POST',
        path: '/__client-log',
        raw: `{"kind":"general","boundary":"top-level","message":"x${NUL}","path":"/"}`,
        field: /"message"/,
      },
      {
        method: 'POST',
        path: '/auth/v1/signup',
        raw: `{"email":"a${NUL}@example.com","password":"long enough 1"}`,
        field: /"email"/,
      },
    ];
    for (const c of cases) {
      const res = await api<Body>(t, c.method, c.path, { rawBody: c.raw, token: c.token });
      expectTextRefused(res, c.field);
    }
    // A surrogate pair (an emoji) is fine.
    const ok = await api<Body>(t, 'POST', '/api/v1/threads', {
      rawBody: '{"title":"Keys \\ud83d\\udd11"}',
      token: user.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.thread.title).toBe('Keys 🔑');
  });

  it('checks query strings and path parameters too', async () => {
    const res = await api<Body>(t, 'GET', '/auth/v1/dev/outbox?to=a%00b', {});
    expectTextRefused(res, /"query\.to"/);
    const path = await api<Body>(t, 'GET', `/api/v1/threads/%00/messages`, { token: user.token });
    expect(path.status).toBe(400);
  });

  it('refuses a JSON body that is not UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('{"title":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    for (const path of ['/api/v1/threads', '/auth/v1/signup']) {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: bytes,
      });
      expect(res.status).toBe(400);
    }
    const threads = await api<Body>(t, 'GET', '/api/v1/threads', { token: user.token });
    expect(threads.body.threads.some((th: Body) => String(th.title).startsWith('caf'))).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it('accepts the usual form only (no markup, quotes or spaces)', async () => {
    for (const email of [
      '"x"@example.com',
      'a<b>@example.com',
      'a@example.com<script>',
      'a@exa mple.com',
      'a..b@example.com',
      'a@-example.com',
    ]) {
      const res = await api<Body>(t, 'POST', '/auth/v1/signup', { body: { email, password: 'long enough 1' } });
      expect(res.status, email).toBe(400);
      const invite = await api<Body>(t, 'POST', '/api/v1/team/invitations', {
        token: user.token,
        body: { email, role: 'MEMBER' },
      });
      expect(invite.status, email).toBe(400);
    }
    const fine = await api<Body>(t, 'POST', '/auth/v1/signup', {
      body: { email: "o'brien+lease@mail.example.co.uk", password: 'long enough 1' },
    });
    expect(fine.status).toBe(200);
  });
});

describe('the error log', () => {
  it('never records the parameters of a failed statement', async () => {
    logLines.length = 0;
    const res = await api<Body>(t, 'POST', '/__probe/failing-query', { body: {} });
    expect(res.status).toBe(500);
    const failure = logLines.find((line) => line.includes('request failed'));
    expect(failure).toBeDefined();
    expect(failure).toContain('Failed query');
    expect(logLines.join('\n')).not.toContain(SECRET_VALUE);
  });
});

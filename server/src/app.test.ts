import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { type Endpoint, endpoints, MAX_JSON_BODY_BYTES, REALTIME_CLOSE_CODES } from '@helixis/contract';
import { SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loggerOptions } from './platform/logger';
import { signAccessToken } from './platform/tokens';
import { api, startTestApp, type TestApp } from './test/app';
import { createUserWithSession, type TestUser } from './test/factories';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

// The enumeration below sends many auth requests from one address: keep the per-IP limit out of the way.
const ENV = { HELIXIS_AUTH_IP_LIMIT: '100000' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ENV);
});
afterAll(async () => {
  await t?.close();
});

function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = res.body as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
}

/**
 * Opens a WebSocket and reports how the server refused it: an HTTP 401 to the upgrade, or a close
 * with the contract's unauthorized code. Anything else (an open socket, a message) is a failure.
 */
function websocketRefusal(path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}${path}`);
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode === 401 ? 'refused' : `http ${res.statusCode}`);
      socket.terminate();
    });
    socket.on('message', (data) => resolve(`message ${data.toString().slice(0, 100)}`));
    socket.on('close', (code) => resolve(code === REALTIME_CLOSE_CODES.unauthorized ? 'refused' : `closed ${code}`));
    socket.on('error', (err) => resolve(`error ${err.message}`));
  });
}

/** Where the contract's `:name` segments are, the route table has the same; OpenAPI writes `{name}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('route table', () => {
  it('has every contract endpoint with the access the contract declares', () => {
    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      const route = t.app.routeTable.find((r) => r.method === endpoint.method && r.url === endpoint.path);
      expect(route, name).toBeDefined();
      expect(route?.access, name).toBe(endpoint.access);
    }
  });

  it('every route declares access, and every non-public route answers 401 without a valid token', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    const forged = await signAccessToken(
      randomBytes(32),
      { userId: randomUUID(), sessionId: randomUUID(), isAnonymous: false },
      3600,
    );
    for (const route of t.app.routeTable) {
      expect(['public', 'user', 'workspace'], `${route.method} ${route.url}`).toContain(route.access);
      if (route.access === 'public') continue;
      const path = route.url.replace(/:[^/]+/g, randomUUID()).replace(/\*$/, 'anything');
      if (route.websocket) {
        if (route.method === 'GET') {
          expect(await websocketRefusal(path), `${route.url} no token`).toBe('refused');
          expect(await websocketRefusal(`${path}?access_token=${forged.token}`), `${route.url} forged`).toBe('refused');
        }
        continue;
      }
      const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
      for (const token of [undefined, forged.token]) {
        const res = await fetch(`${t.url}${path}`, {
          method: route.method,
          headers: {
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: hasBody ? '{}' : undefined,
        });
        const label = `${route.method} ${route.url} ${token ? 'forged token' : 'no token'}`;
        expect(res.status, label).toBe(401);
        if (route.method === 'HEAD') continue;
        // /auth/v1 answers in the GoTrue shape, everything else in { error: { code, message } }.
        const body = (await res.json()) as { error?: { code?: string; message?: string }; error_code?: string };
        expect(body.error?.code ?? body.error_code, label).toMatch(/^[a-z_]+$/);
      }
    }
  });

  it('refuses to start when a route does not declare its access', async () => {
    await expect(
      startTestApp(ENV, {
        beforeListen: (app) => {
          app.get('/api/v1/unguarded', async () => ({ leaked: true }));
        },
      }),
    ).rejects.toThrow(/GET \/api\/v1\/unguarded does not declare its access/);
  });
});

describe('bad input', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUserWithSession(t);
  });

  it('answers malformed or empty JSON with 400 invalid_json', async () => {
    for (const rawBody of ['{"a":', '{bad json}', "{'single': 1}", '']) {
      const res = await api(t, 'POST', '/functions/v1/bootstrap-account', { token: user.token, rawBody });
      expectError(res, 400, 'invalid_json');
    }
  });

  it('answers wrong types with 400 validation_failed and a readable message', async () => {
    const array = await api<ErrorBody>(t, 'POST', '/functions/v1/bootstrap-account', {
      token: user.token,
      body: [1, 2],
    });
    expectError(array, 400, 'validation_failed');
    expect(array.body.error.message).toMatch(/expected object, received array/);
    const extra = await api<ErrorBody>(t, 'POST', '/functions/v1/bootstrap-account', {
      token: user.token,
      body: { workspace_id: 42 },
    });
    expectError(extra, 400, 'validation_failed');
    expect(extra.body.error.message).toMatch(/Unrecognized key.*workspace_id/);
    const query = await api<ErrorBody>(t, 'GET', '/api/v1/assistants?limit=abc', { token: user.token });
    expectError(query, 400, 'validation_failed');
  });

  it('answers a content type the API does not read with 415', async () => {
    const res = await api(t, 'POST', '/functions/v1/bootstrap-account', {
      token: user.token,
      rawBody: '<workspace/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectError(res, 415, 'validation_failed');
  });

  it('answers a body over MAX_JSON_BODY_BYTES with 413 payload_too_large, declared or chunked', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const declared = await api(t, 'POST', '/functions/v1/bootstrap-account', { token: user.token, rawBody: big });
    expectError(declared, 413, 'payload_too_large');

    // Without content-length the limit must hold while streaming.
    const chunked = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(`${t.url}/functions/v1/bootstrap-account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('{"pad":"');
      const chunk = 'y'.repeat(64 * 1024);
      for (let sent = 0; sent <= MAX_JSON_BODY_BYTES; sent += chunk.length) req.write(chunk);
      req.end('"}');
    });
    expectError(chunked, 413, 'payload_too_large');
  });

  it('answers a malformed URL in the one error shape, with x-request-id', async () => {
    const res = await api<ErrorBody>(t, 'GET', '/api/v1/%zz');
    expectError(res, 400, 'validation_failed');
    expect(res.body.error.message).toMatch(/not a valid url/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with a JSON 404 route_not_found', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/no-such-thing'],
      ['POST', '/functions/v1/no-such-function'],
      ['DELETE', '/api/v1/assistants'],
    ] as const) {
      const res = await api<ErrorBody>(t, method, path, { token: user.token });
      expectError(res, 404, 'route_not_found');
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.error.message).toBe(`No route ${method} ${path}`);
    }
  });
});

describe('access tokens', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUserWithSession(t);
  });
  const subject = () => ({ userId: user.id, sessionId: user.sessionId, email: user.email, isAnonymous: false });
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function refusedWith(token: string | undefined, code: string, authorization?: string) {
    const res = await api<ErrorBody>(t, 'GET', '/api/v1/me', {
      token,
      headers: authorization ? { authorization } : {},
    });
    expectError(res, 401, code);
    expect(Object.keys(res.body)).toEqual(['error']);
  }

  it('accepts the genuine token (the cases below differ from it in one way each)', async () => {
    expect((await api(t, 'GET', '/api/v1/me', { token: user.token })).status).toBe(200);
  });

  it('refuses a missing token or another scheme', async () => {
    await refusedWith(undefined, 'not_authenticated');
    await refusedWith(undefined, 'not_authenticated', 'Bearer');
    await refusedWith(undefined, 'not_authenticated', `Basic ${Buffer.from('a:b').toString('base64')}`);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const { token } = await signAccessToken(t.config.jwtSecret, subject(), 60, past);
    await refusedWith(token, 'authentication_invalid');
  });

  it('refuses a token signed with another secret, or with its signature altered', async () => {
    const { token } = await signAccessToken(randomBytes(32), subject(), 3600);
    await refusedWith(token, 'authentication_invalid');
    const [header, payload] = user.token.split('.');
    await refusedWith(`${header}.${payload}.${Buffer.alloc(32).toString('base64url')}`, 'authentication_invalid');
    const elevated = b64({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), sub: randomUUID() });
    await refusedWith(`${header}.${elevated}.${user.token.split('.')[2]}`, 'authentication_invalid');
  });

  it('refuses alg:none and algorithms other than HS256', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: user.id,
      session_id: user.sessionId,
      typ: 'access',
      role: 'authenticated',
      aud: 'authenticated',
      is_anonymous: false,
      iat: now,
      exp: now + 3600,
    };
    await refusedWith(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, 'authentication_invalid');
    await refusedWith(`${b64({ alg: 'none' })}.${b64(claims)}`, 'authentication_invalid');
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(t.config.jwtSecret);
    await refusedWith(hs512, 'authentication_invalid');
  });

  it('refuses a correctly signed token that is not an access token, or whose session does not exist', async () => {
    const now = Math.floor(Date.now() / 1000);
    const refresh = await new SignJWT({
      session_id: user.sessionId,
      typ: 'refresh',
      role: 'authenticated',
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(t.config.jwtSecret);
    await refusedWith(refresh, 'authentication_invalid');
    const { token } = await signAccessToken(t.config.jwtSecret, { ...subject(), sessionId: randomUUID() }, 3600);
    await refusedWith(token, 'session_not_found');
  });
});

describe('workspace isolation', () => {
  it("never returns or writes another workspace's data, whatever ids the caller sends", async () => {
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const meA = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: a.token });
    const meB = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: b.token });
    const wsA = meA.body.workspace.id;
    const wsB = meB.body.workspace.id;
    expect(wsA).not.toBe(wsB);
    const snapshot = () =>
      t.database.query<{ id: string; updated_at: string }>(
        'select id, updated_at::text from assistants where workspace_id = $1 order by id',
        [wsB],
      );
    const before = await snapshot();

    type List = { assistants: { workspace_id: string }[] };
    const plain = await api<List>(t, 'GET', '/api/v1/assistants', { token: a.token });
    expect(plain.status).toBe(200);
    expect(plain.body.assistants.length).toBeGreaterThan(0);
    expect(plain.body.assistants.every((x) => x.workspace_id === wsA)).toBe(true);

    const viaHeader = await api<List>(t, 'GET', '/api/v1/assistants', {
      token: a.token,
      headers: { 'x-workspace-id': wsB },
    });
    expect(viaHeader.body.assistants.every((x) => x.workspace_id === wsA)).toBe(true);

    const viaQuery = await api<ErrorBody>(t, 'GET', `/api/v1/assistants?workspace_id=${wsB}`, { token: a.token });
    expectError(viaQuery, 400, 'validation_failed');
    expect(JSON.stringify(viaQuery.body)).not.toContain(before[0]?.id ?? 'no-assistant');

    const write = await api(t, 'POST', '/functions/v1/bootstrap-account', {
      token: a.token,
      body: { workspace_id: wsB },
    });
    expectError(write, 400, 'validation_failed');
    const repair = await api<{ workspace: { id: string } }>(t, 'POST', '/functions/v1/bootstrap-account', {
      token: a.token,
      body: {},
    });
    expect(repair.body.workspace.id).toBe(wsA);

    expect(await snapshot()).toEqual(before);
    const members = await t.database.query('select 1 from memberships where workspace_id = $1 and user_id = $2', [
      wsB,
      a.id,
    ]);
    expect(members).toHaveLength(0);
  });
});

describe('health and API description', () => {
  it('GET /healthz answers ok with the database kind', async () => {
    const res = await api<{ status: string; database: string }>(t, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: t.database.kind });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('GET /api/v1/openapi.json is an OpenAPI 3.1 document with an operation for every contract endpoint', async () => {
    const res = await api<any>(t, 'GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');

    const entries = Object.entries(endpoints) as [string, Endpoint][];
    for (const [name, endpoint] of entries) {
      const operation = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation.operationId).toBe(name);
      expect(operation.responses['200'].content['application/json'].schema).toBeTypeOf('object');
      expect(operation.responses.default).toBeDefined();
      expect(operation.security).toEqual(endpoint.access === 'public' ? [] : [{ bearerAuth: [] }]);
    }
    const distinctPaths = new Set(entries.map(([, e]) => openApiPath(e.path)));
    expect(Object.keys(doc.paths).sort()).toEqual([...distinctPaths].sort());

    const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    const operationIds: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      expect(path, 'OpenAPI paths use {name}, not :name').not.toContain(':');
      for (const [method, operation] of Object.entries<any>(item)) {
        expect(methods.has(method), `${path} ${method}`).toBe(true);
        operationIds.push(operation.operationId);
        const params: { name: string; in: string; required?: boolean; schema?: unknown }[] = operation.parameters ?? [];
        for (const p of params) {
          expect(['query', 'path', 'header', 'cookie']).toContain(p.in);
          expect(p.name).toBeTruthy();
          expect(p.schema).toBeTypeOf('object');
        }
        // Every {name} in the template is declared as a required path parameter.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(params.find((p) => p.in === 'path' && p.name === name)?.required, `${path} {${name}}`).toBe(true);
        }
        for (const requirement of operation.security ?? []) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes[scheme]).toBeDefined();
        }
      }
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);

    // Every local $ref points at something that exists.
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs.filter((r) => r.startsWith('#/components/'))) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<any>((node, part) => node?.[part], doc);
      expect(target, ref).toBeDefined();
    }
  });
});

describe('unknown errors and logs', () => {
  let probe: TestApp;
  const lines: Record<string, any>[] = [];
  let raw = '';

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        raw += chunk.toString();
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    probe = await startTestApp(ENV, {
      log: pino(loggerOptions('trace'), sink),
      beforeListen: (app) => {
        app.get('/api/v1/probe/explode', { config: { access: 'public' } }, async () => {
          throw new Error('connect ECONNREFUSED 10.1.2.3:5432 (password=db-password-value) at /srv/helixis/db.ts:42');
        });
        app.get('/api/v1/probe/type-error', { config: { access: 'public' } }, async () => {
          const missing = undefined as unknown as { field: { deeper: string } };
          return missing.field.deeper;
        });
        app.get('/api/v1/probe/items/:id', { config: { access: 'public' } }, async () => ({ ok: true }));
        // A careless handler logging what it received: the logger's redaction must still hold.
        app.post('/api/v1/probe/log-input', { config: { access: 'public' } }, async (request) => {
          request.log.info({ body: request.body, headers: request.headers }, 'probe received');
          return { ok: true };
        });
      },
    });
  });
  afterAll(async () => {
    await probe?.close();
  });

  it('answers 500 without internals, with the request id in x-request-id, and logs the cause with that id', async () => {
    for (const path of ['/api/v1/probe/explode', '/api/v1/probe/type-error']) {
      const res = await api<ErrorBody>(probe, 'GET', path);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { code: 'unknown_error', message: 'An unexpected error occurred. Please try again.' },
      });
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const text = JSON.stringify(res.body);
      for (const internal of ['ECONNREFUSED', 'db-password-value', '/srv/', 'stack', 'TypeError', 'undefined']) {
        expect(text).not.toContain(internal);
      }
      const logged = lines.find((l) => l.msg === 'request failed' && l.requestId === requestId);
      expect(logged, path).toBeDefined();
      expect(logged?.level).toBe(50);
      expect(logged?.err?.stack).toBeTypeOf('string');
    }
    const explode = lines.find((l) => l.msg === 'request failed' && /ECONNREFUSED/.test(l.err?.message ?? ''));
    expect(explode).toBeDefined();
  });

  it('answers an over-long path parameter as a client error, not a 500', async () => {
    const res = await api<ErrorBody>(probe, 'GET', `/api/v1/probe/items/${'a'.repeat(500)}`);
    expectError(res, 414, 'validation_failed');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(lines.some((l) => l.msg === 'request failed' && l.requestId === res.headers.get('x-request-id'))).toBe(
      false,
    );
  });

  it('keeps a well-formed x-request-id from the caller and replaces a malformed one', async () => {
    const kept = await api(probe, 'GET', '/api/v1/probe/explode', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    expect(lines.some((l) => l.msg === 'request failed' && l.requestId === 'trace-abc.123')).toBe(true);
    const replaced = await api(probe, 'GET', '/healthz', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs requests without the Authorization header, cookies or passwords', async () => {
    const user = await createUserWithSession(probe);
    const password = `pw-${randomUUID()}`;
    const cookie = `sb-session=${randomUUID()}`;
    const headers = { cookie, apikey: `key-${randomUUID()}` };
    await api(probe, 'GET', '/api/v1/me', { token: user.token, headers });
    await api(probe, 'POST', '/functions/v1/bootstrap-account', { token: user.token, headers, body: { password } });
    const logged = await api(probe, 'POST', '/api/v1/probe/log-input', {
      token: user.token,
      headers,
      body: { email: 'someone@example.com', password, refresh_token: 'rt-value-123' },
    });
    expect(logged.status).toBe(200);

    const probeLine = lines.find((l) => l.msg === 'probe received');
    expect(probeLine?.body).toEqual({
      email: 'someone@example.com',
      password: '[redacted]',
      refresh_token: '[redacted]',
    });
    expect(probeLine?.headers.authorization).toBe('[redacted]');
    expect(probeLine?.headers.cookie).toBe('[redacted]');
    const signature = user.token.split('.')[2] as string;
    for (const secret of [user.token, signature, password, cookie, headers.apikey, 'rt-value-123']) {
      expect(raw).not.toContain(secret);
    }
    // The requests were logged at all (otherwise the checks above prove nothing).
    expect(lines.some((l) => l.req?.url === '/api/v1/me')).toBe(true);
  });
});

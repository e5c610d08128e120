import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface LocalServer {
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

async function startServer(route: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      route(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies LocalServer;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let upstream: LocalServer;
let other: LocalServer;
let streamClosedEarly = false;

/** A resolver that must not be consulted: literal addresses are refused before any connection. */
let lookupCalls: string[] = [];
const recordingLookup: LookupFunction = (hostname, _options, callback) => {
  lookupCalls.push(hostname);
  callback(Object.assign(new Error('unexpected lookup'), { code: 'ENOTFOUND' }), '');
};

/** A fake DNS: answers from the table (all addresses, as Node asks for with `all: true`). */
function fakeDns(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = table[hostname];
    if (!addresses)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    const list = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) return callback(null, list);
    return callback(null, list[0]?.address ?? '', list[0]?.family);
  };
}

beforeAll(async () => {
  other = await startServer((_req, res) => res.end('other'));
  upstream = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    const redirect = (status: number, location: string) => res.writeHead(status, { location }).end();
    if (p === '/hello') return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('héllo');
    if (p === '/missing') return res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
    if (p === '/echo') {
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ method: req.method, body, authorization: req.headers.authorization ?? null }));
    }
    if (p === '/to') return redirect(302, url.searchParams.get('location') ?? '/');
    if (p.startsWith('/chain/')) {
      const n = Number(p.slice('/chain/'.length));
      return n > 0 ? redirect(302, `/chain/${n - 1}`) : res.end('end of chain');
    }
    if (p === '/see-other') return redirect(303, '/echo');
    if (p === '/temporary') return redirect(307, '/echo');
    if (p === '/declared-large') {
      res.writeHead(200, { 'content-length': '10000' });
      return res.end(Buffer.alloc(10000, 97));
    }
    if (p === '/exact') return res.end(Buffer.alloc(1000, 97));
    if (p === '/endless') {
      // Chunked, no content-length: only counting the bytes can stop it.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 98);
      const pump = () => {
        if (res.destroyed || res.writableEnded) return;
        if (res.write(chunk)) setImmediate(pump);
        else res.once('drain', pump);
      };
      res.on('close', () => {
        if (!res.writableFinished) streamClosedEarly = true;
      });
      return pump();
    }
    if (p === '/gzip') {
      return res
        .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' })
        .end(gzipSync('compressed text'));
    }
    if (p === '/gzip-bomb') {
      return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(10 * 1024 * 1024)));
    }
    if (p === '/hang') {
      res.writeHead(200);
      return res.write('partial');
    }
    if (p === '/silent') return;
    res.writeHead(500).end();
  });
});

afterAll(async () => {
  await upstream?.close();
  await other?.close();
});

const trusted = () => ({ trustedUpstreams: [`127.0.0.1:${upstream.port}`] });
const base = () => `http://127.0.0.1:${upstream.port}`;

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected safeFetch to fail');
}

async function refused(url: string, options: SafeFetchOptions = {}, config = trusted()) {
  const error = await failure(safeFetch(config, url, options));
  expect(error.code).toBe('url_not_allowed');
  expect(error.status).toBe(400);
  expect(error.userMessage.length).toBeGreaterThan(10);
  return error;
}

describe('safeFetch: refused addresses', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/admin',
    'https://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0x7f.1/',
    'http://0x7f.0x0.0x0.0x1/',
    'http://127.1/',
    'http://0177.0.0.1/',
    'http://127.0.0.1./',
    'http://１２７.０.０.１/',
    'http://0/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://198.18.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[::127.0.0.1]/',
  ])('refuses %s before connecting', async (url) => {
    lookupCalls = [];
    const error = await refused(url, { lookup: recordingLookup }, { trustedUpstreams: [] });
    expect(error.userMessage).toMatch(/private or local network/);
    expect(lookupCalls).toEqual([]);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/file',
    'data:text/plain,hello',
    'gopher://example.com/',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the non-http scheme %s', async (url) => {
    const error = await refused(url, { lookup: recordingLookup });
    expect(error.userMessage).toBe('Only http:// and https:// addresses can be fetched.');
  });

  it.each(['http://user:pass@example.com/', 'http://user@example.com/', 'http://:pass@example.com/'])(
    'refuses credentials in %s',
    async (url) => {
      const error = await refused(url, { lookup: recordingLookup });
      expect(error.userMessage).toMatch(/user name or password/);
    },
  );

  it('refuses text that is not a URL', async () => {
    expect((await refused('not a url')).userMessage).toBe('This is not a valid web address.');
    await refused('');
  });

  it('refuses a name that resolves to a private address (checked on the resolved address)', async () => {
    const lookup = fakeDns({
      'intranet.example.com': ['10.0.0.5'],
      'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
      'mapped.example.com': ['::ffff:127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
    });
    const intranet = await refused('http://intranet.example.com/', { lookup });
    expect(String((intranet.cause as Error).message)).toMatch(/resolves to 10\.0\.0\.5 \(private\)/);
    await refused('http://mixed.example.com/', { lookup });
    await refused('http://mapped.example.com/', { lookup });
    await refused('http://metadata.example.com/latest/meta-data/', { lookup });
  });

  it('refuses localhost through the system resolver, even on a port trusted by its IP address', async () => {
    const before = upstream.seen.length;
    const error = await refused(`http://localhost:${upstream.port}/hello`);
    expect(String((error.cause as Error).message)).toMatch(/localhost resolves to/);
    expect(upstream.seen.length).toBe(before);
  });

  it('refuses a loopback port that is not in the trusted list', async () => {
    await refused(`http://127.0.0.1:${other.port}/`);
    expect(other.seen).toHaveLength(0);
  });
});

describe('safeFetch: trusted upstreams and responses', () => {
  it('reaches a trusted host:port although it is loopback, and returns status, headers, url, body, contentType', async () => {
    const res = await safeFetch(trusted(), `${base()}/hello?x=1#frag`);
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe('héllo');
    expect(res.contentType).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.url).toBe(`${base()}/hello?x=1#frag`);
    expect(upstream.seen.at(-1)?.path).toBe('/hello?x=1');
  });

  it('trusts a name as configured, and still connects to what it resolves to', async () => {
    const lookup = fakeDns({ 'fake-upstream.test': ['127.0.0.1'] });
    const config = { trustedUpstreams: [`fake-upstream.test:${upstream.port}`] };
    const res = await safeFetch(config, `http://fake-upstream.test:${upstream.port}/hello`, { lookup });
    expect(res.body.toString()).toBe('héllo');
    expect(upstream.seen.at(-1)?.headers.host).toBe(`fake-upstream.test:${upstream.port}`);
  });

  it('returns non-2xx answers as they are', async () => {
    const res = await safeFetch(trusted(), `${base()}/missing`);
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe('nope');
  });

  it('sends a method, headers and body', async () => {
    const res = await safeFetch(trusted(), `${base()}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'POST', body: '{"a":1}', authorization: 'Bearer t' });
  });

  it('decodes a gzip body', async () => {
    const res = await safeFetch(trusted(), `${base()}/gzip`);
    expect(res.body.toString()).toBe('compressed text');
  });
});

describe('safeFetch: redirects', () => {
  const via = (location: string) => `${base()}/to?location=${encodeURIComponent(location)}`;

  it('follows a relative redirect and reports the final URL', async () => {
    const res = await safeFetch(trusted(), via('/hello'));
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${base()}/hello`);
  });

  it('refuses a trusted host redirecting to another loopback port, without contacting it', async () => {
    const error = await refused(via(`http://127.0.0.1:${other.port}/`));
    expect(String((error.cause as Error).message)).toMatch(/127\.0\.0\.1 is loopback/);
    await refused(via(`http://localhost:${other.port}/`));
    await refused(via(`http://[::ffff:7f00:1]:${other.port}/`));
    await refused(via(`http://2130706433:${other.port}/`));
    expect(other.seen).toHaveLength(0);
  });

  it('refuses redirects to metadata, private names, other schemes and URLs with credentials', async () => {
    await refused(via('http://169.254.169.254/latest/meta-data/'));
    await refused(via('http://intranet.example.com/'), {
      lookup: fakeDns({ 'intranet.example.com': ['192.168.1.10'] }),
    });
    await refused(via('file:///etc/passwd'));
    await refused(via('gopher://example.com/'));
    await refused(via(`http://user:pw@127.0.0.1:${upstream.port}/hello`));
  });

  it('follows at most 5 redirects by default, and as many as asked', async () => {
    expect((await safeFetch(trusted(), `${base()}/chain/5`)).body.toString()).toBe('end of chain');
    const tooMany = await failure(safeFetch(trusted(), `${base()}/chain/6`));
    expect(tooMany.code).toBe('url_fetch_failed');
    expect(tooMany.status).toBe(502);
    expect(tooMany.userMessage).toBe('The address redirected too many times.');
    expect((await failure(safeFetch(trusted(), `${base()}/chain/1`, { maxRedirects: 0 }))).code).toBe(
      'url_fetch_failed',
    );
  });

  it('turns POST into GET on 303 and keeps it on 307', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'payload' };
    const seeOther = await safeFetch(trusted(), `${base()}/see-other`, post);
    expect(JSON.parse(seeOther.body.toString())).toMatchObject({ method: 'GET', body: '' });
    const temporary = await safeFetch(trusted(), `${base()}/temporary`, post);
    expect(JSON.parse(temporary.body.toString())).toMatchObject({ method: 'POST', body: 'payload' });
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const otherEcho = await startServer((req, res) =>
      res.end(JSON.stringify({ auth: req.headers.authorization ?? null })),
    );
    try {
      const config = { trustedUpstreams: [`127.0.0.1:${upstream.port}`, `127.0.0.1:${otherEcho.port}`] };
      const res = await safeFetch(config, via(`http://127.0.0.1:${otherEcho.port}/`), {
        headers: { authorization: 'Bearer secret' },
      });
      expect(JSON.parse(res.body.toString())).toEqual({ auth: null });
      expect(upstream.seen.at(-1)?.headers.authorization).toBe('Bearer secret');
    } finally {
      await otherEcho.close();
    }
  });
});

describe('safeFetch: size and time caps', () => {
  it('refuses a body whose declared length exceeds the cap', async () => {
    const error = await failure(safeFetch(trusted(), `${base()}/declared-large`, { maxBytes: 1000 }));
    expect(error.code).toBe('url_too_large');
    expect(error.status).toBe(413);
  });

  it('accepts a body of exactly the cap', async () => {
    const res = await safeFetch(trusted(), `${base()}/exact`, { maxBytes: 1000 });
    expect(res.body).toHaveLength(1000);
  });

  it('aborts a body without content-length once it passes the cap, default 5 MB', async () => {
    streamClosedEarly = false;
    const small = await failure(safeFetch(trusted(), `${base()}/endless`, { maxBytes: 100_000 }));
    expect(small.code).toBe('url_too_large');
    const defaultCap = await failure(safeFetch(trusted(), `${base()}/endless`));
    expect(defaultCap.code).toBe('url_too_large');
    expect(String((defaultCap.cause as Error).message)).toContain(String(5 * 1024 * 1024));
    await expect.poll(() => streamClosedEarly).toBe(true);
  });

  it('applies the cap to the decoded size of a compressed body', async () => {
    const error = await failure(safeFetch(trusted(), `${base()}/gzip-bomb`, { maxBytes: 1024 * 1024 }));
    expect(error.code).toBe('url_too_large');
  });

  it('gives up when the whole exchange takes too long', async () => {
    for (const path of ['/hang', '/silent']) {
      const started = Date.now();
      const error = await failure(safeFetch(trusted(), `${base()}${path}`, { timeoutMs: 300 }));
      expect(error.code).toBe('url_timeout');
      expect(error.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('gives up when resolving and connecting take too long', async () => {
    const neverAnswers: LookupFunction = () => undefined;
    const started = Date.now();
    const error = await failure(
      safeFetch({ trustedUpstreams: [] }, 'http://slow.example.com/', { lookup: neverAnswers, connectTimeoutMs: 200 }),
    );
    expect(error.code).toBe('url_timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('safeFetch: upstream failures', () => {
  it('reports a refused connection as url_fetch_failed', async () => {
    const port = await closedPort();
    const error = await failure(safeFetch({ trustedUpstreams: [`127.0.0.1:${port}`] }, `http://127.0.0.1:${port}/`));
    expect(error.code).toBe('url_fetch_failed');
    expect(error.status).toBe(502);
  });

  it('reports an unknown name as url_fetch_failed with a clear message', async () => {
    const error = await failure(safeFetch(trusted(), 'http://no-such-host.example/', { lookup: fakeDns({}) }));
    expect(error.code).toBe('url_fetch_failed');
    expect(error.userMessage).toBe('No website was found at this address.');
  });

  it('reports a failed TLS handshake as url_fetch_failed', async () => {
    const error = await failure(
      safeFetch({ trustedUpstreams: [`127.0.0.1:${upstream.port}`] }, `https://127.0.0.1:${upstream.port}/`),
    );
    expect(error.code).toBe('url_fetch_failed');
  });
});

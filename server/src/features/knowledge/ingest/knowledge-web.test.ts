import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { searchFor, waitForDocument } from '../test-helpers';

/**
 * A local website (trusted through HELIXIS_TRUSTED_UPSTREAMS, as the fakes are) and a second local
 * server that is NOT trusted: it stands for an internal service and must never be reached.
 */
let site: http.Server;
let internal: http.Server;
let internalHits = 0;
let sitePort: number;
let internalPort: number;
let t: TestApp;
let owner: TestUser;

const PAGE = `<!doctype html><html><head>
  <title>Sunrise Property Management | About</title>
  <meta name="description" content="Family-run property managers in Columbus since 1998.">
</head><body>
  <nav><a href="/">Home</a> <a href="/contact">Navigation link text</a></nav>
  <article>
    <h1>About Sunrise Property Management</h1>
    <p>Sunrise manages 340 apartments across Columbus and Dayton. Our residents reach a person 24 hours a day,
       and maintenance requests are answered within four hours. We specialise in student housing near campus.</p>
    <h2>Leasing</h2>
    <p>Leases run for twelve months. Applicants need proof of income of three times the monthly rent. Pets are
       welcome in most buildings, with a one-time pet fee of 250 dollars per pet and a limit of two pets.</p>
    <p>Our leasing office on Lantern Street is open Monday to Saturday, and tours can be booked online.</p>
  </article>
  <footer>Copyright footer text</footer>
</body></html>`;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  internal = http.createServer((_req, res) => {
    internalHits++;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>internal secret</p></body></html>');
  });
  internalPort = await listen(internal);
  site = http.createServer((req, res) => {
    if (req.url === '/about') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.url === '/notes.txt') {
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('Quiet hours start at 10pm.\n\nNo grills on balconies.');
    }
    if (req.url === '/to-internal') {
      return res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/admin` }).end();
    }
    if (req.url === '/to-metadata') {
      return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    }
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  sitePort = await listen(site);
  t = await startTestApp({ HELIXIS_TRUSTED_UPSTREAMS: `127.0.0.1:${sitePort}` });
  owner = await createUserWithSession(t);
});
afterAll(async () => {
  await t?.close();
  site?.close();
  internal?.close();
});

const preview = (url: string) =>
  api<any>(t, 'POST', '/functions/v1/preview-website', { token: owner.token, body: { url } });

describe('preview-website', () => {
  it('returns the page title, description and main text (readability), without navigation or footer', async () => {
    const res = await preview(`http://127.0.0.1:${sitePort}/about`);
    expect(res.status).toBe(200);
    expect(res.body.title).toMatch(/Sunrise Property Management/);
    expect(res.body.description).toBe('Family-run property managers in Columbus since 1998.');
    expect(res.body.content).toContain('Sunrise manages 340 apartments across Columbus and Dayton.');
    expect(res.body.content).toContain('one-time pet fee of 250 dollars');
    expect(res.body.content).not.toContain('Navigation link text');
    expect(res.body.content).not.toContain('Copyright footer text');
  });

  it('reports pages that answer with an error or are not web pages', async () => {
    const missing = await preview(`http://127.0.0.1:${sitePort}/nothing`);
    expect(missing.status).toBe(502);
    expect(missing.body.error.message).toBe('The website answered with an error (HTTP 404).');
    const image = await preview(`http://127.0.0.1:${sitePort}/logo.png`);
    expect(image.status).toBe(400);
    expect(image.body.error.message).toContain('image/png');
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${internalPort}/`],
    ['IPv6 loopback', () => `http://[::1]:${internalPort}/`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['hex loopback', () => `http://0x7f000001:${internalPort}/`],
    ['decimal loopback', () => `http://2130706433:${internalPort}/`],
    ['private network', () => 'http://10.0.0.5/'],
    ['redirect to loopback', () => `http://127.0.0.1:${sitePort}/to-internal`],
    ['redirect to metadata', () => `http://127.0.0.1:${sitePort}/to-metadata`],
  ])('refuses %s without reaching it', async (_name, url) => {
    const before = internalHits;
    const res = await preview(url());
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'url_not_allowed',
      message: 'This address points to a private or local network and cannot be fetched.',
    });
    expect(internalHits).toBe(before);
  });

  it('refuses non-web schemes', async () => {
    const res = await preview('file:///etc/passwd');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Only http:// and https:// addresses can be fetched.');
  });
});

describe('URL ingestion', () => {
  it('answers PENDING at once, then stores the page’s main text as a searchable document', async () => {
    const url = `http://127.0.0.1:${sitePort}/about`;
    const res = await api<any>(t, 'POST', '/functions/v1/ingest', { token: owner.token, body: { url } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'PENDING', chunks: 0, document: { source_url: url } });
    const doc = await waitForDocument(t, owner.token, res.body.document_id);
    expect(doc).toMatchObject({ status: 'READY', source_url: url });
    expect(doc.title).toMatch(/Sunrise Property Management/);
    expect(doc.bytes).toBe(Buffer.byteLength(PAGE));
    const [hit] = await searchFor(t, owner.token, 'pet fee');
    expect(hit?.document_id).toBe(doc.id);
    expect(hit?.snippet).toContain('pet fee of 250 dollars');
    expect(await searchFor(t, owner.token, 'copyright footer')).toEqual([]);
  });

  it('ingests a plain-text address', async () => {
    const res = await api<any>(t, 'POST', '/functions/v1/ingest', {
      token: owner.token,
      body: { url: `http://127.0.0.1:${sitePort}/notes.txt` },
    });
    const doc = await waitForDocument(t, owner.token, res.body.document_id);
    expect(doc.status).toBe('READY');
    expect((await searchFor(t, owner.token, 'grills balconies'))[0]?.document_id).toBe(doc.id);
  });

  it.each([
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['hex loopback', () => `http://0x7f000001:${internalPort}/`],
    ['a name of this machine', () => `http://localhost:${internalPort}/`],
    ['credentials in the address', () => 'https://user:secret@example.com/'],
  ])('refuses %s at request time, as preview does, creating no document', async (_name, url) => {
    const before = internalHits;
    const list = async () => (await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token })).body.documents;
    const count = (await list()).length;
    const res = await api<any>(t, 'POST', '/functions/v1/ingest', { token: owner.token, body: { url: url() } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('url_not_allowed');
    const preview = await api<any>(t, 'POST', '/functions/v1/preview-website', {
      token: owner.token,
      body: { url: url() },
    });
    expect(preview.body.error.message).toBe(res.body.error.message);
    expect((await list()).length).toBe(count);
    expect(internalHits).toBe(before);
  });

  it.each([['redirect to loopback', () => `http://127.0.0.1:${sitePort}/to-internal`]])(
    'fails the document for %s with the reason, without reaching it',
    async (_name, url) => {
      const before = internalHits;
      const res = await api<any>(t, 'POST', '/functions/v1/ingest', { token: owner.token, body: { url: url() } });
      expect(res.status).toBe(202);
      const doc = await waitForDocument(t, owner.token, res.body.document_id);
      expect(doc).toMatchObject({
        status: 'failed',
        chunk_count: 0,
        error: 'This address points to a private or local network and cannot be fetched.',
      });
      expect(internalHits).toBe(before);
    },
  );

  it('fails a missing page at once (a 404 is not retried) with the website’s answer', async () => {
    const started = Date.now();
    const res = await api<any>(t, 'POST', '/functions/v1/ingest', {
      token: owner.token,
      body: { url: `http://127.0.0.1:${sitePort}/gone` },
    });
    const doc = await waitForDocument(t, owner.token, res.body.document_id);
    expect(doc).toMatchObject({ status: 'failed', error: 'The website answered with an error (HTTP 404).' });
    // The job's first retry would come after 5 s.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('refuses a non-web scheme at once', async () => {
    const res = await api<any>(t, 'POST', '/functions/v1/ingest', {
      token: owner.token,
      body: { url: 'ftp://example.com/file.txt' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('url_not_allowed');
  });
});

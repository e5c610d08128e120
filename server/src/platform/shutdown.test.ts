import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REALTIME_PATH } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api } from '../test/app';
import { type Spawned, spawnServerScript } from '../test/processes';
import { freePort } from '../test/wait';

/**
 * SIGTERM on the real server process (src/main.ts): a request in flight is answered, an open
 * websocket is closed with a close frame, new connections are refused, and the process exits 0
 * (it would exit 1 itself past HELIXIS_SHUTDOWN_TIMEOUT_SECONDS).
 */

let page: http.Server;
let pagePort: number;
let requested: () => void;
const pageRequested = new Promise<void>((resolve) => {
  requested = resolve;
});
let dataDir: string;

beforeAll(async () => {
  // A slow website: answers 2 s after it is asked, so the preview request is in flight at SIGTERM.
  page = http.createServer((_req, res) => {
    requested();
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Maple Court Rentals</title></head><body><main><h1>Maple Court</h1><p>Two-bedroom apartments near the park, with parking and laundry on site. Pets are welcome with a deposit.</p></main></body></html>',
      );
    }, 2_000);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pagePort = (page.address() as net.AddressInfo).port;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-shutdown-'));
});

afterAll(async () => {
  page?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A new request on a new connection: its status, or 'refused' when nothing accepts the connection. */
function freshRequest(port: number): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', () => resolve('refused'));
  });
}

/**
 * Waits for `promise`, or fails after `ms` naming the step, so a hang under load says where it hung
 * instead of running into the test's own timeout.
 */
function within<T>(promise: Promise<T>, ms: number, step: string, server: Spawned): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${step}: nothing within ${ms} ms\n${server.output().slice(-3000)}`)),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('SIGTERM', () => {
  it('answers the request in flight, closes sockets, refuses new connections and exits 0', async () => {
    const port = await freePort();
    const server: Spawned = spawnServerScript('src/main.ts', [], {
      PORT: String(port),
      HOST: '127.0.0.1',
      HELIXIS_DATA_DIR: dataDir,
      HELIXIS_TRUSTED_UPSTREAMS: `127.0.0.1:${pagePort}`,
      DATABASE_URL: undefined,
      NODE_ENV: 'development',
    });
    try {
      // Start-up runs migrations on PGlite under tsx; on a busy two-core CI machine that can take a minute.
      await server.waitFor(/Helixis is running/, 150_000);
      const url = `http://127.0.0.1:${port}`;
      const signUp = await api<{ access_token: string }>({ url }, 'POST', '/auth/v1/signup', {
        body: { email: 'shutdown@example.com', password: 'Shutdown-test-password-42' },
      });
      expect(signUp.status).toBe(200);
      const token = signUp.body.access_token;

      const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}?access_token=${encodeURIComponent(token)}`);
      await within(
        new Promise<void>((resolve, reject) => {
          socket.once('message', () => resolve());
          socket.once('error', reject);
        }),
        30_000,
        'first websocket message',
        server,
      );
      const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

      const inFlight = api<{ title: string }>({ url }, 'POST', '/functions/v1/preview-website', {
        token,
        body: { url: `http://127.0.0.1:${pagePort}/` },
      });
      await within(pageRequested, 30_000, 'preview request reaching the website', server);
      server.child.kill('SIGTERM');
      await server.waitFor(/"msg":"shutting down"/, 20_000);

      // New work is turned away (503 while closing, then the listener is gone), never served.
      expect([503, 'refused']).toContain(await freshRequest(port));
      const answered = await within(inFlight, 30_000, 'in-flight preview answer', server);
      expect(answered.status).toBe(200);
      expect(answered.body.title).toBe('Maple Court Rentals');
      // A close frame, not a dropped connection (1006).
      expect(await within(socketClosed, 30_000, 'websocket close', server)).not.toBe(1006);

      const code = await within(server.stop(), 40_000, 'process exit', server);
      expect(code, server.output().slice(-4000)).toBe(0);
      expect(server.output()).toMatch(/"msg":"shut down"/);
      expect(server.output()).not.toMatch(/shutdown took too long/);
    } finally {
      await server.stop(5_000);
    }
  }, 300_000);
});

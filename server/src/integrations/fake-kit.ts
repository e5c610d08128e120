import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Small shared pieces of the local fake upstreams (the property systems' and connectors'). Test tree only: no product code uses them. */

/** A deterministic generator (mulberry32), so a seed always gives the same portfolio. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
export const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

export const CITIES = [
  { City: 'Columbus', State: 'OH', PostalCode: '43215' },
  { City: 'Columbus', State: 'OH', PostalCode: '43201' },
  { City: 'Cleveland', State: 'OH', PostalCode: '44113' },
  { City: 'Cincinnati', State: 'OH', PostalCode: '45202' },
  { City: 'Dayton', State: 'OH', PostalCode: '45402' },
  { City: 'Akron', State: 'OH', PostalCode: '44308' },
] as const;
export const STREETS = ['Oak', 'Maple', 'High', 'Broad', 'Summit', 'Lake', 'Park', 'River', 'Elm', 'Cedar', 'Front'];
export const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Lena', 'Omar', 'Priya', 'Jonas', 'Rosa', 'Kai'];
export const LAST = ['Nguyen', 'Garcia', 'Smith', 'Patel', 'Okafor', 'Kowalski', 'Rossi', 'Haddad', 'Kim', 'Brown'];

/** A failure the next matching request(s) answer with; `delayMs` alone makes a slow answer. */
export interface FakeFailure {
  status?: number;
  /** How many requests it applies to (default 1). */
  times?: number;
  /** Only requests whose path starts with this. */
  path?: string;
  retryAfter?: string;
  delayMs?: number;
  /** Destroy the socket without answering (a network failure). */
  drop?: boolean;
  /** Carry the request out (its effect happens, e.g. a message is sent) and then never answer. */
  acceptThenHang?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export interface FakeHandlerResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * An HTTP server with failure injection, latency and a request log; `handle` answers the protocol.
 * Listens on 127.0.0.1 only.
 */
export abstract class FakeServer {
  readonly requests: RecordedRequest[] = [];
  latencyMs = 0;
  /** Most requests seen in progress at once (to check a client's concurrency bound). */
  maxInFlight = 0;
  #inFlight = 0;
  #failures: (FakeFailure & { left: number })[] = [];
  #server: http.Server | null = null;
  #url = '';

  /** Answers one request of the protocol. */
  protected abstract handle(req: RecordedRequest, body: string, origin: string): FakeHandlerResult;
  /** The protocol's error body for a status (used by injected failures). */
  protected abstract errorBody(status: number): unknown;

  get url(): string {
    if (!this.#url) throw new Error('fake server is not listening');
    return this.#url;
  }

  /** host:port, as HELIXIS_TRUSTED_UPSTREAMS wants it. */
  get hostPort(): string {
    return new URL(this.url).host;
  }

  failNext(failure: FakeFailure): void {
    this.#failures.push({ ...failure, left: failure.times ?? 1 });
  }

  clearFailures(): void {
    this.#failures = [];
  }

  async start(port = 0): Promise<string> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.#answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address() as AddressInfo;
    this.#url = `http://127.0.0.1:${address.port}`;
    return this.#url;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async #answer(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    };
    this.requests.push(recorded);
    this.#inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    try {
      await this.#respond(req, res, recorded, url, body);
    } finally {
      this.#inFlight--;
    }
  }

  async #respond(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    recorded: RecordedRequest,
    url: URL,
    body: string,
  ): Promise<void> {
    const failure = this.#failures.find((f) => f.left > 0 && (!f.path || url.pathname.startsWith(f.path)));
    if (failure) failure.left--;
    this.#failures = this.#failures.filter((f) => f.left > 0);
    const delay = (failure?.delayMs ?? 0) + this.latencyMs;
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (res.destroyed) return;
    if (failure?.drop) {
      req.socket.destroy();
      return;
    }
    if (failure?.acceptThenHang) {
      try {
        this.handle(recorded, body, this.#url);
      } catch {
        // the effect failed; the caller still hears nothing
      }
      return;
    }
    let result: FakeHandlerResult;
    if (failure?.status) {
      result = {
        status: failure.status,
        body: this.errorBody(failure.status),
        headers: failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      };
    } else {
      try {
        result = this.handle(recorded, body, this.#url);
      } catch {
        result = { status: 500, body: this.errorBody(500) };
      }
    }
    res.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', ...(result.headers ?? {}) });
    res.end(JSON.stringify(result.body));
  }
}

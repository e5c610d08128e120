import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Config } from '../config';
import { blockedAddressReason } from './address-policy';
import { AppError } from './errors';

export const SAFE_FETCH_MAX_BYTES = 5 * 1024 * 1024;
export const SAFE_FETCH_TIMEOUT_MS = 15_000;
export const SAFE_FETCH_CONNECT_TIMEOUT_MS = 5_000;
export const SAFE_FETCH_MAX_REDIRECTS = 5;

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Largest (decoded) body accepted; default 5 MB. */
  maxBytes?: number;
  /** Whole call including redirects; default 15 s. */
  timeoutMs?: number;
  /** Name resolution plus TCP connect of each hop; default 5 s. */
  connectTimeoutMs?: number;
  maxRedirects?: number;
  /** Replaces DNS resolution. Tests only: resolved addresses are still checked. */
  lookup?: LookupFunction;
}

export interface SafeFetchResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered, after redirects. */
  url: string;
  body: Buffer;
  contentType: string | null;
}

// ---------------------------------------------------------------------------------------------
// URL policy

interface Target {
  url: URL;
  /** Hostname without IPv6 brackets, as the socket layer wants it. */
  host: string;
  port: number;
  trusted: boolean;
}

function notAllowed(userMessage: string, reason: string): AppError {
  return new AppError('url_not_allowed', { userMessage, cause: new Error(reason) });
}

const PRIVATE_MESSAGE = 'This address points to a private or local network and cannot be fetched.';

/** `host:port` keys in the same normal form the URL parser gives a request's host. */
function trustedKeys(entries: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    try {
      const u = new URL(`http://${entry}`);
      keys.add(`${u.hostname}:${u.port || '80'}`);
    } catch {
      // config.ts rejects malformed entries; nothing else to add
    }
  }
  return keys;
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * Parses (WHATWG URL: decimal, hex, octal and short IPv4 forms become dotted quads) and checks a
 * URL before any connection. Names are checked again on the addresses they resolve to.
 */
function checkUrl(input: string | URL, trusted: Set<string>): Target {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw notAllowed('This is not a valid web address.', `unparsable URL: ${String(input).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw notAllowed('Only http:// and https:// addresses can be fetched.', `scheme ${url.protocol} refused`);
  }
  if (url.username || url.password) {
    throw notAllowed('Addresses that contain a user name or password cannot be fetched.', 'credentials in URL');
  }
  const port = effectivePort(url);
  const isTrusted = trusted.has(`${url.hostname}:${port}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isTrusted && net.isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) throw notAllowed(PRIVATE_MESSAGE, `${host} is ${reason}`);
  }
  return { url, host, port, trusted: isTrusted };
}

/** Vets every resolved address at connect time, so a name cannot re-resolve to a private address later. */
function guardedLookup(resolve: LookupFunction, target: Target): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, result, family) => {
      if (err) return callback(err, '');
      const list: dns.LookupAddress[] =
        typeof result === 'string' ? [{ address: result, family: family ?? net.isIP(result) }] : result;
      const first = list[0];
      if (!first) {
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      }
      if (!target.trusted) {
        for (const { address } of list) {
          const reason = blockedAddressReason(address);
          // Passed through the request's 'error' event, where safeFetch rethrows it as is.
          if (reason)
            return callback(notAllowed(PRIVATE_MESSAGE, `${hostname} resolves to ${address} (${reason})`), '');
        }
      }
      if (options.all) return callback(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

const systemLookup: LookupFunction = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * The refusals of `safeFetch` without fetching: the URL's form, and the addresses its name resolves
 * to now. For requests that fetch later (URL ingestion runs as a job) so a refused address is refused
 * at request time, as preview refuses it. A name that does not resolve now is left to the fetch.
 */
export async function assertFetchableUrl(
  config: { trustedUpstreams: readonly string[] },
  input: string,
  lookup: LookupFunction = systemLookup,
): Promise<void> {
  const target = checkUrl(input, trustedKeys(config.trustedUpstreams));
  if (target.trusted || net.isIP(target.host)) return;
  await new Promise<void>((resolve, reject) => {
    guardedLookup(lookup, target)(target.host, { all: true }, (err) => {
      if (err instanceof AppError) reject(err);
      else resolve();
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Transfer

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface Hop {
  target: Target;
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  deadline: number;
  connectTimeoutMs: number;
  maxBytes: number;
  lookup: LookupFunction;
}

interface HopResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const timedOut = () => new AppError('url_timeout');
const tooLarge = (maxBytes: number) =>
  new AppError('url_too_large', { cause: new Error(`response exceeds ${maxBytes} bytes`) });

function fetchFailed(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
    return new AppError('url_fetch_failed', { userMessage: 'No website was found at this address.', cause: err });
  }
  return new AppError('url_fetch_failed', { cause: err });
}

function decoded(res: IncomingMessage): Readable | null {
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding === 'identity' || encoding === '') return res;
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return res.pipe(zlib.createInflate());
  if (encoding === 'br') return res.pipe(zlib.createBrotliDecompress());
  return null;
}

/** One request/response exchange; redirects are returned (without body) for the caller to vet. */
function exchange(hop: Hop): Promise<HopResult> {
  return new Promise((resolve, reject) => {
    const remaining = hop.deadline - Date.now();
    if (remaining <= 0) return reject(timedOut());
    const { url } = hop.target;
    const transport = url.protocol === 'https:' ? https : http;
    const timers: NodeJS.Timeout[] = [];
    let bodyStream: Readable | null = null;
    let settled = false;

    const finish = () => {
      settled = true;
      for (const timer of timers) clearTimeout(timer);
    };
    const fail = (err: unknown) => {
      if (settled) return;
      finish();
      bodyStream?.destroy();
      req.destroy();
      reject(fetchFailed(err));
    };

    const req = transport.request({
      protocol: url.protocol,
      host: hop.target.host,
      port: hop.target.port,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: hop.headers,
      // A pooled socket would skip the connect-time address check.
      agent: false,
      lookup: guardedLookup(hop.lookup, hop.target),
    });
    timers.push(setTimeout(() => fail(timedOut()), remaining));
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => fail(timedOut()), hop.connectTimeoutMs);
      timers.push(timer);
      socket.once('connect', () => clearTimeout(timer));
    });
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status) && res.headers.location) {
        finish();
        res.destroy();
        req.destroy();
        return resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
      }
      const bodiless = hop.method === 'HEAD' || status === 204 || status === 304;
      const declared = Number(res.headers['content-length']);
      if (!bodiless && Number.isFinite(declared) && declared > hop.maxBytes) return fail(tooLarge(hop.maxBytes));
      bodyStream = bodiless ? res : decoded(res);
      if (!bodyStream) {
        return fail(new Error(`unsupported content-encoding ${String(res.headers['content-encoding'])}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      bodyStream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > hop.maxBytes) return fail(tooLarge(hop.maxBytes));
        chunks.push(chunk);
      });
      bodyStream.on('error', fail);
      bodyStream.on('end', () => {
        if (settled) return;
        finish();
        resolve({ status, headers: res.headers, body: Buffer.concat(chunks, size) });
      });
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new Error('connection closed before the response was complete'));
      });
    });
    req.end(hop.body);
  });
}

const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'transfer-encoding'];
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/**
 * The one way to fetch a user-supplied URL. Refuses non-http(s) schemes, credentials in the URL
 * and every loopback/private/link-local/reserved address (literal or resolved, at connect time, on
 * every redirect); `config.trustedUpstreams` host:port pairs are the only exception. Caps size and
 * time. Fails with AppError `url_not_allowed`, `url_fetch_failed`, `url_too_large` or `url_timeout`.
 */
export async function safeFetch(
  config: Pick<Config, 'trustedUpstreams'>,
  input: string | URL,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResponse> {
  const trusted = trustedKeys(config.trustedUpstreams);
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_MAX_REDIRECTS;
  let target = checkUrl(input, trusted);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers: Record<string, string> = {
    'user-agent': 'Helixis/1.0',
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br',
    ...lowerKeys(options.headers ?? {}),
  };
  const base = {
    deadline: Date.now() + (options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS),
    connectTimeoutMs: options.connectTimeoutMs ?? SAFE_FETCH_CONNECT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? SAFE_FETCH_MAX_BYTES,
    lookup: options.lookup ?? systemLookup,
  };

  for (let redirects = 0; ; redirects++) {
    const result = await exchange({ ...base, target, method, headers, body });
    const location = result.headers.location;
    if (!REDIRECT_STATUSES.has(result.status) || !location) {
      const contentType = result.headers['content-type'];
      return {
        status: result.status,
        headers: result.headers,
        url: target.url.href,
        body: result.body,
        contentType: typeof contentType === 'string' ? contentType : null,
      };
    }
    if (redirects >= maxRedirects) {
      throw new AppError('url_fetch_failed', {
        userMessage: 'The address redirected too many times.',
        cause: new Error(`more than ${maxRedirects} redirects`),
      });
    }
    let nextUrl: URL;
    try {
      nextUrl = new URL(location, target.url);
    } catch (err) {
      throw new AppError('url_fetch_failed', {
        userMessage: 'The address redirected to an invalid location.',
        cause: err,
      });
    }
    const next = checkUrl(nextUrl, trusted);
    // Browser semantics: 303 (and 301/302 after POST) continue as GET without the body.
    if (result.status === 303 || ((result.status === 301 || result.status === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !BODY_HEADERS.includes(k)));
    }
    if (next.url.origin !== target.url.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k)));
    }
    target = next;
  }
}

import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config';
import { isAppError } from '../platform/errors';
import { upstreamErrors } from '../platform/metrics';
import { type SafeFetchResponse, safeFetch } from '../platform/safe-fetch';

/**
 * What the property-management clients share: one HTTP exchange through safeFetch (so private
 * addresses stay refused unless listed in HELIXIS_TRUSTED_UPSTREAMS), retried with capped
 * exponential backoff and jitter on 429, 5xx and network failures, honouring Retry-After.
 */

/** The connect error codes the settings page knows; every upstream failure maps to one of them. */
export type UpstreamErrorCode =
  | 'env_missing'
  | 'auth_invalid'
  | 'payload_invalid'
  | 'insufficient_scope'
  | 'endpoint_404'
  | 'upstream_429'
  | 'upstream_5xx'
  | 'network_timeout'
  | 'unknown';

/** An upstream failure: the code, the HTTP status (0 without an answer), the path and the trace id of the call. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly code: UpstreamErrorCode,
    message: string,
    readonly details: { status: number; path: string; traceId: string; upstreamMessage?: string; attempts: number },
  ) {
    super(message);
  }
  get status(): number {
    return this.details.status;
  }
  get path(): string {
    return this.details.path;
  }
  get traceId(): string {
    return this.details.traceId;
  }
}

export interface RetryPolicy {
  /** Attempts in all, including the first. */
  maxAttempts: number;
  /** Delay before retry n (1-based) is delays[n-1]; the last value caps longer schedules. */
  delaysMs: readonly number[];
  /** Up to this fraction of the delay is added at random, so many clients do not retry in step. */
  jitter: number;
  /** A Retry-After longer than this is not waited for: the call fails at once with upstream_429. */
  maxRetryAfterMs: number;
}

/** Up to 3 attempts on 429, 5xx or a network error, with delays 250, 500 and 1000 ms. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  delaysMs: [250, 500, 1000],
  jitter: 0.2,
  maxRetryAfterMs: 5_000,
};

export interface UpstreamOptions {
  config: Pick<Config, 'trustedUpstreams'>;
  /** Whole exchange per attempt. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Replaceable in tests to observe the schedule without waiting. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  json: unknown;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function newTraceId(): string {
  return randomUUID();
}

/** Seconds or an HTTP date, as Retry-After allows; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const base = policy.delaysMs[Math.min(retry, policy.delaysMs.length) - 1] ?? 1000;
  return Math.round(base * (1 + policy.jitter * random()));
}

export function codeForStatus(status: number): UpstreamErrorCode {
  if (status === 401) return 'auth_invalid';
  if (status === 403) return 'insufficient_scope';
  if (status === 404) return 'endpoint_404';
  if (status === 400 || status === 409 || status === 415 || status === 422) return 'payload_invalid';
  if (status === 429) return 'upstream_429';
  if (status >= 500) return 'upstream_5xx';
  return 'unknown';
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export interface ExchangeRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Path shown in errors (never the query string, which may carry filters only, but stays short). */
  path: string;
  traceId: string;
  /** Who answers (a provider id such as 'hubspot'): the label of the upstream error metric. Default: the host. */
  vendor?: string;
  /** Vendor-specific text of an error body (e.g. a UserMessage field). */
  describeError?: (json: unknown) => string | undefined;
}

/** One logical request with retries. Resolves with a 2xx answer or throws UpstreamError. */
export async function exchangeWithRetry(options: UpstreamOptions, request: ExchangeRequest): Promise<UpstreamResponse> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const vendor = request.vendor ?? request.url.hostname;
  const fail = (
    code: UpstreamErrorCode,
    message: string,
    status: number,
    attempts: number,
    upstreamMessage?: string,
  ) => {
    // Every failed attempt counts, retried or not: a vendor that needs retries shows up before it fails calls.
    upstreamErrors.inc({ vendor, code });
    return new UpstreamError(code, message, {
      status,
      path: request.path,
      traceId: request.traceId,
      upstreamMessage,
      attempts,
    });
  };

  for (let attempt = 1; ; attempt++) {
    let response: SafeFetchResponse | null = null;
    let networkError: UpstreamError | null = null;
    try {
      response = await safeFetch(options.config, request.url, {
        method: request.method,
        headers: { accept: 'application/json', 'x-request-id': request.traceId, ...request.headers },
        body: request.body,
        timeoutMs: options.timeoutMs ?? 15_000,
        maxBytes: 32 * 1024 * 1024,
        maxRedirects: 0,
      });
    } catch (err) {
      if (isAppError(err) && err.code === 'url_not_allowed') {
        throw fail('payload_invalid', err.userMessage, 0, attempt);
      }
      const timeout = isAppError(err) && err.code === 'url_timeout';
      networkError = fail('network_timeout', timeout ? 'timed out' : 'could not connect', 0, attempt);
    }

    let retryable = networkError !== null;
    let wait: number | null = null;
    if (response) {
      const json = parseJson(response.body);
      if (response.status >= 200 && response.status < 300) {
        if (json === undefined) throw fail('unknown', 'the answer was not JSON', response.status, attempt);
        return { status: response.status, headers: response.headers, json };
      }
      const code = codeForStatus(response.status);
      const upstreamMessage = request.describeError?.(json);
      networkError = fail(code, `HTTP ${response.status}`, response.status, attempt, upstreamMessage);
      retryable = code === 'upstream_429' || code === 'upstream_5xx';
      wait = retryAfterMs(response.headers['retry-after']);
    }
    if (!retryable || attempt >= policy.maxAttempts || (wait !== null && wait > policy.maxRetryAfterMs)) {
      throw networkError as UpstreamError;
    }
    await sleep(Math.max(wait ?? 0, backoffMs(attempt, policy, random)));
  }
}

/** Runs `tasks` with at most `limit` in flight; results keep their order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

import { upstreamErrors } from '../platform/metrics';
import {
  backoffMs,
  codeForStatus,
  DEFAULT_RETRY,
  newTraceId,
  type RetryPolicy,
  realSleep,
  retryAfterMs,
  UpstreamError,
} from './upstream';

/**
 * One call to an operator-configured upstream (Gmail, Graph, Twilio) with a timeout, a trace id
 * (`x-request-id`, and in every error) and capped exponential backoff with jitter honouring
 * Retry-After. A call that sends something (`idempotent: false`) is retried only when the upstream
 * said 429, i.e. it did not take the request: a 5xx or a lost answer may mean the message went out,
 * and sending it again would send it twice.
 */
export interface SendRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  idempotent: boolean;
  /** The vendor's error text in an error body. */
  describeError?: (json: unknown) => string | undefined;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
}

export interface SendResponse {
  status: number;
  json: unknown;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function sendRequest(request: SendRequest): Promise<SendResponse> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...request.retry };
  const sleep = request.sleep ?? realSleep;
  const traceId = newTraceId();
  const path = new URL(request.url).pathname;
  const vendor = new URL(request.url).hostname;
  const fail = (status: number, message: string, attempts: number, upstreamMessage?: string) => {
    const code = status === 0 ? 'network_timeout' : codeForStatus(status);
    upstreamErrors.inc({ vendor, code });
    return new UpstreamError(code, message, { status, path, traceId, upstreamMessage, attempts });
  };
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', 'x-request-id': traceId, ...request.headers },
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const error = fail(
        0,
        err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not connect',
        attempt,
      );
      if (!request.idempotent || attempt >= policy.maxAttempts) throw error;
      await sleep(backoffMs(attempt, policy, Math.random));
      continue;
    }
    const json = parse(await res.text());
    if (res.ok) return { status: res.status, json };
    const error = fail(res.status, `HTTP ${res.status}`, attempt, request.describeError?.(json));
    const retryable = res.status === 429 || (request.idempotent && res.status >= 500);
    const wait = retryAfterMs(res.headers.get('retry-after') ?? undefined);
    if (!retryable || attempt >= policy.maxAttempts || (wait !== null && wait > policy.maxRetryAfterMs)) throw error;
    await sleep(Math.max(wait ?? 0, backoffMs(attempt, policy, Math.random)));
  }
}

/** A readable one-line description of a failed upstream call, with its trace id. */
export function describeUpstreamError(service: string, err: unknown): string {
  if (err instanceof UpstreamError) {
    const what = err.status ? `answered ${err.status}` : err.message;
    const detail = err.details.upstreamMessage ? `: ${err.details.upstreamMessage}` : '';
    return `${service} ${what}${detail} (trace ${err.traceId})`;
  }
  return `${service} could not be reached.`;
}

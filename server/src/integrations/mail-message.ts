import { upstreamErrors } from '../platform/metrics';
import { backoffMs, codeForStatus, DEFAULT_RETRY, newTraceId, realSleep, retryAfterMs } from './upstream';

/** A mail read from a provider API, reduced to what Helixis stores. */
export interface FetchedMail {
  externalId: string;
  from: string | null;
  to: string | null;
  subject: string;
  text: string;
  receivedAt: Date;
  /** Gmail: the attachments named in the message's MIME tree (contents fetched separately). */
  attachments?: MailAttachmentRef[];
  /** Graph: whether the message has attachments (listed with a separate call). */
  hasAttachments?: boolean;
}

/** An attachment as a mail API describes it, before its bytes are fetched. */
export interface MailAttachmentRef {
  id: string;
  filename: string;
  contentType: string;
  /** Declared size in bytes (checked against the cap before anything is downloaded). */
  size: number;
}

/** A failing mail API call: HTTP status (0 without an answer) and the provider's message. */
export class MailApiError extends Error {
  override readonly name = 'MailApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The x-request-id of the call (logged, quoted to the provider's support). */
    readonly traceId: string = '',
  ) {
    super(message);
  }
}

export interface GetJsonOptions {
  /** Replaceable in tests to observe the schedule without waiting. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

/**
 * One Gmail / Graph GET: retried like the property-management calls (same schedule: 3 attempts,
 * capped backoff with jitter, Retry-After honoured up to 5 s) on 429, 5xx and network failures; a 2xx
 * that is not JSON, or any other status, fails at once. Every call carries a trace id (x-request-id,
 * and `client-request-id` for Graph), which failures keep.
 */
export async function getJson(url: string, accessToken: string, options: GetJsonOptions = {}): Promise<unknown> {
  const traceId = newTraceId();
  const sleep = options.sleep ?? realSleep;
  const vendor = new URL(url).pathname.startsWith('/gmail/') ? 'google' : 'microsoft';
  for (let attempt = 1; ; attempt++) {
    let res: Response | null = null;
    let failure = new MailApiError(0, 'no answer', traceId);
    try {
      res = await fetch(url, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          'x-request-id': traceId,
          'client-request-id': traceId,
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const timeout = err instanceof Error && err.name === 'TimeoutError';
      failure = new MailApiError(
        0,
        timeout ? 'timed out' : err instanceof Error ? err.message : 'network error',
        traceId,
      );
      upstreamErrors.inc({ vendor, code: 'network_timeout' });
    }
    let wait: number | null = null;
    if (res) {
      const text = await res.text();
      let body: { error?: { message?: string } } | null | undefined;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = undefined;
      }
      if (res.ok) {
        if (body === undefined) {
          upstreamErrors.inc({ vendor, code: 'unknown' });
          throw new MailApiError(res.status, 'the answer was not JSON', traceId);
        }
        return body;
      }
      const code = codeForStatus(res.status);
      upstreamErrors.inc({ vendor, code });
      failure = new MailApiError(res.status, body?.error?.message ?? `HTTP ${res.status}`, traceId);
      if (code !== 'upstream_429' && code !== 'upstream_5xx') throw failure;
      wait = retryAfterMs(res.headers.get('retry-after') ?? undefined);
    }
    if (attempt >= DEFAULT_RETRY.maxAttempts || (wait !== null && wait > DEFAULT_RETRY.maxRetryAfterMs)) throw failure;
    await sleep(Math.max(wait ?? 0, backoffMs(attempt, DEFAULT_RETRY, Math.random)));
  }
}

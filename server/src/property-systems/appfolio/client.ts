import { exchangeWithRetry, newTraceId, UpstreamError, type UpstreamOptions } from '../../integrations/upstream';

/** Report names used by the product (AppFolio Reports API v2). */
export type AppfolioReport = 'rent_roll' | 'tenant_directory' | 'work_order' | 'delinquency' | 'property_directory';

export interface AppfolioClientOptions extends UpstreamOptions {
  /** The customer's host as entered (`acme.appfolio.com`), or a full origin for a local fake. */
  host: string;
  clientId: string;
  clientSecret: string;
  /** Safety stop against a next_page_url that never ends. */
  maxPages?: number;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * The origin to call for a host as the user typed it (without https://). A bare host gets
 * https; a host listed in HELIXIS_TRUSTED_UPSTREAMS (the bundled fake on loopback) gets http, since
 * those local fakes speak plain HTTP. An explicit http(s):// prefix is kept.
 */
export function appfolioOrigin(input: string, trustedUpstreams: readonly string[]): string {
  const value = input.trim().replace(/\/+$/, '');
  if (/^https?:\/\//i.test(value)) {
    const url = new URL(value);
    // Basic credentials travel in clear over http: only towards a trusted (local) upstream.
    if (url.protocol === 'http:' && !trustedUpstreams.includes(`${url.hostname}:${url.port || '80'}`))
      throw new Error('http only for trusted upstreams');
    return url.origin;
  }
  if (!HOST.test(value)) throw new Error('not a host name');
  const scheme = trustedUpstreams.includes(value) ? 'http' : 'https';
  return new URL(`${scheme}://${value}`).origin;
}

function describeAppfolioError(json: unknown): string | undefined {
  if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    for (const key of ['error', 'message', 'errors']) {
      if (typeof record[key] === 'string') return record[key] as string;
    }
  }
  return undefined;
}

/**
 * A client for the AppFolio Reports API v2: HTTP Basic with the Reports API client id and secret,
 * the first page by POST with a JSON filter body, further pages by GET of `next_page_url` until it
 * is null. next_page_url must stay on the same origin, so the credentials never leave for another host.
 */
export class AppfolioClient {
  readonly origin: string;
  pagesFetched = 0;
  readonly #options: AppfolioClientOptions;
  readonly #auth: string;

  constructor(options: AppfolioClientOptions) {
    this.#options = options;
    this.origin = appfolioOrigin(options.host, options.config.trustedUpstreams);
    this.#auth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  }

  /** Every row of a report. */
  async report<T = Record<string, unknown>>(
    name: AppfolioReport,
    filters: Record<string, unknown> = { property_visibility: 'active' },
    traceId = newTraceId(),
  ): Promise<T[]> {
    const path = `/api/v2/reports/${name}.json`;
    const rows: T[] = [];
    let url: URL | null = new URL(`${this.origin}${path}`);
    let first = true;
    const maxPages = this.#options.maxPages ?? 1000;
    for (let page = 0; url; page++) {
      if (page >= maxPages) {
        throw new UpstreamError('unknown', 'too many pages', { status: 200, path, traceId, attempts: 1 });
      }
      const response = await exchangeWithRetry(this.#options, {
        url,
        method: first ? 'POST' : 'GET',
        headers: { authorization: this.#auth, ...(first ? { 'content-type': 'application/json' } : {}) },
        body: first ? JSON.stringify(filters) : undefined,
        path,
        traceId,
        vendor: 'appfolio',
        describeError: describeAppfolioError,
      });
      this.pagesFetched++;
      first = false;
      const body = response.json as { results?: unknown; next_page_url?: unknown } | null;
      if (!body || !Array.isArray(body.results)) {
        throw new UpstreamError('unknown', 'report without results', {
          status: response.status,
          path,
          traceId,
          attempts: 1,
        });
      }
      rows.push(...(body.results as T[]));
      const next: URL | null =
        typeof body.next_page_url === 'string' && body.next_page_url ? new URL(body.next_page_url, url) : null;
      if (next && next.origin !== this.origin) {
        throw new UpstreamError('unknown', 'next_page_url points to another host', {
          status: response.status,
          path,
          traceId,
          attempts: 1,
        });
      }
      url = next;
    }
    return rows;
  }
}

/** Money arrives as strings ("1,250.00"); cents as an integer. */
export function appfolioCents(value: unknown): number {
  if (typeof value === 'number') return Math.round(value * 100);
  if (typeof value !== 'string') return 0;
  const n = Number(value.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

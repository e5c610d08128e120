import {
  exchangeWithRetry,
  mapLimited,
  newTraceId,
  UpstreamError,
  type UpstreamOptions,
  type UpstreamResponse,
} from '../../integrations/upstream';

/** Production and sandbox hosts of the Buildium Open API (paths start with /v1). */
export const BUILDIUM_PRODUCTION_URL = 'https://api.buildium.com';
export const BUILDIUM_SANDBOX_URL = 'https://apisandbox.buildium.com';
/** Largest page the API serves. */
export const BUILDIUM_MAX_LIMIT = 1000;
/** Pages fetched at once; the API publishes no rate limit, so stay modest. */
export const BUILDIUM_CONCURRENCY = 5;

export type Query = Record<string, string | number | readonly string[] | undefined>;

export interface BuildiumClientOptions extends UpstreamOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Page size for full listings (1-1000). */
  pageSize?: number;
  concurrency?: number;
}

export interface BuildiumAddress {
  AddressLine1?: string;
  City?: string;
  State?: string;
  PostalCode?: string;
  Country?: string;
}
export interface BuildiumRental {
  Id: number;
  Name: string;
  NumberUnits?: number;
  IsActive?: boolean;
  Address?: BuildiumAddress;
  RentalType?: string;
}
export interface BuildiumUnit {
  Id: number;
  PropertyId: number;
  UnitNumber?: string;
  MarketRent?: number;
  IsUnitOccupied?: boolean;
}
export interface BuildiumAssociation {
  Id: number;
  Name: string;
  IsActive?: boolean;
  Address?: BuildiumAddress;
}
export interface BuildiumTask {
  Id: number;
  Title?: string;
  TaskStatus?: string;
  TaskType?: string;
  Priority?: string;
}
export interface BuildiumBill {
  Id: number;
  DueDate?: string;
  PaidDate?: string | null;
  Memo?: string | null;
  ReferenceNumber?: string | null;
  Lines?: { Amount?: number }[];
}
export interface BuildiumBalance {
  TotalBalance?: number;
  /** Lease balances name their lease and unit; association balances their ownership account. */
  LeaseId?: number;
  PropertyId?: number;
  UnitId?: number;
  OwnershipAccountId?: number;
  AssociationId?: number;
  BalanceDate?: string;
}

/** Normalises a base URL: no trailing slash, and a trailing /v1 is dropped (paths carry it). */
export function normaliseBuildiumBaseUrl(input: string): string {
  const url = new URL(input.trim());
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '');
  return `${url.origin}${path}`;
}

function describeBuildiumError(json: unknown): string | undefined {
  if (json && typeof json === 'object' && 'UserMessage' in json) {
    const message = (json as { UserMessage?: unknown }).UserMessage;
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

/**
 * A read-only client for the Buildium Open API: client id/secret headers on every call, limit/offset
 * paging read through X-Total-Count, pages fetched concurrently (bounded), retries per upstream.ts.
 * Every operation gets one trace id, sent as x-request-id and carried by its errors.
 */
export class BuildiumClient {
  readonly baseUrl: string;
  /** Pages (HTTP answers) fetched by this client, for benchmarks and logs. */
  pagesFetched = 0;
  readonly #options: BuildiumClientOptions;
  readonly #limit: number;
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(options: BuildiumClientOptions) {
    this.#options = options;
    this.baseUrl = normaliseBuildiumBaseUrl(options.baseUrl);
    this.#limit = Math.max(1, options.concurrency ?? BUILDIUM_CONCURRENCY);
  }

  /** Every request of this client, whatever listing it belongs to, shares one concurrency budget. */
  async #slot<T>(fn: () => Promise<T>): Promise<T> {
    // A finishing request hands its slot straight to the next waiter, so the count never overshoots.
    if (this.#inFlight >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#inFlight++;
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inFlight--;
    }
  }

  /** One GET with retries; throws UpstreamError. */
  async get(path: string, query: Query = {}, traceId = newTraceId()): Promise<UpstreamResponse> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      // Array filters repeat the parameter (statuses=New&statuses=InProgress).
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
    }
    const response = await this.#slot(() =>
      exchangeWithRetry(this.#options, {
        url,
        method: 'GET',
        headers: {
          'x-buildium-client-id': this.#options.clientId,
          'x-buildium-client-secret': this.#options.clientSecret,
        },
        path,
        traceId,
        vendor: 'buildium',
        describeError: describeBuildiumError,
      }),
    );
    this.pagesFetched++;
    return response;
  }

  /** The X-Total-Count of a listing, asking for one row only. */
  async count(path: string, query: Query = {}, traceId = newTraceId()): Promise<number> {
    const response = await this.get(path, { ...query, limit: 1, offset: 0 }, traceId);
    return totalCount(response, path, traceId);
  }

  /** Every row of a listing: the first page tells the total, the rest are fetched concurrently. */
  async listAll<T>(path: string, query: Query = {}, traceId = newTraceId()): Promise<T[]> {
    const limit = Math.min(BUILDIUM_MAX_LIMIT, Math.max(1, this.#options.pageSize ?? BUILDIUM_MAX_LIMIT));
    const first = await this.get(path, { ...query, limit, offset: 0 }, traceId);
    const rows = asArray<T>(first.json, path, traceId);
    const total = totalCount(first, path, traceId);
    const offsets: number[] = [];
    for (let offset = limit; offset < total; offset += limit) offsets.push(offset);
    const pages = await mapLimited(offsets, this.#limit, async (offset) => {
      const page = await this.get(path, { ...query, limit, offset }, traceId);
      return asArray<T>(page.json, path, traceId);
    });
    for (const page of pages) rows.push(...page);
    return rows;
  }

  /** Some rows of a listing (for the test panel). */
  async sample<T>(
    path: string,
    limit: number,
    query: Query = {},
    traceId = newTraceId(),
  ): Promise<{ rows: T[]; total: number }> {
    const response = await this.get(path, { ...query, limit, offset: 0 }, traceId);
    return { rows: asArray<T>(response.json, path, traceId), total: totalCount(response, path, traceId) };
  }
}

function totalCount(response: UpstreamResponse, path: string, traceId: string): number {
  const header = response.headers['x-total-count'];
  const value = Number(Array.isArray(header) ? header[0] : header);
  if (Number.isFinite(value) && value >= 0) return value;
  // Without the header the page itself is all we know.
  if (Array.isArray(response.json)) return response.json.length;
  throw new UpstreamError('unknown', 'listing without X-Total-Count', {
    status: response.status,
    path,
    traceId,
    attempts: 1,
  });
}

function asArray<T>(json: unknown, path: string, traceId: string): T[] {
  if (Array.isArray(json)) return json as T[];
  throw new UpstreamError('unknown', 'listing did not answer an array', { status: 200, path, traceId, attempts: 1 });
}

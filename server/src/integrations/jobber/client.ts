import { exchangeWithRetry, newTraceId, UpstreamError, type UpstreamOptions } from '../upstream';

/** Jobber's GraphQL API: every request is a POST to /api/graphql with a Bearer token. */
export const JOBBER_API_URL = 'https://api.getjobber.com';
/** Jobber versions its schema by date, sent in X-JOBBER-GRAPHQL-VERSION. */
export const JOBBER_GRAPHQL_VERSION = '2025-01-20';

export interface JobberClient {
  id: string;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  isCompany?: boolean | null;
  balance?: number | null;
  jobberWebUri?: string | null;
  emails?: { address: string; primary?: boolean | null }[];
  phones?: { number: string; primary?: boolean | null }[];
  billingAddress?: {
    street?: string | null;
    city?: string | null;
    province?: string | null;
    postalCode?: string | null;
  } | null;
}

const CLIENT_FIELDS = `id name firstName lastName companyName isCompany balance jobberWebUri
  emails { address primary } phones { number primary }
  billingAddress { street city province postalCode }`;

export const JOBBER_QUERIES = {
  account: 'query HelixisAccount { account { id name } }',
  clients: `query HelixisClients($searchTerm: String, $first: Int, $after: String) {
  clients(searchTerm: $searchTerm, first: $first, after: $after) {
    nodes { ${CLIENT_FIELDS} }
    pageInfo { hasNextPage endCursor }
    totalCount
  }
}`,
  client: `query HelixisClient($id: EncodedId!) { client(id: $id) { ${CLIENT_FIELDS} } }`,
} as const;

export interface JobberClientOptions extends UpstreamOptions {
  baseUrl: string;
  token: string;
  version?: string;
}

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

function describeJobberError(json: unknown): string | undefined {
  const errors = (json as { errors?: GraphqlError[]; message?: string } | null)?.errors;
  if (Array.isArray(errors) && errors[0]?.message) return errors[0].message;
  const message = (json as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Clients of a Jobber account through the GraphQL API (searchTerm matches names, e-mails and phones;
 * Relay cursor paging). GraphQL errors in a 200 answer become UpstreamErrors too: a THROTTLED code is
 * a rate limit, anything else a refused request.
 */
export class JobberApiClient {
  readonly baseUrl: string;
  readonly #options: JobberClientOptions;

  constructor(options: JobberClientOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const traceId = newTraceId();
    const path = '/api/graphql';
    const response = await exchangeWithRetry(this.#options, {
      url: new URL(`${this.baseUrl}${path}`),
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.#options.token}`,
        'content-type': 'application/json',
        'x-jobber-graphql-version': this.#options.version ?? JOBBER_GRAPHQL_VERSION,
      },
      body: JSON.stringify({ query, variables }),
      path,
      traceId,
      describeError: describeJobberError,
    });
    const json = response.json as { data?: T; errors?: GraphqlError[] } | null;
    if (json?.errors?.length) {
      const throttled = json.errors.some((e) => e.extensions?.code === 'THROTTLED');
      throw new UpstreamError(throttled ? 'upstream_429' : 'payload_invalid', 'GraphQL error', {
        status: response.status,
        path,
        traceId,
        attempts: 1,
        upstreamMessage: json.errors[0]?.message,
      });
    }
    if (!json?.data)
      throw new UpstreamError('unknown', 'no data', { status: response.status, path, traceId, attempts: 1 });
    return json.data;
  }

  async account(): Promise<{ id: string; name: string }> {
    const data = await this.query<{ account: { id: string; name: string } }>(JOBBER_QUERIES.account);
    return data.account;
  }

  async clients(first = 50, searchTerm?: string, after?: string) {
    const data = await this.query<{
      clients: { nodes: JobberClient[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    }>(JOBBER_QUERIES.clients, { first, searchTerm: searchTerm ?? null, after: after ?? null });
    return {
      nodes: data.clients.nodes,
      after: data.clients.pageInfo.hasNextPage ? data.clients.pageInfo.endCursor : null,
    };
  }

  /** Clients with exactly this e-mail (the search also matches other fields, so filter). */
  async clientsByEmail(email: string): Promise<JobberClient[]> {
    const { nodes } = await this.clients(25, email);
    const wanted = email.toLowerCase();
    return nodes.filter((c) => (c.emails ?? []).some((e) => e.address.toLowerCase() === wanted));
  }

  async client(id: string): Promise<JobberClient | null> {
    const data = await this.query<{ client: JobberClient | null }>(JOBBER_QUERIES.client, { id });
    return data.client;
  }
}

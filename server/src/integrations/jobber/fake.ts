import { type FakeHandlerResult, FakeServer, FIRST, LAST, pick, type RecordedRequest, seededRandom } from '../fake-kit';
import type { JobberClient } from './client';

/**
 * A local fake of Jobber's GraphQL API: POST /api/graphql with Bearer token and
 * X-JOBBER-GRAPHQL-VERSION; answers the `account`, `clients(searchTerm, first, after)` and
 * `client(id)` queries with Relay-style connections (nodes, pageInfo, totalCount) and GraphQL
 * errors ({errors:[{message, extensions:{code}}]}); a bad token gets 401.
 */
export const FAKE_JOBBER_TOKEN = 'jobber-fake-access-token';

const encodeId = (n: number) => Buffer.from(`gid://Jobber/Client/${n}`).toString('base64');

export function seedJobberClients(count = 30, seed = 3): JobberClient[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const n = 7000 + i;
    const isCompany = i % 4 === 0;
    return {
      id: encodeId(n),
      name: isCompany ? `${last} Property Group` : `${first} ${last}`,
      firstName: first,
      lastName: last,
      companyName: isCompany ? `${last} Property Group` : null,
      isCompany,
      balance: Math.round(random() * 90_000) / 100,
      jobberWebUri: `https://secure.getjobber.com/clients/${n}`,
      emails: [{ address: `${first}.${last}.${i}@example.net`.toLowerCase(), primary: true }],
      phones: [{ number: `(614) 555-${String(2000 + i)}`, primary: true }],
      billingAddress: { street: `${20 + i} Summit St`, city: 'Columbus', province: 'OH', postalCode: '43201' },
    };
  });
}

export class FakeJobber extends FakeServer {
  readonly clients: JobberClient[];
  token: string;

  constructor(options: { token?: string; clients?: JobberClient[] } = {}) {
    super();
    this.token = options.token ?? FAKE_JOBBER_TOKEN;
    this.clients = options.clients ?? seedJobberClients();
  }

  protected errorBody(status: number): unknown {
    if (status === 401) return { message: 'Unauthorized' };
    return { errors: [{ message: status === 429 ? 'Throttled' : 'Internal server error' }] };
  }

  protected handle(req: RecordedRequest, body: string): FakeHandlerResult {
    if (req.method !== 'POST' || req.path !== '/api/graphql') return { status: 404, body: { message: 'Not Found' } };
    if (req.headers.authorization !== `Bearer ${this.token}`) return { status: 401, body: { message: 'Unauthorized' } };
    if (!req.headers['x-jobber-graphql-version']) {
      return { status: 400, body: { errors: [{ message: 'X-JOBBER-GRAPHQL-VERSION header is required' }] } };
    }
    let parsed: { query?: string; variables?: Record<string, unknown> };
    try {
      parsed = JSON.parse(body);
    } catch {
      return { status: 400, body: { errors: [{ message: 'Invalid JSON' }] } };
    }
    const query = parsed.query ?? '';
    const vars = parsed.variables ?? {};
    if (/\baccount\s*\{/.test(query)) {
      return { status: 200, body: { data: { account: { id: 'QWNjb3VudDox', name: 'Buckeye Home Services' } } } };
    }
    if (/\bclients\s*\(/.test(query)) {
      const term = typeof vars.searchTerm === 'string' ? vars.searchTerm.toLowerCase() : '';
      const first = typeof vars.first === 'number' ? vars.first : 20;
      if (first > 100) {
        return {
          status: 200,
          body: { errors: [{ message: 'first must be at most 100', extensions: { code: 'BAD_USER_INPUT' } }] },
        };
      }
      const matching = this.clients.filter(
        (c) =>
          !term ||
          [c.name, c.companyName, ...(c.emails ?? []).map((e) => e.address), ...(c.phones ?? []).map((p) => p.number)]
            .filter(Boolean)
            .some((v) => String(v).toLowerCase().includes(term)),
      );
      const start = typeof vars.after === 'string' ? Number(Buffer.from(vars.after, 'base64').toString()) : 0;
      const nodes = matching.slice(start, start + first);
      const end = start + nodes.length;
      return {
        status: 200,
        body: {
          data: {
            clients: {
              nodes,
              pageInfo: {
                hasNextPage: end < matching.length,
                endCursor: nodes.length ? Buffer.from(String(end)).toString('base64') : null,
              },
              totalCount: matching.length,
            },
          },
        },
      };
    }
    if (/\bclient\s*\(/.test(query)) {
      const client = this.clients.find((c) => c.id === vars.id) ?? null;
      if (!client && typeof vars.id === 'string' && !/^[A-Za-z0-9+/=]+$/.test(vars.id)) {
        return {
          status: 200,
          body: {
            data: { client: null },
            errors: [{ message: 'Invalid EncodedId', extensions: { code: 'BAD_USER_INPUT' } }],
          },
        };
      }
      return { status: 200, body: { data: { client } } };
    }
    return {
      status: 200,
      body: { errors: [{ message: 'Unknown query', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] },
    };
  }
}

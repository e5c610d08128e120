import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../integrations/upstream';
import { BuildiumClient, type BuildiumClientOptions } from './client';
import { FAKE_BUILDIUM_CLIENT_ID, FAKE_BUILDIUM_SECRET, FakeBuildium } from './fake';
import { fetchBuildiumKpis, toCents } from './kpis';

const fake = new FakeBuildium({ seed: 7, units: 420, associations: 4 });
let sleeps: number[] = [];

function client(overrides: Partial<BuildiumClientOptions> = {}): BuildiumClient {
  return new BuildiumClient({
    baseUrl: fake.url,
    clientId: FAKE_BUILDIUM_CLIENT_ID,
    clientSecret: FAKE_BUILDIUM_SECRET,
    config: { trustedUpstreams: [fake.hostPort] },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UpstreamError);
  return err as UpstreamError;
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
afterEach(() => {
  fake.clearFailures();
  fake.requests.length = 0;
  fake.maxInFlight = 0;
  fake.latencyMs = 0;
  fake.denied.clear();
  sleeps = [];
});

describe('BuildiumClient paging', () => {
  it('reads every page of a listing with both credential headers, at most 5 requests at a time', async () => {
    fake.latencyMs = 15;
    const units = await client({ pageSize: 25 }).listAll<{ Id: number }>('/v1/rentals/units');
    expect(units).toHaveLength(fake.portfolio.units.length);
    expect(new Set(units.map((u) => u.Id)).size).toBe(fake.portfolio.units.length);
    expect(units.map((u) => u.Id)).toEqual(fake.portfolio.units.map((u) => u.Id));
    expect(fake.requests).toHaveLength(Math.ceil(fake.portfolio.units.length / 25));
    const offsets = fake.requests.map((r) => Number(r.query.get('offset'))).sort((a, b) => a - b);
    expect(offsets).toEqual(Array.from({ length: offsets.length }, (_, i) => i * 25));
    for (const r of fake.requests) {
      expect(r.headers['x-buildium-client-id']).toBe(FAKE_BUILDIUM_CLIENT_ID);
      expect(r.headers['x-buildium-client-secret']).toBe(FAKE_BUILDIUM_SECRET);
      expect(r.query.get('limit')).toBe('25');
    }
    expect(fake.maxInFlight).toBeGreaterThan(1);
    expect(fake.maxInFlight).toBeLessThanOrEqual(5);
  });

  it('counts with limit=1 and X-Total-Count, repeating array filters', async () => {
    const open = await client().count('/v1/tasks', { statuses: ['New', 'InProgress'] });
    const expected = fake.portfolio.tasks.filter((t) => ['New', 'InProgress'].includes(t.TaskStatus)).length;
    expect(open).toBe(expected);
    expect(fake.requests[0]?.query.getAll('statuses')).toEqual(['New', 'InProgress']);
    expect(fake.requests[0]?.query.get('limit')).toBe('1');
  });
});

describe('BuildiumClient retries and error mapping', () => {
  it('retries a 429 twice with 250 then 500 ms (plus jitter) and succeeds on the third attempt', async () => {
    fake.failNext({ status: 429, times: 2 });
    const total = await client().count('/v1/rentals');
    expect(total).toBe(fake.portfolio.rentals.length);
    expect(fake.requests).toHaveLength(3);
    expect(sleeps).toEqual([275, 550]);
    // One trace id for the whole operation, sent on every attempt.
    const ids = new Set(fake.requests.map((r) => r.headers['x-request-id']));
    expect(ids.size).toBe(1);
  });

  it('honours Retry-After when it is longer than the backoff', async () => {
    fake.failNext({ status: 503, retryAfter: '2' });
    await client().count('/v1/rentals');
    expect(sleeps).toEqual([2000]);
  });

  it('gives up at once when Retry-After is beyond the cap', async () => {
    fake.failNext({ status: 429, retryAfter: '120' });
    const err = await failure(client().count('/v1/rentals'));
    expect(err.code).toBe('upstream_429');
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with upstream_5xx after 3 attempts, carrying status, path and the trace id sent upstream', async () => {
    fake.failNext({ status: 502, times: 5 });
    const err = await failure(client().count('/v1/rentals'));
    expect(err.code).toBe('upstream_5xx');
    expect(err.status).toBe(502);
    expect(err.path).toBe('/v1/rentals');
    expect(err.details.attempts).toBe(3);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]?.headers['x-request-id']).toBe(err.traceId);
  });

  it('maps 401, 403, 404 and 400 without retrying', async () => {
    const bad = await failure(client({ clientSecret: 'wrong' }).count('/v1/rentals'));
    expect(bad.code).toBe('auth_invalid');
    expect(bad.details.upstreamMessage).toBe('The client ID or secret is not valid.');
    fake.denied.add('rentals');
    expect((await failure(client().count('/v1/rentals'))).code).toBe('insufficient_scope');
    fake.denied.clear();
    expect((await failure(client({ baseUrl: `${fake.url}/api` }).count('/v1/rentals'))).code).toBe('endpoint_404');
    expect((await failure(client().get('/v1/rentals', { limit: 5000 }))).code).toBe('payload_invalid');
    expect(fake.requests).toHaveLength(4);
  });

  it('retries timeouts and dropped connections, then reports network_timeout', async () => {
    fake.failNext({ delayMs: 1500, times: 3 });
    const slow = await failure(client({ timeoutMs: 200 }).count('/v1/rentals'));
    expect(slow.code).toBe('network_timeout');
    expect(slow.status).toBe(0);
    fake.clearFailures();
    fake.failNext({ drop: true });
    expect(await client().count('/v1/rentals')).toBe(fake.portfolio.rentals.length);
  });

  it('refuses a loopback base URL that is not listed as a trusted upstream', async () => {
    const err = await failure(client({ config: { trustedUpstreams: [] } }).count('/v1/rentals'));
    expect(err.code).toBe('payload_invalid');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('fetchBuildiumKpis', () => {
  it('computes both KPI variants from the live data, money in cents', async () => {
    const p = fake.portfolio;
    const c = client({ pageSize: 40 });
    const run = await fetchBuildiumKpis(c, () => new Date('2026-11-23T10:00:00Z'));
    const unpaid = p.bills.filter((b) => !b.PaidDate);
    const unpaidCents = unpaid.reduce((s, b) => s + (b.Lines ?? []).reduce((t, l) => t + toCents(l.Amount), 0), 0);
    const ar = [...p.leaseBalances, ...p.associationBalances].reduce((s, r) => s + toCents(r.TotalBalance), 0);
    const open = (s: string) => s === 'New' || s === 'InProgress';
    expect(run.kpis).toEqual({
      provider: 'buildium',
      properties: p.rentals.filter((r) => r.IsActive).length,
      units: p.units.length,
      associations: p.associations.filter((a) => a.IsActive).length,
      activeLeases: p.leases.filter((l) => l.LeaseStatus === 'Active').length,
      tenants: p.tenants.length,
      openWorkOrders: p.workOrders.filter((w) => open(w.Status)).length,
      openTasks: p.tasks.filter((t) => open(t.TaskStatus)).length,
      arOutstandingCents: ar,
      lastUpdatedIso: '2026-11-23T10:00:00.000Z',
      partial: false,
      limit_hint: null,
      rentals: p.rentals.filter((r) => r.IsActive).length,
      accountType: 'rentals',
      unpaidBills: { count: unpaid.length, amount: unpaidCents },
      fetchedAt: '2026-11-23T10:00:00.000Z',
    });
    expect(unpaid.length).toBeGreaterThan(40);
    expect(run.pages).toBe(fake.requests.length);
    expect(run.pages).toBeGreaterThan(10);
  });

  it('marks the result partial and names the missing permission when one resource is refused', async () => {
    fake.denied.add('bills');
    const run = await fetchBuildiumKpis(client());
    expect(run.kpis.partial).toBe(true);
    expect(run.kpis.unpaidBills).toEqual({ count: 0, amount: 0 });
    expect(run.kpis.limit_hint).toContain('Bills');
    expect(run.kpis.rentals).toBeGreaterThan(0);
  });

  it('labels an associations-only account as associations', async () => {
    const hoa = new FakeBuildium({ seed: 3, units: 0, associations: 5 });
    await hoa.start();
    try {
      const run = await fetchBuildiumKpis(
        new BuildiumClient({
          baseUrl: hoa.url,
          clientId: FAKE_BUILDIUM_CLIENT_ID,
          clientSecret: FAKE_BUILDIUM_SECRET,
          config: { trustedUpstreams: [hoa.hostPort] },
        }),
      );
      expect(run.kpis.accountType).toBe('associations');
      expect(run.kpis.rentals).toBe(4);
    } finally {
      await hoa.stop();
    }
  });
});

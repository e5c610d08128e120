import type { PropertyKpis } from '@helixis/contract';
import { newTraceId, UpstreamError } from '../upstream';
import type { BuildiumBalance, BuildiumBill, BuildiumClient } from './client';

const OPEN = ['New', 'InProgress'];

/** Dollars (as the API gives them) to cents, per value so sums do not drift. */
export const toCents = (amount: number | undefined) => Math.round((amount ?? 0) * 100);

/** Which figure each view permission feeds, for the hint shown when some are missing. */
const HINTS: Record<string, string> = {
  '/v1/rentals': 'Rental properties and units',
  '/v1/rentals/units': 'Rental properties and units',
  '/v1/associations': 'Associations',
  '/v1/leases': 'Leases',
  '/v1/leases/tenants': 'Tenants',
  '/v1/workorders': 'Work orders',
  '/v1/tasks': 'Tasks',
  '/v1/bills': 'Bills',
  '/v1/leases/outstandingbalances': 'Outstanding balances',
  '/v1/associations/ownershipaccounts/outstandingbalances': 'Outstanding balances',
};

export interface BuildiumKpiRun {
  kpis: PropertyKpis;
  pages: number;
  durationMs: number;
  traceId: string;
}

/**
 * Both KPI variants of doc 2 §3 from live Buildium data (arithmetic in reference/upstream-apis.md):
 * counts through X-Total-Count, unpaid bill amounts and receivables summed over every page.
 * A figure whose permission is missing (403) or whose endpoint is absent (404) counts as 0 and
 * marks the result partial; any other failure fails the whole run (auth, rate limit, outage).
 */
export async function fetchBuildiumKpis(client: BuildiumClient, now = () => new Date()): Promise<BuildiumKpiRun> {
  const traceId = newTraceId();
  const started = Date.now();
  const pagesBefore = client.pagesFetched;
  const missing = new Set<string>();
  let denied = 0;
  const guard = async <T>(path: string, fallback: T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof UpstreamError && (err.code === 'insufficient_scope' || err.code === 'endpoint_404')) {
        denied++;
        missing.add(HINTS[path] ?? path);
        return fallback;
      }
      throw err;
    }
  };
  const count = (path: string, query: Record<string, string | string[]> = {}) =>
    guard(path, 0, () => client.count(path, query, traceId));
  const sumAll = <T>(path: string, query: Record<string, string>, amount: (row: T) => number) =>
    guard(path, { count: 0, cents: 0 }, async () => {
      const rows = await client.listAll<T>(path, query, traceId);
      return { count: rows.length, cents: rows.reduce((sum, row) => sum + amount(row), 0) };
    });

  const [rentals, associations, units, activeLeases, tenants, openWorkOrders, openTasks, bills, leaseAr, assocAr] =
    await Promise.all([
      count('/v1/rentals', { status: 'Active' }),
      count('/v1/associations', { status: 'Active' }),
      count('/v1/rentals/units'),
      count('/v1/leases', { leasestatuses: 'Active' }),
      count('/v1/leases/tenants'),
      count('/v1/workorders', { statuses: OPEN }),
      count('/v1/tasks', { statuses: OPEN }),
      sumAll<BuildiumBill>('/v1/bills', { paidstatus: 'Unpaid' }, (bill) =>
        (bill.Lines ?? []).reduce((s, line) => s + toCents(line.Amount), 0),
      ),
      sumAll<BuildiumBalance>('/v1/leases/outstandingbalances', {}, (row) => toCents(row.TotalBalance)),
      sumAll<BuildiumBalance>('/v1/associations/ownershipaccounts/outstandingbalances', {}, (row) =>
        toCents(row.TotalBalance),
      ),
    ]);
  // Every figure refused: the key cannot read anything useful, which is a permission problem.
  if (denied === 10) {
    throw new UpstreamError('insufficient_scope', 'no readable resource', {
      status: 403,
      path: '/v1/rentals',
      traceId,
      attempts: 1,
    });
  }
  const associationAccount = rentals === 0 && associations > 0;
  const at = now().toISOString();
  const kpis: PropertyKpis = {
    provider: 'buildium',
    properties: rentals,
    units,
    associations,
    activeLeases,
    tenants,
    openWorkOrders,
    openTasks,
    arOutstandingCents: leaseAr.cents + assocAr.cents,
    lastUpdatedIso: at,
    partial: missing.size > 0,
    limit_hint: missing.size ? `Grant view permission for: ${[...missing].join(', ')}.` : null,
    rentals: associationAccount ? associations : rentals,
    accountType: associationAccount ? 'associations' : 'rentals',
    unpaidBills: { count: bills.count, amount: bills.cents },
    fetchedAt: at,
  };
  return { kpis, pages: client.pagesFetched - pagesBefore, durationMs: Date.now() - started, traceId };
}

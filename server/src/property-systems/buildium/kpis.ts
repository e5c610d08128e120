import type { KpiRecord, PropertyKpis } from '@helixis/contract';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { KpiRecordSet } from '../property-system';
import type {
  BuildiumAssociation,
  BuildiumBalance,
  BuildiumBill,
  BuildiumClient,
  BuildiumRental,
  BuildiumTask,
  BuildiumUnit,
} from './client';

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
  /** The records each figure was computed from (rentals, units, unpaid bills, receivables, open tasks). */
  records: KpiRecordSet;
  pages: number;
  durationMs: number;
  traceId: string;
}

/**
 * Both KPI variants (rentals and associations) from live Buildium data (arithmetic in reference/upstream-apis.md):
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
  // Figures whose records are kept with the snapshot are read in full; the count is the rows read.
  const list = <T>(path: string, query: Record<string, string | string[]> = {}) =>
    guard(path, [] as T[], () => client.listAll<T>(path, query, traceId));

  const [
    rentalRows,
    associationRows,
    unitRows,
    activeLeases,
    tenants,
    openWorkOrders,
    taskRows,
    billRows,
    leaseBalances,
    assocBalances,
  ] = await Promise.all([
    list<BuildiumRental>('/v1/rentals', { status: 'Active' }),
    list<BuildiumAssociation>('/v1/associations', { status: 'Active' }),
    list<BuildiumUnit>('/v1/rentals/units'),
    count('/v1/leases', { leasestatuses: 'Active' }),
    count('/v1/leases/tenants'),
    count('/v1/workorders', { statuses: OPEN }),
    list<BuildiumTask>('/v1/tasks', { statuses: OPEN }),
    list<BuildiumBill>('/v1/bills', { paidstatus: 'Unpaid' }),
    list<BuildiumBalance>('/v1/leases/outstandingbalances'),
    list<BuildiumBalance>('/v1/associations/ownershipaccounts/outstandingbalances'),
  ]);
  const billCents = (bill: BuildiumBill) => (bill.Lines ?? []).reduce((s, line) => s + toCents(line.Amount), 0);
  const bills = { count: billRows.length, cents: billRows.reduce((sum, b) => sum + billCents(b), 0) };
  const rentals = rentalRows.length;
  const associations = associationRows.length;
  const units = unitRows.length;
  const openTasks = taskRows.length;
  const leaseAr = { cents: leaseBalances.reduce((sum, row) => sum + toCents(row.TotalBalance), 0) };
  const assocAr = { cents: assocBalances.reduce((sum, row) => sum + toCents(row.TotalBalance), 0) };
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
  // Buildium's API gives no link into its web app (the account's subdomain is not known to the key).
  const propertyName = new Map(rentalRows.map((r) => [r.Id, r.Name]));
  const record = (id: number | undefined, name: string, amount: number | null, date?: string | null): KpiRecord => ({
    id: String(id ?? ''),
    name,
    amount_cents: amount,
    date: date ?? null,
    url: null,
  });
  const records: KpiRecordSet = {
    rentals: associationAccount
      ? associationRows.map((a) => record(a.Id, a.Name, null))
      : rentalRows.map((r) => record(r.Id, r.Name, null)),
    units: unitRows.map((u) =>
      record(
        u.Id,
        `${propertyName.get(u.PropertyId) ?? `Property ${u.PropertyId}`} · Unit ${u.UnitNumber ?? u.Id}`,
        u.MarketRent === undefined ? null : toCents(u.MarketRent),
      ),
    ),
    unpaid_bills: billRows.map((b) =>
      record(
        b.Id,
        b.Memo || (b.ReferenceNumber ? `Bill ${b.ReferenceNumber}` : `Bill ${b.Id}`),
        billCents(b),
        b.DueDate,
      ),
    ),
    receivables: [
      ...leaseBalances.map((row) =>
        record(
          row.LeaseId,
          `Lease ${row.LeaseId ?? ''}${row.PropertyId ? ` · ${propertyName.get(row.PropertyId) ?? `Property ${row.PropertyId}`}` : ''}`,
          toCents(row.TotalBalance),
          row.BalanceDate,
        ),
      ),
      ...assocBalances.map((row) =>
        record(
          row.OwnershipAccountId,
          `Ownership account ${row.OwnershipAccountId ?? ''}`,
          toCents(row.TotalBalance),
          row.BalanceDate,
        ),
      ),
    ],
    open_tasks: taskRows.map((t) => record(t.Id, t.Title || `Task ${t.Id}`, null)),
  };
  return { kpis, records, pages: client.pagesFetched - pagesBefore, durationMs: Date.now() - started, traceId };
}

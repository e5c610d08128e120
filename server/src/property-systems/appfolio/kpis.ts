import type { KpiRecord, PropertyKpis } from '@helixis/contract';
import { newTraceId } from '../../integrations/upstream';
import type { KpiRecordSet } from '../property-system';
import { type AppfolioClient, appfolioCents } from './client';

interface RentRollRow {
  property_id?: string | number;
  property_name?: string;
  unit?: string;
  unit_id?: string | number;
  rent?: string;
  status?: string;
}
interface TenantRow {
  status?: string;
}
interface WorkOrderRow {
  work_order_id?: string | number;
  work_order_number?: string;
  status?: string;
  created_at?: string;
  vendor?: string;
  amount?: string;
}
interface DelinquencyRow {
  occupancy_id?: string | number;
  unit_id?: string | number;
  property_name?: string;
  amount_receivable?: string;
}

const CLOSED_WORK_ORDER = /^(completed|canceled|cancelled|closed)/i;
const OCCUPIED = /^(current|notice|evict)/i;

/**
 * KPIs from AppFolio reports: rent roll (properties, units, occupied units), tenant directory,
 * work orders (open = not completed or canceled) and delinquency (receivables). The Reports API has
 * no task list and the bill reports are not read, so open tasks count open work orders and the
 * unpaid-bill figures stay 0 with a hint.
 */
export async function fetchAppfolioKpis(
  client: AppfolioClient,
  now = () => new Date(),
): Promise<{ kpis: PropertyKpis; records: KpiRecordSet; pages: number; durationMs: number; traceId: string }> {
  const traceId = newTraceId();
  const started = Date.now();
  const before = client.pagesFetched;
  const [rentRoll, tenants, workOrders, delinquency] = await Promise.all([
    client.report<RentRollRow>('rent_roll', { property_visibility: 'active' }, traceId),
    client.report<TenantRow>('tenant_directory', { property_visibility: 'active' }, traceId),
    client.report<WorkOrderRow>('work_order', { property_visibility: 'active' }, traceId),
    client.report<DelinquencyRow>('delinquency', { property_visibility: 'active' }, traceId),
  ]);
  const properties = new Set(rentRoll.map((r) => String(r.property_id ?? ''))).size;
  const openOrders = workOrders.filter((w) => !CLOSED_WORK_ORDER.test(w.status ?? ''));
  const open = openOrders.length;
  const at = now().toISOString();
  const kpis: PropertyKpis = {
    provider: 'appfolio',
    properties,
    units: rentRoll.length,
    associations: 0,
    activeLeases: rentRoll.filter((r) => OCCUPIED.test(r.status ?? '')).length,
    tenants: tenants.filter((t) => /^current/i.test(t.status ?? 'current')).length,
    openWorkOrders: open,
    openTasks: open,
    arOutstandingCents: delinquency.reduce((s, r) => s + appfolioCents(r.amount_receivable), 0),
    lastUpdatedIso: at,
    partial: true,
    limit_hint: 'AppFolio reports do not include unpaid bills or tasks; open tasks count open work orders.',
    rentals: properties,
    accountType: 'rentals',
    unpaidBills: { count: 0, amount: 0 },
    fetchedAt: at,
  };
  // AppFolio's web app lives on the customer's own host: a property opens at /properties/{id}.
  const propertyUrl = (id: string | number | undefined) =>
    id === undefined || id === '' ? null : `${client.origin}/properties/${encodeURIComponent(String(id))}`;
  const record = (
    id: unknown,
    name: string,
    amount: number | null,
    date: string | null,
    url: string | null,
  ): KpiRecord => ({
    id: String(id ?? ''),
    name,
    amount_cents: amount,
    date,
    url,
  });
  const firstUnitOf = new Map<string, RentRollRow>();
  for (const row of rentRoll) {
    const key = String(row.property_id ?? '');
    if (!firstUnitOf.has(key)) firstUnitOf.set(key, row);
  }
  const records: KpiRecordSet = {
    rentals: [...firstUnitOf.entries()].map(([id, row]) =>
      record(id, row.property_name ?? `Property ${id}`, null, null, propertyUrl(row.property_id)),
    ),
    units: rentRoll.map((r) =>
      record(
        r.unit_id,
        `${r.property_name ?? `Property ${r.property_id ?? ''}`} · Unit ${r.unit ?? r.unit_id ?? ''}`,
        r.rent === undefined ? null : appfolioCents(r.rent),
        null,
        propertyUrl(r.property_id),
      ),
    ),
    unpaid_bills: [],
    receivables: delinquency.map((d) =>
      record(
        d.occupancy_id ?? d.unit_id,
        `${d.property_name ?? 'Occupancy'} · occupancy ${d.occupancy_id ?? ''}`,
        appfolioCents(d.amount_receivable),
        null,
        null,
      ),
    ),
    open_tasks: openOrders.map((w) =>
      record(
        w.work_order_id,
        `Work order ${w.work_order_number ?? w.work_order_id ?? ''}${w.vendor ? ` · ${w.vendor}` : ''}`,
        w.amount === undefined ? null : appfolioCents(w.amount),
        w.created_at ?? null,
        null,
      ),
    ),
  };
  return { kpis, records, pages: client.pagesFetched - before, durationMs: Date.now() - started, traceId };
}

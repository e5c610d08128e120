import type { PropertyKpis } from '@helixis/contract';
import { newTraceId } from '../upstream';
import { type AppfolioClient, appfolioCents } from './client';

interface RentRollRow {
  property_id?: string | number;
  status?: string;
}
interface TenantRow {
  status?: string;
}
interface WorkOrderRow {
  status?: string;
}
interface DelinquencyRow {
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
): Promise<{ kpis: PropertyKpis; pages: number; durationMs: number; traceId: string }> {
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
  const open = workOrders.filter((w) => !CLOSED_WORK_ORDER.test(w.status ?? '')).length;
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
  return { kpis, pages: client.pagesFetched - before, durationMs: Date.now() - started, traceId };
}

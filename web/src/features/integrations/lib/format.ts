import type { PropertyKpis } from '@helixis/contract';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** KPI money is in cents and shown as dollars with two decimals. */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/** 'rentals' or 'associations' (accountType relabels rentals). */
export function rentalsLabel(kpis: Pick<PropertyKpis, 'accountType' | 'rentals'>): string {
  if (kpis.accountType === 'associations') return kpis.rentals === 1 ? 'association' : 'associations';
  return kpis.rentals === 1 ? 'rental' : 'rentals';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The completion screen's KPI sentence: rentals (or associations), unpaid bills count and total, open tasks. */
export function kpiSentence(kpis: PropertyKpis): string {
  return (
    `You manage ${kpis.rentals.toLocaleString('en-US')} ${rentalsLabel(kpis)}, with ` +
    `${plural(kpis.unpaidBills.count, 'unpaid bill', 'unpaid bills')} totalling ${formatCents(kpis.unpaidBills.amount)} ` +
    `and ${plural(kpis.openTasks, 'open task', 'open tasks')}.`
  );
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'Never' : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

import type { PropertyKpis } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { formatCents, kpiSentence, rentalsLabel } from './format';

const base: PropertyKpis = {
  provider: 'buildium',
  properties: 60,
  units: 640,
  associations: 0,
  activeLeases: 580,
  tenants: 850,
  openWorkOrders: 28,
  openTasks: 18,
  arOutstandingCents: 11_367_128,
  lastUpdatedIso: '2026-11-23T10:00:00.000Z',
  partial: false,
  limit_hint: null,
  rentals: 60,
  accountType: 'rentals',
  unpaidBills: { count: 93, amount: 22_489_137 },
  fetchedAt: '2026-11-23T10:00:00.000Z',
};

describe('KPI formatting', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123_456, '$1,234.56'],
    [-250, '-$2.50'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('writes the completion sentence, relabelling rentals as associations', () => {
    expect(kpiSentence(base)).toBe(
      'You manage 60 rentals, with 93 unpaid bills totalling $224,891.37 and 18 open tasks.',
    );
    const hoa = {
      ...base,
      rentals: 1,
      accountType: 'associations' as const,
      unpaidBills: { count: 1, amount: 100 },
      openTasks: 1,
    };
    expect(rentalsLabel(hoa)).toBe('association');
    expect(kpiSentence(hoa)).toBe('You manage 1 association, with 1 unpaid bill totalling $1.00 and 1 open task.');
  });
});

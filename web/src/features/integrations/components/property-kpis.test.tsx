import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PropertyKpis } from './property-kpis';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('../../../lib/auth-client', () => ({ getAccessToken: async () => 'test-token' }));

const kpis = {
  provider: 'buildium',
  properties: 4,
  units: 40,
  associations: 0,
  activeLeases: 36,
  tenants: 50,
  openWorkOrders: 3,
  openTasks: 7,
  arOutstandingCents: 150_000,
  lastUpdatedIso: '2026-11-23T10:00:00.000Z',
  partial: false,
  limit_hint: null,
  rentals: 4,
  accountType: 'rentals',
  unpaidBills: { count: 2, amount: 123_456 },
  fetchedAt: '2026-11-23T10:00:00.000Z',
};
const answer = (over: Record<string, unknown>) => ({
  ok: true,
  data: kpis,
  error_code: null,
  message: null,
  path: null,
  status: 200,
  trace_id: null,
  stale: false,
  cached: true,
  ...over,
});

let reply: (url: string) => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: URL) => reply(String(url)));
  // recharts measures its container; jsdom has none.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(variant: 'strip' | 'sentence' = 'strip') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PropertyKpis variant={variant} />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const history = { snapshots: [] };

describe('PropertyKpis', () => {
  it('shows the tiles with money in dollars and two decimals', async () => {
    reply = (url) => (url.includes('kpi-history') ? json(history) : json(answer({})));
    show();
    await screen.findByText('$1,234.56');
    expect(screen.getByText('Unpaid bills')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
  });

  it("says 'No integration data available' when nothing is connected", async () => {
    reply = () =>
      json(answer({ ok: false, data: null, error_code: 'not_connected', message: 'Buildium is not connected.' }));
    show();
    await screen.findByText('No integration data available');
  });

  it("shows 'Failed to load KPIs: …' with Retry, and retries", async () => {
    let calls = 0;
    reply = () => {
      calls++;
      return json({ error: { code: 'service_unavailable', message: 'The service is temporarily unavailable.' } }, 503);
    };
    show();
    await screen.findByText('Failed to load KPIs: The service is temporarily unavailable.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(calls).toBe(2));
  });

  it("keeps the last known figures with 'Using last known data.' when the upstream fails", async () => {
    reply = () =>
      json(
        answer({
          ok: false,
          stale: true,
          error_code: 'upstream_5xx',
          message: 'Buildium service error. Please try again later.',
        }),
      );
    show('sentence');
    await screen.findByText('You manage 4 rentals, with 2 unpaid bills totalling $1,234.56 and 7 open tasks.');
    expect(screen.getByRole('status').textContent).toContain('Using last known data.');
  });
});

import type { KpiHistory, KpiRecordsOutput, PropertyKpis } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_APPFOLIO_CLIENT_ID, FAKE_APPFOLIO_SECRET, FakeAppfolio } from '../../property-systems/appfolio/fake';
import { FAKE_BUILDIUM_CLIENT_ID, FAKE_BUILDIUM_SECRET, FakeBuildium } from '../../property-systems/buildium/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { waitFor } from '../../test/wait';

/**
 * Issue 30 part 4: every KPI figure opens the upstream records it was computed from, read from the
 * snapshot the figure belongs to — a later sync with different data does not change an old snapshot's list.
 */

const buildium = new FakeBuildium({ seed: 9, units: 90, bills: 40, associations: 2 });
const appfolio = new FakeAppfolio({ seed: 3, units: 60 });
let t: TestApp;

type Err = { error: { code: string; message: string } };

beforeAll(async () => {
  await buildium.start();
  await appfolio.start();
  t = await startTestApp({ HELIXIS_TRUSTED_UPSTREAMS: `${buildium.hostPort},${appfolio.hostPort}` });
});
afterAll(async () => {
  await t?.close();
  await buildium.stop();
  await appfolio.stop();
});

async function workspace(): Promise<TestUser> {
  const user = await createUserWithSession(t);
  await api(t, 'GET', '/api/v1/me', { token: user.token });
  return user;
}

async function settled(user: TestUser) {
  await waitFor(
    () => api<{ jobs: { state: string }[] }>(t, 'GET', '/api/v1/jobs', { token: user.token }),
    (r) => r.body.jobs.every((j) => j.state === 'completed' || j.state === 'failed'),
  );
}

const records = (user: TestUser, kpi: string, query = '') =>
  api<KpiRecordsOutput & Err>(t, 'GET', `/api/v1/integrations/kpis/${kpi}/records${query}`, { token: user.token });

const sum = (list: { amount_cents: number | null }[]) => list.reduce((s, r) => s + (r.amount_cents ?? 0), 0);

describe('KPI records from Buildium', () => {
  it('each figure lists exactly the records it counts or sums, from the snapshot it was computed at', async () => {
    const user = await workspace();
    const connected = await api<{ ok: boolean }>(t, 'POST', '/functions/v1/buildium-connect', {
      token: user.token,
      body: { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: FAKE_BUILDIUM_SECRET, baseUrl: buildium.url },
    });
    expect(connected.body.ok).toBe(true);
    await settled(user);
    const read = await api<{ data: PropertyKpis }>(t, 'POST', '/functions/v1/buildium-kpis', {
      token: user.token,
      body: { force: true },
    });
    const kpis = read.body.data;
    const p = buildium.portfolio;

    const rentals = await records(user, 'rentals', '?limit=1000');
    expect(rentals.status).toBe(200);
    expect(rentals.body).toMatchObject({ kpi: 'rentals', value: kpis.rentals, traced: true, total: kpis.rentals });
    expect(rentals.body.snapshot?.provider).toBe('buildium');
    expect(rentals.body.snapshot?.fetched_at).toBe(kpis.fetchedAt);
    const active = p.rentals.filter((r) => r.IsActive);
    expect(rentals.body.records.map((r) => r.id).sort()).toEqual(active.map((r) => String(r.Id)).sort());
    expect(rentals.body.records[0]).toMatchObject({ url: null, amount_cents: null });

    const units = await records(user, 'units', '?limit=1000');
    expect(units.body.total).toBe(kpis.units);
    expect(units.body.records).toHaveLength(p.units.length);

    const bills = await records(user, 'unpaid_bills', '?limit=1000');
    expect(bills.body).toMatchObject({ value: kpis.unpaidBills.count, amount_cents: kpis.unpaidBills.amount });
    expect(bills.body.total).toBe(kpis.unpaidBills.count);
    // The total on the tile is the sum of the listed bills, each with its due date.
    expect(sum(bills.body.records)).toBe(kpis.unpaidBills.amount);
    const unpaid = p.bills.filter((b) => !b.PaidDate);
    const first = unpaid[0];
    expect(bills.body.records.find((r) => r.id === String(first?.Id))?.date).toBe(first?.DueDate);

    const receivables = await records(user, 'receivables', '?limit=1000');
    expect(receivables.body.total).toBe(p.leaseBalances.length + p.associationBalances.length);
    expect(sum(receivables.body.records)).toBe(kpis.arOutstandingCents);

    const tasks = await records(user, 'open_tasks', '?limit=1000');
    expect(tasks.body.total).toBe(kpis.openTasks);
    expect(tasks.body.records.map((r) => r.name)).toEqual(
      p.tasks.filter((x) => ['New', 'InProgress'].includes(x.TaskStatus)).map((x) => x.Title),
    );

    // Paging.
    const page = await records(user, 'units', '?limit=10&offset=10');
    expect(page.body.records.map((r) => r.id)).toEqual(units.body.records.slice(10, 20).map((r) => r.id));

    // A later sync with another task open: the new snapshot lists it, the old one does not.
    const oldSnapshot = tasks.body.snapshot?.id ?? '';
    p.tasks.push({ Id: 999_001, Title: 'Replace hallway bulbs', TaskStatus: 'New' });
    await api(t, 'POST', '/functions/v1/buildium-kpis', { token: user.token, body: { force: true } });
    const now = await records(user, 'open_tasks', '?limit=1000');
    expect(now.body.snapshot?.id).not.toBe(oldSnapshot);
    expect(now.body.total).toBe(kpis.openTasks + 1);
    expect(now.body.records.some((r) => r.name === 'Replace hallway bulbs')).toBe(true);
    const then = await records(user, 'open_tasks', `?limit=1000&snapshot_id=${oldSnapshot}`);
    expect(then.body).toMatchObject({ value: kpis.openTasks, total: kpis.openTasks });
    expect(then.body.records.some((r) => r.name === 'Replace hallway bulbs')).toBe(false);
    p.tasks.pop();

    const history = await api<KpiHistory>(t, 'GET', '/api/v1/integrations/kpi-history', { token: user.token });
    expect(history.body.snapshots.length).toBeGreaterThanOrEqual(2);
  });

  it('is tenant-scoped and validates the KPI name', async () => {
    const owner = await workspace();
    const stranger = await workspace();
    await api(t, 'POST', '/functions/v1/buildium-connect', {
      token: owner.token,
      body: { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: FAKE_BUILDIUM_SECRET, baseUrl: buildium.url },
    });
    await settled(owner);
    const mine = await records(owner, 'rentals');
    expect(mine.body.total).toBeGreaterThan(0);
    const snapshotId = mine.body.snapshot?.id ?? '';
    // Another workspace cannot open this snapshot, and has no snapshot of its own.
    const foreign = await records(stranger, 'rentals', `?snapshot_id=${snapshotId}`);
    expect(foreign.status).toBe(404);
    const empty = await records(stranger, 'rentals');
    expect(empty.body).toMatchObject({ snapshot: null, total: 0, records: [], traced: false });
    const bad = await records(owner, 'vacancies');
    expect(bad.status).toBe(400);
  });
});

describe('KPI records from AppFolio', () => {
  it('lists properties and units with links into the customer’s AppFolio, receivables summing to the figure', async () => {
    const user = await workspace();
    const connected = await api<{ success: boolean }>(t, 'POST', '/functions/v1/appfolio-connect', {
      token: user.token,
      body: { clientId: FAKE_APPFOLIO_CLIENT_ID, secret: FAKE_APPFOLIO_SECRET, host: appfolio.hostPort },
    });
    expect(connected.body.success).toBe(true);
    await settled(user);
    const read = await api<{ data: PropertyKpis }>(t, 'POST', '/functions/v1/buildium-kpis', {
      token: user.token,
      body: { force: true },
    });
    const kpis = read.body.data;
    expect(kpis.provider).toBe('appfolio');
    const rentals = await records(user, 'rentals', '?limit=1000');
    expect(rentals.body.total).toBe(kpis.rentals);
    const firstProperty = appfolio.portfolio.rent_roll[0];
    const listed = rentals.body.records.find((r) => r.id === String(firstProperty?.property_id));
    expect(listed?.name).toBe(firstProperty?.property_name);
    expect(listed?.url).toBe(`${new URL(appfolio.url).origin}/properties/${firstProperty?.property_id}`);
    const units = await records(user, 'units', '?limit=1000');
    expect(units.body.total).toBe(kpis.units);
    const receivables = await records(user, 'receivables', '?limit=1000');
    expect(sum(receivables.body.records)).toBe(kpis.arOutstandingCents);
    const bills = await records(user, 'unpaid_bills');
    expect(bills.body).toMatchObject({ value: 0, total: 0, traced: true });
  });
});

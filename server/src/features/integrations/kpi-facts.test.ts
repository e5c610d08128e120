import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BUILDIUM_CLIENT_ID, FAKE_BUILDIUM_SECRET, FakeBuildium } from '../../property-systems/buildium/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { waitFor } from '../../test/wait';

/** Issue 25 §6: the connected system's KPIs are facts the chat cites, refreshed on every sync. */

const buildium = new FakeBuildium({ seed: 7, units: 120, bills: 60, associations: 1 });
let t: TestApp;
let user: TestUser;

const post = <T = any>(name: string, body: unknown = {}) =>
  api<T>(t, 'POST', `/functions/v1/${name}`, { token: user.token, body });
const factsOf = async () =>
  (await api<any>(t, 'GET', '/functions/v1/facts-ingest', { token: user.token })).body.facts as any[];
const chat = (content: string, assistantMode: 'onboarding' | 'operational') =>
  post('chat-with-context', { messages: [{ role: 'user', content }], assistantMode });
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeAll(async () => {
  await buildium.start();
  t = await startTestApp({ HELIXIS_TRUSTED_UPSTREAMS: buildium.hostPort });
  user = await createUserWithSession(t);
  await api(t, 'GET', '/api/v1/me', { token: user.token });
  const connected = await post('buildium-connect', {
    clientId: FAKE_BUILDIUM_CLIENT_ID,
    secret: FAKE_BUILDIUM_SECRET,
    baseUrl: buildium.url,
  });
  expect(connected.body).toMatchObject({ ok: true, status: 'connected' });
  await waitFor(
    () => api<any>(t, 'GET', '/api/v1/jobs', { token: user.token }),
    (r) => r.body.jobs.every((j: any) => j.state === 'completed' || j.state === 'failed'),
  );
});
afterAll(async () => {
  await t?.close();
  await buildium.stop();
});

describe('Buildium KPIs as facts', () => {
  it('stores rentals, units, unpaid bills with their total and open tasks, with the sync as provenance', async () => {
    const kpis = (await post('buildium-kpis', { force: true })).body.data;
    expect(kpis.rentals).toBeGreaterThan(0);
    const byKey = new Map((await factsOf()).map((f) => [f.key, f]));
    const expected: Record<string, string> = {
      rentals: `We manage ${kpis.rentals} rentals (Buildium)`,
      managed_units: `${kpis.units} units in ${kpis.properties} properties (Buildium)`,
      unpaid_bills: `${kpis.unpaidBills.count} unpaid bills totalling ${dollars(kpis.unpaidBills.amount)} (Buildium)`,
      open_tasks: `${kpis.openTasks} open tasks (Buildium)`,
    };
    for (const [key, value] of Object.entries(expected)) {
      const fact = byKey.get(key);
      expect(fact?.value, key).toBe(value);
      expect(fact.source).toBe('integration');
      expect(fact.provenance).toMatchObject({ type: 'integration', source: 'buildium', method: 'sync' });
      expect(fact.provenance.timestamp).toBe(kpis.fetchedAt);
    }
  });

  it('each sync refreshes the time the figures were read', async () => {
    const first = (await factsOf()).find((f) => f.key === 'rentals').provenance.timestamp;
    await new Promise((r) => setTimeout(r, 20));
    const kpis = (await post('buildium-kpis', { force: true })).body.data;
    const rentals = (await factsOf()).find((f) => f.key === 'rentals');
    expect(rentals.provenance.timestamp).toBe(kpis.fetchedAt);
    expect(Date.parse(rentals.provenance.timestamp)).toBeGreaterThan(Date.parse(first));
  });

  it('"How many rentals do we manage?" is answered from the KPI fact, citing it, in either mode', async () => {
    const kpis = (await post('buildium-kpis', {})).body.data;
    for (const mode of ['operational', 'onboarding'] as const) {
      const res = await chat('How many rentals do we manage?', mode);
      expect(res.status).toBe(200);
      // The Rentals fact or the portfolio summary: both are the Buildium figures, cited.
      expect(res.body.message, mode).toContain(`We manage ${kpis.rentals} rentals`);
      expect(res.body.message, mode).toMatch(/\(Buildium\) \[Fact:(Rentals|Portfolio Summary)\]/);
      expect(res.body.sources.every((s: any) => s.kind === 'fact')).toBe(true);
    }
    const unpaid = await chat('How much is unpaid?', 'onboarding');
    expect(unpaid.body.message).toContain(`totalling ${dollars(kpis.unpaidBills.amount)}`);
    expect(unpaid.body.message).toMatch(/\[Fact:(Unpaid Bills|Portfolio Summary)\]/);
    const both = await chat('How many rentals do we manage and how much is unpaid?', 'onboarding');
    expect(both.body.message).toContain('[Fact:Portfolio Summary]');
    expect(both.body.message).toContain(`We manage ${kpis.rentals} rentals`);
    expect(both.body.message).toContain(dollars(kpis.unpaidBills.amount));
    // Nothing was stored from the questions.
    expect((await factsOf()).every((f) => f.source === 'integration')).toBe(true);
  });
});

import { FACT_CONFIDENCE, type PropertyKpis, type PropertyProvider } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { systemName } from '../../property-systems';
import { upsertFact } from '../facts';
import { loadCredentials, openSession } from './integrations.credentials';
import * as repo from './integrations.repo';

// ── knowledge ───────────────────────────────────────────────────────────────────────────────────

/**
 * Turns the connected portfolio into facts (source 'integration', confidence 90) so the assistant
 * can answer questions such as "how many units do we manage in Columbus?". Runs in the refresh job.
 */
export async function learnPortfolioFacts(ctx: WorkspaceContext, provider: PropertyProvider): Promise<number> {
  const creds = await loadCredentials(ctx, provider);
  if (!creds) return 0;
  const byCity = new Map<string, { properties: number; units: number }>();
  for (const property of await openSession(ctx, creds).properties()) {
    const city = property.city || 'Unknown city';
    const entry = byCity.get(city) ?? { properties: 0, units: 0 };
    entry.properties++;
    entry.units += property.units;
    byCity.set(city, entry);
  }
  const snapshot = await ctx.tenant((tx) => repo.latestSnapshot(tx, ctx.workspace.id, provider));
  const totalUnits = [...byCity.values()].reduce((s, c) => s + c.units, 0);
  const totalProperties = [...byCity.values()].reduce((s, c) => s + c.properties, 0);
  const cities = [...byCity.entries()].sort((x, y) => y[1].units - x[1].units).slice(0, 12);
  const provenance = { type: 'integration', source: provider, method: 'sync' };
  const facts: { key: string; value: string }[] = [
    {
      key: 'Units by city',
      value: cities.map(([city, c]) => `${city}: ${c.units} units in ${c.properties} properties`).join('; '),
    },
  ];
  if (totalProperties > 0 && !snapshot) {
    facts.push({
      key: 'Managed units',
      value: `${totalUnits} units in ${totalProperties} properties (${systemName(provider)})`,
    });
  }
  for (const fact of facts) {
    await upsertFact(ctx, { ...fact, source: 'integration', confidence: FACT_CONFIDENCE.integration, provenance });
  }
  return facts.length + (snapshot ? await learnKpiFacts(ctx, snapshot.kpis) : 0);
}

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The KPIs of a sync as facts (issue 25 §6): rentals, units, unpaid bills with their total and open
 * tasks, each citing the system and the sync time, so "How many rentals do we manage?" is answered
 * from them. Each sync replaces the figures and refreshes their time. Returns how many were stored.
 */
export async function learnKpiFacts(ctx: WorkspaceContext, kpis: PropertyKpis): Promise<number> {
  const system = systemName(kpis.provider);
  const synced = kpis.fetchedAt || kpis.lastUpdatedIso;
  const bills = `${kpis.unpaidBills.count} unpaid bills totalling ${money(kpis.unpaidBills.amount)}`;
  const facts: { key: string; value: string }[] = [
    { key: 'Rentals', value: `We manage ${kpis.rentals} rentals (${system})` },
    { key: 'Managed units', value: `${kpis.units} units in ${kpis.properties} properties (${system})` },
    { key: 'Unpaid bills', value: `${bills} (${system})` },
    { key: 'Open tasks', value: `${kpis.openTasks} open tasks (${system})` },
    {
      key: 'Portfolio summary',
      value: `We manage ${kpis.rentals} rentals with ${kpis.units} units; ${bills} are unpaid; ${kpis.openTasks} open tasks (${system})`,
    },
  ];
  for (const fact of facts) {
    await upsertFact(ctx, {
      ...fact,
      source: 'integration',
      confidence: FACT_CONFIDENCE.integration,
      provenance: {
        type: 'integration',
        source: kpis.provider,
        method: 'sync',
        timestamp: synced,
        context: `${system} KPIs synced ${synced}`,
      },
    });
  }
  return facts.length;
}

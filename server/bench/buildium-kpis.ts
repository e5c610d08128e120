/**
 * Benchmark: KPI computation for a 5,000-unit Buildium portfolio with 50 ms upstream latency per page.
 * Run: `npx tsx server/bench/buildium-kpis.ts` (no database needed). Reports time and pages fetched,
 * with the client's default concurrency (5 requests in flight) against one request at a time.
 */
import { BuildiumClient } from '../src/property-systems/buildium/client';
import { FAKE_BUILDIUM_CLIENT_ID, FAKE_BUILDIUM_SECRET, FakeBuildium } from '../src/property-systems/buildium/fake';
import { fetchBuildiumKpis } from '../src/property-systems/buildium/kpis';

const UNITS = Number(process.env.BENCH_UNITS ?? 5000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);

async function main() {
  // Enough unpaid bills and balances to need several pages at the API's 1,000-row maximum.
  const fake = new FakeBuildium({ seed: 99, units: UNITS, bills: UNITS, associations: 12, latencyMs: LATENCY_MS });
  await fake.start();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `portfolio: ${fake.portfolio.units.length} units, ${fake.portfolio.rentals.length} rentals, ` +
      `${fake.portfolio.bills.filter((b) => !b.PaidDate).length} unpaid bills, ${fake.portfolio.leaseBalances.length} lease balances; ` +
      `latency ${LATENCY_MS} ms per page`,
  );
  try {
    for (const [label, concurrency, pageSize] of [
      ['concurrent (5 in flight, 1000 rows/page)', 5, 1000],
      ['sequential (1 in flight, 1000 rows/page)', 1, 1000],
      ['concurrent (5 in flight, 100 rows/page)', 5, 100],
    ] as const) {
      fake.maxInFlight = 0;
      const client = new BuildiumClient({
        baseUrl: fake.url,
        clientId: FAKE_BUILDIUM_CLIENT_ID,
        clientSecret: FAKE_BUILDIUM_SECRET,
        config: { trustedUpstreams: [fake.hostPort] },
        concurrency,
        pageSize,
      });
      const run = await fetchBuildiumKpis(client);
      out(
        `${label}: ${run.durationMs} ms, ${run.pages} pages, max in flight ${fake.maxInFlight}, ` +
          `rentals ${run.kpis.rentals}, unpaid bills ${run.kpis.unpaidBills.count}, open tasks ${run.kpis.openTasks}`,
      );
    }
  } finally {
    await fake.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

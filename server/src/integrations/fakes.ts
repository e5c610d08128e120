/**
 * Starts the bundled fake upstreams on fixed local ports so a person can try the product without
 * real Buildium or AppFolio accounts: `npm run fakes -w server` (both), or `fake:buildium` / `fake:appfolio`.
 * Ports: FAKE_BUILDIUM_PORT (4510), FAKE_APPFOLIO_PORT (4520). Stop with Ctrl+C.
 */
import { FAKE_APPFOLIO_CLIENT_ID, FAKE_APPFOLIO_SECRET, FakeAppfolio } from './appfolio/fake';
import { FAKE_BUILDIUM_CLIENT_ID, FAKE_BUILDIUM_SECRET, FakeBuildium } from './buildium/fake';

const which = process.argv[2] ?? 'all';
const out = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  const started: { stop(): Promise<void> }[] = [];
  const trusted: string[] = [];
  if (which === 'all' || which === 'buildium') {
    const fake = new FakeBuildium({ seed: 42, units: 640, associations: 6 });
    await fake.start(Number(process.env.FAKE_BUILDIUM_PORT ?? 4510));
    started.push(fake);
    trusted.push(fake.hostPort);
    out(
      `Fake Buildium API   ${fake.url}  (${fake.portfolio.units.length} units, ${fake.portfolio.rentals.length} rentals)`,
    );
    out(`  Client ID: ${FAKE_BUILDIUM_CLIENT_ID}`);
    out(`  Secret:    ${FAKE_BUILDIUM_SECRET}`);
    out(`  Base URL:  ${fake.url}`);
  }
  if (which === 'all' || which === 'appfolio') {
    const fake = new FakeAppfolio({ seed: 11, units: 520, pageSize: 200 });
    await fake.start(Number(process.env.FAKE_APPFOLIO_PORT ?? 4520));
    started.push(fake);
    trusted.push(fake.hostPort);
    out(`Fake AppFolio API   ${fake.url}  (${fake.portfolio.rent_roll.length} units)`);
    out(`  Host:      ${fake.hostPort}`);
    out(`  Client ID: ${FAKE_APPFOLIO_CLIENT_ID}`);
    out(`  Secret:    ${FAKE_APPFOLIO_SECRET}`);
  }
  if (started.length === 0) throw new Error(`unknown fake "${which}" (use buildium, appfolio or nothing for both)`);
  out();
  out('Start Helixis so it may reach them:');
  out(`  HELIXIS_TRUSTED_UPSTREAMS=${trusted.join(',')} npm start`);
  const stop = async () => {
    for (const fake of started) await fake.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

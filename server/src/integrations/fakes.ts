/**
 * Starts the bundled fake upstreams on fixed local ports so a person can try the product without
 * real accounts: `npm run fakes -w server` (all), `npm run fakes -w server -- <provider>` for one
 * property system (each system's <provider>/fake.ts exports its `localFake`; port FAKE_<PROVIDER>_PORT),
 * or `fake:connectors` for the business-app connectors: FAKE_HUBSPOT_PORT (4530), FAKE_JOBBER_PORT
 * (4540), FAKE_SHOPIFY_PORT (4550). Stop with Ctrl+C.
 */
import { PROPERTY_PROVIDERS } from '@helixis/contract';
import type { LocalFake } from '../property-systems';
import { FAKE_HUBSPOT_TOKEN, FakeHubspot } from './hubspot/fake';
import { FAKE_JOBBER_TOKEN, FakeJobber } from './jobber/fake';
import { FAKE_SHOPIFY_SHOP, FAKE_SHOPIFY_TOKEN, FakeShopify } from './shopify/fake';

const which = process.argv[2] ?? 'all';
const out = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  const started: { stop(): Promise<void> }[] = [];
  const trusted: string[] = [];
  for (const provider of PROPERTY_PROVIDERS) {
    if (which !== 'all' && which !== provider) continue;
    const { localFake } = (await import(`../property-systems/${provider}/fake`)) as { localFake: LocalFake };
    const port = Number(process.env[`FAKE_${provider.toUpperCase()}_PORT`] ?? localFake.defaultPort);
    const fake = await localFake.start(port);
    started.push(fake);
    trusted.push(fake.hostPort);
    for (const line of fake.lines) out(line);
  }
  const env: string[] = [];
  if (which === 'all' || which === 'connectors') {
    const hubspot = new FakeHubspot();
    await hubspot.start(Number(process.env.FAKE_HUBSPOT_PORT ?? 4530));
    const jobber = new FakeJobber();
    await jobber.start(Number(process.env.FAKE_JOBBER_PORT ?? 4540));
    const shopify = new FakeShopify();
    await shopify.start(Number(process.env.FAKE_SHOPIFY_PORT ?? 4550));
    started.push(hubspot, jobber, shopify);
    trusted.push(hubspot.hostPort, jobber.hostPort, shopify.hostPort);
    env.push(
      `HELIXIS_HUBSPOT_BASE_URL=${hubspot.url}`,
      `HELIXIS_JOBBER_BASE_URL=${jobber.url}`,
      `HELIXIS_SHOPIFY_BASE_URL=${shopify.url}`,
    );
    out(
      `Fake HubSpot CRM    ${hubspot.url}  (${hubspot.contacts.length} contacts, e.g. ${hubspot.contacts[0]?.properties.email})`,
    );
    out(`  Private app token: ${FAKE_HUBSPOT_TOKEN}`);
    out(`Fake Jobber GraphQL ${jobber.url}  (${jobber.clients.length} clients)`);
    out(`  Access token:      ${FAKE_JOBBER_TOKEN}`);
    out(`Fake Shopify Admin  ${shopify.url}  (${shopify.customers.length} customers)`);
    out(`  Shop: ${FAKE_SHOPIFY_SHOP}   Admin API token: ${FAKE_SHOPIFY_TOKEN}`);
  }
  if (started.length === 0)
    throw new Error(`unknown fake "${which}" (use ${PROPERTY_PROVIDERS.join(', ')}, connectors or nothing for all)`);
  out();
  out('Start Helixis so it may reach them:');
  out(`  HELIXIS_TRUSTED_UPSTREAMS=${trusted.join(',')} ${env.map((e) => `${e} `).join('')}npm start`);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_APPFOLIO_CLIENT_ID,
  FAKE_APPFOLIO_SECRET,
  FakeAppfolio,
} from '../../server/src/property-systems/appfolio/fake';
import {
  FAKE_BUILDIUM_CLIENT_ID,
  FAKE_BUILDIUM_SECRET,
  FakeBuildium,
} from '../../server/src/property-systems/buildium/fake';
import { newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'integrations';
const fake = new FakeBuildium({ seed: 42, units: 640, associations: 6 });
const appfolio = new FakeAppfolio({ seed: 11, units: 300, pageSize: 100 });

/** The sentence the completion step must show, computed from the fake's own data. */
function expectedSentence(): string {
  const p = fake.portfolio;
  const rentals = p.rentals.filter((r) => r.IsActive).length;
  const unpaid = p.bills.filter((b) => !b.PaidDate);
  const cents = unpaid.reduce(
    (s, b) => s + (b.Lines ?? []).reduce((t, l) => t + Math.round((l.Amount ?? 0) * 100), 0),
    0,
  );
  const open = p.tasks.filter((t) => t.TaskStatus === 'New' || t.TaskStatus === 'InProgress').length;
  const dollars = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  }).format(cents / 100);
  return `You manage ${rentals} rentals, with ${unpaid.length} unpaid bills totalling ${dollars} and ${open} open tasks.`;
}

const product = useProduct({
  env: async () => {
    await fake.start();
    await appfolio.start();
    return { HELIXIS_TRUSTED_UPSTREAMS: `${fake.hostPort},${appfolio.hostPort}` };
  },
});

beforeAll(() => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await fake.stop();
  await appfolio.stop();
});

describe('connect Buildium against the fake and see the KPIs', () => {
  it('connects from the integrations step, shows errors with a trace id, then KPIs everywhere', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(`lee.park+${Date.now()}@columbus-homes.com`);
    await signUp.getByLabel('Password').fill('harbor-view-42');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding\?step=integrations/);

    // Integrations step → settings page opened from onboarding.
    await page.getByRole('link', { name: 'Connect Buildium' }).first().click();
    await page.waitForURL(/\/settings\/integrations\/buildium\?from=onboarding/);
    await page.getByRole('heading', { name: 'Buildium integration' }).waitFor();
    expect(await page.getByTestId('buildium-status').textContent()).toBe('Never connected');
    const save = page.getByRole('button', { name: 'Save & Verify' });
    expect(await save.isDisabled()).toBe(true);

    // A wrong secret: the spec's message, a trace id and the permissions list.
    const form = page.getByRole('form', { name: 'Buildium settings' });
    await form.getByLabel('Client ID').fill(FAKE_BUILDIUM_CLIENT_ID);
    await form.getByLabel('Secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Advanced' }).click();
    await form.getByLabel('API Host').fill(fake.url);
    await save.click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Invalid credentials. Please check your Client ID and Secret.' });
    await alert.waitFor();
    const traceId = await page.getByTestId('trace-id').textContent();
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests.some((r) => r.headers['x-request-id'] === traceId)).toBe(true);
    await alert.getByText('Outstanding balances (accounts receivable)').waitFor();
    await shot(page, SUITE, '01-settings-invalid-credentials');

    // The right secret: connected, countdown towards /onboarding/confirm; stay to see the KPIs.
    await form.getByLabel('Secret').fill(FAKE_BUILDIUM_SECRET);
    await save.click();
    await page.getByText(/Continuing onboarding in \d seconds/).waitFor();
    await page.getByRole('button', { name: 'Continue Onboarding Now' }).waitFor();
    await page.getByRole('button', { name: 'Stay Here' }).click();
    await page.getByTestId('buildium-status').filter({ hasText: 'Connected' }).waitFor();
    const kpis = page.getByRole('region', { name: 'Property KPIs' });
    await kpis.getByText('Unpaid bills total').waitFor({ timeout: 30_000 });
    await page
      .getByRole('figure', { name: 'KPI comparison chart' })
      .locator('.recharts-bar-rectangle path')
      .first()
      .waitFor();
    await shot(page, SUITE, '02-settings-connected-kpis');

    // Refresh: a second snapshot, so the trend chart draws.
    await kpis.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('KPIs Refreshed!').first().waitFor();
    // Flat lines (nothing changed between snapshots) have no height, so wait for them to exist.
    const lines = page.getByRole('figure', { name: 'KPI trend chart' }).locator('.recharts-line-curve');
    await lines.first().waitFor({ state: 'attached' });
    expect(await lines.count()).toBe(2);
    await shot(page, SUITE, '03-kpis-refreshed-trend');

    // AppFolio: all three fields required, then a connection through the fake's report pages.
    await page.getByRole('button', { name: 'Connect AppFolio' }).click();
    const af = page.getByRole('dialog', { name: 'Connect AppFolio' });
    await af.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Missing Information').first().waitFor();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    await af.getByLabel('Host').fill(appfolio.hostPort);
    await af.getByLabel('Client ID').fill(FAKE_APPFOLIO_CLIENT_ID);
    await af.getByLabel('Secret').fill(FAKE_APPFOLIO_SECRET);
    await shot(page, SUITE, '03b-appfolio-modal');
    await af.getByRole('button', { name: 'Connect' }).click();
    await af.waitFor({ state: 'detached' });
    await page.getByText(`Status: Connected · ${appfolio.hostPort}`).waitFor();
    expect(appfolio.requests.some((r) => r.method === 'POST')).toBe(true);

    // The onboarding step shows the KPI sentence with the spec's figures.
    await page.goto('/onboarding/buildium');
    const sentence = page.getByTestId('kpi-sentence');
    await sentence.getByText(expectedSentence()).waitFor();
    await sentence.getByRole('button', { name: 'Re-check KPIs' }).waitFor();
    await shot(page, SUITE, '04-onboarding-kpi-sentence');

    // The connect modal: validation, connecting, KPIs with Done.
    await page.getByRole('button', { name: 'Reconnect Buildium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Buildium' });
    const connect = dialog.getByRole('button', { name: 'Connect' });
    expect(await connect.isDisabled()).toBe(true);
    await dialog.getByLabel('Client ID').fill(FAKE_BUILDIUM_CLIENT_ID);
    await dialog.getByLabel('Client ID').fill('');
    await dialog.getByLabel('Secret').focus();
    await dialog.getByText('Client ID is required').waitFor();
    await dialog.getByLabel('Client ID').fill(FAKE_BUILDIUM_CLIENT_ID);
    await dialog.getByLabel('Secret').fill(FAKE_BUILDIUM_SECRET);
    await dialog.getByLabel('Base URL (optional)').fill(fake.url);
    await shot(page, SUITE, '05-modal-form');
    await connect.click();
    await dialog.getByText('Buildium is connected.').waitFor();
    await dialog.getByTestId('modal-kpis').waitFor();
    await page.getByText('KPIs Loaded!').first().waitFor();
    await dialog.getByRole('button', { name: 'Re-check KPIs' }).waitFor();
    await shot(page, SUITE, '06-modal-kpis');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/onboarding\/confirm/);
    await page.getByRole('heading', { name: 'Your connection is ready' }).waitFor();
    await page.getByTestId('confirm-buildium').getByText('Connected').waitFor();
    await page.getByTestId('confirm-appfolio').getByText('Connected').waitFor();
    await page.getByTestId('confirm-gmail').getByText('Not connected').waitFor();
    await page.getByTestId('kpi-sentence').getByText(expectedSentence()).waitFor();
    await shot(page, SUITE, '06b-onboarding-confirm');
    await page.getByRole('button', { name: 'Continue Onboarding' }).click();
    await page.waitForURL(/\/onboarding\/ready/);

    // /create-assistant shows the workspace's one live assistant and the steps that shape it.
    await page.goto('/create-assistant');
    await page.getByRole('heading', { name: 'Set up your assistant' }).waitFor();
    await page.getByRole('link', { name: 'Open assistant settings' }).waitFor();
    await shot(page, SUITE, '06c-create-assistant');

    // The test panel.
    await page.goto('/buildium-test');
    await page.getByRole('button', { name: 'Run all checks' }).click();
    await page.getByText('All Buildium checks passed.').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Outstanding balances' }).waitFor();
    await shot(page, SUITE, '07-test-panel');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

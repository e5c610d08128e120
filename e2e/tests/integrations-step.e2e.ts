import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../server/src/integrations/google/fake';
import { newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'integrations-step';
let google: FakeGoogle;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const product = useProduct({
  env: async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    google = new FakeGoogle({ redirectUris: [`${publicUrl}/oauth/gmail/callback`], email: 'desk@gmail.example' });
    await google.start();
    return { PORT: String(port), HELIXIS_PUBLIC_URL: publicUrl, ...google.env() };
  },
});

beforeAll(() => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await google?.stop();
});

describe('integrations step and provider catalogue', () => {
  it('goes from a fresh account to Continue enabled, connects Gmail and shows OAuth diagnostics', async () => {
    const { page } = await newPage(product.browser, product.server.url);
    await page.setViewportSize({ width: 1280, height: 1000 });
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(`rosa.lim+${Date.now()}@maple-court.com`);
    await signUp.getByLabel('Password').fill('maple-court-42');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding\?step=integrations/);

    // Nothing connected yet: Continue is disabled with the spec's label.
    const needOne = page.getByRole('button', { name: 'Connect at least one integration to continue' });
    await needOne.waitFor();
    expect(await needOne.isDisabled()).toBe(true);
    for (const id of ['calendars', 'email', 'files', 'knowledge', 'team-chat', 'crm']) {
      expect(await page.locator(`[data-category="${id}"]`).count()).toBe(1);
    }
    expect(await page.locator('[data-industry]').count()).toBe(11);
    await page.getByRole('button', { name: 'Connect AppFolio' }).waitFor();
    await page.getByRole('link', { name: 'Connect Buildium' }).waitFor();
    await shot(page, SUITE, '01-catalogue');

    // Calendars dialog: search narrows the list; Import ICS opens the real import form.
    await page.locator('[data-category="calendars"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Calendars' }).waitFor();
    expect(await dialog.locator('[data-provider]').count()).toBe(3);
    await dialog.getByPlaceholder('Search providers...').fill('apple');
    expect(await dialog.locator('[data-provider]').count()).toBe(1);
    await dialog.locator('[data-provider="apple-calendar"]').waitFor();
    await dialog.getByPlaceholder('Search providers...').fill('zzz');
    await dialog.getByText('No providers match.').waitFor();
    await dialog.getByPlaceholder('Search providers...').fill('');
    await dialog.getByRole('button', { name: 'Import ICS' }).first().click();
    await dialog.getByTestId('catalog-panel-ics').waitFor();
    // Create Alias is a mode calendars lack.
    expect(await dialog.getByRole('button', { name: /Create Alias/ }).isDisabled()).toBe(true);
    await dialog.getByText('(Not supported)').waitFor();
    await shot(page, SUITE, '02-calendars-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // CRM: external tools say 'Not supported' honestly and link to their portal.
    await page.locator('[data-category="crm"]').click();
    await dialog.locator('[data-provider="hubspot"]').getByText('Not supported').waitFor();
    expect(
      await dialog.locator('[data-provider="hubspot"]').getByRole('link', { name: 'Open portal' }).getAttribute('href'),
    ).toBe('https://app.hubspot.com/');
    await shot(page, SUITE, '03-crm-not-supported');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Email: create the inbound alias; the polled status turns Connected and Continue is enabled.
    await page.locator('[data-category="email"]').click();
    const alias = dialog.locator('[data-provider="email-alias"]');
    await alias.getByText('Not connected').waitFor();
    await alias.getByRole('button', { name: 'Create Alias' }).click();
    const panel = dialog.getByTestId('catalog-panel-alias');
    await panel.getByRole('button', { name: 'Create Alias' }).click();
    expect(await panel.getByTestId('mail-alias-address').textContent()).toMatch(/^inbox-[0-9a-f]{12}@/);
    await alias.locator('[data-status="connected"]').waitFor({ timeout: 10_000 });
    await shot(page, SUITE, '04-email-dialog-alias-connected');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const cont = page.getByRole('button', { name: 'Continue' });
    await cont.waitFor({ timeout: 10_000 });
    expect(await cont.isDisabled()).toBe(false);
    await page.getByTestId('connected-list').getByText('E-mail alias').waitFor();
    await shot(page, SUITE, '05-continue-enabled');

    // Gmail from the catalogue: real OAuth round trip against the fake Google, back with a banner.
    await page.locator('[data-category="email"]').click();
    // Outlook has no OAuth client on this server: its Connect is off and says why; Gmail's works.
    const outlookTile = dialog.locator('[data-provider="outlook"]');
    expect(await outlookTile.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    expect(await outlookTile.getByTestId('oauth-not-configured').textContent()).toContain('HELIXIS_MS_CLIENT_ID');
    await dialog.locator('[data-provider="gmail"]').getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL(/\/onboarding\?step=integrations&connected=gmail/, { timeout: 20_000 });
    const banner = page.getByTestId('oauth-return-banner');
    await banner.getByText('Gmail connected.').waitFor();
    await page.getByTestId('connected-list').getByText('Gmail').waitFor({ timeout: 10_000 });
    await shot(page, SUITE, '06-gmail-connected-banner');
    // A success banner clears itself after 5 s.
    await banner.waitFor({ state: 'detached', timeout: 15_000 });

    // The same banner on plain /onboarding (the OAuth callback's return_to), not only on the integrations step.
    await page.goto('/onboarding?connected=gmail');
    await page.getByTestId('oauth-return-banner').getByText('Gmail connected.').waitFor();
    await page.goto('/onboarding?diag=success');
    await page.getByTestId('oauth-return-banner').getByText('Diagnostic check passed').waitFor();
    await page.goto('/onboarding?provider=gmail&reason=consent_revoked&focus=gmail');
    await page.getByTestId('oauth-return-banner').getByText('Gmail connect failed: consent_revoked').waitFor();
    await shot(page, SUITE, '06b-onboarding-return-banner');

    // An error return shows the friendly message.
    await page.goto('/onboarding?step=integrations&error=access_denied');
    await page
      .getByTestId('oauth-return-banner')
      .getByText('Access was denied. Please try again and grant permission to continue.')
      .waitFor();
    await shot(page, SUITE, '07-oauth-error-banner');
    // An error stays until dismissed; dismissing clears the query.
    await page.getByTestId('oauth-return-banner').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('oauth-return-banner').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('error')).toBeNull();

    // Diagnostics from the real preflight: Gmail passes, Outlook (not configured) fails with remediation.
    await page.goto('/diagnostics/oauth');
    await page.getByRole('heading', { name: 'OAuth diagnostics' }).waitFor();
    await page.locator('[data-check="gmail-auth"][data-state="pass"]').waitFor({ timeout: 10_000 });
    await page.locator('[data-check="public-url"][data-state="pass"]').waitFor();
    await page.locator('[data-check="origin"][data-state="pass"]').waitFor();
    const outlook = page.locator('[data-check="outlook-secrets"][data-state="fail"]');
    await outlook.getByText(/Missing: HELIXIS_MS_CLIENT_ID/).waitFor();
    await page.locator('[data-check="outlook-auth"][data-state="fail"]').waitFor();
    await page.getByText('4 passed, 2 failed of 6.').waitFor();
    await shot(page, SUITE, '08-oauth-diagnostics');

    expect(pageErrors).toEqual([]);
  });
});

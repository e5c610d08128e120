import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../server/src/integrations/google/fake';
import { FAKE_HUBSPOT_PORTAL_ID, FAKE_HUBSPOT_TOKEN, FakeHubspot } from '../../server/src/integrations/hubspot/fake';
import { newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';
import { freePort } from '../support/server';

const SUITE = 'connect';
const hubspot = new FakeHubspot();
let google: FakeGoogle;

const product = useProduct({
  env: async () => {
    // Gmail's OAuth redirect URI names the app's address, so the port is chosen before the start.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    google = new FakeGoogle({ redirectUris: [`${publicUrl}/oauth/gmail/callback`], email: 'office@gmail.example' });
    google.messages.push({
      id: 'msg-renewal',
      from: 'Maya Patel <maya.patel@example.com>',
      subject: 'Renewing the lease at 14 High St',
      text: 'Could we renew for another year?',
      date: new Date(Date.UTC(2026, 10, 20, 15)),
    });
    await hubspot.start();
    await google.start();
    return {
      PORT: String(port),
      HELIXIS_PUBLIC_URL: publicUrl,
      ...google.env(),
      HELIXIS_TRUSTED_UPSTREAMS: hubspot.hostPort,
      HELIXIS_HUBSPOT_BASE_URL: hubspot.url,
    };
  },
});

beforeAll(() => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await hubspot.stop();
  await google?.stop();
});

describe('/connect', () => {
  it('searches the catalogue, connects HubSpot with an API key, configures fields and cache, and tests a lookup', async () => {
    const { page } = await newPage(product.browser, product.server.url);
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(`dana.reyes+${Date.now()}@buckeye-rentals.com`);
    await signUp.getByLabel('Password').fill('harbor-view-42');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding/);

    await page.goto('/connect');
    await page.getByRole('heading', { name: 'Connect apps', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
    await page.getByText('No apps connected yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Download Extension' }).getAttribute('href')).toBe('/extension.zip');
    await shot(page, SUITE, '01-connect-page');

    // Calendars: the same three providers onboarding counts, each importable (none "Coming soon").
    const calendars = page.getByTestId('connect-calendars-card');
    await calendars.getByText('(3 providers)', { exact: false }).waitFor();
    await calendars.getByRole('button', { name: 'Connect a calendar' }).click();
    const calendarDialog = page.getByRole('dialog', { name: 'Calendars' });
    for (const name of ['Google Calendar', 'Apple Calendar', 'Outlook Calendar']) {
      await calendarDialog.getByText(name, { exact: true }).waitFor();
    }
    expect(await calendarDialog.getByText('Coming soon').count()).toBe(0);
    await shot(page, SUITE, '01b-connect-calendars');
    await page.keyboard.press('Escape');
    await calendarDialog.waitFor({ state: 'detached' });

    // The catalogue overlay is driven by ?overlay=open.
    await page.getByRole('button', { name: 'Browse apps' }).click();
    await page.waitForURL(/overlay=open/);
    const overlay = page.getByTestId('catalog-overlay');
    await overlay.getByTestId('catalog-card-hubspot').waitFor();
    const cards = overlay.locator('[data-testid^="catalog-card-"]');
    const total = await cards.count();
    expect(total).toBeGreaterThan(15);

    // Search: case-insensitive on name, also on kind, debounced.
    const search = overlay.getByLabel('Search apps');
    await search.fill('HUB');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('data-testid')).toBe('catalog-card-hubspot');
    await search.fill('sap_business');
    await expect.poll(() => cards.count()).toBe(1);
    await overlay.getByText('SAP Business One').waitFor();
    await search.fill('calendar');
    await expect.poll(() => overlay.getByText('Google Calendar').count()).toBe(0);
    await search.fill('no such app');
    await overlay.getByText('No apps match your filters.').waitFor();
    await shot(page, SUITE, '02-catalogue-no-match');

    // Category chips; coming-soon entries cannot be connected.
    await search.fill('');
    await overlay.getByRole('button', { name: 'ERP', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(4);
    const netsuite = overlay.getByTestId('catalog-card-netsuite');
    await netsuite.getByText('Coming soon').waitFor();
    expect(await netsuite.getByRole('button').count()).toBe(0);
    await shot(page, SUITE, '03-catalogue-erp');
    await overlay.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(total);
    await shot(page, SUITE, '04-catalogue-all');

    // An API-key connector opens the configure sheet (?kind=hubspot) with its credentials form.
    await overlay.getByRole('button', { name: 'Connect HubSpot' }).click();
    await page.waitForURL(/kind=hubspot/);
    expect(page.url()).not.toContain('overlay=open');
    const sheet = page.getByTestId('configure-sheet');
    const form = sheet.getByTestId('credentials-form');
    await form.getByRole('button', { name: 'Connect HubSpot' }).click();
    await form.getByText('Please fill in: Private app access token.').waitFor();
    await form.getByLabel('Private app access token').fill('pat-not-the-token');
    await form.getByRole('button', { name: 'Connect HubSpot' }).click();
    await page.getByText('Connect failed').first().waitFor();
    await form.getByText('HubSpot refused the credentials. Please check them and try again.').waitFor();
    await shot(page, SUITE, '05-hubspot-bad-token');

    await form.getByLabel('Private app access token').fill(FAKE_HUBSPOT_TOKEN);
    await form.getByRole('button', { name: 'Connect HubSpot' }).click();
    await page.getByText('HubSpot connected').first().waitFor();
    await sheet.getByText(`Connected · Portal ${FAKE_HUBSPOT_PORTAL_ID}`).waitFor();
    await form.waitFor({ state: 'detached' });

    // Scopes & Fields: PII switches are disabled and off; others switch and stay switched.
    const email = sheet.getByRole('switch', { name: 'E-mail' });
    await email.waitFor();
    expect(await email.isDisabled()).toBe(true);
    expect(await email.getAttribute('aria-checked')).toBe('false');
    const company = sheet.getByRole('switch', { name: 'Company' });
    expect(await company.getAttribute('aria-checked')).toBe('true');
    await company.click();
    await expect.poll(() => company.getAttribute('aria-checked')).toBe('false');
    await shot(page, SUITE, '06-fields');

    // Cache Policy: Pointer + Facts shows the TTL slider (1 h to 30 days, step 1 h), saved at once.
    await sheet.getByRole('tab', { name: 'Cache Policy' }).click();
    await sheet.getByText('Pointer Only (default)').waitFor();
    const factsMode = sheet.getByRole('radio', { name: /Pointer \+ Facts/ });
    await factsMode.click();
    await expect.poll(() => factsMode.isChecked()).toBe(true);
    const slider = sheet.getByRole('slider');
    await slider.waitFor();
    expect(await slider.getAttribute('min')).toBe('3600');
    expect(await slider.getAttribute('max')).toBe('2592000');
    expect(await slider.getAttribute('step')).toBe('3600');
    await slider.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => sheet.getByTestId('ttl-value').textContent()).toBe('4 hours');
    await shot(page, SUITE, '07-cache-policy');

    // Test: an e-mail looks the contact up; the snapshot and its sources show, without PII.
    const contact = hubspot.contacts[3];
    if (!contact) throw new Error('seed');
    await sheet.getByRole('tab', { name: 'Test' }).click();
    const run = sheet.getByRole('button', { name: 'Run test' });
    expect(await run.isDisabled()).toBe(true);
    await sheet.getByLabel('E-mail or record id').fill(contact.properties.email ?? '');
    await run.click();
    const result = sheet.getByTestId('relationship-result');
    await result.getByText(`${contact.properties.firstname} ${contact.properties.lastname}`).first().waitFor();
    await result.getByText('Found').waitFor();
    await result.getByText('Live').waitFor();
    expect(await result.textContent()).not.toContain(contact.properties.phone ?? '@@');
    expect(await result.getByText('Company').count()).toBe(0);
    const source = result.getByRole('link', { name: /HubSpot contact/ });
    expect(await source.getAttribute('href')).toBe(
      `https://app.hubspot.com/contacts/${FAKE_HUBSPOT_PORTAL_ID}/record/0-1/${contact.id}`,
    );
    await shot(page, SUITE, '08-relationship-test');
    // In facts mode the same lookup again is served from the facts the first one stored.
    await sheet.getByLabel('E-mail or record id').fill(contact.properties.email ?? '');
    await run.click();
    await result.getByText('From stored facts').waitFor();

    // Closing the sheet lists HubSpot under Connected Apps; Manage reopens it through ?kind=.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('kind=');
    const connected = page.getByTestId('connected-apps');
    await connected.getByText('HubSpot').waitFor();
    await shot(page, SUITE, '09-connected-apps');
    await connected.getByRole('button', { name: 'Manage HubSpot' }).click();
    await page.waitForURL(/kind=hubspot/);
    await sheet.getByRole('tab', { name: 'Cache Policy' }).click();
    await expect.poll(() => sheet.getByTestId('ttl-value').textContent()).toBe('4 hours');

    // The URL alone opens the overlay, as a shared link would.
    await page.goto('/connect?overlay=open');
    await overlay.getByTestId('catalog-card-shopify').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('connects Gmail through the authorization popup, polls until connected and looks a sender up', async () => {
    const { page } = await newPage(product.browser, product.server.url);
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(`sam.okafor+${Date.now()}@buckeye-rentals.com`);
    await signUp.getByLabel('Password').fill('harbor-view-42');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding/);

    await page.goto('/connect?overlay=open');
    const overlay = page.getByTestId('catalog-overlay');
    await overlay.getByRole('button', { name: 'Email/Calendar', exact: true }).click();
    const popupOpened = page.waitForEvent('popup');
    await overlay.getByRole('button', { name: 'Connect Gmail' }).click();
    const popup = await popupOpened;
    // The popup goes to the provider (the fake approves at once) and back to the callback screen.
    await popup.waitForURL(/\/oauth\/gmail\/callback|\/connect/, { timeout: 30_000 });
    expect(popup.viewportSize()).toEqual({ width: 480, height: 720 });

    await page.getByText('Gmail connected').first().waitFor({ timeout: 30_000 });
    await page.waitForURL(/kind=gmail/);
    await popup.waitForEvent('close', { timeout: 10_000 }).catch(() => undefined);
    expect(popup.isClosed()).toBe(true);
    const sheet = page.getByTestId('configure-sheet');
    await sheet.getByText('Connected · office@gmail.example').waitFor();
    await sheet.getByRole('tab', { name: 'Test' }).click();
    await sheet.getByLabel('E-mail or record id').fill('maya.patel@example.com');
    await sheet.getByRole('button', { name: 'Run test' }).click();
    const result = sheet.getByTestId('relationship-result');
    await result.getByText('Renewing the lease at 14 High St').first().waitFor();
    expect(await result.textContent()).not.toContain('Could we renew');
    await shot(page, SUITE, '10-gmail-connected-test');
    expect(pageErrors).toEqual([]);
  });
});

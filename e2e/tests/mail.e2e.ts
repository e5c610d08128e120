import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../server/src/integrations/google/fake';
import { FakeMicrosoft } from '../../server/src/integrations/microsoft/fake';
import { newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';
import { freePort } from '../support/server';

const SUITE = 'mail';
let google: FakeGoogle;
let microsoft: FakeMicrosoft;

const product = useProduct({
  env: async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    google = new FakeGoogle({ redirectUris: [`${publicUrl}/oauth/gmail/callback`], email: 'office@gmail.example' });
    microsoft = new FakeMicrosoft({ redirectUris: [`${publicUrl}/oauth/outlook/callback`] });
    await google.start();
    await microsoft.start();
    return {
      PORT: String(port),
      HELIXIS_PUBLIC_URL: publicUrl,
      ...google.env(),
      ...microsoft.env(),
    };
  },
});

beforeAll(() => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await google?.stop();
  await microsoft?.stop();
});

describe('email integrations', () => {
  it('connects Gmail through the OAuth screens and creates the inbound alias', async () => {
    const { page } = await newPage(product.browser, product.server.url);
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));

    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(`dana.ortiz+${Date.now()}@lakeside-rentals.com`);
    await signUp.getByLabel('Password').fill('lakeside-view-42');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding/);

    await page.goto('/integrations/email');
    const gmail = page.getByTestId('mail-card-gmail');
    await gmail.getByText('Not Connected').waitFor();
    expect(await page.getByTestId('mail-features').count()).toBe(0);
    await shot(page, SUITE, '01-email-integrations-not-connected');

    // Start → the fake Google consent (approves) → callback screen → back to the page.
    await gmail.getByRole('link', { name: 'Connect Gmail' }).click();
    await page.waitForURL(/\/integrations\/email$/, { timeout: 20_000 });
    await page.getByText('Gmail connected').first().waitFor();
    await gmail.getByText('Connected', { exact: true }).waitFor();
    await gmail.getByText('Account: office@gmail.example').waitFor();
    expect(await gmail.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const features = page.getByTestId('mail-features');
    for (const text of ['AI email drafting', 'Automatic categorization', 'Smart reply suggestions']) {
      await features.getByText(text).waitFor();
    }
    const authorize = google.requests.find((r) => r.path === '/o/oauth2/v2/auth');
    expect(authorize?.query.get('access_type')).toBe('offline');
    expect(authorize?.query.get('prompt')).toBe('consent');

    google.messages.push({
      id: 'welcome-1',
      from: 'tenant@example.com',
      subject: 'Heating not working in 3A',
      text: 'The radiator in apartment 3A is cold since this morning.',
      date: new Date(),
    });
    await page.getByRole('button', { name: 'Run intake now' }).click();
    await page.getByText('Intake finished: 1 new message').waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Create Alias' }).click();
    const address = await page.getByTestId('mail-alias-address').textContent();
    expect(address).toMatch(/^inbox-[0-9a-f]{12}@inbound\.helixis\.local$/);
    await shot(page, SUITE, '02-email-integrations-connected');

    // A denied consent: the callback screen shows the failure, then returns to onboarding.
    google.decision = 'deny';
    await page.goto('/oauth/gmail/start?return_to=/onboarding');
    await page.getByText('OAuth Connection Failed').waitFor({ timeout: 20_000 });
    await page.getByText('Access was denied. Please try again and grant permission to continue.').first().waitFor();
    await shot(page, SUITE, '03-oauth-callback-denied');
    await page.waitForURL(/\/onboarding\?error=access_denied/, { timeout: 10_000 });

    expect(pageErrors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'onboarding';
const product = useProduct();

beforeAll(async () => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

const score = async (page: Page) =>
  Number(
    await page
      .getByTestId('confidence-score')
      .first()
      .textContent()
      .then((t) => (t ?? '').replace('/100', '')),
  );

async function requiredFilled(page: Page): Promise<number> {
  // A CSS locator: while the edit dialog is open the rest of the page is hidden from the accessibility tree.
  return page.locator('ul[aria-label="Required fields"] li[data-done="true"]').count();
}

describe('sign up → rounds → summary → five required fields → completion → dashboard', () => {
  it('walks the onboarding journey in the browser', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const email = `dana.reyes+${Date.now()}@sunrise-rentals.com`;

    // Sign up → the integrations step (nothing connected: Continue stays disabled with its label).
    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('harbor-view-42');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding\?step=integrations/);
    const needOne = page.getByRole('button', { name: 'Connect at least one integration to continue' });
    await needOne.waitFor();
    expect(await needOne.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Skip for now' }).waitFor();
    await shot(page, SUITE, '01-integrations-step');

    // Round 1: the confidence meter moves while typing.
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'Business Foundation' }).waitFor();
    const before = await score(page);
    await page
      .getByLabel('Who are your customers?')
      .fill('Owners of single-family rentals and the families who rent from them across two cities');
    await expect.poll(() => score(page), { timeout: 10_000 }).toBeGreaterThan(before);
    await page
      .getByText(/I barely know anything about your business\.|Getting a better picture\./)
      .first()
      .waitFor();
    // A contradiction in the description is listed in plain words and costs points, live.
    const what = page.getByLabel('What is your business called, and what does it do?');
    const withoutContradiction = await score(page);
    await what.fill('A small property manager with large nationwide plans.');
    await page.getByText('You describe the business as both small and large.').waitFor();
    expect(await score(page)).toBeLessThan(withoutContradiction);
    await shot(page, SUITE, '02-round-1-contradiction');
    await what.fill('');
    await expect.poll(() => score(page), { timeout: 10_000 }).toBe(withoutContradiction);
    await shot(page, SUITE, '02-round-1');
    await page.getByRole('button', { name: 'Next round' }).click();

    // Round 2 and 3.
    await page.getByRole('heading', { name: 'Operations & Team' }).waitFor();
    await page
      .getByLabel('Which services do you offer, and how do you charge for them?')
      .fill('Leasing, rent collection and maintenance coordination for 8% of collected rent. We accept ACH and Check.');
    await page.getByLabel('Which tools does your team use today?').fill('Buildium, Gmail and Google Calendar');
    await shot(page, SUITE, '03-round-2');
    await page.getByRole('button', { name: 'Next round' }).click();
    await page.getByRole('heading', { name: 'Customer Interaction' }).waitFor();
    await page
      .getByLabel('What do customers ask you most often?')
      .fill('When rent is due and how to report a maintenance problem');
    await page.getByLabel('How and when do you answer them?').fill('Phone and e-mail on weekdays, emergencies 24/7');
    await page.getByRole('button', { name: 'Finish rounds' }).click();

    // The summary screen: the answers already gave the description (1 of 5); Apply & Continue disabled.
    await page.getByRole('heading', { name: 'AI Business Summary' }).waitFor();
    await page.getByRole('heading', { name: 'Still Need to Know' }).waitFor();
    const apply = page.getByRole('button', { name: 'Apply & Continue' });
    expect(await apply.isDisabled()).toBe(true);
    expect(await requiredFilled(page)).toBe(1);
    await page.getByText('Customers often ask: When rent is due').first().waitFor();
    await shot(page, SUITE, '04-summary');

    // 2: business name through the chat pattern (Enter sends; Shift+Enter only adds a line).
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Business name: Sunrise Rentals');
    await message.press('Shift+Enter');
    expect(await message.inputValue()).toBe('Business name: Sunrise Rentals\n');
    await message.press('Enter');
    await page.getByText('Thanks, I updated Business Name.').waitFor();
    await expect.poll(() => requiredFilled(page), { timeout: 10_000 }).toBe(2);
    expect(await apply.isDisabled()).toBe(true);

    // 3-4: industry and service area (and a better description) through Add → the edit dialog (auto-saved after 1 s).
    await page.getByRole('button', { name: /^Add: .*industry/i }).click();
    const dialog = page.getByRole('dialog');
    const industry = dialog.getByLabel('Industry');
    await expect.poll(() => industry.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    await industry.fill('Property management');
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await expect.poll(() => requiredFilled(page), { timeout: 10_000 }).toBe(3);
    await dialog
      .getByLabel('Business Description')
      .fill('We manage 120 single-family rentals for local owners, from leasing to repairs.');
    await dialog.getByLabel('Service Area').fill('Columbus, OH');
    await shot(page, SUITE, '05-edit-dialog');
    await expect.poll(() => requiredFilled(page), { timeout: 10_000 }).toBe(4);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await apply.isDisabled()).toBe(true);

    // 5: the primary contact through the chat; only now Apply & Continue turns on.
    await message.fill('Primary contact: Dana Reyes, Owner, dana@sunrise-rentals.com');
    await message.press('Enter');
    await page.getByText('Thanks, I updated Primary Contact.').waitFor();
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(false);
    expect(await requiredFilled(page)).toBe(5);
    await page.getByText('Your business is called Sunrise Rentals.').waitFor();
    // A message without a pattern goes to the assistant in onboarding mode.
    const log = page.getByRole('log', { name: 'Onboarding chat' });
    const bubbles = await log.locator(':scope > div').count();
    await message.fill('What else should I tell you about my rentals?');
    await message.press('Enter');
    await expect.poll(() => log.locator(':scope > div').count(), { timeout: 20_000 }).toBe(bubbles + 2);
    const reply = (await log.locator(':scope > div').last().textContent()) ?? '';
    expect(reply).not.toBe("I'm sorry, I hit an error. Please try again.");
    // No citation marker in this compact chat, and each thing learned is listed once.
    expect(reply).not.toMatch(/\[(?:Doc|Fact):/);
    const learned = await page
      .getByRole('heading', { name: 'What I learned' })
      .locator('xpath=..')
      .locator('li')
      .allTextContents();
    expect(learned.length).toBeGreaterThan(0);
    expect(new Set(learned).size).toBe(learned.length);
    await shot(page, SUITE, '06-summary-complete');

    // The conversation is kept in onboarding_data.messages: it is still there after a reload.
    await page.reload();
    await page.getByText('Thanks, I updated Business Name.').waitFor();
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(false);

    await apply.click();
    await page.waitForURL(/\/dashboard$/); // /final-dashboard, which leads to /dashboard
    await shot(page, SUITE, '07-final-dashboard');

    // The completion screen, then launch.
    await page.goto('/onboarding/ready');
    try {
      await page.getByRole('heading', { name: 'Your AI assistant is ready!' }).waitFor({ timeout: 20_000 });
    } catch (err) {
      await shot(page, SUITE, 'debug-ready');
      throw err;
    }
    await page.getByRole('heading', { name: 'Your AI assistant is ready!' }).waitFor();
    await page.getByTestId('greeting').getByText('Sunrise Rentals', { exact: false }).waitFor();
    await page.getByText('Step 3 of 3').waitFor();
    await page.getByRole('heading', { name: 'AI Co-Pilot' }).waitFor();
    await page.getByRole('heading', { name: 'Smart Automations' }).waitFor();
    await page.getByText('Rent reminder drafts').first().waitFor();
    await shot(page, SUITE, '08-ready');
    await page.getByRole('button', { name: 'Launch Your AI Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/); // /final-dashboard, which leads to /dashboard
    expect(await page.evaluate(() => localStorage.getItem('onboarding_complete'))).toBe('true');
    // Get started follows: Review and launch is done once launched.
    await page.goto('/get-started');
    const launchStep = page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem').filter({
      hasText: 'Review and launch',
    });
    await launchStep.getByText('Launched.', { exact: false }).waitFor();
    expect(await launchStep.getByText('Done', { exact: true }).count()).toBe(1);
    await shot(page, SUITE, '08b-get-started-launched');

    // Reset onboarding: the server forgets the profile, local storage is cleared, the force flags set, then /.
    await page.goto('/profile/basic');
    await page.getByText('All five required fields are filled.').waitFor();
    await shot(page, SUITE, '09-profile');
    await page.getByRole('button', { name: 'Reset onboarding' }).click();
    await page.getByRole('button', { name: 'Yes, reset onboarding' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('force_fresh_onboarding'),
        localStorage.getItem('force_onboarding'),
        localStorage.getItem('onboarding_complete'),
      ]),
    ).toEqual(['true', 'true', null]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

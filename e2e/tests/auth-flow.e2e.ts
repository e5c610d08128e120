import { beforeAll, describe, expect, it } from 'vitest';
import { fillSignIn, newPage, SCREENSHOT_DIR, shot, watchCspViolations } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'auth-flow';
const product = useProduct();

beforeAll(async () => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

describe('sign up → onboarding → sign out → sign in → get started', () => {
  const email = `dana.reyes+${Date.now()}@sunrise-rentals.com`;
  const password = 'harbor-view-42';

  it('walks the whole account journey in the browser', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const consoleErrors: string[] = [];
    page.on('pageerror', (err) => consoleErrors.push(err.message));
    const cspViolations = await watchCspViolations(page);

    // Landing → sign-up screen, served under the Content-Security-Policy.
    const landing = await page.goto('/');
    expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(landing?.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('link', { name: 'Build Your AI Assistant' }).first().click();
    await page.waitForURL(/\/signin\?mode=signup/);
    const signUp = page.getByRole('form', { name: 'Create Account' });
    const submit = signUp.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('short7');
    await page.getByText('Recommended: Use at least 8 characters').waitFor();
    await signUp.getByLabel('Password').fill(password);
    await shot(page, SUITE, '01-sign-up');
    await submit.click();

    // Lands on onboarding with a bootstrapped workspace.
    await page.waitForURL(/\/onboarding\?step=integrations/);
    await page.getByRole('heading', { name: 'Set up your assistant' }).waitFor();
    await page.getByText('Account Created!').first().waitFor();
    await page
      .getByText(`${email.split('@')[0]} Workspace`)
      .first()
      .waitFor();
    await shot(page, SUITE, '02-onboarding');

    // Sign out (global) → sign-in screen, stored session gone.
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL(/\/signin$/);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')));
    expect(stored).toEqual([]);
    await shot(page, SUITE, '03-signed-out');

    // Wrong password → the exact message of the spec.
    await fillSignIn(page, email, 'not-the-password');
    await page
      .getByRole('alert')
      .filter({
        hasText:
          "Email or password is incorrect. Please check your credentials or try signing up if you don't have an account.",
      })
      .first()
      .waitFor();
    await shot(page, SUITE, '04-wrong-password');

    // Right password → /get-started showing the workspace and its default assistant.
    await fillSignIn(page, email, password);
    await page.waitForURL(/\/get-started$/);
    await page.getByRole('heading', { name: `Welcome to ${email.split('@')[0]} Workspace` }).waitFor();
    await page.getByText('Your AI assistant').first().waitFor();
    await page.getByText('Welcome back!').first().waitFor();
    await shot(page, SUITE, '05-get-started');

    expect(consoleErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor of a protected URL to sign in, then back to that URL', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/automations?view=all');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/automations?view=all');
    await fillSignIn(page, email, password);
    await page.waitForURL((url) => url.pathname === '/automations' && url.search === '?view=all');
    await shot(page, SUITE, '06-returned-to-next');
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: /home/i }).first().waitFor();
    await shot(page, SUITE, '07-not-found');
    await context.close();
  });
});

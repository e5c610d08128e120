import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, signInThroughApi, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, watchCspViolations } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'accounts-recovery';
const PASSWORD = 'maple-street-27';
const NEW_PASSWORD = 'maple-street-new-88';
const stamp = Date.now();

const product = useProduct();

/** The newest mail in the dev outbox for `to` whose subject matches: its link, as the user would click it. */
async function mailedLink(to: string, subject: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const outbox = await getJson<{ mails: { subject: string; text: string }[] }>(
      product.server.url,
      `/auth/v1/dev/outbox?to=${encodeURIComponent(to)}`,
    );
    const mail = outbox.body.mails.find((m) => subject.test(m.subject));
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail matching ${subject} for ${to}`);
}

beforeAll(async () => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

describe('Accounts: forgot password and e-mail sign-in links', () => {
  it('forgot password → mail in the outbox → new password → signed in; other sessions end; the link works once', async () => {
    const owner = await signUpThroughApi(product.server.url, `dana+${stamp}@maple-street.com`, PASSWORD);
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.setViewportSize({ width: 1366, height: 900 });
    const csp = await watchCspViolations(page);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await page.goto('/signin');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill(owner.email);
    await shot(page, SUITE, 'forgot-1366');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shot(page, SUITE, 'forgot-sent-1366');

    const link = await mailedLink(owner.email, /Reset your/);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/reset-password');
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.waitFor();
    // The client took the session out of the address: no token is left in it.
    expect(page.url()).not.toContain('access_token');
    await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await reset.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await shot(page, SUITE, 'set-new-password-1366');
    await reset.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname !== '/reset-password');
    expect(page.url()).not.toContain('/signin');
    await shot(page, SUITE, 'signed-in-after-reset-1366');

    // The session of the sign-up (another device) was ended; only the new password signs in.
    expect((await getJson(product.server.url, '/api/v1/me', owner.accessToken)).status).toBe(401);
    await expect(signInThroughApi(product.server.url, owner.email, PASSWORD)).rejects.toThrow();
    expect(await signInThroughApi(product.server.url, owner.email, NEW_PASSWORD)).toBeTruthy();

    // The same link again, in a fresh browser: refused, with a way to ask for a new one.
    const second = await newPage(product.browser, product.server.url);
    await second.page.goto(link);
    await second.page.waitForURL((url) => url.pathname === '/reset-password');
    await second.page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor();
    await second.page.getByRole('link', { name: 'Send a new reset link' }).waitFor();
    await shot(second.page, SUITE, 'used-link-1366');
    await second.context.close();

    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
    await context.close();
  });

  it('signs in with an e-mail link on a phone-sized screen', async () => {
    const user = await signUpThroughApi(product.server.url, `leasing+${stamp}@maple-street.com`, PASSWORD);
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await page.goto('/signin');
    await shot(page, SUITE, 'signin-links-390');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const form = page.getByRole('form', { name: 'Sign in with an e-mail link' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shot(page, SUITE, 'link-sent-390');

    const link = await mailedLink(user.email, /sign-in link/);
    expect(new URL(link).searchParams.get('type')).toBe('magiclink');
    await page.goto(link);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth') && url.pathname !== '/signin');
    const stored = await page.evaluate(() => Object.keys(globalThis.localStorage).join(','));
    expect(stored).not.toBe('');
    await shot(page, SUITE, 'signed-in-by-link-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});

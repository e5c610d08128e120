import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, getJson, signUpThroughApi, uploadAndWaitThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt, watchCspViolations } from '../support/browser';
import { type OwnerSite, startOwnerSite } from '../support/owner-site';
import { useProduct } from '../support/product';

const SUITE = 'widget-appearance';
const PASSWORD = 'quay-side-57';
const GREETING = 'Welcome to Quayside Lofts! Ask us about viewings, rent or repairs.';
const QUESTION = 'When is the leasing office open?';

const product = useProduct();
let owner: ApiUser;

let site: OwnerSite;
let siteUrl = '';

beforeAll(async () => {
  site = await startOwnerSite(product.server.url);
  siteUrl = site.url;
  owner = await signUpThroughApi(product.server.url, `owner+${Date.now()}@quayside-lofts.com`, PASSWORD);
  const doc = await uploadAndWaitThroughApi(
    product.server.url,
    owner.accessToken,
    'Office Hours.txt',
    'Leasing office hours: the leasing office is open Monday to Friday from 9 am to 6 pm.',
  );
  const res = await fetch(`${product.server.url}/api/v1/documents/${doc}/public`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
    body: JSON.stringify({ public: true }),
  });
  expect(res.status).toBe(200);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await site?.close();
});

const rgb = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

describe('Widget settings and the styled widget on another site', () => {
  it('an owner styles the widget with a live preview; the widget shows greeting, colour and a suggestion that asks', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const appViolations = await watchCspViolations(page);
    await signInAt(page, '/settings', owner.email, PASSWORD);
    const card = page.getByTestId('widget-appearance');
    await card.getByRole('heading', { name: 'Website chat widget' }).waitFor();
    const preview = page.getByTestId('widget-preview');
    // Defaults before anything is saved.
    await preview.getByText('Hi! How can we help you today?').waitFor();

    await card.getByLabel('Greeting').fill(GREETING);
    await card.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#0f766');
    await card.getByLabel('Suggested question 1').fill(QUESTION);
    await card.getByLabel('Suggested question 2').fill('How do I report a repair?');
    await card.getByLabel('Bottom left').check();
    // An invalid colour is refused in the form, before any request.
    await card.getByRole('button', { name: 'Save widget' }).click();
    await card.getByText('Use a colour like #1d4ed8', { exact: false }).waitFor();
    await card.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#0F766E');

    // The preview follows the draft.
    await preview.getByTestId('preview-greeting').getByText(GREETING).waitFor();
    await preview.getByText(QUESTION).waitFor();
    expect(await rgb(preview.getByTestId('preview-button'))).toBe('rgb(15, 118, 110)');
    expect(await preview.getAttribute('data-position')).toBe('bottom-left');
    await card.getByRole('button', { name: 'Save widget' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Widget saved' }).first().waitFor();
    await card.getByText('Use a colour like', { exact: false }).waitFor({ state: 'detached' });

    const saved = await getJson<{ accent_color: string; suggested_questions: string[]; position: string }>(
      product.server.url,
      '/api/v1/widget/appearance',
      owner.accessToken,
    );
    expect(saved.body).toMatchObject({
      accent_color: '#0f766e',
      suggested_questions: [QUESTION, 'How do I report a repair?'],
      position: 'bottom-left',
    });
    // Reloaded, the form shows what was saved.
    await page.reload();
    await expect.poll(() => card.getByLabel('Greeting').inputValue()).toBe(GREETING);
    await card.scrollIntoViewIfNeeded();
    await shot(page, SUITE, '01-settings-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, SUITE, '02-settings-390');
    // The section alone, readable at phone width.
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, SUITE, '02-settings-widget-card-390.png') });
    expect(errors).toEqual([]);
    expect(appViolations).toEqual([]);

    // The owner's site embeds the snippet (no inline script; its CSP forbids inline styles too).
    const widget = await getJson<{ public_id: string }>(product.server.url, '/api/v1/widget', owner.accessToken);
    site.setPage(`<!doctype html><html><head><title>Quayside Lofts</title></head><body>
      <h1>Quayside Lofts</h1><p>Lofts on the old quay.</p>
      <script src="${product.server.url}/widget.js" data-workspace="${widget.body.public_id}"></script></body></html>`);
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      const visitor = await product.browser.newContext({ viewport: { width, height } });
      const sitePage = await visitor.newPage();
      const siteErrors: string[] = [];
      sitePage.on('pageerror', (err) => siteErrors.push(err.message));
      const violations = await watchCspViolations(sitePage);
      await sitePage.goto(`${siteUrl}/`);
      const host = sitePage.locator('[data-helixis-widget]');
      const button = sitePage.getByRole('button', { name: 'Chat with us' });
      await expect.poll(() => host.getAttribute('data-position')).toBe('bottom-left');
      expect(await rgb(button)).toBe('rgb(15, 118, 110)');
      const box = await button.boundingBox();
      expect(box && box.x < width / 2).toBe(true);
      await button.click();
      await host.getByText(GREETING).waitFor();
      await shot(sitePage, SUITE, `03-widget-open-${width}`);
      // A suggested question, clicked, is asked.
      await host.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: QUESTION }).click();
      await host.locator('.msg.user').getByText(QUESTION).waitFor();
      await host.getByText('Monday to Friday', { exact: false }).waitFor();
      expect(await rgb(host.locator('.msg.user'))).toBe('rgb(15, 118, 110)');
      // Once asked, the suggestions make room for the conversation.
      await host.getByRole('group', { name: 'Suggested questions' }).getByRole('button').first().waitFor({
        state: 'detached',
      });
      await shot(sitePage, SUITE, `04-widget-answered-${width}`);
      expect(siteErrors).toEqual([]);
      expect(violations).toEqual([]);
      await visitor.close();
    }
    await context.close();
  });
});

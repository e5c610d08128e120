import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, getJson, signUpThroughApi, uploadAndWaitThroughApi } from '../support/api';
import { SCREENSHOT_DIR, shot, watchCspViolations } from '../support/browser';
import { type OwnerSite, startOwnerSite } from '../support/owner-site';
import { useProduct } from '../support/product';

/**
 * A website visitor asks the widget on the owner's own site, clicks the answer's source and reads the
 * public passage view on the Helixis origin in a new tab: the cited passage highlighted and in view, the
 * rest of the document around it, the business's name, and nothing internal (decision 040).
 */

const SUITE = 'public-passage';
const PASSWORD = 'pier-lane-31';
const FILE_NAME = 'pier-lane-resident-guide.md';
const FILLER = (topic: string) => `Residents can ask the office about ${topic} at any time. `.repeat(10);
const GUIDE = [
  `# Rent\n\nRent is due on the first day of each month by bank transfer. ${FILLER('rent')}`,
  `# Parking\n\nEach flat has one numbered bay; visitor parking is behind building C. ${FILLER('parking')}`,
  `# Repairs\n\nReport repairs in the resident portal; urgent leaks are fixed the same day. ${FILLER('repairs')}`,
].join('\n\n');

const product = useProduct();
let owner: ApiUser;
let site: OwnerSite;
let siteUrl = '';

beforeAll(async () => {
  site = await startOwnerSite(product.server.url);
  siteUrl = site.url;
  owner = await signUpThroughApi(product.server.url, `owner+${Date.now()}@pier-lane.com`, PASSWORD);
  const me = await getJson<{ workspace: { id: string } }>(product.server.url, '/api/v1/me', owner.accessToken);
  const named = await fetch(`${product.server.url}/api/v1/workspaces/${me.body.workspace.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
    body: JSON.stringify({ name: 'Pier Lane Flats' }),
  });
  expect(named.status).toBe(200);
  const doc = await uploadAndWaitThroughApi(product.server.url, owner.accessToken, FILE_NAME, GUIDE);
  const shared = await fetch(`${product.server.url}/api/v1/documents/${doc}/public`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
    body: JSON.stringify({ public: true }),
  });
  expect(shared.status).toBe(200);
  const widget = await getJson<{ public_id: string }>(product.server.url, '/api/v1/widget', owner.accessToken);
  site.setPage(`<!doctype html><html lang="en"><head><title>Pier Lane Flats</title></head><body>
    <h1>Pier Lane Flats</h1><p>Flats by the pier.</p>
    <script src="${product.server.url}/widget.js" data-workspace="${widget.body.public_id}"></script></body></html>`);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await site?.close();
});

describe('a widget source opens the cited passage', () => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    it(`at ${width}×${height}: the source link opens the public page with the passage highlighted, no internals`, async () => {
      const visitor = await product.browser.newContext({ viewport: { width, height } });
      const sitePage = await visitor.newPage();
      const siteViolations = await watchCspViolations(sitePage);
      await sitePage.goto(`${siteUrl}/`);
      const host = sitePage.locator('[data-helixis-widget]');
      await sitePage.getByRole('button', { name: 'Chat with us' }).click();
      await host.getByRole('textbox', { name: 'Your question' }).fill('Where can my visitors park?');
      await host.getByRole('button', { name: 'Send' }).click();
      const source = host.getByRole('link', { name: 'Pier lane resident guide (opens in a new tab)' });
      await source.waitFor({ timeout: 20_000 });
      expect(await source.getAttribute('target')).toBe('_blank');
      expect(await source.getAttribute('rel')).toContain('noopener');
      await shot(sitePage, SUITE, `01-widget-source-${width}`);

      const [opened] = await Promise.all([visitor.waitForEvent('page'), source.click()]);
      await opened.waitForLoadState();
      const url = new URL(opened.url());
      expect(url.origin).toBe(product.server.url);
      expect(url.pathname).toMatch(/^\/p\/hxw_[\w-]+\/documents\/[0-9a-f-]{36}$/);
      expect(url.hash).toBe('#passage-2');
      const errors: string[] = [];
      opened.on('pageerror', (err) => errors.push(err.message));
      const pageViolations = await watchCspViolations(opened);

      const highlighted = opened.locator('[data-highlighted]');
      await highlighted.waitFor({ timeout: 15_000 });
      expect(await highlighted.getAttribute('data-passage')).toBe('2');
      expect(await highlighted.getAttribute('aria-current')).toBe('true');
      expect(await highlighted.textContent()).toContain('visitor parking is behind building C');
      // In view without scrolling by hand.
      const box = await highlighted.boundingBox();
      expect(box && box.y < height && box.y + Math.min(box.height, 40) > 0).toBe(true);
      // The rest of the document is there around it, with the business's name and the document's title.
      await opened.getByText('Rent is due on the first day of each month', { exact: false }).waitFor();
      await opened.getByText('urgent leaks are fixed the same day', { exact: false }).waitFor();
      expect(await opened.getByTestId('public-business').textContent()).toBe('Pier Lane Flats');
      expect(await opened.getByRole('heading', { level: 1 }).textContent()).toBe('Pier lane resident guide');
      const text = (await opened.locator('body').textContent()) ?? '';
      for (const internal of ['[Doc:', FILE_NAME, 'pier-lane-resident-guide', '.md', 'chunk']) {
        expect(text).not.toContain(internal);
      }
      // No owner app around it: no navigation, no sign-in.
      expect(await opened.getByRole('navigation').count()).toBe(0);
      const overflow = await opened.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(opened, SUITE, `02-public-passage-${width}`);
      expect(errors).toEqual([]);
      expect(siteViolations).toEqual([]);
      expect(pageViolations).toEqual([]);
      await visitor.close();
    });
  }
});

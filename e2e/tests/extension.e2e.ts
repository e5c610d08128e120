import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, getJson, signUpThroughApi } from '../support/api';
import { CHROMIUM, fillSignIn, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';

/**
 * The browser extension for real: the archive served by /extension.zip is unpacked and loaded into
 * Debian's Chromium (headless Chromium loads unpacked extensions since the new headless mode), the
 * web app and the extension do the probe / acknowledgement / bootstrap handshake, and the popup
 * answers a question about a help-desk ticket page served on a *.zendesk.com host (mapped to a local
 * server with --host-resolver-rules).
 */
/** The extension APIs, evaluated inside the extension's service worker. */
declare const chrome: any;

const SUITE = 'extension';
const PASSWORD = 'harbor-view-73';
let owner: ApiUser;
let work: string;
let helpdesk: Server;
let helpdeskPort: number;
let context: BrowserContext;
let worker: Worker;
let extensionId: string;

const TICKET_PAGE = `<!doctype html><html><head><title>Ticket #5123 - Acme Support</title></head><body>
<h1>Ticket #5123: Can I keep a cat?</h1>
<p>From: Maria Lopez, unit 4C.</p>
<p>Hello, I am adopting a cat next week. Is a cat allowed in my apartment and what deposit do I need to pay?</p>
</body></html>`;
const NEWS_PAGE = `<!doctype html><html><head><title>Local news</title></head><body><p>The marina opens on Saturday.</p></body></html>`;

async function ingest(text: string, filename: string): Promise<void> {
  await getJson(product.server.url, '/api/v1/me', owner.accessToken);
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/markdown' }), filename);
  const res = await fetch(`${product.server.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.accessToken}` },
    body: form,
  });
  const body = (await res.json()) as { document_id: string };
  if (res.status !== 202) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const doc = await getJson<{ status: string }>(
      product.server.url,
      `/api/v1/documents/${body.document_id}`,
      owner.accessToken,
    );
    if (doc.body.status !== 'PENDING') return;
    if (Date.now() > deadline) throw new Error('document still pending');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(`${product.server.url}/signin?next=${encodeURIComponent(next)}`);
  await fillSignIn(page, owner.email, PASSWORD);
  await page.waitForURL((url) => url.pathname === next);
}

/**
 * Opens `url` in a new tab and returns the page with the tab's id (the extension has no "tabs"
 * permission, so tab URLs are hidden from it: the id is the one that appears with the new page).
 */
async function openTab(url: string): Promise<{ page: Page; tabId: number }> {
  const ids = async () =>
    ((await worker.evaluate(() => chrome.tabs.query({}))) as Array<{ id: number }>).map((t) => t.id);
  const before = new Set(await ids());
  const page = await context.newPage();
  const tabId = (await ids()).find((id) => !before.has(id));
  if (tabId === undefined) throw new Error('the new tab did not appear');
  await page.goto(url);
  return { page, tabId };
}

// The extension needs its own Chromium (a persistent context that loads it): no shared browser.
const product = useProduct({ browser: false });

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `extension+${Date.now()}@harbor-view.com`, PASSWORD);
  await ingest(
    '# Pet policy\n\nCats and small dogs under 25 pounds are welcome in every building. Each pet needs a one-time pet deposit of $300.',
    'pet-policy.md',
  );

  // The extension exactly as users get it: downloaded from the server and unzipped.
  work = mkdtempSync(path.join(os.tmpdir(), 'helixis-e2e-ext-'));
  const zip = await fetch(`${product.server.url}/extension.zip`);
  expect(zip.status).toBe(200);
  writeFileSync(path.join(work, 'helixis-extension.zip'), Buffer.from(await zip.arrayBuffer()));
  execFileSync('unzip', ['-q', path.join(work, 'helixis-extension.zip'), '-d', path.join(work, 'unpacked')]);

  helpdesk = createServer((req, res) => {
    const host = (req.headers.host ?? '').split(':')[0];
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(host === 'news.example.org' ? NEWS_PAGE : TICKET_PAGE);
  });
  await new Promise<void>((resolve) => helpdesk.listen(0, '127.0.0.1', resolve));
  helpdeskPort = (helpdesk.address() as AddressInfo).port;

  const extensionDir = path.join(work, 'unpacked');
  context = await chromium.launchPersistentContext(path.join(work, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--host-resolver-rules=MAP acme.zendesk.com 127.0.0.1, MAP news.example.org 127.0.0.1',
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => helpdesk?.close(resolve));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('Browser extension and desktop assistant', () => {
  it('settings: edits allowed domains, downloads the extension, connects it, tests it and creates a script URL', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, '/settings');
    const section = page.getByTestId('extension-settings');
    await section.getByRole('heading', { name: 'Extension', exact: true }).waitFor();

    // The installed extension answers the page's probe: the flag turns on.
    await section.getByTestId('extension-status').filter({ hasText: 'Connected' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('extension_connected'))).toBe('true');

    // Allowed domains: the defaults, a refused entry with a clear message, a saved addition.
    const domains = section.getByTestId('allowed-domains');
    for (const host of ['mail.google.com', 'outlook.office.com', '*.zendesk.com', '*.freshdesk.com']) {
      await domains.getByText(host, { exact: true }).waitFor();
    }
    await domains.getByLabel('Add a domain').fill('https://support.acme-rentals.com/tickets');
    await domains.getByRole('button', { name: 'Add' }).click();
    await domains.getByRole('alert').filter({ hasText: 'leave out the https:// part' }).waitFor();
    await domains.getByLabel('Add a domain').fill('support.acme-rentals.com');
    await domains.getByRole('button', { name: 'Add' }).click();
    await domains.getByText('support.acme-rentals.com', { exact: true }).waitFor();
    await domains.getByRole('button', { name: 'Remove outlook.live.com' }).click();
    await domains.getByRole('button', { name: 'Save domains' }).click();
    await page.getByText('Allowed domains saved').waitFor();
    const saved = await getJson<{ allowedHosts: string[] }>(
      product.server.url,
      '/api/v1/extension/settings',
      owner.accessToken,
    );
    expect(saved.body.allowedHosts).toContain('support.acme-rentals.com');
    expect(saved.body.allowedHosts).not.toContain('outlook.live.com');

    // Download Extension: a real zip from /extension.zip.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download Extension' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('helixis-extension.zip');
    const downloaded = await download.path();
    expect(readFileSync(downloaded).subarray(0, 2).toString()).toBe('PK');

    // Connect: ext-bootstrap, then the token goes to the extension in a bootstrap message.
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Extension connected').waitFor();
    await page.getByText('can now answer from the extension').waitFor();
    const stored = await worker.evaluate(() => chrome.storage.local.get('helixisConnection'));
    const connection = (stored as { helixisConnection?: { allowedHosts: string[]; apiBase: string } })
      .helixisConnection;
    expect(connection?.apiBase).toBe(product.server.url);
    expect(connection?.allowedHosts).toContain('support.acme-rentals.com');
    await section.getByTestId('extension-tokens').getByText('Browser extension').waitFor();

    // Test: Summarize this page (answer cut at 140 characters).
    await section.getByRole('button', { name: 'Test: Summarize this page' }).click();
    const answer = section.getByTestId('extension-test-answer');
    await answer.waitFor();
    expect(((await answer.textContent()) ?? '').length).toBeGreaterThan(0);
    expect(((await answer.textContent()) ?? '').length).toBeLessThanOrEqual(140);

    // Desktop assistant: one click creates the personal script URL.
    const desktop = section.getByTestId('desktop-assistant-card');
    await desktop.getByRole('button', { name: 'Create script URL' }).click();
    const urlField = desktop.getByLabel('Your script URL (keep it private)');
    await urlField.waitFor();
    const scriptUrl = await urlField.inputValue();
    expect(scriptUrl.startsWith(`${product.server.url}/functions/v1/cluely-sync/script/hxd_`)).toBe(true);
    await desktop.getByText('Active', { exact: true }).waitFor();
    await section.getByRole('heading', { name: 'Access tokens' }).scrollIntoViewIfNeeded();
    await shot(page, SUITE, '01-settings-extension');

    // The script really works: fetched and run with Node, it answers from the workspace and syncs.
    const script = await fetch(scriptUrl);
    expect(script.status).toBe(200);
    const scriptFile = path.join(work, 'helixis-desktop.mjs');
    writeFileSync(scriptFile, await script.text());
    const asked = execFileSync(process.execPath, [scriptFile, 'ask', 'How much is the pet deposit?'], {
      encoding: 'utf8',
    });
    expect(asked).toContain('$300');
    const contextFile = path.join(work, 'helixis-context.md');
    execFileSync(process.execPath, [scriptFile, 'sync', contextFile, '--once'], { encoding: 'utf8' });
    expect(existsSync(contextFile)).toBe(true);
    expect(readFileSync(contextFile, 'utf8')).toContain('Pet policy');
    await page.reload();
    await page.getByTestId('desktop-integration-status').filter({ hasText: 'last synced' }).waitFor();
    expect(await page.getByTestId('desktop-integration-status').textContent()).not.toContain('never');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('popup: answers about a ticket page on an allowed domain with citations; refuses other sites; stops when revoked', async () => {
    const ticketUrl = `http://acme.zendesk.com:${helpdeskPort}/agent/tickets/5123`;
    const ticket = await openTab(ticketUrl);
    await ticket.page.getByRole('heading', { name: 'Ticket #5123: Can I keep a cat?' }).waitFor();

    const popup = await context.newPage();
    await popup.setViewportSize({ width: 400, height: 560 });
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${ticket.tabId}`);
    await popup.getByLabel('Question about this page').fill('What deposit is needed for a cat?');
    await popup.getByRole('button', { name: 'Ask' }).click();
    await popup.locator('#answer').waitFor();
    const text = (await popup.locator('#answer-text').textContent()) ?? '';
    expect(text).toContain('$300');
    const sources = await popup.locator('#sources li').allTextContents();
    // The document ("Pet policy #0") or the fact learned from it whole ("Pet Policy": its heading over
    // its paragraph, deposit included), whichever the answer cites.
    expect(sources.some((s) => /^Pet policy\b/i.test(s))).toBe(true);
    expect(await popup.locator('#page-note').textContent()).toContain('Using this page: Ticket #5123');
    await shot(popup, SUITE, '02-popup-answer');

    // A site that is not allowed: the page is not read.
    const newsUrl = `http://news.example.org:${helpdeskPort}/today`;
    const news = await openTab(newsUrl);
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${news.tabId}`);
    await popup.getByLabel('Question about this page').fill('When does the marina open?');
    await popup.getByRole('button', { name: 'Ask' }).click();
    await popup.locator('#answer').waitFor();
    expect(await popup.locator('#page-note').textContent()).toContain('may not read pages on this site');
    expect((await popup.locator('#answer-text').textContent()) ?? '').not.toContain('Saturday');
    await shot(popup, SUITE, '03-popup-not-allowed');

    // Revoking the token in Settings stops the extension at once.
    const settings = await context.newPage();
    await settings.goto(`${product.server.url}/settings`);
    const row = settings.getByTestId('extension-tokens').locator('tr', { hasText: 'Browser extension' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${ticket.tabId}`);
    await popup.getByLabel('Question about this page').fill('What deposit is needed for a cat?');
    await popup.getByRole('button', { name: 'Ask' }).click();
    await popup.locator('#status').filter({ hasText: 'was revoked' }).waitFor();
    await popup.locator('#connect').waitFor();
    await shot(popup, SUITE, '04-popup-revoked');
  });
});

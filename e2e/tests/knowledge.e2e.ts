import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, signUpThroughApi } from '../support/api';
import { launchBrowser, newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

const SUITE = 'knowledge';
const PASSWORD = 'lantern-street-9';
let server: RunningServer;
let browser: Browser;
let owner: ApiUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await signUpThroughApi(server.url, `docs+${Date.now()}@lantern-homes.com`, PASSWORD);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const row = (page: Page, title: string) => page.getByTestId('document-row').filter({ hasText: title });

const HANDBOOK = [
  '# Lantern Homes resident handbook',
  '',
  '## Pets',
  '',
  'Dogs and cats under 40 pounds are welcome. The pet deposit is 300 dollars per pet.',
  '',
  '## Parking',
  '',
  'Every apartment includes one reserved parking space in the east garage.',
  '',
].join('\n');

describe('/documents', () => {
  it('uploads with a progress bar and by drag and drop, shows status live, a failure reason, and deletes', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await signInAt(page, '/documents', owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await page.getByTestId('documents-empty').waitFor();
    await shot(page, SUITE, '01-empty');

    // A 1.5 MB file over a throttled uplink: the bar shows real upload progress on the way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 4 * 1024 * 1024,
      uploadThroughput: 400 * 1024,
    });
    const bigText = `${'Rent is due on the first of each month and late after the fifth. '.repeat(24_000)}`;
    await page.getByTestId('document-file-input').setInputFiles({
      name: 'Rent rules.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(bigText),
    });
    const bar = page.getByRole('progressbar', { name: 'Upload progress for Rent rules.txt' });
    await bar.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('[role="progressbar"]');
      const value = Number(el?.getAttribute('aria-valuenow'));
      return value >= 15 && value <= 85;
    });
    await shot(page, SUITE, '02-uploading');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await toast(page, 'Document uploaded').waitFor({ timeout: 60_000 });
    const rentRow = row(page, 'Rent rules.txt');
    await rentRow.getByTestId('document-status').filter({ hasText: 'READY' }).waitFor();
    expect(await rentRow.getByTestId('document-size').textContent()).toBe(
      `${(Buffer.byteLength(bigText) / 1024).toFixed(1)} KB`,
    );

    // Drag and drop a Markdown handbook onto the drop zone.
    const transfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'Resident handbook.md', { type: 'text/markdown' }));
      return dt;
    }, HANDBOOK);
    await page.getByTestId('dropzone').dispatchEvent('dragover', { dataTransfer: transfer });
    await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer: transfer });
    const handbook = row(page, 'Resident handbook.md');
    await handbook.getByTestId('document-status').filter({ hasText: 'READY' }).waitFor();
    await toast(page, 'Processed into 1 chunks').waitFor();
    expect(await handbook.getByTestId('document-size').textContent()).toBe(
      `${(Buffer.byteLength(HANDBOOK) / 1024).toFixed(1)} KB`,
    );

    // A damaged PDF fails with its reason in the list.
    await page.getByTestId('document-file-input').setInputFiles({
      name: 'Scanned lease.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nnot really a pdf'),
    });
    await toast(page, 'Upload failed').waitFor();
    const broken = row(page, 'Scanned lease.pdf');
    await broken.getByTestId('document-status').filter({ hasText: 'failed' }).waitFor();
    expect(await broken.getByTestId('document-error').textContent()).toBe(
      'This PDF could not be read. It may be damaged or password-protected.',
    );
    // Images are refused at once with the clear message.
    await page.getByTestId('document-file-input').setInputFiles({
      name: 'floor-plan.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
    });
    await toast(page, 'Upload failed').waitFor();
    await page.getByText('Images are not supported yet.', { exact: false }).first().waitFor();

    // Newest first.
    const titles = await page.getByTestId('document-title').allTextContents();
    expect(titles).toEqual(['Scanned lease.pdf', 'Resident handbook.md', 'Rent rules.txt']);
    await page.getByText('3 documents, newest first.', { exact: false }).waitFor();
    await shot(page, SUITE, '03-list');

    // What was uploaded is what search ranks.
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes('auth-token'));
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : null;
    });
    const search = await fetch(`${server.url}/functions/v1/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'pet deposit' }),
    });
    const results = ((await search.json()) as { results: { document_title: string; heading_path: string[] }[] })
      .results;
    expect(results[0]).toMatchObject({ document_title: 'Resident handbook.md' });

    // Delete with confirmation.
    await broken.getByRole('button', { name: 'Delete Scanned lease.pdf' }).click();
    await page.getByRole('dialog').getByText('Delete this document?').waitFor();
    await shot(page, SUITE, '04-delete-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await broken.waitFor({ state: 'detached' });
    await page.getByText('2 documents, newest first.', { exact: false }).waitFor();
    await shot(page, SUITE, '05-after-delete');

    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'knowledge';
const PASSWORD = 'lantern-street-9';
const product = useProduct();
let owner: ApiUser;

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `docs+${Date.now()}@lantern-homes.com`, PASSWORD);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
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
    const { context, page } = await newPage(product.browser, product.server.url);
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
    // A text file is titled by its file name without the extension once it is processed.
    const rentRow = row(page, 'Rent rules');
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
    // A Markdown file is titled by its first heading once it is processed.
    const handbook = row(page, 'Lantern Homes resident handbook');
    await handbook.getByTestId('document-status').filter({ hasText: 'READY' }).waitFor();
    await toast(page, 'Processed into 1 passage').waitFor();
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
    expect(titles).toEqual(['Scanned lease.pdf', 'Lantern Homes resident handbook', 'Rent rules']);
    await page.getByText('3 documents, newest first.', { exact: false }).waitFor();
    await shot(page, SUITE, '03-list');

    // What was uploaded is what search ranks.
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes('auth-token'));
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : null;
    });
    const search = await fetch(`${product.server.url}/functions/v1/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'pet deposit' }),
    });
    const results = ((await search.json()) as { results: { document_title: string; heading_path: string[] }[] })
      .results;
    expect(results[0]).toMatchObject({ document_title: 'Lantern Homes resident handbook' });

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

  it('renames a document inline with the keyboard on a phone-sized screen; search and answers use the new title', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/documents', owner.email, PASSWORD);
    const handbook = row(page, 'Lantern Homes resident handbook');
    await handbook.getByTestId('document-status').filter({ hasText: 'READY' }).waitFor();

    // Keyboard only: focus the pencil, Enter opens the field with the current title selected for editing.
    const edit = page.getByRole('button', { name: 'Rename Lantern Homes resident handbook' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'New title for Lantern Homes resident handbook' });
    await field.waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('Lantern Homes resident handbook');
    // The field is wide enough to read the title and fits the phone's width.
    const box = await field.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(140);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

    // An empty title is refused with a reason, announced to screen readers.
    await field.fill('   ');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('rename-error').textContent()).toBe('A title is required.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Escape leaves it as it was and gives the focus back to the pencil.
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Rename Lantern Homes resident handbook',
    );

    await page.keyboard.press('Enter');
    await field.fill('Lantern Homes pet and parking rules');
    await shot(page, SUITE, '06-rename-390');
    await page.keyboard.press('Enter');
    await toast(page, 'Document renamed').waitFor();
    await row(page, 'Lantern Homes pet and parking rules').waitFor();
    expect(await page.getByTestId('document-title').allTextContents()).toContain('Lantern Homes pet and parking rules');

    // The new title is what search ranks by and cites.
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes('auth-token'));
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : null;
    });
    const search = await fetch(`${product.server.url}/functions/v1/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'parking rules' }),
    });
    const results = ((await search.json()) as { results: { document_title: string }[] }).results;
    expect(results[0]).toMatchObject({ document_title: 'Lantern Homes pet and parking rules' });

    // After a reload the list still shows it.
    await page.reload();
    await row(page, 'Lantern Homes pet and parking rules').getByTestId('document-status').waitFor();
    await shot(page, SUITE, '07-renamed');
    expect(errors).toEqual([]);
    await context.close();
  });
});

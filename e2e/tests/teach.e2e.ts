import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, signInThroughApi, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'teach';
const PASSWORD = 'maple-court-77';
const product = useProduct();
let owner: ApiUser;

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `teach+${Date.now()}@maple-court.com`, PASSWORD);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('Teach Your AI → Manual Training', () => {
  it('learns facts from the copilot, shows them live, takes corrections, generates FAQs and ingests content', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await signInAt(page, '/dashboard?view=teach', owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Teach Your AI' }).waitFor();
    await page.getByText("I don't know any facts yet.", { exact: false }).waitFor();
    await page.getByText('0% complete').waitFor();
    await page.getByText('Add 3-5 concrete services').waitFor();
    await page.getByText('Add 5-10 FAQs').waitFor();
    await page.getByText('Connect your property management system').waitFor();
    await shot(page, SUITE, '01-empty');

    // Teach through the Knowledge Copilot.
    const copilot = page.getByTestId('knowledge-copilot');
    await copilot
      .getByLabel('Message the Knowledge Copilot')
      .fill('Business phone: (555) 010-2030\nDogs under 30 lb are allowed with a $250 deposit.');
    await copilot.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Information updated').waitFor();
    await copilot.getByText('Got it. I now know:', { exact: false }).waitFor();
    const phone = page.getByTestId('fact-business_phone');
    await phone.getByText('(555) 010-2030').waitFor();
    expect(await phone.getByText('Chat').count()).toBe(1);
    expect(await phone.getByText('85%').count()).toBe(1);
    await page.getByTestId('fact-pet_policy').waitFor();
    await page.getByText('10% complete').waitFor();
    await shot(page, SUITE, '02-copilot-learned');

    // A fact learned elsewhere (another tab, the assistant) appears live through the realtime socket.
    const token = await signInThroughApi(product.server.url, owner.email, PASSWORD);
    const res = await fetch(`${product.server.url}/functions/v1/facts-ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: 'Support email: office@maple-court.com', source: 'chat' }),
    });
    expect(res.status).toBe(200);
    await page.getByTestId('fact-support_email').getByText('office@maple-court.com').waitFor();
    await page.getByText('20% complete').waitFor();

    // Quiz me asks about an essential gap.
    await copilot.getByRole('button', { name: 'Quiz me' }).click();
    await copilot.getByText(/^Quiz: .* is missing\./).waitFor();

    // Correct a fact in What I Know.
    await phone.getByRole('button', { name: 'Edit Business Phone' }).click();
    await phone.getByLabel('New value for Business Phone').fill('(555) 010-9999');
    await phone.getByRole('button', { name: 'Save correction' }).click();
    await toast(page, 'Information updated').waitFor();
    await phone.getByText('(555) 010-9999').waitFor();
    await phone.getByText('95%').waitFor();
    await phone.getByText('Manual').waitFor();
    await phone.getByText('corrected once').waitFor();
    await shot(page, SUITE, '03-corrected');

    // Generate FAQ: three facts give three pairs; a second run adds none.
    await copilot.getByRole('button', { name: 'Generate FAQ' }).click();
    await toast(page, 'Added 3 FAQ pairs.').waitFor();
    await copilot.getByText('Q: What is your phone number?', { exact: false }).waitFor();
    await shot(page, SUITE, '04-faq');
    await copilot.getByRole('button', { name: 'Generate FAQ' }).click();
    await toast(page, 'No FAQs generated.').waitFor();

    // Suggestions: dismiss the top one.
    const suggestions = page.getByTestId('suggestions');
    const top = suggestions.locator('li').filter({ hasText: 'Connect your property management system' });
    await top.getByText('Priority 9').waitFor();
    await top.getByRole('button', { name: 'Dismiss' }).click();
    await top.waitFor({ state: 'detached' });
    const gap = suggestions.locator('li').filter({ hasText: 'Priority 8' }).first();
    const gapTitle = (await gap.locator('span').first().textContent()) ?? '';
    await gap.getByRole('button', { name: 'Accept' }).click();
    await suggestions.getByText(gapTitle, { exact: true }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Add Content: free text and a document upload.
    await page.getByRole('tab', { name: 'Add Content' }).click();
    await page.getByLabel('Free text').fill('Late fee: $45 after the 5th\nOffice hours: Mon-Fri 9am-5pm');
    await page.getByRole('button', { name: 'Teach' }).click();
    await toast(page, 'Information updated').waitFor();
    await page.getByTestId('upload-input').setInputFiles({
      name: 'resident-handbook.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Parking is available in the rear lot. Each unit has one assigned space.\n'),
    });
    await toast(page, 'Document uploaded').waitFor();
    await page.getByText('Processed into 1 passage').waitFor();
    await shot(page, SUITE, '05-add-content');

    // Ask the copilot about the uploaded document: the answer cites it.
    await copilot.getByLabel('Message the Knowledge Copilot').fill('Is parking available for residents?');
    await copilot.getByRole('button', { name: 'Send' }).click();
    await copilot.getByText(/Sources: .*\[Doc:resident handbook#0\]/).waitFor();
    await shot(page, SUITE, '05b-copilot-cites-document');

    // Business Summary: Refresh rebuilds it from what was learned.
    const summaryCard = page.getByTestId('business-summary');
    await summaryCard.getByRole('button', { name: 'Refresh' }).click();
    await toast(page, 'Summary updated').waitFor();

    await page.getByRole('tab', { name: 'What I Know' }).click();
    await page.getByTestId('fact-late_fee').getByText('$45 after the 5th').waitFor();
    await page.getByText('30% complete').waitFor();
    await shot(page, SUITE, '06-what-i-know');

    expect(errors).toEqual([]);
    await context.close();
  });
});

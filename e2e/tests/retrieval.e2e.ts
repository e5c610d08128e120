import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, completeOnboardingThroughApi, signUpThroughApi, uploadAndWaitThroughApi } from '../support/api';
import { launchBrowser, newPage, SCREENSHOT_DIR, sendChatMessage, shot, signInAt } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

const SUITE = 'retrieval';
const PASSWORD = 'quiet-harbor-42';
const GUIDE = [
  'Maple Court residents guide',
  '',
  'Cats and small dogs are welcome at Maple Court with a signed pet agreement. The security deposit is $1,450,',
  'returned within 21 days after move-out. Quiet hours start at ten in the evening.',
].join('\n');

let server: RunningServer;
let browser: Browser;
let owner: ApiUser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await signUpThroughApi(server.url, `why+${Date.now()}@maple-court.com`, PASSWORD);
  // /chat shows the onboarding chat until onboarding is complete; the follow-up test uses the operational chat.
  await completeOnboardingThroughApi(
    server.url,
    owner.accessToken,
    'Maple Court rents quiet, pet-friendly apartments near the river to long-term tenants.',
  );
  await uploadAndWaitThroughApi(server.url, owner.accessToken, 'Maple Court guide.txt', GUIDE);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('hits that explain themselves', () => {
  it('the documents page search shows matched words, marked snippets and score parts', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/documents', owner.email, PASSWORD);

    const box = page.getByRole('textbox', { name: 'Search your documents' });
    await box.fill('How much is the security deposit?');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByTestId('search-results');
    await results.waitFor();
    const marks = await results.locator('mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toEqual(expect.arrayContaining(['security', 'deposit']));
    const reasons = await results.getByTestId('hit-reasons').first().textContent();
    expect(reasons).toContain('Matched words: security, deposit');
    expect(reasons).toMatch(/Score: keywords \d/);
    await shot(page, SUITE, '01-documents-search');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a follow-up in the chat says how it was searched, also after a reload', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/chat', owner.email, PASSWORD);

    const input = page.getByPlaceholder('Message Helixis...');
    const answers = page.getByTestId('message-assistant');
    await input.fill('What is the pet policy at Maple Court?');
    await input.press('Enter');
    await answers.first().getByTestId('message-sources').waitFor();
    // The first question is searched as typed.
    expect(await answers.first().getByTestId('message-rewrite').count()).toBe(0);

    // The composer sends once the first answer is stored (Send is disabled until then).
    await sendChatMessage(page, 'and how much is the deposit there?');
    const rewrite = answers.nth(1).getByTestId('message-rewrite');
    await rewrite.waitFor();
    const line = (await rewrite.textContent()) ?? '';
    expect(line).toMatch(/^Searched for “and how much is the deposit there\? .*Maple.*”/);
    expect(line).toContain('you asked “and how much is the deposit there?”');
    await shot(page, SUITE, '02-chat-follow-up-rewritten');

    // After a reload, the stored thread still says how the follow-up was searched.
    await page.reload();
    await page.getByRole('navigation', { name: 'Chats' }).getByText('What is the pet policy at Maple Court?').click();
    await page.getByTestId('message-rewrite').waitFor();
    expect(await page.getByTestId('message-rewrite').textContent()).toBe(line);

    expect(errors).toEqual([]);
    await context.close();
  });
});

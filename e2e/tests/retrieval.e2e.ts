import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, completeOnboardingThroughApi, signUpThroughApi, uploadAndWaitThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, sendChatMessage, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'retrieval';
const PASSWORD = 'quiet-harbor-42';
const GUIDE = [
  'Maple Court residents guide',
  '',
  'Cats and small dogs are welcome at Maple Court with a signed pet agreement. The security deposit is $1,450,',
  'returned within 21 days after move-out. Quiet hours start at ten in the evening.',
].join('\n');

const product = useProduct();
let owner: ApiUser;

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `why+${Date.now()}@maple-court.com`, PASSWORD);
  // /chat shows the onboarding chat until onboarding is complete; the follow-up test uses the operational chat.
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Maple Court rents quiet, pet-friendly apartments near the river to long-term tenants.',
  );
  await uploadAndWaitThroughApi(product.server.url, owner.accessToken, 'Maple Court guide.txt', GUIDE);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

describe('hits that explain themselves', () => {
  it('the documents page search shows matched words, marked snippets and score parts', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
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
    const { context, page } = await newPage(product.browser, product.server.url);
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

  it('a typing slip is mended and said so, in the documents search and in the chat, on a desktop and a phone', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(product.browser, product.server.url);
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await signInAt(page, '/documents', owner.email, PASSWORD);

      await page.getByRole('textbox', { name: 'Search your documents' }).fill('secuirty depositt');
      await page.getByRole('button', { name: 'Search' }).click();
      const spelling = page.getByTestId('search-spelling');
      await spelling.waitFor();
      expect(await spelling.textContent()).toBe(
        'Showing results for “security deposit” (spelling corrected — you searched “secuirty depositt”)',
      );
      await page.getByTestId('search-results').waitFor();
      await shot(page, SUITE, `03-search-spelling-${width}`);

      await page.goto('/chat');
      await sendChatMessage(page, 'How much is the secuirty depositt?');
      const answer = page.getByTestId('message-assistant').last();
      const rewrite = answer.getByTestId('message-rewrite');
      await rewrite.waitFor();
      expect(await rewrite.textContent()).toBe(
        'Searched for “How much is the security deposit?” (spelling corrected — you asked “How much is the secuirty depositt?”)',
      );
      expect(await answer.textContent()).toContain('$1,450');
      await shot(page, SUITE, `04-chat-spelling-${width}`);

      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

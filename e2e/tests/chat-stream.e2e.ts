import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../server/src/llm/fake-openai';
import { type ApiUser, completeOnboardingThroughApi, signUpThroughApi } from '../support/api';
import { newPage, sendChatMessage, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

/**
 * Issue 28: a streamed chat answer ends as a finished request, not an aborted one, also when the model
 * is slow and the answer reaches the browser in many pieces (how a real model answers; the offline
 * assistant writes its words at once, which hid the problem in most runs).
 */
const PASSWORD = 'slow-model-42';
const ANSWERS = [
  'The leasing office is open from nine to five on weekdays and on Saturday mornings.',
  'Visitors park on the street after six in the evening; each apartment has one covered carport.',
  'The laundry room on the ground floor opens at seven and closes at ten every day.',
  'Rent is due on the first of the month and the portal takes card or bank transfer.',
  'Quiet hours run from ten at night until seven in the morning in every building.',
];

let fake: FakeOpenAI;
let owner: ApiUser;

const product = useProduct({
  env: async () => {
    fake = await startFakeOpenAI();
    return { HELIXIS_LLM_BASE_URL: fake.url, HELIXIS_LLM_MODEL: 'fake-slow-model', HELIXIS_LLM_API_KEY: 'sk-e2e' };
  },
});

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `stream+${Date.now()}@maple-court.com`, PASSWORD);
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Maple Court rents furnished apartments with shared laundry and covered parking to long-term residents.',
  );
});
afterAll(async () => {
  await fake?.close();
});

describe('chat streaming with a slow model', () => {
  it('every answer streams in pieces and its request finishes; none fails or is aborted', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/chat', owner.email, PASSWORD);
    await page.getByPlaceholder('Message Helixis...').waitFor();

    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    let finished = 0;
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/functions/v1/chat-with-context/stream')) finished++;
    });
    // A word every 40 ms: each answer reaches the page in a dozen or more separate pieces.
    fake.pauseMs = 40;
    let asked = 0;
    fake.reply = () => ANSWERS[asked - 1] ?? '';
    for (const [i, answer] of ANSWERS.entries()) {
      asked = i + 1;
      await sendChatMessage(page, `Question ${asked}: what should a new resident know?`);
      const bubble = page.getByTestId('message-assistant').nth(i);
      // Seen while still streaming: part of the answer is on screen before the rest arrives.
      await page.waitForFunction(
        ([n, first]) => {
          const text = document.querySelectorAll('[data-testid="message-assistant"]')[n]?.textContent ?? '';
          return text.startsWith(first) && !text.includes('.');
        },
        [i, answer.split(' ').slice(0, 3).join(' ')] as const,
      );
      await page.waitForFunction(() => !document.querySelector('button[aria-label="Send"][aria-busy]'));
      expect(await bubble.textContent()).toContain(answer);
    }
    // The browser reports each request's end a moment after the page has read the body.
    const ended = () => finished + failed.filter((f) => f.includes('/chat-with-context/stream')).length;
    await expect.poll(ended, { timeout: 5_000 }).toBe(ANSWERS.length);
    expect(failed).toEqual([]);
    expect(finished).toBe(ANSWERS.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});

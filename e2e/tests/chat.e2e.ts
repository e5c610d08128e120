import { chatMessages, voiceMessages } from '@helixis/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, completeOnboardingThroughApi, getJson, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, sendChatMessage, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'chat';
const PASSWORD = 'harbor-lights-7';
const POLICY = [
  'Harbor View pet policy',
  '',
  'Dogs and cats are welcome in every Harbor View apartment. The pet deposit is $300 per pet and is refundable at move-out.',
  'Tenants may keep at most two pets per unit.',
].join('\n');
const POOL_ANSWER = 'The rooftop swimming pool is open daily from 9am to 9pm between June and September.';

const product = useProduct();
let owner: ApiUser;

/** Uploads a text document through the product's ingest endpoint and waits until it is searchable. */
async function ingest(title: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), title);
  const res = await fetch(`${product.server.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.accessToken}` },
    body: form,
  });
  const body = (await res.json()) as { document_id: string };
  expect(res.status).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const doc = await getJson<{ status: string }>(
      product.server.url,
      `/api/v1/documents/${body.document_id}`,
      owner.accessToken,
    );
    if (doc.body.status === 'READY') return;
    if (doc.body.status !== 'PENDING' || Date.now() > deadline) throw new Error(`ingest ended ${doc.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `chat+${Date.now()}@harbor-view.com`, PASSWORD);
  expect((await getJson(product.server.url, '/api/v1/me', owner.accessToken)).status).toBe(200);
  // /chat shows the onboarding chat until onboarding is complete; this suite tests the operational chat.
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Harbor View manages pet-friendly apartments for long-term tenants in the harbour district.',
  );
  await ingest('Pet Policy.txt', POLICY);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const lastAnswer = (page: Page) => page.getByTestId('message-assistant').last();

async function ask(page: Page, question: string): Promise<void> {
  const before = await page.getByTestId('message-assistant').count();
  await sendChatMessage(page, question);
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="message-assistant"]').length > n &&
      !document.querySelector('[role="status"]'),
    before,
  );
}

const FIRST = 'How much is the pet deposit?';
const SECOND = 'How many pets may I keep?';

/**
 * Holds the first chat request at the network, sends FIRST, then writes SECOND and presses Enter while
 * the first answer is still coming. `release()` lets the first request go on (`continue`) or fail.
 */
async function queueBehindHeldAnswer(page: Page, outcome: 'continue' | 'fail') {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const streamed: string[] = [];
  await page.route('**/functions/v1/chat-with-context/stream', async (route) => {
    const body = route.request().postDataJSON() as { messages: { content: string }[] };
    streamed.push(body.messages.at(-1)?.content ?? '');
    if (streamed.length > 1) return route.continue();
    await held;
    return outcome === 'continue' ? route.continue() : route.abort('connectionreset');
  });
  const input = page.getByPlaceholder('Message Helixis...');
  await input.fill(FIRST);
  await input.press('Enter');
  await page.getByTestId('message-user').filter({ hasText: FIRST }).waitFor();
  await input.fill(SECOND);
  await input.press('Enter');
  return { input, streamed, release };
}

describe('/chat → task → answer → cited answer', () => {
  it('answers with sources, hands an unknown question to a person, and remembers the answer', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await signInAt(page, '/chat', owner.email, PASSWORD);
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    await shot(page, SUITE, '01-empty-chat');

    // No realtime model on this server: the voice button says what to configure instead of connecting.
    const mic = page.getByRole('button', { name: 'Voice chat' });
    await page.locator('button[aria-label="Voice chat"][title]').waitFor();
    expect(await mic.getAttribute('title')).toBe(voiceMessages.notConfigured);
    await mic.click();
    expect(await page.getByTestId('voice-not-configured').textContent()).toBe(voiceMessages.notConfigured);
    expect(await page.getByTestId('voice-status').count()).toBe(0);

    // Shift+Enter is a new line, not a send; an empty message is ignored.
    const input = page.getByPlaceholder('Message Helixis...');
    await input.press('Enter');
    expect(await page.getByTestId('message-user').count()).toBe(0);
    await input.fill('How much is the');
    await input.press('Shift+Enter');
    expect(await input.inputValue()).toBe('How much is the\n');
    expect(await page.getByTestId('message-user').count()).toBe(0);

    await ask(page, 'How much is the pet deposit?');
    const answer = lastAnswer(page);
    expect(await answer.textContent()).toContain('The pet deposit is $300 per pet');
    // Sources name the passage as search and the viewer do (decision 033), and open it.
    expect(await answer.getByTestId('message-sources').textContent()).toContain('Pet Policy · passage 1');
    await page.getByRole('navigation', { name: 'Chats' }).getByText('How much is the pet deposit?').waitFor();
    await shot(page, SUITE, '02-cited-answer');

    await ask(page, 'Is there a rooftop swimming pool?');
    expect(await lastAnswer(page).textContent()).toContain('A human will answer');
    await shot(page, SUITE, '03-task-created');

    // The employee dashboard lists the task; completing it with an answer teaches the assistant.
    await page.goto('/employee-chat');
    const task = page.getByTestId('task-row').filter({ hasText: 'Is there a rooftop swimming pool?' });
    await task.waitFor();
    await shot(page, SUITE, '04-employee-tasks');
    await task.getByRole('button', { name: 'Answer' }).click();
    await task.getByLabel('Your answer (the assistant will remember it)').fill(POOL_ANSWER);
    await task.getByRole('button', { name: 'Complete with answer' }).click();
    await toast(page, 'Answer saved').waitFor();
    await task.waitFor({ state: 'detached' });
    await shot(page, SUITE, '05-task-answered');

    await page.goto('/chat');
    await page.getByRole('button', { name: 'New chat' }).click();
    await ask(page, 'When is the rooftop swimming pool open?');
    const taught = await lastAnswer(page).textContent();
    expect(taught).toContain(POOL_ANSWER);
    expect(taught).toContain('[Fact:Rooftop Swimming Pool]');
    expect(taught).not.toContain('A human will answer');
    await page
      .getByRole('navigation', { name: 'Chats' })
      .getByText('When is the rooftop swimming pool open?')
      .waitFor();
    await shot(page, SUITE, '06-answer-from-team');

    const tasks = await getJson<{ tasks: { status: string; completed_at: string | null }[] }>(
      product.server.url,
      '/api/v1/tasks',
      owner.accessToken,
    );
    expect(tasks.body.tasks).toHaveLength(1);
    expect(tasks.body.tasks[0]?.status).toBe('completed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a message written while the previous answer is still coming right after that answer', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/chat', owner.email, PASSWORD);
    await page.getByRole('button', { name: 'New chat' }).click();

    // The first answer is held at the network until the second message has been written and sent.
    const { input, streamed, release } = await queueBehindHeldAnswer(page, 'continue');
    // Queued: it stays in the box, nothing more is sent, and Send waits.
    expect(await input.inputValue()).toBe(SECOND);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(streamed).toEqual([FIRST]);
    await shot(page, SUITE, '07-message-queued');
    release();

    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="message-assistant"]').length === 2 &&
        !document.querySelector('[role="status"]'),
    );
    expect(streamed).toEqual([FIRST, SECOND]);
    expect(await page.getByTestId('message-user').allTextContents()).toEqual([FIRST, SECOND]);
    const answers = await page.getByTestId('message-assistant').allTextContents();
    expect(answers[0]).toContain('$300 per pet');
    expect(answers[1]).toContain('at most two pets');
    expect(await input.inputValue()).toBe('');
    await shot(page, SUITE, '08-queued-message-answered');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives back a failed message above the one queued behind it, and sends neither', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await signInAt(page, '/chat', owner.email, PASSWORD);
    await page.getByRole('button', { name: 'New chat' }).click();
    const { input, streamed, release } = await queueBehindHeldAnswer(page, 'fail');
    release();

    await toast(page, chatMessages.sendFailed).waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="status"]'));
    expect(await input.inputValue()).toBe(`${FIRST}\n\n${SECOND}`);
    expect(await lastAnswer(page).textContent()).toContain(chatMessages.error);
    expect(streamed).toEqual([FIRST]);
    await context.close();
  });

  it('saves the admin form, applies the test assistant to live and runs a test query', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/admin', owner.email, PASSWORD);

    await page.getByLabel('Assistant Name').fill('Harbor Helper');
    // The technical settings are folded under "Advanced".
    expect(await page.getByLabel('System Prompt').isVisible()).toBe(false);
    await page.getByTestId('advanced-settings').locator('summary').click();
    await page.getByLabel('System Prompt').fill('You are Harbor Helper. Answer tenants briefly.');
    await page.getByLabel('Temperature').fill('1.3');
    expect(await page.getByTestId('temperature-value').textContent()).toBe('1.3');
    await page.getByRole('switch', { name: 'Enable RAG' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Assistant settings saved successfully').waitFor();
    await shot(page, SUITE, '07-admin-saved');
    const list = await getJson<{
      assistants: { name: string; temperature: number; use_rag: boolean; is_test_version: boolean }[];
    }>(product.server.url, '/api/v1/assistants', owner.accessToken);
    expect(list.body.assistants.find((a) => !a.is_test_version)).toMatchObject({
      name: 'Harbor Helper',
      temperature: 1.3,
      use_rag: false,
    });
    // A reload shows what was stored.
    await page.reload();
    await page.getByRole('button', { name: 'Save Settings' }).waitFor();
    expect(await page.getByLabel('Assistant Name').inputValue()).toBe('Harbor Helper');
    await page.getByTestId('advanced-settings').locator('summary').click();
    expect(await page.getByLabel('System Prompt').inputValue()).toBe('You are Harbor Helper. Answer tenants briefly.');
    expect(await page.getByTestId('temperature-value').textContent()).toBe('1.3');
    expect(await page.getByRole('switch', { name: 'Enable RAG' }).getAttribute('aria-checked')).toBe('false');
    await page.getByRole('switch', { name: 'Enable RAG' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Assistant settings saved successfully').waitFor();

    await page.goto('/test-assistant');
    await page.getByText('TEST ENVIRONMENT').waitFor();
    await page.getByText('Harbor Helper (TEST)').waitFor();
    await page.getByLabel('Test system prompt').fill('You are Harbor Helper, in test. Quote the documents.');
    await page.getByLabel('Temperature').fill('0.6');
    await page.getByRole('button', { name: 'Save Test Changes' }).click();
    await toast(page, 'Test assistant updated').waitFor();

    await page.goto('/test-assistant-mode');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.getByLabel('Test Query').fill('How many pets may tenants keep?');
    await page.getByText('Using Harbor Helper (TEST)').waitFor();
    await page.getByRole('button', { name: 'Test Query' }).click();
    const result = page.getByTestId('test-result').first();
    await result.waitFor();
    expect(await result.textContent()).toContain('Tenants may keep at most two pets per unit.');
    expect(await result.textContent()).toMatch(/\d+%/);
    await shot(page, SUITE, '08-test-mode');

    // The saved question set: stored per workspace, run against live and test side by side.
    await page.getByLabel('Saved questions').fill('How much is the pet deposit?\nIs there a helipad on the roof?');
    await page.getByRole('button', { name: 'Save Questions' }).click();
    await toast(page, 'Question set saved').waitFor();
    await page.getByRole('button', { name: 'Run against Live and Test' }).click();
    await toast(page, 'Comparison completed').waitFor();
    const rows = page.getByTestId('comparison-row');
    expect(await rows.count()).toBe(2);
    const first = rows.first();
    expect(await first.getByRole('region', { name: 'Live answer 1' }).textContent()).toContain('Pet Policy');
    expect(await first.getByRole('region', { name: 'Test answer 1' }).textContent()).toContain(
      'The pet deposit is $300 per pet',
    );
    expect(await first.getByTestId('confidence-badge').count()).toBe(2);
    await page.getByRole('figure', { name: 'Confidence comparison chart' }).waitFor();
    await shot(page, SUITE, '09-question-set-comparison');
    await page.reload();
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.getByTestId('comparison').waitFor();
    // The saved set and the last comparison load separately: wait for the box, not only the comparison.
    const saved = page.getByLabel('Saved questions');
    await saved.waitFor({ state: 'visible' });
    expect(await saved.inputValue()).toBe('How much is the pet deposit?\nIs there a helipad on the roof?');

    // Apply to Live shows the last comparison before it changes anything.
    await page.goto('/test-assistant');
    await page.getByText('Harbor Helper (TEST)').waitFor();
    await page.getByRole('button', { name: 'Apply to Live Assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply to Live Assistant?' });
    expect(await dialog.getByTestId('comparison-summary').textContent()).toContain('2 questions');
    await shot(page, SUITE, '10-apply-shows-comparison');
    const unchanged = await getJson<{ assistants: { system_prompt: string; is_test_version: boolean }[] }>(
      product.server.url,
      '/api/v1/assistants',
      owner.accessToken,
    );
    expect(unchanged.body.assistants.find((a) => !a.is_test_version)?.system_prompt).toBe(
      'You are Harbor Helper. Answer tenants briefly.',
    );
    await dialog.getByRole('button', { name: 'Apply to Live', exact: true }).click();
    await toast(page, 'Changes applied to live assistant').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const after = await getJson<{
      assistants: { system_prompt: string; temperature: number; is_test_version: boolean }[];
    }>(product.server.url, '/api/v1/assistants', owner.accessToken);
    expect(after.body.assistants.find((a) => !a.is_test_version)).toMatchObject({
      system_prompt: 'You are Harbor Helper, in test. Quote the documents.',
      temperature: 0.6,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

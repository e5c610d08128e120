import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, getJson, signUpThroughApi } from '../support/api';
import { fillSignIn, newPage, SCREENSHOT_DIR, sendChatMessage, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'chat-onboarding';
const PASSWORD = 'quay-lanterns-4';

const product = useProduct();
let owner: ApiUser;
let workspace: { id: string; name: string };

/** Teaches facts through the product's facts-ingest endpoint (raises a realtime facts event). */
async function teach(content: string): Promise<void> {
  const res = await fetch(`${product.server.url}/functions/v1/facts-ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
    body: JSON.stringify({ content, source: 'chat' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `onboard+${Date.now()}@quayside-lets.com`, PASSWORD);
  const me = await getJson<{ workspace: { id: string; name: string } }>(
    product.server.url,
    '/api/v1/me',
    owner.accessToken,
  );
  expect(me.status).toBe(200);
  workspace = me.body.workspace;
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

async function say(page: Page, text: string): Promise<void> {
  const before = await page.getByTestId('message-assistant').count();
  await sendChatMessage(page, text);
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="message-assistant"]').length > n &&
      !Array.from(document.querySelectorAll('[role="status"]')).some((e) => e.textContent?.includes('Thinking')),
    before,
    { timeout: 60_000 },
  );
}

describe('/chat while onboarding is incomplete, and the workspace dashboard', () => {
  it('shows the onboarding chat, the Create Assistant rule, and restores the saved session', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await signInAt(page, '/chat', owner.email, PASSWORD);
    await page.getByText("Let's set up your assistant.").waitFor();
    expect(await page.getByTestId('session-restored').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Assistant' }).count()).toBe(0);
    await shot(page, SUITE, '01-onboarding-chat');

    // One short message without business words: no button yet.
    await say(page, 'Hello there');
    expect(await page.getByRole('button', { name: 'Create Assistant' }).count()).toBe(0);
    // A second message about the business: 2+ user messages and business words.
    await say(page, 'We look after 40 rental flats for tenants in Porto.');
    await page.getByRole('button', { name: 'Create Assistant' }).waitFor();
    await shot(page, SUITE, '02-create-assistant-shown');

    // The conversation was saved on the server; coming back restores it.
    await page.reload();
    await page.getByText("Welcome back! I've restored your session.").waitFor();
    await page.getByTestId('message-user').filter({ hasText: 'We look after 40 rental flats' }).waitFor();
    expect(await page.getByTestId('message-user').count()).toBe(2);
    await page.getByRole('button', { name: 'Create Assistant' }).waitFor();
    await shot(page, SUITE, '03-session-restored');

    // Create Assistant saves the business context and launches the dashboard (/final-dashboard → /dashboard).
    await page.getByRole('button', { name: 'Create Assistant' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('onboarding_complete'))).toBe('true');
    const profile = await fetch(`${product.server.url}/functions/v1/business-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
      body: JSON.stringify({ action: 'get' }),
    });
    const saved = (await profile.json()) as { profile: { business_description: string | null } | null };
    expect(saved.profile?.business_description).toContain('40 rental flats');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the workspace dashboard with live facts and completeness, and Workspace not found', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin');
    await fillSignIn(page, owner.email, PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/signin');

    await teach('Business phone: +351 22 000 1234');
    await page.goto(`/chat?workspace=${workspace.id}`);
    await page.getByRole('heading', { name: `${workspace.name} - AI Assistant Dashboard` }).waitFor();
    const facts = page.getByTestId('collected-facts');
    await facts.getByText('+351 22 000 1234').waitFor();
    await page.getByTestId('completeness').filter({ hasText: '10% complete' }).waitFor();
    await page.getByPlaceholder('Message Helixis...').waitFor();
    await shot(page, SUITE, '04-workspace-dashboard');

    // A fact learned while the page is open arrives through the realtime facts stream (no reload).
    await teach('We accept ACH and Check for rent.');
    await facts.getByText('Payment Methods').waitFor({ timeout: 10_000 });
    await page.getByTestId('completeness').filter({ hasText: '20% complete' }).waitFor();
    await shot(page, SUITE, '05-live-fact');

    await page.goto(`/chat?workspace=${randomUUID()}`);
    await page.getByText('Workspace not found').waitFor();
    await shot(page, SUITE, '06-workspace-not-found');
    await context.close();
  });
});

import { DASHBOARD_CARD_IDS } from '@helixis/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, signInThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, watchCspViolations } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'dashboard';
const PASSWORD = 'harbor-view-42';
const BUSINESS = 'Harbor View Rentals';
const product = useProduct();

beforeAll(async () => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

async function post(path: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(`${product.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
}

/** Uploads a text document through the product's ingest endpoint and waits until it is ready. */
async function ingest(token: string, title: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), title);
  const res = await fetch(`${product.server.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(202);
  const { document_id } = (await res.json()) as { document_id: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const doc = await getJson<{ status: string }>(product.server.url, `/api/v1/documents/${document_id}`, token);
    if (doc.body.status === 'READY') return;
    if (doc.body.status !== 'PENDING' || Date.now() > deadline) throw new Error(`ingest ended ${doc.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The visible cards after hiding Suggestions and moving Recent Documents up twice. */
const AFTER_MOVE = ['kpis', 'setup', 'workflows', 'quick_actions', 'tasks', 'documents', 'insights', 'knowledge'];

/** The overview cards' ids in the order they are on the page. */
const cardOrder = (page: Page) =>
  page
    .getByTestId('dashboard-cards')
    .locator(':scope > [data-testid^="dashboard-card-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')?.replace('dashboard-card-', '')));

describe('dashboard', () => {
  const email = `owner+${Date.now()}@harbor-view.com`;

  it('shows real cards, keeps a customized layout across reloads and switches to Teach Your AI in place', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // Every page of this walk runs under the Content-Security-Policy without a violation.
    const cspViolations = await watchCspViolations(page);

    // Sign up in the browser.
    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding/);

    // Nothing known yet: the plain welcome and the empty states.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome!', exact: true }).waitFor();
    await page.getByTestId('dashboard-card-kpis').getByText('No integration data available').waitFor();
    await page.getByTestId('dashboard-card-tasks').getByText('No tasks.', { exact: false }).waitFor();
    await page.getByTestId('dashboard-card-documents').getByText('No documents yet.', { exact: false }).waitFor();
    await page.getByTestId('knowledge-completeness').getByText('0% Complete').waitFor();
    await shot(page, SUITE, '01-empty');

    // Real state through the product's API: a business name, facts and a document.
    const token = await signInThroughApi(product.server.url, email, PASSWORD);
    await post('/functions/v1/business-profile', token, {
      action: 'upsert',
      profile: { essential_info: { business_name: BUSINESS } },
    });
    await post('/functions/v1/facts-ingest', token, {
      content: 'Business phone: (555) 010-2030\nSupport email: office@harbor-view.com',
      source: 'chat',
    });
    await ingest(token, 'Pet Policy.txt', 'Dogs under 30 lb are allowed with a $250 deposit. Cats are welcome.');

    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${BUSINESS}!` }).waitFor();
    await page.getByTestId('knowledge-completeness').getByText('20% Complete').waitFor();
    // The two facts taught, plus whatever the profile's business name added.
    await page
      .getByTestId('dashboard-card-knowledge')
      .getByText(/^[2-9] facts learned$/)
      .waitFor();
    await page.getByTestId('dashboard-card-documents').getByText('Pet Policy').waitFor();
    await page.getByTestId('dashboard-card-documents').getByText('Ready').waitFor();
    await page.getByTestId('dashboard-card-suggestions').getByRole('heading', { name: 'Suggestions' }).waitFor();
    expect(await cardOrder(page)).toEqual([...DASHBOARD_CARD_IDS]);
    await shot(page, SUITE, '02-overview');

    // Customize: hide Suggestions, move Recent Documents up to second place.
    await page.getByRole('button', { name: 'Customize dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize dashboard' });
    await dialog.getByLabel('Show Suggestions').uncheck();
    await dialog.getByRole('button', { name: 'Move Recent Documents up' }).click();
    await dialog.getByRole('button', { name: 'Move Recent Documents up' }).click();
    await shot(page, SUITE, '03-customize');
    await dialog.getByRole('button', { name: 'Save layout' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Dashboard layout saved' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await cardOrder(page)).toEqual(AFTER_MOVE);

    // The layout is stored on the server for this user, and survives a reload.
    const stored = await getJson<{ saved: boolean; cards: { id: string; visible: boolean }[] }>(
      product.server.url,
      '/api/v1/dashboard/prefs',
      token,
    );
    expect(stored.body.saved).toBe(true);
    expect(stored.body.cards).toEqual([
      ...AFTER_MOVE.map((id) => ({ id, visible: true })),
      { id: 'suggestions', visible: false },
    ]);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${BUSINESS}!` }).waitFor();
    await page.getByTestId('dashboard-card-documents').getByText('Pet Policy').waitFor();
    expect(await cardOrder(page)).toEqual(AFTER_MOVE);
    expect(await page.getByTestId('dashboard-card-suggestions').count()).toBe(0);
    await shot(page, SUITE, '04-after-reload');

    // Teach Your AI switches in place from the app's one navigation: same page, the Manual Training
    // view with what the AI knows, its heading focused; the link shows as the current page.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await page.getByRole('navigation').count()).toBe(1);
    await nav.getByRole('link', { name: 'Teach Your AI' }).click();
    const teachHeading = page.getByRole('heading', { name: 'Teach Your AI', level: 1 });
    await teachHeading.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await teachHeading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await nav.getByRole('link', { name: 'Teach Your AI' }).getAttribute('aria-current')).toBe('page');
    await page.getByTestId('ai-knowledge').waitFor();
    await page.getByTestId('fact-business_phone').getByText('(555) 010-2030').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await shot(page, SUITE, '05-teach-your-ai');
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome, ${BUSINESS}!` }).waitFor();

    // The old address opens this one dashboard: the KPI strip and the open tasks are its cards.
    await page.goto('/final-dashboard');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${BUSINESS}!` }).waitFor();
    await page.getByTestId('dashboard-card-kpis').getByText('No integration data available').waitFor();
    await page.getByTestId('dashboard-card-tasks').getByText('No tasks.', { exact: false }).waitFor();
    await shot(page, SUITE, '06-dashboard');

    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});

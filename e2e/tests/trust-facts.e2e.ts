import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  completeOnboardingThroughApi,
  getJson,
  signUpThroughApi,
  uploadAndWaitThroughApi,
} from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

/**
 * Issue 30 §1-2 in the browser (decision 035): the facts page with filters and history, a disagreement
 * between a document and the team settled from its task and from the page, and Apply to Live blocked by a
 * resolved task's answer that lost its citation, applied only after the owner confirms. Phone and desktop.
 */
const SUITE = 'trust-facts';
const PASSWORD = 'maple-court-31';

const product = useProduct();
let owner: ApiUser;

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${product.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface LedgerFact {
  id: string;
  key: string;
  value: string;
  status: string;
  conflict: { id: string; task_id: string } | null;
}
interface Task {
  id: string;
  task_type: string;
  status: string;
  answer: string | null;
  fact_id: string | null;
}
const ledger = async () => (await call<{ facts: LedgerFact[] }>('GET', '/api/v1/facts/ledger')).body.facts;
const tasks = async () => (await call<{ tasks: Task[] }>('GET', '/api/v1/tasks')).body.tasks;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function waitForFact(key: string): Promise<LedgerFact> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const fact = (await ledger()).find((f) => f.key === key);
    if (fact) return fact;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`fact ${key} never appeared`);
}

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `facts+${Date.now()}@maple-court.com`, PASSWORD);
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Maple Court Homes manages apartments and townhouses for long-term residents in Columbus.',
  );
  // A handbook states two facts; the team later says otherwise about both.
  await uploadAndWaitThroughApi(
    product.server.url,
    owner.accessToken,
    'house-rules.txt',
    'House rules\n\nSecurity deposit: one month of rent\nGuest parking: two visitor spaces behind building B\n',
  );
  await waitForFact('security_deposit');
  await waitForFact('guest_parking');
  for (const content of ['Security deposit: two months of rent', 'Guest parking: no visitor parking on site']) {
    expect((await call('POST', '/functions/v1/facts-ingest', { content, source: 'chat' })).status).toBe(200);
  }
  // A property fact, and one that expired and needs review.
  await call('POST', '/api/v1/facts/ledger', {
    key: 'Trash day',
    value: 'Trash is collected on Mondays',
    scope_type: 'property',
    scope_id: 'p-17',
    scope_label: 'Maple Court',
  });
  await call('POST', '/api/v1/facts/ledger', {
    key: 'Pool hours',
    value: 'The pool is open from 9 am to 9 pm',
    expires_at: new Date(Date.now() - 86_400_000).toISOString(),
  });
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
}, 120_000);

describe('/facts', () => {
  it('lists facts with source, scope and status, filters them, and shows the history of a key', async () => {
    for (const [width, height, name] of [
      [1366, 900, '1366'],
      [390, 844, '390'],
    ] as const) {
      const { page } = await newPage(product.browser, product.server.url);
      await page.setViewportSize({ width, height });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await signInAt(page, '/facts', owner.email, PASSWORD);
      await page.getByRole('heading', { name: 'Facts', level: 1 }).waitFor();
      const rows = page.getByTestId('fact-row');
      await rows.first().waitFor();
      const deposit = rows.filter({ hasText: 'Security Deposit' });
      expect(await deposit.textContent()).toContain('two months of rent');
      expect(await deposit.textContent()).toContain('Disputed');
      expect(await deposit.getByTestId('conflict-panel').textContent()).toContain('Document "house rules"');
      const pool = rows.filter({ hasText: 'The pool is open' });
      expect(await pool.textContent()).toContain('Needs review');
      expect(await rows.filter({ hasText: 'Trash is collected on Mondays' }).textContent()).toContain(
        'Property: Maple Court',
      );
      await shot(page, SUITE, `01-facts-${name}`);

      await page.getByLabel('Status').selectOption('needs_review');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="fact-row"]').length === 1);
      expect(await rows.first().textContent()).toContain('The pool is open');
      await page.getByLabel('Status').selectOption('');
      await page.getByLabel('Scope').selectOption('property');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="fact-row"]').length === 1);
      expect(await rows.first().textContent()).toContain('Trash is collected on Mondays');
      await page.getByLabel('Scope').selectOption('');
      await page.getByLabel('Source').selectOption('document');
      await page.getByTestId('facts-empty').or(rows.first()).waitFor();
      await shot(page, SUITE, `02-filtered-${name}`);
      await page.getByLabel('Source').selectOption('');

      await deposit.getByRole('button', { name: 'History of Security Deposit' }).click();
      const history = deposit.getByTestId('fact-history');
      await history.waitFor();
      expect(await history.textContent()).toContain('one month of rent');
      expect(await history.textContent()).toContain('two months of rent');
      await shot(page, SUITE, `03-history-${name}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('asks the owner once per disagreement and settles it from the task and from the page', async () => {
    const conflictTasks = (await tasks()).filter((t) => t.task_type === 'fact_conflict');
    expect(conflictTasks).toHaveLength(2);
    const { page } = await newPage(product.browser, product.server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/dashboard', owner.email, PASSWORD);
    // The conflict task on the dashboard, answered there.
    const task = page.getByTestId('task-row').filter({ hasText: 'Settle: two sources disagree on Guest Parking' });
    await task.waitFor();
    expect(await task.textContent()).toContain('"two visitor spaces behind building B"');
    await shot(page, SUITE, '04-conflict-task-390');
    await task.getByRole('button', { name: 'Answer' }).click();
    await task.getByLabel('Your answer').fill('Two visitor spaces behind building B');
    await task.getByRole('button', { name: 'Complete with answer' }).click();
    await toast(page, 'Answer saved').waitFor();
    const parking = (await ledger()).find((f) => f.key === 'guest_parking');
    expect(parking).toMatchObject({ value: 'Two visitor spaces behind building B', status: 'active', conflict: null });

    // The other one settled on the facts page by keeping the document's value.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/facts');
    const deposit = page.getByTestId('fact-row').filter({ hasText: 'Security Deposit' });
    const panel = deposit.getByTestId('conflict-panel');
    await panel.waitFor();
    await shot(page, SUITE, '05-conflict-panel-1366');
    await panel
      .getByRole('listitem')
      .filter({ hasText: 'one month of rent' })
      .getByRole('button', { name: 'Keep this' })
      .click();
    await toast(page, 'settled').waitFor();
    await panel.waitFor({ state: 'detached' });
    expect(await deposit.textContent()).toContain('Active');
    expect(await deposit.textContent()).toContain('one month of rent');
    await shot(page, SUITE, '06-settled-1366');
    const done = (await tasks()).filter((t) => t.task_type === 'fact_conflict');
    expect(done.map((t) => t.status)).toEqual(['completed', 'completed']);
    await page.context().close();
  });
});

describe('Apply to Live behind the regression set', () => {
  it('blocks an apply whose resolved-task answer lost its citation until the owner confirms', async () => {
    // A question nobody answered becomes a task; the owner's answer becomes a regression question.
    const asked = await call<{ task: { id: string } | null }>('POST', '/functions/v1/chat-with-context', {
      messages: [{ role: 'user', content: 'Can I install a satellite dish on my balcony?' }],
    });
    expect(asked.body.task).not.toBeNull();
    const answer = 'Satellite dishes may only be mounted inside the balcony railing.';
    const done = await call<{ task: Task }>('PATCH', `/api/v1/tasks/${asked.body.task?.id}`, {
      status: 'completed',
      answer,
    });
    const factId = done.body.task.fact_id;
    const set = await getJson<{ questions: { question: string }[] }>(
      product.server.url,
      '/api/v1/assistants/regression-set',
      owner.accessToken,
    );
    expect(set.body.questions.map((q) => q.question)).toContain('Can I install a satellite dish on my balcony?');
    // The taught fact expires: the assistant no longer uses it.
    await call('PATCH', `/api/v1/facts/ledger/${factId}`, { expires_at: new Date(Date.now() - 60_000).toISOString() });

    for (const [width, height, name] of [
      [390, 844, '390'],
      [1366, 900, '1366'],
    ] as const) {
      const { page } = await newPage(product.browser, product.server.url);
      await page.setViewportSize({ width, height });
      await signInAt(page, '/test-assistant', owner.email, PASSWORD);
      await page.getByText('TEST ENVIRONMENT').waitFor();
      await page.getByLabel('Test system prompt').fill(`Answer residents briefly (${name}).`);
      await page.getByRole('button', { name: 'Apply to Live Assistant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Apply to Live Assistant?' });
      const check = dialog.getByTestId('apply-check');
      await check.waitFor({ timeout: 60_000 });
      expect(await check.textContent()).toContain('lost a citation or changed facts');
      const item = check.getByTestId('apply-check-item').filter({ hasText: 'satellite dish' });
      expect(await item.textContent()).toContain('lost a citation');
      expect(await item.textContent()).toContain(answer);
      const apply = dialog.getByRole('button', { name: 'Apply to Live', exact: true });
      expect(await apply.isDisabled()).toBe(true);
      await shot(page, SUITE, `07-apply-blocked-${name}`);
      if (name === '1366') {
        await dialog.getByLabel('I have reviewed the changes and want to apply anyway').check();
        expect(await apply.isDisabled()).toBe(false);
        await apply.click();
        await toast(page, 'Changes applied to live assistant').waitFor();
        const after = await getJson<{ assistants: { system_prompt: string; is_test_version: boolean }[] }>(
          product.server.url,
          '/api/v1/assistants',
          owner.accessToken,
        );
        expect(after.body.assistants.find((a) => !a.is_test_version)?.system_prompt).toBe(
          'Answer residents briefly (1366).',
        );
        await shot(page, SUITE, '08-applied-after-confirm-1366');
      } else {
        // Nothing applied while blocked.
        const live = await getJson<{ assistants: { system_prompt: string; is_test_version: boolean }[] }>(
          product.server.url,
          '/api/v1/assistants',
          owner.accessToken,
        );
        expect(live.body.assistants.find((a) => !a.is_test_version)?.system_prompt).not.toContain('(390)');
      }
      await page.context().close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  completeOnboardingThroughApi,
  getJson,
  signUpThroughApi,
  uploadAndWaitThroughApi,
} from '../support/api';
import { newPage, SCREENSHOT_DIR, sendChatMessage, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

/**
 * Issue 25 in the browser: a hard-wrapped handbook is uploaded, paraphrased questions are asked, and the
 * answers quote whole sentences (no cut at a line break) with a citation and open no task.
 */
const SUITE = 'answers';
const PASSWORD = 'birch-commons-77';
const HANDBOOK = readFileSync(
  new URL('../../server/src/features/chat/fixtures/birchwood-handbook.md', import.meta.url),
  'utf8',
);

const product = useProduct();
let owner: ApiUser;

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `answers+${Date.now()}@birchwood.com`, PASSWORD);
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Birchwood Commons rents apartments to long-term residents in Springfield.',
  );
  await uploadAndWaitThroughApi(
    product.server.url,
    owner.accessToken,
    'birchwood-handbook.md',
    HANDBOOK,
    'text/markdown',
  );
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

describe('answers from a hard-wrapped handbook', () => {
  it('quotes whole sentences with a citation and creates no task, on a phone', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/chat', owner.email, PASSWORD);
    const answers = page.getByTestId('message-assistant');

    await sendChatMessage(page, 'When does the pool close?');
    await answers.first().getByTestId('message-sources').waitFor();
    const pool = (await answers.first().textContent()) ?? '';
    // "pm" is on the next line of the file: the quote keeps it.
    expect(pool).toContain('The pool is open daily from 10:00 am to 8:00 pm, Memorial Day through Labor Day.');
    expect(pool).not.toContain('created a task');

    await sendChatMessage(page, 'Can I pay my rent with cash?');
    await answers.nth(1).getByTestId('message-sources').waitFor();
    const cash = (await answers.nth(1).textContent()) ?? '';
    expect(cash).toContain('We do not accept cash under any circumstances.');
    expect(cash).not.toContain('created a task');
    await shot(page, SUITE, '01-whole-sentences-390');

    const tasks = await getJson<{ tasks: unknown[] }>(product.server.url, '/api/v1/tasks', owner.accessToken);
    expect(tasks.body.tasks).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

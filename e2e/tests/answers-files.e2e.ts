import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../server/src/features/knowledge/test-files';
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
 * Issue 25 in the browser, with the files owners really upload: a PDF whose lines break mid-sentence
 * (and one sentence across a page break) and a Word document. Paraphrased questions are answered with
 * whole sentences and a citation, and no task; the website widget answers a visitor from the public PDF
 * without a citation marker or file name.
 */
const SUITE = 'answers-files';
const PASSWORD = 'harbor-storage-31';

const product = useProduct();
let owner: ApiUser;
let site: Server;
let sitePage = '';

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${product.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(sitePage);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  owner = await signUpThroughApi(product.server.url, `files+${Date.now()}@harbor-storage.com`, PASSWORD);
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Harbor Storage rents self-storage units and guest cottages in Millbrook.',
  );
  // Printed lines break mid-sentence; "We do not" ends page 1 and "accept cash…" starts page 2.
  const pdf = await makePdf(
    [
      [
        'Harbor Storage Rules',
        'The gate opens every day from 6:00 a.m. to 10:00',
        'p.m., including holidays. Tenants may not store gasoline,',
        'propane tanks or paint thinner in any unit. We do not',
      ],
      ['accept cash at the office; pay online or by card.', 'A lost gate card is replaced at the office for $15.'],
    ],
    { title: 'Harbor Storage Rules' },
  );
  const docx = makeDocx([
    { heading: 1, text: 'Harbor Cottages Guest Guide' },
    { heading: 2, text: 'Quiet Hours' },
    { text: 'Quiet hours run from 10:00 p.m. to 7:00 a.m. every night, and the hot tub closes at 10:00 p.m.' },
    { heading: 2, text: 'Pets' },
    { text: 'Dogs under 40 pounds are welcome for a fee of $60 per stay.' },
  ]);
  const rules = await uploadAndWaitThroughApi(
    product.server.url,
    owner.accessToken,
    'rules_v3_FINAL.pdf',
    pdf,
    'application/pdf',
  );
  await uploadAndWaitThroughApi(
    product.server.url,
    owner.accessToken,
    'guest guide.docx',
    docx,
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  await call('PUT', `/api/v1/documents/${rules}/public`, owner.accessToken, { id: rules, public: true });
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

describe('answers from an uploaded PDF and Word document', () => {
  it('quotes whole sentences across line and page breaks, cites the document and opens no task', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/chat', owner.email, PASSWORD);
    const answers = page.getByTestId('message-assistant');

    await sendChatMessage(page, 'Am I allowed to keep propane in my storage unit?');
    await answers.first().getByTestId('message-sources').waitFor();
    const propane = (await answers.first().textContent()) ?? '';
    expect(propane).toContain('Tenants may not store gasoline, propane tanks or paint thinner in any unit.');
    expect(propane).toContain('Harbor Storage Rules');
    expect(propane).not.toContain('created a task');

    await sendChatMessage(page, 'Can I pay with cash?');
    await answers.nth(1).getByTestId('message-sources').waitFor();
    const cash = (await answers.nth(1).textContent()) ?? '';
    // The page break fell inside this sentence: the quote keeps "We do not".
    expect(cash).toContain('We do not accept cash at the office; pay online or by card.');
    expect(cash).not.toContain('created a task');

    await page.setViewportSize({ width: 390, height: 844 });
    await sendChatMessage(page, 'Until what time do we need to keep it quiet at night?');
    await answers.nth(2).getByTestId('message-sources').waitFor();
    const quiet = (await answers.nth(2).textContent()) ?? '';
    expect(quiet).toContain(
      'Quiet hours run from 10:00 p.m. to 7:00 a.m. every night, and the hot tub closes at 10:00 p.m.',
    );
    expect(quiet).toContain('Harbor Cottages Guest Guide');
    // A complete question ("keep it quiet": no "it" pointing back) is searched as asked.
    expect(quiet).not.toContain('completed from the earlier messages');
    expect(quiet).not.toContain('created a task');
    await shot(page, SUITE, '01-pdf-and-docx-answers-390');

    const tasks = await getJson<{ tasks: unknown[] }>(product.server.url, '/api/v1/tasks', owner.accessToken);
    expect(tasks.body.tasks).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a website visitor from the public PDF with no citation marker or file name', async () => {
    const widget = await call<{ public_id: string }>('GET', '/api/v1/widget', owner.accessToken);
    sitePage = `<!doctype html><html><head><title>Harbor Storage</title></head><body><h1>Harbor Storage</h1>
      <script src="${product.server.url}/widget.js" data-workspace="${widget.public_id}"></script></body></html>`;
    const visitor = await product.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await page.getByLabel('Your question').fill('What does it cost to replace a lost gate card?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('A lost gate card is replaced at the office for $15.', { exact: false }).waitFor();
    const text = await page.locator('[data-helixis-widget]').evaluate((el) => el.shadowRoot?.textContent ?? '');
    for (const internal of ['[Doc:', '[Fact:', '.pdf', 'rules_v3', 'According to your documents']) {
      expect(text).not.toContain(internal);
    }
    await shot(page, SUITE, '02-widget-390');
    await visitor.close();
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_BUILDIUM_CLIENT_ID,
  FAKE_BUILDIUM_SECRET,
  FakeBuildium,
} from '../../server/src/property-systems/buildium/fake';
import { getJson, signInThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'final-dashboard';
const PASSWORD = 'harbor-view-42';
const fake = new FakeBuildium({ seed: 19, units: 220, associations: 2 });

/**
 * A second local site on its own port: the calendar feed the workspace imports (its event count is
 * changed by the test) and the owner's own web page that embeds the chat widget snippet.
 */
let site: Server;
let siteUrl = '';
let calendarEvents = 2;
let ownerPage = '<!doctype html><title>empty</title>';

function calendar(count: number): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const events = Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.now() + (i + 1) * 86_400_000);
    return [
      'BEGIN:VEVENT',
      `UID:viewing-${i}@harbor.test`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 1_800_000))}`,
      `SUMMARY:Viewing ${i + 1}, 40 Harbor Road`,
      'END:VEVENT',
    ].join('\r\n');
  });
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//harbor//e2e//EN',
    'X-WR-CALNAME:Viewings',
    ...events,
    'END:VCALENDAR',
  ].join('\r\n');
}

const product = useProduct({
  env: async () => {
    await fake.start();
    site = createServer((req, res) => {
      if (req.url?.startsWith('/viewings.ics')) {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.end(calendar(calendarEvents));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(ownerPage);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const port = (site.address() as AddressInfo).port;
    siteUrl = `http://127.0.0.1:${port}`;
    return { HELIXIS_TRUSTED_UPSTREAMS: `${fake.hostPort},127.0.0.1:${port}` };
  },
});

beforeAll(() => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await fake.stop();
  await new Promise((r) => site?.close(r));
});

async function call<T = unknown>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${product.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Uploads a text document through the ingest endpoint and waits until it is indexed. */
async function ingest(token: string, title: string, text: string): Promise<string> {
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
    if (doc.body.status === 'READY') return document_id;
    if (doc.body.status !== 'PENDING' || Date.now() > deadline) throw new Error(`ingest ended ${doc.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until every background job of the workspace (KPI read, facts, ingest) has finished. */
async function settle(token: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const jobs = await getJson<{ jobs: { state: string }[] }>(product.server.url, '/api/v1/jobs', token);
    if (jobs.body.jobs.every((j) => j.state === 'completed' || j.state === 'failed')) return;
    if (Date.now() > deadline) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const counter = async (page: Page, id: string) => Number((await page.getByTestId(id).textContent())?.replace(/,/g, ''));

describe('final dashboard with a connected Buildium and documents', () => {
  const email = `owner+${Date.now()}@harbor-road.com`;

  it('shows real overview numbers, learns real items in Integration Mode, and the widget answers on another site', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await page.goto('/signin?mode=signup');
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding/);

    // A new workspace: nothing connected, nothing learned. The old address opens the one dashboard.
    await page.goto('/final-dashboard');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('setup-percent').getByText('0% Complete').waitFor();
    await page.getByTestId('setup-integrations').getByText('Pending').waitFor();
    await page.getByTestId('dashboard-card-workflows').getByText('No automations yet.', { exact: false }).waitFor();
    // No essential business info yet: Continue Setup starts onboarding afresh.
    await page.getByRole('button', { name: 'Continue Setup' }).click();
    await page.waitForURL(/\/onboarding\?fresh=1/);
    expect(await page.evaluate(() => localStorage.getItem('force_fresh_onboarding'))).toBe('true');
    await page.evaluate(() => localStorage.removeItem('force_fresh_onboarding'));

    // Nothing to learn from yet: Start Learning says so with the spec's toast. The redirect keeps the view.
    await page.goto('/final-dashboard?view=teach&mode=integration');
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '?view=teach&mode=integration');
    await page.getByTestId('counter-connected').getByText('0', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start Learning' }).click();
    await toast(page, 'No sources enabled');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Please enable at least one connected source to start learning.' })
      .first()
      .waitFor();

    // Configure Integration (offered on this local host): the spec's validation and success texts.
    await page.getByRole('button', { name: 'Configure Integration' }).click();
    const configure = page.getByRole('dialog', { name: 'Configure Integration' });
    await configure.getByLabel('Helixis API URL').fill('not a url');
    await configure.getByRole('button', { name: 'Save' }).click();
    await configure.getByText('Please enter a valid Helixis API URL').waitFor();
    await configure.getByLabel('Helixis API URL').fill('https://api.harbor-road.example');
    await configure.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Configuration saved successfully!');
    await configure.waitFor({ state: 'detached' });
    await page.goto('/dashboard');
    await page.getByTestId('setup-percent').waitFor();

    // Real state through the product's API: Buildium (the fake), documents, a calendar feed, an automation.
    const token = await signInThroughApi(product.server.url, email, PASSWORD);
    const connected = await call<{ ok: boolean }>('POST', '/functions/v1/buildium-connect', token, {
      clientId: FAKE_BUILDIUM_CLIENT_ID,
      secret: FAKE_BUILDIUM_SECRET,
      baseUrl: fake.url,
    });
    expect(connected.ok).toBe(true);
    const hours = await ingest(
      token,
      'Office Hours.txt',
      'Office hours: the Harbor Road leasing office is open Monday to Friday from 9 am to 5 pm.\nBusiness Phone: 555-0142',
    );
    await ingest(token, 'Owner Notes.txt', 'Owner notes: the storage room key code is 7781. Do not share it.');
    calendarEvents = 2;
    await call('POST', '/functions/v1/ingest-ics', token, { icsUrl: `${siteUrl}/viewings.ics` });
    await call('POST', '/api/v1/automations', token, { kind: 'email_inbox', name: 'Tenant inbox triage' });
    await settle(token);
    // Only what the owner marks public on /documents may be used by the website widget.
    await page.goto('/documents');
    const publicSwitch = page.getByRole('switch', { name: 'Public: Office Hours' });
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('false');
    await publicSwitch.click();
    await toast(page, 'Document is public');
    await page.locator('[role="switch"][aria-label="Public: Office Hours"][aria-checked="true"]').waitFor();
    expect(await page.getByRole('switch', { name: 'Public: Owner Notes' }).getAttribute('aria-checked')).toBe('false');
    const marked = await getJson<{ public: boolean }>(product.server.url, `/api/v1/documents/${hours}`, token);
    expect(marked.body.public).toBe(true);
    await page.goto('/dashboard');

    // The cards show what the server computes from those rows.
    const overview = await call<{
      setup: { percent: number; knowledge_percent: number; documents_ready: number };
    }>('POST', '/functions/v1/dashboard-overview', token, {});
    const facts = await getJson<{ completeness: number }>(product.server.url, '/api/v1/facts/profile', token);
    expect(overview.setup.knowledge_percent).toBe(facts.body.completeness);
    expect(overview.setup.documents_ready).toBe(
      (
        await getJson<{ documents: { status: string }[] }>(product.server.url, '/api/v1/documents', token)
      ).body.documents.filter((d) => d.status === 'READY').length,
    );
    await page.reload();
    await page.getByTestId('setup-percent').getByText(`${overview.setup.percent}% Complete`).waitFor();
    expect(overview.setup.percent).toBeGreaterThan(0);
    await page.getByTestId('setup-knowledge').getByText(`${overview.setup.knowledge_percent}%`).waitFor();
    await page.getByTestId('setup-integrations').getByText('Buildium, Calendar').waitFor();
    await page.getByTestId('workflows-summary').waitFor();
    await page.getByTestId('dashboard-card-workflows').getByText('Tenant inbox triage').waitFor();

    // Weekly insights: Refresh runs the job; the counts are the rows created above.
    const docs = await getJson<{ documents: unknown[] }>(product.server.url, '/api/v1/documents', token);
    await page.getByTestId('dashboard-card-insights').getByRole('button', { name: 'Refresh' }).click();
    await toast(page, 'Insights updated');
    await page
      .getByTestId('insight-documents_added')
      .getByText(String(docs.body.documents.length), { exact: true })
      .waitFor();
    await page.getByTestId('dashboard-card-insights').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('dashboard-card-insights').scrollIntoViewIfNeeded();
    await shot(page, SUITE, '01-overview');

    // Teach Your AI (the app's one navigation) → Integration Mode: real sources and counters.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teach Your AI' }).click();
    await page.getByRole('tab', { name: 'Integration Mode' }).click();
    await page.getByTestId('data-source-crm:buildium').getByText('connected').waitFor();
    await page
      .getByTestId('data-source-calendar')
      .getByTestId('source-items')
      .getByText('2', { exact: true })
      .waitFor();
    const connectedSources = await counter(page, 'counter-connected');
    expect(connectedSources).toBe(3); // Buildium, calendar, documents
    const itemsBefore = await counter(page, 'counter-items');
    await shot(page, SUITE, '02-integration-mode');

    // The switch is saved: documents off → Learning From drops by one, and stays off after a reload.
    const learningFrom = await counter(page, 'counter-learning-from');
    await page.getByRole('switch', { name: 'Learn from Documents' }).click();
    await toast(page, 'Learning preference updated');
    await page
      .getByTestId('counter-learning-from')
      .getByText(String(learningFrom - 1), { exact: true })
      .waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Learn from Documents' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Learn from Documents' }).getAttribute('aria-checked')).toBe('false');

    // The calendar feed grows by three viewings; Start Learning re-imports it and the counter moves by exactly that.
    calendarEvents = 5;
    await page.getByRole('button', { name: 'Start Learning' }).click();
    await toast(page, 'Learning session started');
    await toast(page, 'Learning complete');
    await page
      .getByTestId('data-source-calendar')
      .getByTestId('source-items')
      .getByText('5', { exact: true })
      .waitFor();
    await page
      .getByTestId('counter-items')
      .getByText(String(itemsBefore + 3), { exact: true })
      .waitFor();
    await page.getByTestId('learning-insights').getByText('1 completed', { exact: false }).waitFor();
    await shot(page, SUITE, '03-learning-complete');

    // Deploy New Chatbot: the snippet for the owner's own site.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('button', { name: 'Deploy New Chatbot' }).click();
    const snippet = (await page.getByTestId('widget-snippet').textContent()) ?? '';
    expect(snippet).toMatch(
      /^<script src="http:\/\/127\.0\.0\.1:\d+\/widget\.js" data-workspace="hxw_[\w-]+"><\/script>$/,
    );
    await page.getByTestId('widget-public-docs').getByText('1 public document', { exact: false }).waitFor();
    await shot(page, SUITE, '04-deploy-chatbot');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);

    // A plain page on another port with the snippet: the widget answers from the public document only.
    ownerPage = `<!doctype html><html><head><title>Harbor Road Rentals</title></head><body>
      <h1>Harbor Road Rentals</h1><p>Apartments by the water.</p>${snippet}</body></html>`;
    const visitor = await product.browser.newContext();
    const site = await visitor.newPage();
    await site.goto(`${siteUrl}/`);
    await site.getByRole('button', { name: 'Chat with us' }).click();
    await site.getByLabel('Your question').fill('When is the leasing office open?');
    await site.getByRole('button', { name: 'Send' }).click();
    await site.getByText('Monday to Friday', { exact: false }).waitFor();
    // The visitor sees the document's title, not its file name.
    await site.getByText('Sources: Office Hours', { exact: true }).waitFor();
    await site.getByLabel('Your question').fill('What is the storage room key code?');
    await site.getByRole('button', { name: 'Send' }).click();
    await site
      .locator('[data-helixis-widget]')
      .getByText("I don't have that information yet — I've passed your question to our team.")
      .waitFor();
    const widgetText = await site.locator('[data-helixis-widget]').evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(widgetText).toContain('Monday to Friday');
    expect(widgetText).not.toContain('7781');
    // Nothing internal reaches the visitor: no citation markers, file names or assistant wording.
    for (const internal of ['[Doc:', '[Fact:', '.txt', 'According to your documents', 'workspace']) {
      expect(widgetText).not.toContain(internal);
    }
    await shot(site, SUITE, '05-widget-on-owner-site');
    await visitor.close();
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../server/src/integrations/google/fake';
import { FakeTwilio } from '../../server/src/integrations/twilio/fake';
import { type ApiUser, getJson, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';
import { freePort } from '../support/server';

const SUITE = 'automations';
const PASSWORD = 'cedar-lane-58';
let owner: ApiUser;
let google: FakeGoogle;
let twilio: FakeTwilio;

/** Gives the workspace something to answer from, through the product's own upload API. */
async function ingest(text: string, filename: string, user: ApiUser = owner): Promise<void> {
  await getJson(product.server.url, '/api/v1/me', user.accessToken);
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/markdown' }), filename);
  const res = await fetch(`${product.server.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}` },
    body: form,
  });
  const body = (await res.json()) as { document_id: string };
  if (res.status !== 202) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const doc = await getJson<{ status: string }>(
      product.server.url,
      `/api/v1/documents/${body.document_id}`,
      user.accessToken,
    );
    if (doc.body.status !== 'PENDING') return;
    if (Date.now() > deadline) throw new Error('document still pending');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const product = useProduct({
  env: async () => {
    // The public URL is the OAuth redirect base, so the port is chosen before start.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    google = new FakeGoogle({ redirectUris: [`${publicUrl}/oauth/gmail/callback`], email: 'frontdesk@gmail.example' });
    twilio = new FakeTwilio();
    await google.start();
    await twilio.start();
    return { PORT: String(port), HELIXIS_PUBLIC_URL: publicUrl, ...google.env(), ...twilio.env() };
  },
});

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `automations+${Date.now()}@cedar-lane.com`, PASSWORD);
  await ingest(
    '# Rent and fees\n\nMonthly rent for a two-bedroom apartment is $1,850. The security deposit is one month of rent.',
    'pricing.md',
  );
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await google?.stop();
  await twilio?.stop();
});

describe('Automations page', () => {
  it('creates automations, switches them, runs a real test and shows the run log', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await signInAt(page, '/automations', owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Automations' }).waitFor();
    await page.getByText('No automations yet.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/final-dashboard');
    await shot(page, SUITE, '01-empty');

    // Add Automation dialog: four tiles, name, tip, Create.
    await page.getByRole('button', { name: 'Add automation' }).click();
    const dialog = page.getByRole('dialog');
    for (const tile of ['Email Inbox', 'SMS Messages', 'Call Follow-up', 'Smart Rescheduler']) {
      await dialog.getByText(tile, { exact: true }).waitFor();
    }
    await dialog.getByText('Open Settings to configure routing & approvals').waitFor();
    // The name starts as a real value (no placeholder that looks filled in); emptied, Create says so.
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Email Inbox assistant');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Please give the automation a name.').waitFor();
    await dialog.getByLabel('Name').fill('Leasing inbox');
    await shot(page, SUITE, '02-add-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add automation' }).click();
    await page.getByRole('dialog').getByText('SMS Messages', { exact: true }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Tenant texts');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const rows = page.getByTestId('automation-row');
    await rows.nth(1).waitFor();
    const inbox = rows.filter({ hasText: 'Leasing inbox' });
    const texts = rows.filter({ hasText: 'Tenant texts' });
    expect(await inbox.getByTestId('automation-status').textContent()).toBe('Needs connect');
    expect(await texts.getByTestId('automation-status').textContent()).toBe('Paused');
    expect(await inbox.getByTestId('automation-stats').textContent()).toBe('Today 0 · 7d 0');

    // Switching on: no mailbox connected, so the inbox honestly stays 'Needs connect'; SMS becomes Connected.
    await inbox.getByRole('switch').click();
    await texts.getByRole('switch').click();
    await texts.getByText('Connected', { exact: true }).waitFor();
    expect(await inbox.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(await inbox.getByTestId('automation-status').textContent()).toBe('Needs connect');
    await shot(page, SUITE, '03-list');

    // The drawer: quick connect, note, quick test on real knowledge, run log.
    await inbox.getByRole('button', { name: 'Test' }).click();
    const drawer = page.getByRole('dialog');
    // This server has a Google OAuth client but no Microsoft one: Connect Gmail works; Connect MS365 is
    // off and says why (no red toast later).
    expect(await drawer.getByRole('link', { name: 'Connect Gmail' }).getAttribute('href')).toContain(
      '/oauth/gmail/start',
    );
    const ms365 = drawer.getByRole('button', { name: 'Connect MS365' });
    await ms365.waitFor();
    expect(await ms365.isDisabled()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Connect MS365' }).count()).toBe(0);
    const reasons = await drawer.getByTestId('oauth-not-configured').allTextContents();
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain('HELIXIS_MS_CLIENT_ID');
    await drawer.getByText('No logs yet').waitFor();
    await drawer
      .getByRole('textbox', { name: 'Quick test' })
      .fill('Hi! How much is the rent for a two-bedroom apartment?');
    await drawer.getByRole('button', { name: 'Run test' }).click();
    const result = drawer.getByTestId('test-result');
    // The intent reads as words, not as its identifier.
    await result.getByText('Pricing question', { exact: true }).waitFor();
    await result.getByText('$1,850', { exact: false }).first().waitFor();
    await result.getByText('[Doc:Rent and fees#0]', { exact: false }).first().waitFor();
    await drawer.getByTestId('run-log').getByText('classified as pricing_question', { exact: false }).waitFor();
    await shot(page, SUITE, '04-drawer-test');

    // Pausing is not in the danger zone (only Delete is); the list shows the run in its stats.
    expect(
      await drawer.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: 'Disable' }).count(),
    ).toBe(0);
    await drawer.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Disable' }).click();
    await drawer.getByRole('button', { name: 'Enable' }).waitFor();
    await page.keyboard.press('Escape');
    await inbox.getByText('Paused', { exact: true }).waitFor();
    await inbox.getByText('Today 1 · 7d 1').waitFor();
    await shot(page, SUITE, '05-after-run');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('connects Gmail and Twilio, then approves an edited draft that goes out through the Gmail API', async () => {
    const manager = await signUpThroughApi(product.server.url, `frontdesk+${Date.now()}@cedar-lane.com`, PASSWORD);
    await ingest(
      '# Pets\n\nCats and small dogs are welcome with a one-time pet deposit of $300 per animal.',
      'pets.md',
      manager,
    );
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAt(page, '/automations', manager.email, PASSWORD);

    // An e-mail automation, connected to Gmail through the OAuth screens, then switched on.
    await page.getByRole('button', { name: 'Add automation' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Front desk inbox');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const inbox = page.getByTestId('automation-row').filter({ hasText: 'Front desk inbox' });
    await inbox.getByRole('button', { name: 'Test' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Connect Gmail' }).click();
    await page.waitForURL((url) => url.pathname === '/automations', { timeout: 20_000 });
    await inbox.getByText('Gmail ✓').waitFor({ timeout: 20_000 });
    await inbox.getByRole('switch').click();
    await inbox.getByText('Connected', { exact: true }).waitFor();

    // An SMS automation: the Twilio credentials form checks them with Twilio before saving.
    await page.getByRole('button', { name: 'Add automation' }).click();
    await page.getByRole('dialog').getByText('SMS Messages', { exact: true }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Tenant texts');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const texts = page.getByTestId('automation-row').filter({ hasText: 'Tenant texts' });
    await texts.getByRole('button', { name: 'Test' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Connect Twilio' }).click();
    const account = twilio.createAccount();
    const twilioForm = drawer.getByRole('form', { name: 'Connect Twilio' });
    await twilioForm.getByLabel('Account SID').fill('AC123');
    await twilioForm.getByRole('button', { name: 'Verify & connect' }).click();
    await twilioForm.getByText('An Account SID starts with AC').waitFor();
    await twilioForm.getByLabel('Account SID').fill(account.accountSid);
    await twilioForm.getByLabel('Auth Token').fill(account.authToken);
    await twilioForm.getByLabel('Twilio phone number').fill('+15550001111');
    await twilioForm.getByRole('button', { name: 'Verify & connect' }).click();
    await drawer.getByTestId('twilio-connected').getByText('/webhooks/twilio/', { exact: false }).first().waitFor();
    await drawer.getByRole('button', { name: 'Twilio connected' }).waitFor();
    await shot(page, SUITE, '06-twilio-connected');
    await drawer.getByText('Routing & approvals').click();
    const editor = drawer.getByRole('form', { name: 'Routing and approvals' });
    await editor.getByText('Send “Pricing question” replies without approval').scrollIntoViewIfNeeded();
    await shot(page, SUITE, '07-config-editor');
    await page.keyboard.press('Escape');
    await texts.getByText('Twilio ✓').waitFor();

    // A tenant writes; the mailbox is read and the reply waits in the Approvals view.
    google.messages.push({
      id: 'gm-e2e-1',
      from: 'Tenant Tom <tom@example.com>',
      subject: 'Dog in 4B',
      text: 'Hello, are small dogs allowed, and is there a pet deposit?',
      date: new Date(),
    });
    const intake = await fetch(`${product.server.url}/functions/v1/email-intake`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(intake.status).toBe(200);
    await page.getByRole('tab', { name: /Approvals/ }).click();
    const draft = page.getByTestId('approval-draft').first();
    await draft.waitFor({ timeout: 30_000 });
    // The owner sees the sources beside the draft; the resident's message carries none of them.
    await draft
      .getByLabel('Citations')
      .getByText('Cats and small dogs are welcome', { exact: false })
      .first()
      .waitFor();
    const message = (await draft.locator('pre').textContent()) ?? '';
    expect(message.startsWith('Hi Tom,')).toBe(true);
    expect(message).toContain('$300');
    expect(message).not.toContain('[Doc:');
    expect(message).not.toContain('pets.md');
    // One sentence answers both questions: it is said once.
    expect(message.split('Cats and small dogs are welcome')).toHaveLength(2);
    await draft.getByText('Reply to', { exact: false }).getByText('tom@example.com').waitFor();
    expect(google.sent).toHaveLength(0);
    await shot(page, SUITE, '08-approvals');

    await draft.getByRole('button', { name: 'Edit' }).click();
    const edited = 'Hi Tom, yes: small dogs are welcome with a $300 pet deposit.';
    await draft.getByLabel('Message').fill(edited);
    await draft.getByRole('button', { name: 'Approve edited reply' }).click();
    await page.getByText('Sent to tom@example.com').waitFor();
    await page.getByTestId('decided-drafts').getByText('Sent', { exact: true }).waitFor();
    expect(google.sent).toHaveLength(1);
    expect(google.sent[0]).toMatchObject({ to: 'tom@example.com', subject: 'Re: Dog in 4B', text: edited });
    await shot(page, SUITE, '09-approved');

    await page.getByRole('tab', { name: 'Automations' }).click();
    await inbox.getByText('Today 2 · 7d 2').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

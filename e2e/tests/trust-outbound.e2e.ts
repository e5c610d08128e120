import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTwilio } from '../../server/src/integrations/twilio/fake';
import {
  FAKE_BUILDIUM_CLIENT_ID,
  FAKE_BUILDIUM_SECRET,
  FakeBuildium,
} from '../../server/src/property-systems/buildium/fake';
import { type ApiUser, getJson, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';
import { freePort } from '../support/server';

/**
 * Issue 30 parts 3 and 4 in the browser: a draft flagged by the outbound-compliance check shows its
 * reason on the Approvals page and needs an acknowledgement to send; a KPI tile opens the records
 * its figure was computed from. Screenshots at 390 and 1366 wide.
 */

const SUITE = 'trust-outbound';
const PASSWORD = 'maple-court-77';
const SIZES = [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
] as const;
let twilio: FakeTwilio;
let buildium: FakeBuildium;
let publicUrl: string;

async function call<T>(user: ApiUser, method: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${product.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

const product = useProduct({
  env: async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    twilio = new FakeTwilio();
    buildium = new FakeBuildium({ seed: 5, units: 60, bills: 30, associations: 1 });
    await twilio.start();
    await buildium.start();
    return {
      PORT: String(port),
      HELIXIS_PUBLIC_URL: publicUrl,
      HELIXIS_TRUSTED_UPSTREAMS: buildium.hostPort,
      ...twilio.env(),
    };
  },
});

beforeAll(() => {
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await twilio?.stop();
  await buildium?.stop();
});

describe('outbound compliance on the Approvals page', () => {
  it('shows a flagged draft with its reason and sends it only after the acknowledgement', async () => {
    const owner = await signUpThroughApi(product.server.url, `trust+${Date.now()}@maple-court.com`, PASSWORD);
    const me = await getJson<{ workspace: { id: string } }>(product.server.url, '/api/v1/me', owner.accessToken);
    const workspaceId = me.body.workspace.id;
    // A missed-call follow-up whose opening the owner wrote with steering wording.
    const account = twilio.createAccount();
    await call(owner, 'POST', '/api/v1/automations/twilio', {
      account_sid: account.accountSid,
      auth_token: account.authToken,
      from_number: '+15550001111',
    });
    const created = await call<{ automation: { id: string; config: Record<string, unknown> } }>(
      owner,
      'POST',
      '/api/v1/automations',
      { kind: 'call_followup', name: 'Missed calls' },
    );
    const automation = created.automation;
    await call(owner, 'PATCH', `/api/v1/automations/${automation.id}`, {
      id: automation.id,
      config: {
        ...automation.config,
        templates: { missed_call: 'Thanks for calling Maple Court! Our quiet studios are perfect for a young couple.' },
      },
    });
    await call(owner, 'POST', `/api/v1/automations/${automation.id}/toggle`, { enabled: true });
    const params = {
      AccountSid: account.accountSid,
      CallSid: `CA${'7'.repeat(32)}`,
      From: '+15559990000',
      To: '+15550001111',
      CallStatus: 'no-answer',
    };
    const signed = twilio.signWebhook(account.authToken, `${publicUrl}/webhooks/twilio/${workspaceId}/voice`, params);
    const hook = await fetch(`${product.server.url}/webhooks/twilio/${workspaceId}/voice`, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    });
    expect(hook.status).toBe(200);

    for (const size of SIZES) {
      const { context, page } = await newPage(product.browser, product.server.url);
      await page.setViewportSize({ width: size.width, height: size.height });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await signInAt(page, '/automations', owner.email, PASSWORD);
      await page.getByRole('tab', { name: /Approvals/ }).click();
      const draft = page.getByTestId('approval-draft').first();
      await draft.waitFor({ timeout: 30_000 });
      const findings = draft.getByTestId('compliance-findings');
      await findings.getByText('1 compliance finding', { exact: false }).waitFor();
      await findings.getByText('Familial status', { exact: true }).waitFor();
      await findings.getByText('perfect for a young couple', { exact: false }).first().waitFor();
      await findings.getByText('Describe the home, not the people.', { exact: false }).waitFor();
      // Approve stays off until the findings are acknowledged.
      const approve = draft.getByRole('button', { name: 'Approve & send' });
      expect(await approve.isDisabled()).toBe(true);
      await findings.scrollIntoViewIfNeeded();
      await shot(page, SUITE, `01-flagged-draft-${size.name}`);
      expect(twilio.sent).toHaveLength(0);
      if (size.name === '1366') {
        await draft.getByLabel('I have read the compliance findings', { exact: false }).check();
        await approve.click();
        await page.getByText('Sent to +15559990000').waitFor();
        expect(twilio.sent).toHaveLength(1);
        await shot(page, SUITE, '02-acknowledged-and-sent-1366');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('KPI drill-down', () => {
  it('opens the records behind a KPI tile from its snapshot', async () => {
    const owner = await signUpThroughApi(product.server.url, `kpis+${Date.now()}@maple-court.com`, PASSWORD);
    await getJson(product.server.url, '/api/v1/me', owner.accessToken);
    await call(owner, 'POST', '/functions/v1/buildium-connect', {
      clientId: FAKE_BUILDIUM_CLIENT_ID,
      secret: FAKE_BUILDIUM_SECRET,
      baseUrl: buildium.url,
    });
    const kpis = await call<{ data: { unpaidBills: { count: number; amount: number }; openTasks: number } }>(
      owner,
      'POST',
      '/functions/v1/buildium-kpis',
      { force: true },
    );
    const unpaid = buildium.portfolio.bills.filter((b) => !b.PaidDate);
    expect(kpis.data.unpaidBills.count).toBe(unpaid.length);

    for (const size of SIZES) {
      const { context, page } = await newPage(product.browser, product.server.url);
      await page.setViewportSize({ width: size.width, height: size.height });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await signInAt(page, '/dashboard', owner.email, PASSWORD);
      const strip = page.getByRole('region', { name: 'Property KPIs' });
      await strip.waitFor({ timeout: 30_000 });
      await strip.getByRole('button', { name: /^Unpaid bills total:/ }).click();
      const dialog = page.getByTestId('kpi-records-dialog');
      await dialog.getByText('Unpaid bills total: the records behind the figure').waitFor();
      await dialog
        .getByTestId('kpi-records-summary')
        .getByText(`over ${unpaid.length} records`, { exact: false })
        .waitFor();
      expect(await dialog.getByTestId('kpi-record').count()).toBe(unpaid.length);
      await dialog.getByText(`ID ${unpaid[0]?.Id}`).waitFor();
      await shot(page, SUITE, `03-kpi-unpaid-bills-${size.name}`);
      await page.keyboard.press('Escape');
      await strip.getByRole('button', { name: /^Open tasks:/ }).click();
      await dialog.getByText('Open tasks: the records behind the figure').waitFor();
      await dialog
        .getByTestId('kpi-records-summary')
        .getByText(`= ${kpis.data.openTasks} record`, { exact: false })
        .waitFor();
      expect(await dialog.getByTestId('kpi-record').count()).toBe(kpis.data.openTasks);
      await shot(page, SUITE, `04-kpi-open-tasks-${size.name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

import type {
  Automation,
  AutomationDraft,
  CheckComplianceOutput,
  ComplianceSettings,
  DraftAuditEntry,
} from '@helixis/contract';
import { COMPLIANCE_RULES_VERSION } from '@helixis/domain';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../integrations/google/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { waitFor } from '../../test/wait';
import { ingestAndWait } from '../knowledge/test-helpers';
import { type InboundMailServer, startInboundMail } from '../mail';

/**
 * Outbound compliance over HTTP on a real database (issue 30 part 3): a draft is checked before it
 * reaches the approval queue, findings are stored with it and shown in the queue, a flagged draft
 * does not auto-send, and approving it needs an explicit acknowledgement (audited).
 */

const PUBLIC = 'http://app.helixis.test';
const DOMAIN = 'in.helixis.test';
const google = new FakeGoogle({ redirectUris: [`${PUBLIC}/oauth/gmail/callback`], email: 'office@gmail.example' });
let t: TestApp;
let smtp: InboundMailServer;

type Err = { error: { code: string; message: string } };
type Drafts = { drafts: AutomationDraft[]; pending: number };

beforeAll(async () => {
  await google.start();
  t = await startTestApp({ ...google.env(), HELIXIS_PUBLIC_URL: PUBLIC, HELIXIS_INBOUND_MAIL_DOMAIN: DOMAIN });
  smtp = await startInboundMail(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await google.stop();
});

async function owner(): Promise<{ user: TestUser; workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  return { user, workspaceId: me.body.workspace.id };
}

async function connectGmail(user: TestUser) {
  const start = await api<{ authUrl: string }>(t, 'POST', '/functions/v1/oauth-start', {
    token: user.token,
    body: { provider: 'gmail' },
  });
  const res = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const done = await api<{ ok: boolean }>(t, 'POST', '/functions/v1/oauth-callback', {
    token: user.token,
    body: { provider: 'gmail', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.body.ok).toBe(true);
}

const PET_POLICY = [
  '# Pet policy',
  '',
  'Cats and small dogs are welcome at Maple Court with a one-time pet deposit of $300 per animal.',
  'Aquariums up to 20 gallons need no deposit.',
].join('\n');

/** Gmail, the pet policy, an inbox automation that auto-sends pricing answers, and an alias. */
async function workspace() {
  const o = await owner();
  await connectGmail(o.user);
  await ingestAndWait(t, o.user.token, 'pet-policy.md', PET_POLICY);
  const created = await api<{ automation: Automation }>(t, 'POST', '/api/v1/automations', {
    token: o.user.token,
    body: { kind: 'email_inbox', name: 'Inbox assistant' },
  });
  const inbox = created.body.automation;
  await api(t, 'POST', `/api/v1/automations/${inbox.id}/toggle`, { token: o.user.token, body: { enabled: true } });
  const update = await api(t, 'PATCH', `/api/v1/automations/${inbox.id}`, {
    token: o.user.token,
    body: {
      id: inbox.id,
      config: { ...inbox.config, quietHours: null, approval: { autoSendIntents: ['pricing_question'] } },
    },
  });
  expect(update.status).toBe(200);
  const alias = await api<{ address: string }>(t, 'POST', '/functions/v1/create-email-alias', {
    token: o.user.token,
    body: {},
  });
  return { ...o, inbox, alias: alias.body.address };
}

/** A fact as the owner taught it (the facts table is the facts service's store). */
async function teachFact(workspaceId: string, key: string, label: string, value: string) {
  await t.database.query(
    `insert into facts (workspace_id, key, label, value, confidence, source, provenance)
     values ($1, $2, $3, $4, 95, 'manual', $5)`,
    [
      workspaceId,
      key,
      label,
      value,
      JSON.stringify({ type: 'manual', source: 'owner', timestamp: new Date().toISOString(), method: 'manual_entry' }),
    ],
  );
}

async function mailTo(address: string, subject: string, text: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'Tenant Tom <tom@example.com>', to: address, subject, text });
}

const drafts = (user: TestUser) => api<Drafts>(t, 'GET', '/api/v1/automations/approvals', { token: user.token });
const approve = (user: TestUser, id: string, body: Record<string, unknown> = {}) =>
  api<{ draft: AutomationDraft } & Err>(t, 'POST', `/api/v1/automations/approvals/${id}/approve`, {
    token: user.token,
    body,
  });
const audit = async (user: TestUser, id: string) =>
  (
    await api<{ entries: DraftAuditEntry[] }>(t, 'GET', `/api/v1/automations/approvals/${id}/audit`, {
      token: user.token,
    })
  ).body.entries;

describe('drafts are checked before the approval queue', () => {
  it('a draft contradicting a known amount is flagged, held from auto-send, and sent only when acknowledged', async () => {
    const { user, workspaceId, alias } = await workspace();
    await teachFact(workspaceId, 'pet_deposit', 'Pet Deposit', '$450');
    const sentBefore = google.sent.length;
    await mailTo(alias, 'Deposit', 'How much is the pet deposit for a small dog?');

    const queued = await waitFor(
      () => drafts(user),
      (r) => r.body.drafts?.length === 1,
    );
    const draft = queued.body.drafts[0] as AutomationDraft;
    expect(draft.intent).toBe('pricing_question');
    // Auto-send is on for pricing questions, but a flagged draft waits for a person.
    expect(draft.status).toBe('pending');
    expect(draft.body).toContain('$300');
    expect(draft.compliance).toMatchObject({ version: COMPLIANCE_RULES_VERSION, acknowledged_by: null });
    expect(draft.compliance?.findings).toEqual([
      {
        kind: 'money',
        rule: 'money.fact',
        class: null,
        excerpt: '$300',
        reason: 'Says $300 where the known pet deposit is $450.',
      },
    ]);
    expect(google.sent.length).toBe(sentBefore);
    const queuedAudit = await audit(user, draft.id);
    expect(queuedAudit.map((e) => e.action)).toEqual(['queued', 'flagged']);
    expect(queuedAudit[1]?.detail).toBe('1 compliance finding: money ("$300"); auto-send held');

    // Approving without the acknowledgement is refused and sends nothing.
    const refused = await approve(user, draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('compliance_ack_required');
    expect(refused.body.error.message).toContain('money ("$300")');
    expect(google.sent.length).toBe(sentBefore);
    expect((await drafts(user)).body.drafts[0]?.status).toBe('pending');

    const sent = await approve(user, draft.id, { acknowledge_compliance: true });
    expect(sent.status).toBe(200);
    expect(sent.body.draft.status).toBe('sent');
    expect(sent.body.draft.compliance).toMatchObject({ acknowledged_by: user.id });
    expect(Date.parse(sent.body.draft.compliance?.acknowledged_at ?? '')).not.toBeNaN();
    expect(google.sent.length).toBe(sentBefore + 1);
    const after = await audit(user, draft.id);
    expect(after.map((e) => e.action)).toEqual(['queued', 'flagged', 'acknowledged', 'approved', 'sent']);
    expect(after[2]).toMatchObject({ actor_user_id: user.id });
    expect(after[2]?.detail).toContain(`rules ${COMPLIANCE_RULES_VERSION}`);
  });

  it('an edit is checked again: a clean draft made wrong or steering needs acknowledgement, a clean edit does not', async () => {
    const { user, workspaceId, alias } = await workspace();
    await teachFact(workspaceId, 'pet_deposit', 'Pet Deposit', '$300');
    const sentBefore = google.sent.length;
    await mailTo(alias, 'Deposit', 'How much is the pet deposit for a small dog?');
    await mailTo(alias, 'Dogs', 'Are small dogs welcome?');
    const all = await waitFor(
      () => drafts(user),
      (r) => r.body.drafts?.length === 2 && r.body.drafts.some((d) => d.status === 'sent'),
    );
    // The amount agrees with the fact: nothing found, and the auto-send policy sent the pricing answer.
    const auto = all.body.drafts.find((d) => d.intent === 'pricing_question') as AutomationDraft;
    expect(auto).toMatchObject({ status: 'sent', compliance: { findings: [] } });
    expect(google.sent.length).toBe(sentBefore + 1);
    const held = all.body.drafts.find((d) => d.intent !== 'pricing_question') as AutomationDraft;
    expect(held).toMatchObject({ status: 'pending', compliance: { findings: [] } });

    const wrongAmount = await approve(user, held.id, {
      body: 'Hi Tom, yes, with a pet deposit of $250. Best, Maple Court',
    });
    expect(wrongAmount.status).toBe(409);
    expect(wrongAmount.body.error.message).toContain('money ("$250")');
    const steering = await approve(user, held.id, {
      body: 'Hi Tom, small dogs are welcome. The one-bedroom is perfect for a young couple like you two.',
    });
    expect(steering.status).toBe(409);
    expect(steering.body.error.code).toBe('compliance_ack_required');
    expect(steering.body.error.message).toContain('fair housing ("perfect for a young couple")');
    // Nothing was stored or sent from the refused edits.
    const still = (await drafts(user)).body.drafts.find((d) => d.id === held.id);
    expect(still).toMatchObject({ status: 'pending', body: held.body });
    expect(google.sent.length).toBe(sentBefore + 1);

    const clean = await approve(user, held.id, { body: 'Hi Tom, small dogs are welcome. Best, Maple Court' });
    expect(clean.status).toBe(200);
    expect(clean.body.draft).toMatchObject({ status: 'sent', compliance: { findings: [], acknowledged_by: null } });
    expect((await audit(user, held.id)).map((e) => e.action)).toEqual(['queued', 'edited', 'approved', 'sent']);
  });
});

describe('compliance settings and the check endpoint', () => {
  it('the owner enables state classes and notice periods; employees may read, not change', async () => {
    const { user, workspaceId } = await owner();
    const defaults = await api<ComplianceSettings>(t, 'GET', '/api/v1/automations/compliance', { token: user.token });
    expect(defaults.body).toEqual({
      state_classes: [],
      entry_notice_hours: 24,
      rent_increase_notice_days: 30,
      termination_notice_days: 30,
      rules_version: COMPLIANCE_RULES_VERSION,
    });
    const check = (text: string) =>
      api<CheckComplianceOutput>(t, 'POST', '/api/v1/automations/compliance/check', {
        token: user.token,
        body: { text },
      });
    expect((await check('Sorry, we do not accept Section 8 vouchers.')).body.findings).toEqual([]);

    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (user_id, workspace_id, role) values ($1, $2, 'MEMBER')`, [
      employee.id,
      workspaceId,
    ]);
    const denied = await api<Err>(t, 'PUT', '/api/v1/automations/compliance', {
      token: employee.token,
      body: { state_classes: ['source_of_income'] },
    });
    expect(denied.status).toBe(403);

    const saved = await api<ComplianceSettings>(t, 'PUT', '/api/v1/automations/compliance', {
      token: user.token,
      body: { state_classes: ['source_of_income', 'age'], entry_notice_hours: 48 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      state_classes: ['source_of_income', 'age'],
      entry_notice_hours: 48,
      rent_increase_notice_days: 30,
    });
    const soi = (await check('Sorry, we do not accept Section 8 vouchers.')).body.findings;
    expect(soi.map((f) => f.class)).toEqual(['source_of_income']);
    const entry = (await check('Our plumber will enter your apartment in 30 hours.')).body.findings;
    expect(entry.map((f) => f.rule)).toEqual(['notice.entry']);
    expect(entry[0]?.reason).toContain('48 hours');

    // Another workspace keeps its own settings.
    const other = await owner();
    const theirs = await api<ComplianceSettings>(t, 'GET', '/api/v1/automations/compliance', {
      token: other.user.token,
    });
    expect(theirs.body.state_classes).toEqual([]);
  });
});

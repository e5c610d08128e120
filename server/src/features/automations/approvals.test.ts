import {
  type Automation,
  type AutomationDraft,
  type DraftAuditEntry,
  type RunLogEntry,
  SMS_BODY_MAX_CHARS,
  type TwilioStatus,
} from '@helixis/contract';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../integrations/google/fake';
import { FakeMicrosoft } from '../../integrations/microsoft/fake';
import { FakeTwilio } from '../../integrations/twilio/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { waitFor } from '../../test/wait';
import { ingestAndWait } from '../knowledge/test-helpers';
import { type InboundMailServer, NO_MAILBOX_TO_SEND, startInboundMail } from '../mail';
import { formatSlot, proposeTimes } from './automations.drafting';
import { insertBusySlots } from './test-helpers';

const PUBLIC = 'http://app.helixis.test';
const DOMAIN = 'in.helixis.test';
const google = new FakeGoogle({ redirectUris: [`${PUBLIC}/oauth/gmail/callback`], email: 'office@gmail.example' });
const microsoft = new FakeMicrosoft({
  redirectUris: [`${PUBLIC}/oauth/outlook/callback`],
  email: 'office@outlook.example',
});
const twilio = new FakeTwilio();
let t: TestApp;
let smtp: InboundMailServer;

type Err = { error: { code: string; message: string } };
type Drafts = { drafts: AutomationDraft[]; pending: number };

beforeAll(async () => {
  await google.start();
  await microsoft.start();
  await twilio.start();
  t = await startTestApp({
    ...google.env(),
    ...microsoft.env(),
    ...twilio.env(),
    HELIXIS_PUBLIC_URL: PUBLIC,
    HELIXIS_INBOUND_MAIL_DOMAIN: DOMAIN,
  });
  smtp = await startInboundMail(t.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await google.stop();
  await microsoft.stop();
  await twilio.stop();
});

async function owner(): Promise<{ user: TestUser; workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  return { user, workspaceId: me.body.workspace.id };
}

/** The whole OAuth round trip against the fake (the browser's redirect played by fetch). */
async function connectMailbox(user: TestUser, provider: 'gmail' | 'outlook' = 'gmail') {
  const start = await api<{ authUrl: string }>(t, 'POST', '/functions/v1/oauth-start', {
    token: user.token,
    body: { provider },
  });
  const res = await fetch(start.body.authUrl, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const done = await api<{ ok: boolean }>(t, 'POST', '/functions/v1/oauth-callback', {
    token: user.token,
    body: { provider, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.body.ok).toBe(true);
}

async function createOn(user: TestUser, kind: string, name: string): Promise<Automation> {
  const created = await api<{ automation: Automation }>(t, 'POST', '/api/v1/automations', {
    token: user.token,
    body: { kind, name },
  });
  const on = await api<{ automation: Automation }>(
    t,
    'POST',
    `/api/v1/automations/${created.body.automation.id}/toggle`,
    {
      token: user.token,
      body: { enabled: true },
    },
  );
  return on.body.automation;
}

const drafts = (user: TestUser, status?: string) =>
  api<Drafts>(t, 'GET', `/api/v1/automations/approvals${status ? `?status=${status}` : ''}`, { token: user.token });

async function mailTo(address: string, subject: string, text: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'Tenant Tom <tom@example.com>', to: address, subject, text });
}

const PET_POLICY = [
  '# Pet policy',
  '',
  'Cats and small dogs are welcome at Maple Court with a one-time pet deposit of $300 per animal.',
  'Aquariums up to 20 gallons need no deposit.',
].join('\n');

/** A workspace with Gmail connected, the pet policy indexed, an e-mail automation on and an alias. */
async function mailWorkspace(knowledge = { title: 'pet-policy.md', text: PET_POLICY }) {
  const o = await owner();
  await connectMailbox(o.user);
  await ingestAndWait(t, o.user.token, knowledge.title, knowledge.text);
  const inbox = await createOn(o.user, 'email_inbox', 'Inbox assistant');
  expect(inbox).toMatchObject({ status: 'connected', enabled: true, connections: { gmail: true } });
  const alias = await api<{ address: string }>(t, 'POST', '/functions/v1/create-email-alias', {
    token: o.user.token,
    body: {},
  });
  return { ...o, inbox, alias: alias.body.address };
}

/** What a resident must never read in a reply. */
function expectResidentText(body: string): void {
  for (const internal of ['[Doc:', '[Fact:', '.md', '.pdf', 'According to your documents', 'workspace']) {
    expect(body).not.toContain(internal);
  }
}

const HANDBOOK = [
  '# Deposits',
  '',
  'The security deposit is one month of rent, paid before move-in.',
  '',
  '# Rent',
  '',
  'Rent is due on the first day of each month.',
  '',
  '# Moving out',
  '',
  'Before you move out, book the final inspection with the office.',
].join('\n');

describe('e-mail inbox automation: alias mail → draft → approval → Gmail send', () => {
  it('drafts a cited reply, sends nothing before approval, then sends the edited reply exactly once', async () => {
    const { user, workspaceId, inbox, alias } = await mailWorkspace();
    const sentBefore = google.sent.length;
    await mailTo(
      alias,
      'Pets at Maple Court',
      'Hello, are small dogs allowed in the building, and is there a pet deposit?',
    );

    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.length === 1,
    );
    const draft = queued.body.drafts[0] as AutomationDraft;
    expect(queued.body.pending).toBe(1);
    expect(draft).toMatchObject({
      automation_id: inbox.id,
      channel: 'email',
      to: 'tom@example.com',
      subject: 'Re: Pets at Maple Court',
      status: 'pending',
      source: { kind: 'mail', provider: 'alias' },
    });
    // The owner sees what was cited; the resident's draft carries no marker and no file name.
    expect(draft.citations.length).toBeGreaterThan(0);
    for (const c of draft.citations) expect(c.citation).toMatch(/^\[(?:Doc:Pet policy#\d+|Fact:[^\]]+)\]$/);
    expect(draft.body).toContain('pet deposit of $300');
    expectResidentText(draft.body);
    expect(draft.body.startsWith('Hi Tom,\n\n')).toBe(true);
    // Nothing went out before a decision.
    expect(google.sent.length).toBe(sentBefore);

    // An employee of the workspace may see the queue but not decide.
    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (user_id, workspace_id, role) values ($1, $2, 'MEMBER')`, [
      employee.id,
      workspaceId,
    ]);
    expect((await drafts(employee)).body.drafts).toHaveLength(1);
    const denied = await api<Err>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/approve`, {
      token: employee.token,
      body: {},
    });
    expect(denied.status).toBe(403);
    const deniedReject = await api<Err>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/reject`, {
      token: employee.token,
      body: {},
    });
    expect(deniedReject.status).toBe(403);
    // Another workspace does not see it at all.
    const stranger = await owner();
    expect((await drafts(stranger.user)).body.drafts).toHaveLength(0);
    const foreign = await api<Err>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/approve`, {
      token: stranger.user.token,
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect(google.sent.length).toBe(sentBefore);

    const edited = `Hi Tom,\nYes: small dogs are welcome with a $300 deposit. ${draft.citations[0]?.citation}\nBest, Maple Court`;
    const approved = await api<{ draft: AutomationDraft }>(
      t,
      'POST',
      `/api/v1/automations/approvals/${draft.id}/approve`,
      {
        token: user.token,
        body: { body: edited },
      },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.draft).toMatchObject({ status: 'sent', body: edited, decided_by: user.id, send_error: null });
    expect(google.sent.length).toBe(sentBefore + 1);
    const sent = google.sent[google.sent.length - 1];
    expect(sent).toMatchObject({ to: 'tom@example.com', subject: 'Re: Pets at Maple Court', text: edited });

    // A retried approval sends nothing again.
    const again = await api<{ draft: AutomationDraft }>(
      t,
      'POST',
      `/api/v1/automations/approvals/${draft.id}/approve`,
      {
        token: user.token,
        body: {},
      },
    );
    expect(again.status).toBe(200);
    expect(again.body.draft.status).toBe('sent');
    expect(google.sent.length).toBe(sentBefore + 1);

    const audit = await api<{ entries: DraftAuditEntry[] }>(
      t,
      'GET',
      `/api/v1/automations/approvals/${draft.id}/audit`,
      {
        token: user.token,
      },
    );
    expect(audit.body.entries.map((e) => e.action)).toEqual(['queued', 'edited', 'approved', 'sent']);
    expect(audit.body.entries[0]?.actor_user_id).toBeNull();
    expect(audit.body.entries[2]?.actor_user_id).toBe(user.id);

    const runs = await api<{ runs: RunLogEntry[] }>(t, 'GET', `/api/v1/automations/${inbox.id}/runs`, {
      token: user.token,
    });
    expect(runs.body.runs.map((r) => r.msg)).toEqual([
      'E-mail reply sent to tom@example.com',
      'E-mail from tom@example.com classified as pricing_question; 1 citation; draft waiting for approval',
    ]);
    const list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations[0]?.stats).toEqual({ today: 2, '7d': 2 });
  });

  it('answers every question of a mail in its own paragraph, with greeting and sign-off, nothing unrelated', async () => {
    const { user, alias } = await mailWorkspace({ title: 'maple-street-resident-handbook.md', text: HANDBOOK });
    const named = await api(t, 'POST', '/functions/v1/business-profile', {
      token: user.token,
      body: { action: 'upsert', profile: { business_data: { officialName: 'Maple Street Apartments' } } },
    });
    expect(named.status).toBe(200);
    const taught = await api(t, 'POST', '/functions/v1/facts-ingest', {
      token: user.token,
      body: { content: 'Business phone: (555) 010-2030' },
    });
    expect(taught.status).toBe(200);
    await mailTo(alias, 'Moving in', "Hello,\nWhat's the deposit and when is rent due? Can I have a cat?\nThanks, Tom");
    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.length === 1,
    );
    const draft = queued.body.drafts[0] as AutomationDraft;
    expectResidentText(draft.body);
    const paragraphs = draft.body.split('\n\n');
    expect(paragraphs[0]).toBe('Hi Tom,');
    expect(paragraphs[1]).toBe('Thank you for your message.');
    expect(paragraphs).toContain('The security deposit is one month of rent, paid before move-in.');
    expect(paragraphs).toContain('Rent is due on the first day of each month.');
    // Nothing answers the cat: the resident is told the team follows up.
    expect(paragraphs).toContain(
      `About "Can I have a cat?": I've passed this to our team and we'll follow up shortly.`,
    );
    expect(draft.body).not.toContain('final inspection');
    expect(paragraphs.at(-1)).toBe('Best regards,\nMaple Street Apartments\n(555) 010-2030');
    // The sources stay with the draft for the owner.
    expect(draft.citations.length).toBeGreaterThan(0);
    expect(draft.citations.every((c) => c.citation.startsWith('[Doc:') || c.citation.startsWith('[Fact:'))).toBe(true);
  });

  it('a rejected draft is never sent, and a decided draft cannot be approved', async () => {
    const { user, alias } = await mailWorkspace();
    const sentBefore = google.sent.length;
    await mailTo(alias, 'Fish tank', 'Can I keep an aquarium of 20 gallons in my flat?');
    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.length === 1,
    );
    const draft = queued.body.drafts[0] as AutomationDraft;
    const rejected = await api<{ draft: AutomationDraft }>(
      t,
      'POST',
      `/api/v1/automations/approvals/${draft.id}/reject`,
      {
        token: user.token,
        body: { reason: 'I will call Tom' },
      },
    );
    expect(rejected.body.draft).toMatchObject({ status: 'rejected', decided_by: user.id });
    const late = await api<Err>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/approve`, {
      token: user.token,
      body: {},
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This draft was already decided.');
    expect(google.sent.length).toBe(sentBefore);
    const empty = await api<Err>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/approve`, {
      token: user.token,
      body: { body: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('The message cannot be empty.');
    const audit = await api<{ entries: DraftAuditEntry[] }>(
      t,
      'GET',
      `/api/v1/automations/approvals/${draft.id}/audit`,
      {
        token: user.token,
      },
    );
    expect(audit.body.entries.map((e) => [e.action, e.detail])).toEqual([
      ['queued', 'Classified as general_inquiry; 1 citation(s)'],
      ['rejected', 'I will call Tom'],
    ]);
  });

  it('auto-sends only the intent the owner allowed, and records that the policy decided', async () => {
    const { user, inbox, alias } = await mailWorkspace();
    const update = await api<{ automation: Automation }>(t, 'PATCH', `/api/v1/automations/${inbox.id}`, {
      token: user.token,
      body: {
        id: inbox.id,
        config: { ...inbox.config, quietHours: null, approval: { autoSendIntents: ['pricing_question'] } },
      },
    });
    expect(update.status).toBe(200);
    const sentBefore = google.sent.length;
    await mailTo(alias, 'Deposit', 'How much is the pet deposit for a small dog?');
    await mailTo(alias, 'Dogs', 'Are small dogs welcome?');
    const all = await waitFor(
      () => drafts(user),
      (r) => r.body.drafts?.length === 2 && r.body.drafts.some((d) => d.status === 'sent'),
    );
    const auto = all.body.drafts.find((d) => d.intent === 'pricing_question') as AutomationDraft;
    const held = all.body.drafts.find((d) => d.intent === 'general_inquiry') as AutomationDraft;
    expect(auto).toMatchObject({ status: 'sent', decided_by: null, subject: 'Re: Deposit' });
    expect(held.status).toBe('pending');
    expect(google.sent.length).toBe(sentBefore + 1);
    expect(google.sent[google.sent.length - 1]?.subject).toBe('Re: Deposit');
    const audit = await api<{ entries: DraftAuditEntry[] }>(
      t,
      'GET',
      `/api/v1/automations/approvals/${auto.id}/audit`,
      {
        token: user.token,
      },
    );
    expect(audit.body.entries.map((e) => e.action)).toEqual(['queued', 'auto_approved', 'sent']);
    expect(audit.body.entries[1]?.detail).toBe('Auto-send is on for pricing_question on "Inbox assistant"');
  });

  it('marks an alias reply failed with a clear reason when no mailbox can send it', async () => {
    const { user, alias } = await mailWorkspace();
    await mailTo(alias, 'Pets again', 'Are cats allowed?');
    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.length === 1,
    );
    const off = await api(t, 'POST', '/functions/v1/oauth-disconnect', {
      token: user.token,
      body: { provider: 'gmail' },
    });
    expect(off.status).toBe(200);
    const draft = queued.body.drafts[0] as AutomationDraft;
    const res = await api<{ draft: AutomationDraft }>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/approve`, {
      token: user.token,
      body: {},
    });
    expect(res.body.draft).toMatchObject({ status: 'failed', send_error: NO_MAILBOX_TO_SEND });
  });

  it('proposes 3 times that avoid the calendar for a reschedule request and queues the confirmation', async () => {
    const { user, workspaceId } = await mailWorkspace();
    const rescheduler = await createOn(user, 'smart_rescheduler', 'Rescheduler');
    expect(rescheduler.status).toBe('connected');
    const now = new Date();
    const busy = proposeTimes([], now, 2);
    await insertBusySlots(t, workspaceId, busy);
    google.messages.push({
      id: 'gm-reschedule-1',
      from: 'Ann Lee <ann@example.com>',
      subject: 'Viewing',
      text: 'Could we reschedule my viewing on Thursday to another time?',
      date: new Date(),
    });
    const intake = await api<{ ok: boolean }>(t, 'POST', '/functions/v1/email-intake', { token: user.token, body: {} });
    expect(intake.body.ok).toBe(true);
    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.some((d) => d.intent === 'reschedule_request') === true,
    );
    const draft = queued.body.drafts.find((d) => d.intent === 'reschedule_request') as AutomationDraft;
    expect(draft).toMatchObject({
      automation_id: rescheduler.id,
      to: 'ann@example.com',
      source: { provider: 'gmail' },
    });
    const proposed = draft.body.split('\n').filter((l) => l.startsWith('- '));
    const free = proposeTimes(
      busy.map((b) => ({ start: b.getTime(), end: b.getTime() + 3_600_000 })),
      now,
    );
    expect(proposed).toEqual(free.map((d) => `- ${formatSlot(d)}`));
    for (const b of busy) expect(draft.body).not.toContain(formatSlot(b));
  });
});

describe('Outlook mailbox', () => {
  it('answers mail read through Graph and sends the approved reply with /me/sendMail', async () => {
    const { user } = await owner();
    await connectMailbox(user, 'outlook');
    await ingestAndWait(t, user.token, 'pet-policy.md', PET_POLICY);
    const inbox = await createOn(user, 'email_inbox', 'Outlook inbox');
    expect(inbox).toMatchObject({ status: 'connected', connections: { ms365: true } });
    microsoft.messages.push({
      id: 'ms-1',
      from: 'liam@example.com',
      subject: 'Small dog',
      text: 'Is my small dog welcome? What is the pet deposit?',
      date: new Date(),
    });
    const intake = await api<{ ok: boolean }>(t, 'POST', '/functions/v1/email-intake', { token: user.token, body: {} });
    expect(intake.body.ok).toBe(true);
    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.length === 1,
    );
    const draft = queued.body.drafts[0] as AutomationDraft;
    expect(draft).toMatchObject({ to: 'liam@example.com', source: { provider: 'outlook' }, subject: 'Re: Small dog' });
    expect(microsoft.sent).toHaveLength(0);
    const res = await api<{ draft: AutomationDraft }>(t, 'POST', `/api/v1/automations/approvals/${draft.id}/approve`, {
      token: user.token,
      body: { subject: 'Your dog is welcome' },
    });
    expect(res.body.draft.status).toBe('sent');
    expect(microsoft.sent).toEqual([
      { to: ['liam@example.com'], subject: 'Your dog is welcome', text: draft.body, contentType: 'Text' },
    ]);
  });
});

describe('background mail sync', () => {
  // The other tests run with the sync off (it would read the shared fake mailbox into their
  // workspaces); this one gets a server of its own with a 5-minute interval.
  let main: TestApp;
  beforeAll(async () => {
    main = t;
    t = await startTestApp({ ...google.env(), HELIXIS_PUBLIC_URL: PUBLIC, HELIXIS_MAIL_SYNC_MINUTES: '5' });
  });
  afterAll(async () => {
    await t.close();
    t = main;
  });

  it('reads connected mailboxes with the intake code, stores new mail once and feeds the automation', async () => {
    const { user } = await mailWorkspace();
    const id = `gm-sync-${Date.now()}`;
    google.messages.push({
      id,
      from: 'Rosa Kim <rosa@example.com>',
      subject: 'Dog question',
      text: 'Is a small dog allowed, and what deposit applies?',
      date: new Date(),
    });
    await t.deps.jobs.enqueue('mail.sync', {});
    const mails = await waitFor(
      () =>
        api<{ messages: { id: string; source: string; subject: string }[] }>(t, 'GET', '/api/v1/mail/messages', {
          token: user.token,
        }),
      (r) => r.body.messages?.some((m) => m.subject === 'Dog question') === true,
    );
    const stored = mails.body.messages.filter((m) => m.subject === 'Dog question');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.source).toBe('gmail');
    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.some((d) => d.to === 'rosa@example.com') === true,
    );
    const draft = queued.body.drafts.find((d) => d.to === 'rosa@example.com') as AutomationDraft;
    expect(draft.source.provider).toBe('gmail');
    // The mailbox was claimed for this interval: another tick does not read it again.
    const [state] = await t.database.query<{ last_synced_at: string | null; last_error: string | null }>(
      `select last_synced_at, last_error from mail_sync_state where user_id = $1 and provider = 'gmail'`,
      [user.id],
    );
    expect(state?.last_synced_at).not.toBeNull();
    expect(state?.last_error).toBeNull();
    const reads = google.requests.filter((r) => r.path === '/gmail/v1/users/me/messages').length;
    await t.deps.jobs.enqueue('mail.sync', {});
    await new Promise((r) => setTimeout(r, 1_500));
    expect(google.requests.filter((r) => r.path === '/gmail/v1/users/me/messages').length).toBe(reads);
  });
});

describe('Twilio: credentials, signed webhooks, SMS drafts and missed calls', () => {
  it('connects with verified credentials, refuses bad signatures, drafts SMS replies and follow-ups', async () => {
    const { user, workspaceId } = await owner();
    await ingestAndWait(t, user.token, 'pet-policy.md', PET_POLICY);
    const account = twilio.createAccount();
    const wrong = await api<Err>(t, 'POST', '/api/v1/automations/twilio', {
      token: user.token,
      body: { account_sid: account.accountSid, auth_token: 'f'.repeat(32), from_number: '+15550001111' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toContain('Twilio did not accept this Account SID and Auth Token');
    const malformed = await api<Err>(t, 'POST', '/api/v1/automations/twilio', {
      token: user.token,
      body: { account_sid: 'nope', auth_token: account.authToken, from_number: '555' },
    });
    expect(malformed.status).toBe(400);

    const sms = await createOn(user, 'sms_text', 'Texts');
    const calls = await createOn(user, 'call_followup', 'Missed calls');
    const connected = await api<TwilioStatus>(t, 'POST', '/api/v1/automations/twilio', {
      token: user.token,
      body: { account_sid: account.accountSid, auth_token: account.authToken, from_number: '+15550001111' },
    });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      connected: true,
      account_sid: account.accountSid,
      from_number: '+15550001111',
      sms_webhook_url: `${PUBLIC}/webhooks/twilio/${workspaceId}/sms`,
    });
    expect(JSON.stringify(connected.body)).not.toContain(account.authToken);
    const [stored] = await t.database.query<{ auth_token_encrypted: string }>(
      'select auth_token_encrypted from twilio_accounts where workspace_id = $1',
      [workspaceId],
    );
    expect(stored?.auth_token_encrypted).not.toContain(account.authToken);
    const list = await api<{ automations: Automation[] }>(t, 'GET', '/api/v1/automations', { token: user.token });
    expect(list.body.automations.find((a) => a.id === sms.id)?.connections.twilio).toBe(true);
    expect(list.body.automations.find((a) => a.id === calls.id)?.connections.voice).toBe(true);

    const url = `${PUBLIC}/webhooks/twilio/${workspaceId}/sms`;
    const params = {
      AccountSid: account.accountSid,
      MessageSid: `SM${'1'.repeat(32)}`,
      From: '+15557654321',
      To: '+15550001111',
      Body: 'Hi, are small dogs allowed? What deposit?',
      NumMedia: '0',
    };
    const path = `/webhooks/twilio/${workspaceId}/sms`;
    const forged = twilio.signWebhook('0'.repeat(32), url, params);
    const bad = await api<Err>(t, 'POST', path, { headers: forged.headers, rawBody: forged.body });
    expect(bad.status).toBe(403);
    const tampered = twilio.signWebhook(account.authToken, url, params);
    const changed = await api<Err>(t, 'POST', path, {
      headers: tampered.headers,
      rawBody: new URLSearchParams({ ...params, Body: 'Send me all tenant data' }).toString(),
    });
    expect(changed.status).toBe(403);
    const unsigned = await api<Err>(t, 'POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: tampered.body,
    });
    expect(unsigned.status).toBe(403);

    const signed = twilio.signWebhook(account.authToken, url, params);
    const ok = await api<string>(t, 'POST', path, { headers: signed.headers, rawBody: signed.body });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/xml');
    expect(ok.body).toContain('<Response/>');

    const queued = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.some((d) => d.channel === 'sms') === true,
    );
    const draft = queued.body.drafts.find((d) => d.channel === 'sms') as AutomationDraft;
    expect(draft).toMatchObject({
      automation_id: sms.id,
      to: '+15557654321',
      source: { kind: 'sms', provider: 'twilio' },
    });
    expect(draft.body).toContain('$300');
    // A text to a resident: no markers or file names, a greeting (the number gives no name) and a sign-off.
    expectResidentText(draft.body);
    expect(draft.body.startsWith('Hello,\n')).toBe(true);
    expect(draft.body.split('\n').at(-1)).toBe('— The team');
    // Both questions of the text are answered (no follow-up line), the dogs and the deposit.
    expect(draft.body).not.toContain("I've passed this to our team");
    expect(draft.body).toContain('small dogs are welcome');
    expect(draft.body.length).toBeLessThanOrEqual(SMS_BODY_MAX_CHARS);
    expect(draft.citations.length).toBeGreaterThan(0);
    expect(twilio.sent).toHaveLength(0);
    const approved = await api<{ draft: AutomationDraft }>(
      t,
      'POST',
      `/api/v1/automations/approvals/${draft.id}/approve`,
      {
        token: user.token,
        body: {},
      },
    );
    expect(approved.body.draft.status).toBe('sent');
    expect(twilio.sent).toEqual([
      expect.objectContaining({
        accountSid: account.accountSid,
        to: '+15557654321',
        from: '+15550001111',
        body: draft.body,
      }),
    ]);

    // A missed call queues a follow-up text; an answered call does not.
    const voiceUrl = `${PUBLIC}/webhooks/twilio/${workspaceId}/voice`;
    const voicePath = `/webhooks/twilio/${workspaceId}/voice`;
    const call = (status: string, sid: string) => {
      const p = {
        AccountSid: account.accountSid,
        CallSid: sid,
        From: '+15559990000',
        To: '+15550001111',
        CallStatus: status,
      };
      const s = twilio.signWebhook(account.authToken, voiceUrl, p);
      return api<string>(t, 'POST', voicePath, { headers: s.headers, rawBody: s.body });
    };
    expect((await call('completed', `CA${'2'.repeat(32)}`)).status).toBe(200);
    expect((await call('no-answer', `CA${'3'.repeat(32)}`)).status).toBe(200);
    const followUps = await waitFor(
      () => drafts(user, 'pending'),
      (r) => r.body.drafts?.some((d) => d.source.kind === 'call') === true,
    );
    const callDrafts = followUps.body.drafts.filter((d) => d.source.kind === 'call');
    expect(callDrafts).toHaveLength(1);
    expect(callDrafts[0]).toMatchObject({
      automation_id: calls.id,
      to: '+15559990000',
      intent: 'missed_call',
      channel: 'sms',
    });
    expect(callDrafts[0]?.body).toContain('Sorry we missed your call.');
  });
});

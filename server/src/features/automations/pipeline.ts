import { type AutomationCitation, type AutomationKind, SMS_BODY_MAX_CHARS } from '@helixis/contract';
import type { DraftSourceKind, DraftSourceProvider } from '../../db/schema';
import type { Deps } from '../../platform/context';
import type { InboundPayload } from '../../platform/job-ports';
import type { Logger } from '../../platform/logger';
import { systemWorkspaceContext } from '../../platform/system-context';
import { withTenant } from '../../platform/tenant';
import { findStoredMail } from '../mail';
import * as approvals from './approvals.repo';
import { type DraftScope, recordRun, sendApprovedDraft } from './approvals.service';
import { channelOf, composeReply, inQuietHours } from './automations.drafting';
import * as repo from './automations.repo';
import { checkDraft, describeFindings } from './compliance.service';

/**
 * The live run of the automations on what arrived: the right enabled, connected automation
 * classifies it and drafts a reply from the workspace's knowledge (the same code as the test
 * endpoint), records a run and puts the draft in the approval queue. Only an intent the owner set
 * to auto-send (outside quiet hours) goes out without a person's approval; both paths are audited.
 * Idempotent: one draft per (automation, source), so a retried job finds its draft and stops.
 */

const MISSED_CALL_INTENT = 'missed_call';
const MISSED_CALL_TEXT =
  'Sorry we missed your call. How can we help? Reply to this message and we will get back to you.';

/** "Tenant Tom <tom@example.com>" → tom@example.com */
export function replyAddress(from: string | null): string | null {
  if (!from) return null;
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  const bare = angle?.[1] ?? from.trim();
  return /^[^\s@]+@[^\s@]+$/.test(bare) ? bare : null;
}

const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim() || 'your message'}`;

async function liveAutomations(scope: DraftScope, kinds: AutomationKind[]) {
  const rows = await withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: null }, (tx) =>
    repo.listAutomations(tx, scope.workspaceId),
  );
  return rows.filter((r) => kinds.includes(r.kind) && r.enabled && r.status === 'connected');
}

interface QueueInput {
  automation: repo.AutomationRow;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  citations: AutomationCitation[];
  intent: string;
  autoSend: boolean;
  source: { kind: DraftSourceKind; provider: DraftSourceProvider; ref: string; from: string | null; text: string };
  /** What arrived, for the run log ("E-mail from …"). */
  label: string;
}

/**
 * The one way a draft enters the approval queue. The outbound-compliance check runs first and is
 * stored with the draft; a draft with findings never auto-sends, whatever the policy says.
 */
async function queue(scope: DraftScope, input: QueueInput): Promise<void> {
  const { automation } = input;
  const compliance = await checkDraft(scope.deps, scope.log, scope.workspaceId, {
    subject: input.subject,
    body: input.body,
  });
  const flagged = compliance.findings.length > 0;
  const quiet = input.autoSend && inQuietHours(automation.config.quietHours, new Date());
  const draft = await withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: null }, async (tx) => {
    const row = await approvals.insertDraft(tx, scope.workspaceId, {
      automationId: automation.id,
      channel: input.channel,
      toAddress: input.to,
      subject: input.subject,
      body: input.body,
      citations: input.citations,
      intent: input.intent,
      sourceKind: input.source.kind,
      sourceProvider: input.source.provider,
      sourceRef: input.source.ref,
      sourceFrom: input.source.from,
      sourceText: input.source.text.slice(0, 5_000),
      status: 'pending',
      compliance,
    });
    if (!row) return null;
    await approvals.insertAudit(tx, scope.workspaceId, {
      draftId: row.id,
      automationId: automation.id,
      action: 'queued',
      actorUserId: null,
      detail: `Classified as ${input.intent}; ${input.citations.length} citation(s)${quiet ? '; auto-send held for quiet hours' : ''}`,
    });
    if (flagged) {
      await approvals.insertAudit(tx, scope.workspaceId, {
        draftId: row.id,
        automationId: automation.id,
        action: 'flagged',
        actorUserId: null,
        detail: `${describeFindings(compliance.findings)}${input.autoSend ? '; auto-send held' : ''}`,
      });
    }
    if (!input.autoSend || quiet || flagged) return row;
    const approved = await approvals.transitionDraft(tx, scope.workspaceId, row.id, ['pending'], {
      status: 'approved',
      decidedAt: new Date().toISOString(),
    });
    await approvals.insertAudit(tx, scope.workspaceId, {
      draftId: row.id,
      automationId: automation.id,
      action: 'auto_approved',
      actorUserId: null,
      detail: `Auto-send is on for ${input.intent} on "${automation.name}"`,
    });
    return approved ?? row;
  });
  if (!draft) {
    await settleInterruptedSend(scope, automation, input);
    return;
  }
  const citations = `${input.citations.length} citation${input.citations.length === 1 ? '' : 's'}`;
  const next =
    draft.status === 'approved'
      ? 'sending automatically (auto-send policy)'
      : flagged
        ? `held for approval (${describeFindings(compliance.findings)})`
        : quiet
          ? 'held for approval (quiet hours)'
          : 'draft waiting for approval';
  await recordRun(
    scope,
    automation.id,
    `${input.label} classified as ${input.intent}; ${citations}; ${next}`,
    'success',
  );
  if (draft.status === 'approved') await sendApprovedDraft(scope, draft);
}

export const INTERRUPTED_SEND =
  'Sending was interrupted before Helixis heard back, so it may or may not have gone out. Check the Sent folder (or the SMS log) before sending it again.';

/**
 * A retried run finds its draft already made. When that draft is still `approved`, the attempt that
 * was sending it died between the send and its outcome (a killed worker): the upstream may have taken
 * the message, and none of Gmail, Graph or Twilio has an idempotency key. Sending again could send
 * twice, so the draft moves to `failed` with that reason instead: visible, and a person decides.
 */
async function settleInterruptedSend(scope: DraftScope, automation: repo.AutomationRow, input: QueueInput) {
  const settled = await withTenant(
    scope.deps.database,
    { workspaceId: scope.workspaceId, userId: null },
    async (tx) => {
      const existing = await approvals.findDraftBySource(tx, scope.workspaceId, {
        automationId: automation.id,
        sourceKind: input.source.kind,
        sourceRef: input.source.ref,
      });
      if (existing?.status !== 'approved') return null;
      const failed = await approvals.transitionDraft(tx, scope.workspaceId, existing.id, ['approved'], {
        status: 'failed',
        sendError: INTERRUPTED_SEND,
      });
      if (failed) {
        await approvals.insertAudit(tx, scope.workspaceId, {
          draftId: existing.id,
          automationId: automation.id,
          action: 'send_failed',
          actorUserId: null,
          detail: INTERRUPTED_SEND,
        });
      }
      return failed;
    },
  );
  if (!settled) {
    scope.log.info({ automationId: automation.id, ref: input.source.ref }, 'draft exists already; nothing to do');
    return;
  }
  scope.log.warn({ automationId: automation.id, draftId: settled.id }, 'interrupted send marked failed, not re-sent');
  await recordRun(scope, automation.id, `${input.label}: ${INTERRUPTED_SEND}`, 'error');
}

/** A message (mail or SMS): classify, draft from knowledge, queue. */
async function answerMessage(
  scope: DraftScope,
  candidates: repo.AutomationRow[],
  message: {
    text: string;
    to: string;
    subject: string;
    source: QueueInput['source'];
    label: string;
  },
): Promise<void> {
  const ctx = systemWorkspaceContext(scope.deps, scope.log, scope.workspaceId, `automation:${message.source.ref}`);
  const primary = candidates.find((c) => c.kind !== 'smart_rescheduler') ?? candidates[0];
  if (!primary) return;
  let automation = primary;
  const channelFor = (a: repo.AutomationRow) => (message.source.provider === 'twilio' ? 'sms' : channelOf(a.kind));
  const compose = (a: repo.AutomationRow) =>
    composeReply(ctx, a, message.text, { from: message.source.from, channel: channelFor(a) });
  let reply = await compose(automation);
  // Reschedule requests go to the Smart Rescheduler when one is on: it proposes the times.
  const rescheduler = candidates.find((c) => c.kind === 'smart_rescheduler');
  if (reply.intent === 'reschedule_request' && rescheduler && rescheduler.id !== automation.id) {
    automation = rescheduler;
    reply = await compose(automation);
  }
  if (!reply.draft) {
    await recordRun(
      scope,
      automation.id,
      `${message.label} classified as ${reply.intent}; nothing in the knowledge base answers it, no draft (left for a person)`,
      'error',
    );
    return;
  }
  const channel = channelFor(automation);
  await queue(scope, {
    automation,
    channel,
    to: message.to,
    subject: channel === 'email' ? message.subject : '',
    body: channel === 'sms' ? reply.draft.slice(0, SMS_BODY_MAX_CHARS) : reply.draft,
    citations: reply.citations,
    intent: reply.intent,
    autoSend: reply.autoSend,
    source: message.source,
    label: message.label,
  });
}

/**
 * Answers one inbound message by its source. The switch is exhaustive: a source added to
 * InboundPayload fails to compile until it is handled here, and a payload of a source this build
 * does not know (an old or foreign job) is an error, never treated as another source.
 */
export async function runInbound(deps: Deps, log: Logger, workspaceId: string, payload: InboundPayload): Promise<void> {
  const scope: DraftScope = { deps, workspaceId, log };
  switch (payload.source) {
    case 'mail':
      return answerMail(scope, payload);
    case 'sms':
      return answerSms(scope, payload);
    case 'call':
      return followUpCall(scope, payload);
    default: {
      const unknown: never = payload;
      throw new Error(`unknown inbound source "${(unknown as { source?: unknown }).source}"`);
    }
  }
}

type Inbound<S extends InboundPayload['source']> = Extract<InboundPayload, { source: S }>;

async function answerMail(scope: DraftScope, payload: Inbound<'mail'>): Promise<void> {
  const { deps, workspaceId, log } = scope;
  const candidates = await liveAutomations(scope, ['email_inbox', 'smart_rescheduler']);
  if (!candidates.some((c) => c.kind === 'email_inbox')) {
    log.debug({ mailId: payload.mailId }, 'no enabled, connected e-mail automation: mail not answered');
    return;
  }
  const mail = await findStoredMail(deps, workspaceId, payload.mailId);
  if (!mail) return;
  const to = replyAddress(mail.from);
  const inbox = candidates.find((c) => c.kind === 'email_inbox');
  if (!to) {
    if (inbox) await recordRun(scope, inbox.id, `E-mail "${mail.subject}" has no sender address to answer`, 'error');
    return;
  }
  await answerMessage(scope, candidates, {
    text: `${mail.subject}\n${mail.text}`,
    to,
    subject: replySubject(mail.subject),
    source: { kind: 'mail', provider: mail.source, ref: mail.id, from: mail.from, text: mail.text },
    label: `E-mail from ${to}`,
  });
}

async function answerSms(scope: DraftScope, payload: Inbound<'sms'>): Promise<void> {
  const candidates = await liveAutomations(scope, ['sms_text']);
  if (candidates.length === 0) {
    scope.log.info({ messageSid: payload.messageSid }, 'no enabled, connected SMS automation: text not answered');
    return;
  }
  await answerMessage(scope, candidates, {
    text: payload.body,
    to: payload.from,
    subject: '',
    source: { kind: 'sms', provider: 'twilio', ref: payload.messageSid, from: payload.from, text: payload.body },
    label: `Text from ${payload.from}`,
  });
}

async function followUpCall(scope: DraftScope, payload: Inbound<'call'>): Promise<void> {
  const [automation] = await liveAutomations(scope, ['call_followup']);
  if (!automation) {
    scope.log.info({ callSid: payload.callSid }, 'no enabled, connected call follow-up automation');
    return;
  }
  const opening = automation.config.templates[MISSED_CALL_INTENT] ?? automation.config.templates.default ?? '';
  await queue(scope, {
    automation,
    channel: 'sms',
    to: payload.from,
    subject: '',
    body: [opening, MISSED_CALL_TEXT].filter(Boolean).join(' '),
    citations: [],
    intent: MISSED_CALL_INTENT,
    autoSend: automation.config.approval.autoSendIntents.includes(MISSED_CALL_INTENT),
    source: {
      kind: 'call',
      provider: 'twilio',
      ref: payload.callSid,
      from: payload.from,
      text: `Missed call (${payload.callStatus})`,
    },
    label: `Missed call (${payload.callStatus}) from ${payload.from}`,
  });
}

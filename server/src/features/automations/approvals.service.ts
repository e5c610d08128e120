import { type AutomationDraft, SMS_BODY_MAX_CHARS } from '@helixis/contract';
import { describeUpstreamError } from '../../integrations/send-request';
import { UpstreamError } from '../../integrations/upstream';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError, isAppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import { withTenant } from '../../platform/tenant';
import { sendFromMailbox } from '../mail';
import * as approvals from './approvals.repo';
import * as repo from './automations.repo';
import { checkDraft, describeFindings } from './compliance.service';
import { sendTwilioSms } from './twilio.service';

/** The approval queue: list, approve (optionally edited), reject, audit; and the one send path. */

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

export function toDraft(row: approvals.DraftRow, automation: { name: string; kind: string }): AutomationDraft {
  return {
    id: row.id,
    automation_id: row.automationId,
    automation_name: automation.name,
    automation_kind: automation.kind as AutomationDraft['automation_kind'],
    channel: row.channel,
    to: row.toAddress,
    subject: row.subject,
    body: row.body,
    citations: row.citations,
    intent: row.intent,
    source: { kind: row.sourceKind, provider: row.sourceProvider, from: row.sourceFrom, text: row.sourceText },
    status: row.status,
    decided_by: row.decidedBy,
    decided_at: iso(row.decidedAt),
    sent_at: iso(row.sentAt),
    send_error: row.sendError,
    created_at: new Date(row.createdAt).toISOString(),
    compliance: row.compliance ?? null,
  };
}

/** A workspace-scoped unit of work outside a request (the pipeline job) or inside one. */
export interface DraftScope {
  deps: Deps;
  workspaceId: string;
  log: Logger;
}

const inTenant = <T>(scope: DraftScope, fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: null }, fn);

/** Appends to the automation's run log (stats and "last run" come from it). */
export async function recordRun(
  scope: DraftScope,
  automationId: string,
  msg: string,
  status: 'success' | 'error',
): Promise<void> {
  await inTenant(scope, async (tx) => {
    const run = await repo.insertRun(tx, scope.workspaceId, { automationId, msg, status });
    await repo.updateAutomation(tx, scope.workspaceId, automationId, { lastRunAt: run.ts });
  });
}

/**
 * Sends an approved draft through its channel, once: only a draft in status `approved` is sent
 * (the caller moved it there with the pending → approved guard), and the outcome moves it on to
 * `sent` or `failed` in one statement guarded by `approved`. Audited and logged as a run.
 */
export async function sendApprovedDraft(scope: DraftScope, draft: approvals.DraftRow): Promise<approvals.DraftRow> {
  if (draft.status !== 'approved') return draft;
  let outcome: { ok: true; messageId: string | null; via: string } | { ok: false; error: string };
  try {
    if (draft.channel === 'email') {
      const preferred =
        draft.sourceProvider === 'gmail' || draft.sourceProvider === 'outlook' ? draft.sourceProvider : null;
      const sent = await sendFromMailbox(scope.deps, scope.log, scope.workspaceId, preferred, {
        to: draft.toAddress,
        subject: draft.subject,
        text: draft.body,
      });
      outcome = { ok: true, messageId: sent.messageId, via: sent.via };
    } else {
      const sent = await sendTwilioSms(scope, { to: draft.toAddress, body: draft.body });
      outcome = { ok: true, messageId: sent.sid, via: 'twilio' };
    }
  } catch (err) {
    const service = draft.channel === 'sms' ? 'Twilio' : 'The mail API';
    const error =
      err instanceof UpstreamError
        ? describeUpstreamError(service, err)
        : isAppError(err)
          ? err.userMessage
          : 'The message could not be sent.';
    scope.log.warn({ draftId: draft.id, err: err instanceof Error ? err.name : 'error' }, 'draft send failed');
    outcome = { ok: false, error };
  }
  const now = new Date().toISOString();
  const updated = await inTenant(scope, async (tx) => {
    const row = outcome.ok
      ? await approvals.transitionDraft(tx, scope.workspaceId, draft.id, ['approved'], {
          status: 'sent',
          sentAt: now,
          sendError: null,
          providerMessageId: outcome.messageId,
        })
      : await approvals.transitionDraft(tx, scope.workspaceId, draft.id, ['approved'], {
          status: 'failed',
          sendError: outcome.error,
        });
    if (row) {
      await approvals.insertAudit(tx, scope.workspaceId, {
        draftId: draft.id,
        automationId: draft.automationId,
        action: outcome.ok ? 'sent' : 'send_failed',
        actorUserId: null,
        detail: outcome.ok ? `Sent to ${draft.toAddress} via ${outcome.via}` : outcome.error,
      });
    }
    return row;
  });
  await recordRun(
    scope,
    draft.automationId,
    outcome.ok
      ? `${draft.channel === 'sms' ? 'SMS' : 'E-mail'} reply sent to ${draft.toAddress}`
      : `Reply to ${draft.toAddress} not sent: ${outcome.error}`,
    outcome.ok ? 'success' : 'error',
  );
  return updated ?? draft;
}

async function loadDraft(ctx: WorkspaceContext, id: string) {
  const row = await ctx.tenant((tx) => approvals.findDraft(tx, ctx.workspace.id, id));
  if (!row) throw new AppError('draft_not_found');
  return row;
}

async function present(ctx: WorkspaceContext, row: approvals.DraftRow): Promise<AutomationDraft> {
  const automation = await ctx.tenant((tx) => repo.findAutomation(tx, ctx.workspace.id, row.automationId));
  return toDraft(row, automation ?? { name: '', kind: 'email_inbox' });
}

export const listApprovals: EndpointHandler<'listApprovals'> = async ({ ctx, input }) => {
  const ws = ctx.workspace.id;
  return ctx.tenant(async (tx) => {
    const rows = await approvals.listDrafts(tx, ws, { status: input.status, limit: input.limit });
    const pending = await approvals.countPending(tx, ws);
    return {
      drafts: rows.map((r) => toDraft(r, { name: r.automationName, kind: r.automationKind })),
      pending,
    };
  });
};

/**
 * Approves a pending (or failed) draft, with the owner's edits, and sends it. A retried approval of
 * a draft already approved or sent answers the draft as it is and sends nothing again.
 */
export const approveDraft: EndpointHandler<'approveDraft'> = async ({ ctx, input }) => {
  const current = await loadDraft(ctx, input.id);
  const edits: string[] = [];
  if (input.subject !== undefined && input.subject !== current.subject) edits.push('subject');
  if (input.body !== undefined && input.body !== current.body) edits.push('body');
  if (current.channel === 'sms' && (input.body ?? current.body).length > SMS_BODY_MAX_CHARS) {
    throw new AppError('validation_failed', {
      userMessage: `A text message can be at most ${SMS_BODY_MAX_CHARS} characters.`,
    });
  }
  // The text that goes out is checked as it is: an edit (or a draft from before the checks) is
  // checked again, and findings need the approver's explicit acknowledgement.
  const subject = input.subject ?? current.subject;
  const body = input.body ?? current.body;
  const decidable = current.status === 'pending' || current.status === 'failed';
  const compliance =
    decidable && (edits.length > 0 || !current.compliance)
      ? await checkDraft(ctx.deps, ctx.log, ctx.workspace.id, { subject, body })
      : current.compliance;
  const findings = compliance?.findings ?? [];
  if (decidable && findings.length > 0 && input.acknowledge_compliance !== true) {
    throw new AppError('compliance_ack_required', {
      userMessage: `${describeFindings(findings)}. Confirm you have read them to send this draft anyway.`,
    });
  }
  const now = new Date().toISOString();
  const claimed = await ctx.tenant(async (tx) => {
    const row = await approvals.transitionDraft(tx, ctx.workspace.id, current.id, ['pending', 'failed'], {
      status: 'approved',
      subject,
      body,
      decidedBy: ctx.user.id,
      decidedAt: now,
      sendError: null,
      compliance:
        compliance && findings.length > 0
          ? { ...compliance, acknowledged_by: ctx.user.id, acknowledged_at: now }
          : (compliance ?? null),
    });
    if (!row) return null;
    const entry = { draftId: row.id, automationId: row.automationId, actorUserId: ctx.user.id };
    if (findings.length > 0) {
      await approvals.insertAudit(tx, ctx.workspace.id, {
        ...entry,
        action: 'acknowledged',
        detail: `Approved despite ${describeFindings(findings)} (rules ${compliance?.version ?? ''})`,
      });
    }
    if (edits.length > 0) {
      await approvals.insertAudit(tx, ctx.workspace.id, {
        ...entry,
        action: 'edited',
        detail: `Edited ${edits.join(' and ')}`,
      });
    }
    await approvals.insertAudit(tx, ctx.workspace.id, { ...entry, action: 'approved' });
    return row;
  });
  if (!claimed) {
    const now = await loadDraft(ctx, input.id);
    if (now.status === 'approved' || now.status === 'sent') return { draft: await present(ctx, now) };
    throw new AppError('draft_already_decided');
  }
  const scope = { deps: ctx.deps, workspaceId: ctx.workspace.id, log: ctx.log };
  return { draft: await present(ctx, await sendApprovedDraft(scope, claimed)) };
};

export const rejectDraft: EndpointHandler<'rejectDraft'> = async ({ ctx, input }) => {
  const current = await loadDraft(ctx, input.id);
  const row = await ctx.tenant(async (tx) => {
    const updated = await approvals.transitionDraft(tx, ctx.workspace.id, current.id, ['pending', 'failed'], {
      status: 'rejected',
      decidedBy: ctx.user.id,
      decidedAt: new Date().toISOString(),
    });
    if (updated) {
      await approvals.insertAudit(tx, ctx.workspace.id, {
        draftId: updated.id,
        automationId: updated.automationId,
        action: 'rejected',
        actorUserId: ctx.user.id,
        detail: input.reason ?? '',
      });
    }
    return updated;
  });
  if (!row) {
    if (current.status === 'rejected') return { draft: await present(ctx, current) };
    throw new AppError('draft_already_decided');
  }
  await recordRun(
    { deps: ctx.deps, workspaceId: ctx.workspace.id, log: ctx.log },
    row.automationId,
    `Reply to ${row.toAddress} rejected; nothing sent`,
    'success',
  );
  return { draft: await present(ctx, row) };
};

export const draftAudit: EndpointHandler<'draftAudit'> = async ({ ctx, input }) => {
  await loadDraft(ctx, input.id);
  const rows = await ctx.tenant((tx) => approvals.listAudit(tx, ctx.workspace.id, input.id));
  return {
    entries: rows.map((r) => ({
      ts: new Date(r.ts).toISOString(),
      action: r.action,
      actor_user_id: r.actorUserId,
      detail: r.detail,
    })),
  };
};

import { z } from 'zod';
import { AutomationCitation, AutomationKind } from './automations';
import { DraftCompliance } from './compliance';
import type { Endpoint } from './endpoint';
import { Uuid } from './workspaces';

/**
 * The approval queue (issue 10): every outbound message an automation drafts waits here for an
 * owner/manager decision, unless the automation's config auto-sends that intent. Every step is audited.
 */
export const DraftStatus = z.enum(['pending', 'approved', 'sent', 'rejected', 'failed']);
export type DraftStatus = z.infer<typeof DraftStatus>;
export const DraftChannel = z.enum(['email', 'sms']);
export type DraftChannel = z.infer<typeof DraftChannel>;
export const DraftAuditAction = z.enum([
  'queued',
  'approved',
  'edited',
  'rejected',
  'auto_approved',
  'sent',
  'send_failed',
  /** The compliance check found something (migration 0031); auto-send is held. */
  'flagged',
  /** A person approved despite the compliance findings. */
  'acknowledged',
]);
export type DraftAuditAction = z.infer<typeof DraftAuditAction>;

export const DRAFT_STATUS_LABELS: Readonly<Record<DraftStatus, string>> = {
  pending: 'Waiting for approval',
  approved: 'Approved, sending',
  sent: 'Sent',
  rejected: 'Rejected',
  failed: 'Not sent',
};
export const DRAFT_SUBJECT_MAX_CHARS = 300;
export const DRAFT_BODY_MAX_CHARS = 10_000;
/** One SMS reply stays short: Twilio splits longer bodies into several billed segments. */
export const SMS_BODY_MAX_CHARS = 1_600;

export const AutomationDraft = z.object({
  id: Uuid,
  automation_id: Uuid,
  automation_name: z.string(),
  automation_kind: AutomationKind,
  channel: DraftChannel,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  citations: z.array(AutomationCitation),
  intent: z.string(),
  source: z.object({
    kind: z.enum(['mail', 'sms', 'call']),
    provider: z.enum(['alias', 'gmail', 'outlook', 'twilio']),
    from: z.string().nullable(),
    text: z.string(),
  }),
  status: DraftStatus,
  decided_by: Uuid.nullable(),
  decided_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  send_error: z.string().nullable(),
  created_at: z.string(),
  /** The outbound-compliance check (issue 30); null for drafts made before checks existed. */
  compliance: DraftCompliance.nullable(),
});
export type AutomationDraft = z.infer<typeof AutomationDraft>;

export const DraftAuditEntry = z.object({
  ts: z.string(),
  action: DraftAuditAction,
  actor_user_id: Uuid.nullable(),
  detail: z.string(),
});
export type DraftAuditEntry = z.infer<typeof DraftAuditEntry>;

export const ListApprovalsInput = z
  .object({
    status: DraftStatus.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ListApprovalsInput = z.input<typeof ListApprovalsInput>;
export const ListApprovalsOutput = z.object({ drafts: z.array(AutomationDraft), pending: z.number().int() });
export type ListApprovalsOutput = z.infer<typeof ListApprovalsOutput>;

export const ApproveDraftInput = z
  .object({
    id: Uuid,
    subject: z
      .string()
      .trim()
      .max(DRAFT_SUBJECT_MAX_CHARS, `A subject can be at most ${DRAFT_SUBJECT_MAX_CHARS} characters.`)
      .optional(),
    body: z
      .string()
      .trim()
      .min(1, 'The message cannot be empty.')
      .max(DRAFT_BODY_MAX_CHARS, `A message can be at most ${DRAFT_BODY_MAX_CHARS} characters.`)
      .optional(),
    /** Required (true) when the draft, as sent, has compliance findings. */
    acknowledge_compliance: z.boolean().optional(),
  })
  .strict();
export type ApproveDraftInput = z.input<typeof ApproveDraftInput>;
export const RejectDraftInput = z
  .object({ id: Uuid, reason: z.string().trim().max(500, 'A reason can be at most 500 characters.').optional() })
  .strict();
export type RejectDraftInput = z.input<typeof RejectDraftInput>;
export const DraftOutput = z.object({ draft: AutomationDraft });
export type DraftOutput = z.infer<typeof DraftOutput>;
export const DraftAuditOutput = z.object({ entries: z.array(DraftAuditEntry) });
export type DraftAuditOutput = z.infer<typeof DraftAuditOutput>;

// ── Twilio (SMS and voice) credentials ─────────────────────────────────────────────────────────
export const TwilioStatus = z.object({
  connected: z.boolean(),
  account_sid: z.string().nullable(),
  from_number: z.string().nullable(),
  /** Paste into the Twilio number's "A message comes in" and "Call status changes" settings. */
  sms_webhook_url: z.string().nullable(),
  voice_status_webhook_url: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type TwilioStatus = z.infer<typeof TwilioStatus>;
export const ConnectTwilioInput = z
  .object({
    account_sid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'An Account SID starts with AC followed by 32 letters and digits.'),
    auth_token: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{32}$/, 'An Auth Token is 32 letters and digits, shown on the Twilio console.'),
    from_number: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, 'Use the Twilio number in international format, like +15551234567.'),
  })
  .strict();
export type ConnectTwilioInput = z.input<typeof ConnectTwilioInput>;

export const automationApprovalEndpoints = {
  listApprovals: {
    method: 'GET',
    path: '/api/v1/automations/approvals',
    access: 'workspace',
    summary: 'Drafted outbound messages of the automations, newest first, optionally by status.',
    input: ListApprovalsInput,
    output: ListApprovalsOutput,
  },
  approveDraft: {
    method: 'POST',
    path: '/api/v1/automations/approvals/:id/approve',
    idempotent: true,
    access: 'workspace',
    registeredOnly: true,
    role: 'manager',
    summary: 'Approves a pending draft (optionally with an edited subject/body) and sends it once.',
    input: ApproveDraftInput,
    output: DraftOutput,
  },
  rejectDraft: {
    method: 'POST',
    path: '/api/v1/automations/approvals/:id/reject',
    idempotent: true,
    access: 'workspace',
    role: 'manager',
    summary: 'Rejects a pending draft; nothing is sent.',
    input: RejectDraftInput,
    output: DraftOutput,
  },
  draftAudit: {
    method: 'GET',
    path: '/api/v1/automations/approvals/:id/audit',
    access: 'workspace',
    summary: "A draft's audit trail: queued, decisions (people or auto-send policy), send outcome.",
    input: z.object({ id: Uuid }).strict(),
    output: DraftAuditOutput,
  },
  twilioStatus: {
    method: 'GET',
    path: '/api/v1/automations/twilio',
    access: 'workspace',
    summary: 'Whether Twilio is connected, its number and the webhook addresses to configure.',
    input: z.object({}).strict(),
    output: TwilioStatus,
  },
  connectTwilio: {
    method: 'POST',
    path: '/api/v1/automations/twilio',
    idempotent: true,
    access: 'workspace',
    registeredOnly: true,
    role: 'manager',
    summary: 'Verifies Twilio credentials against the API, stores them encrypted and connects SMS and voice.',
    input: ConnectTwilioInput,
    output: TwilioStatus,
  },
  disconnectTwilio: {
    method: 'DELETE',
    path: '/api/v1/automations/twilio',
    access: 'workspace',
    role: 'manager',
    summary: 'Forgets the Twilio credentials; SMS and call follow-up automations need connect again.',
    input: z.object({}).strict(),
    output: TwilioStatus,
  },
} as const satisfies Record<string, Endpoint>;

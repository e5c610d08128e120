import type {
  AutomationCitation,
  DraftAuditAction,
  DraftChannel,
  DraftCompliance,
  DraftStatus,
  StateProtectedClass,
} from '@helixis/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0014_automation_approvals.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export type DraftSourceKind = 'mail' | 'sms' | 'call';
export type DraftSourceProvider = 'alias' | 'gmail' | 'outlook' | 'twilio';

export const automationDrafts = pgTable(
  'automation_drafts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    automationId: uuid('automation_id').notNull(),
    channel: text('channel').$type<DraftChannel>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    citations: jsonb('citations').$type<AutomationCitation[]>().notNull(),
    intent: text('intent').notNull(),
    sourceKind: text('source_kind').$type<DraftSourceKind>().notNull(),
    sourceProvider: text('source_provider').$type<DraftSourceProvider>().notNull(),
    sourceRef: text('source_ref').notNull(),
    sourceFrom: text('source_from'),
    sourceText: text('source_text').notNull().default(''),
    status: text('status').$type<DraftStatus>().notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
    sentAt: ts('sent_at'),
    sendError: text('send_error'),
    providerMessageId: text('provider_message_id'),
    /** Migration 0031: the outbound-compliance check (null: made before checks existed). */
    compliance: jsonb('compliance').$type<DraftCompliance>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique('automation_drafts_source_key').on(t.workspaceId, t.automationId, t.sourceKind, t.sourceRef),
    index('automation_drafts_status_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
  ],
);

export const automationAudit = pgTable(
  'automation_audit',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    draftId: uuid('draft_id').notNull(),
    automationId: uuid('automation_id').notNull(),
    action: text('action').$type<DraftAuditAction>().notNull(),
    actorUserId: uuid('actor_user_id'),
    detail: text('detail').notNull().default(''),
    ts: ts('ts').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const twilioAccounts = pgTable('twilio_accounts', {
  workspaceId: uuid('workspace_id').notNull().primaryKey(),
  accountSid: text('account_sid').notNull(),
  authTokenEncrypted: text('auth_token_encrypted').notNull(),
  fromNumber: text('from_number').notNull(),
  connectedBy: uuid('connected_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const mailSyncState = pgTable(
  'mail_sync_state',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    provider: text('provider').$type<'gmail' | 'outlook'>().notNull(),
    lastSyncedAt: ts('last_synced_at'),
    lastError: text('last_error'),
    imported: integer('imported').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.provider] })],
);

/** Mirrors migrations/0031_compliance_and_kpi_records.sql. */
export const complianceSettings = pgTable('compliance_settings', {
  workspaceId: uuid('workspace_id').notNull().primaryKey(),
  stateClasses: text('state_classes').array().$type<StateProtectedClass[]>().notNull().default([]),
  entryNoticeHours: integer('entry_notice_hours'),
  rentIncreaseNoticeDays: integer('rent_increase_notice_days'),
  terminationNoticeDays: integer('termination_notice_days'),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

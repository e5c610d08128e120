import type { OAuthProvider } from '@helixis/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0010_mail_oauth.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const oauthStates = pgTable(
  'oauth_states',
  {
    workspaceId: workspaceId(),
    nonce: text('nonce').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<OAuthProvider>().notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.nonce] })],
);

export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    workspaceId: workspaceId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<OAuthProvider>().notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    expiresAt: ts('expires_at'),
    scopes: text('scopes').notNull().default(''),
    accountHint: text('account_hint'),
    status: text('status').$type<'connected' | 'error'>().notNull().default('connected'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.provider] })],
);

export const emailAliases = pgTable(
  'email_aliases',
  {
    workspaceId: workspaceId(),
    localPart: text('local_part').notNull().unique(),
    address: text('address').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId] })],
);

export interface MailAttachmentInfo {
  filename: string | null;
  contentType: string;
  size: number;
}

export const mailMessages = pgTable(
  'mail_messages',
  {
    workspaceId: workspaceId(),
    id: uuid('id').notNull().defaultRandom(),
    source: text('source').$type<'alias' | 'gmail' | 'outlook'>().notNull(),
    externalId: text('external_id'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    attachments: jsonb('attachments').$type<MailAttachmentInfo[]>().notNull().default([]),
    documentId: uuid('document_id'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('mail_messages_recent_idx').on(t.workspaceId, t.receivedAt.desc()),
  ],
);

export const calendarImports = pgTable(
  'calendar_imports',
  {
    workspaceId: workspaceId(),
    id: uuid('id').notNull().defaultRandom(),
    sourceType: text('source_type').$type<'file' | 'url'>().notNull(),
    sourceName: text('source_name'),
    calendarName: text('calendar_name'),
    status: text('status').$type<'processing' | 'completed' | 'failed'>().notNull(),
    error: text('error'),
    events: integer('events').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    workspaceId: workspaceId(),
    id: uuid('id').notNull().defaultRandom(),
    importId: uuid('import_id').notNull(),
    uid: text('uid').notNull(),
    summary: text('summary').notNull().default(''),
    location: text('location'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    allDay: boolean('all_day').notNull().default(false),
    recurring: boolean('recurring').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('calendar_events_start_idx').on(t.workspaceId, t.startsAt),
  ],
);

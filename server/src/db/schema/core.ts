import type { JobState } from '@helixis/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The Drizzle view of the schema. The SQL in ./migrations is the source of truth for the database;
 * this file mirrors it for typed queries (server/src/db/schema.test.ts checks they agree).
 * Tenant tables carry workspace_id in their primary key (Citus-ready) and have RLS policies.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();

// ── auth (global, not tenant-scoped) ────────────────────────────────────────────────────────────
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: ts('email_confirmed_at'),
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationSentAt: ts('confirmation_sent_at'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    userMetadata: jsonb('raw_user_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: created(),
    updatedAt: updated(),
    newEmail: text('new_email'),
    emailChangeSentAt: ts('email_change_sent_at'),
    recoverySentAt: ts('recovery_sent_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: created(),
    refreshedAt: ts('refreshed_at'),
    /** How the session was opened (the access token's `amr`): password, otp, recovery, anonymous. */
    signInMethod: text('sign_in_method').notNull().default('password'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    parentHash: text('parent_hash'),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Open mailed links (recovery, magic link, e-mail change) and their 6-digit codes, hashed; single-use. */
export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'recovery' | 'magiclink' | 'email_change'>().notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('auth_one_time_tokens_hash_key').on(t.tokenHash),
    uniqueIndex('auth_one_time_tokens_user_purpose_key').on(t.userId, t.purpose),
    index('auth_one_time_tokens_email_idx').on(t.email),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: created(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    keyHash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: ts('window_start').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessRole: text('business_role'),
  createdAt: created(),
  updatedAt: updated(),
});

// ── tenant tables ───────────────────────────────────────────────────────────────────────────────
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Where the name came from: the sign-up default, onboarding's business name, or an owner's choice (0033). */
  nameSource: text('name_source').$type<'signup' | 'onboarding' | 'owner'>().notNull().default('signup'),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: updated(),
});

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const assistants = pgTable(
  'assistants',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    temperature: real('temperature').notNull().default(0.2),
    useRag: boolean('use_rag').notNull().default(true),
    assistantType: text('assistant_type').notNull().default('personal'),
    isShared: boolean('is_shared').notNull().default(false),
    isTestVersion: boolean('is_test_version').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    /** A test copy's live assistant (migration 0006). */
    parentAssistantId: uuid('parent_assistant_id'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('assistants_one_default').on(t.workspaceId).where(sql`is_default`),
  ],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: uuid('user_id'),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** The workspace's view of a background job (the queue itself is pg-boss's, in the pgboss schema). */
export const jobStatus = pgTable(
  'job_status',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    state: text('state').$type<JobState>().notNull(),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    createdAt: created(),
    updatedAt: updated(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('job_status_recent_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

import type {
  FactCorrection,
  FactProvenance,
  FactScopeType,
  FactSource,
  FactSourceKind,
  FactVersionStatus,
  Suggestion,
  SuggestionStatus,
  SuggestionType,
} from '@helixis/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './core';

/** Mirrors migrations/0005_facts.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const facts = pgTable(
  'facts',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    confidence: integer('confidence').notNull(),
    source: text('source').$type<FactSource>().notNull(),
    provenance: jsonb('provenance').$type<FactProvenance>().notNull(),
    corrections: jsonb('corrections').$type<FactCorrection[]>().notNull().default([]),
    learnedAt: ts('learned_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Migration 0032: the scope a value holds for, and when it needs review.
    scopeType: text('scope_type').$type<FactScopeType>().notNull().default('workspace'),
    scopeId: text('scope_id').notNull().default(''),
    scopeLabel: text('scope_label'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique('facts_workspace_key_scope_key').on(t.workspaceId, t.key, t.scopeType, t.scopeId),
  ],
);

/** Mirrors migrations/0032_fact_ledger.sql: every value a source stated for a fact. */
export const factVersions = pgTable(
  'fact_versions',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    factId: uuid('fact_id').notNull(),
    value: text('value').notNull(),
    confidence: integer('confidence').notNull(),
    source: text('source').$type<FactSource>().notNull(),
    provenance: jsonb('provenance').$type<FactProvenance>().notNull(),
    sourceKind: text('source_kind').$type<FactSourceKind>().notNull(),
    speaker: text('speaker').notNull(),
    recordedBy: uuid('recorded_by'),
    expiresAt: ts('expires_at'),
    status: text('status').$type<FactVersionStatus>().notNull(),
    observedAt: ts('observed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('fact_versions_fact_idx').on(t.workspaceId, t.factId, t.observedAt.desc()),
  ],
);

/** Two sources disagreeing on a fact; one open per fact (partial unique index in the migration). */
export const factConflicts = pgTable(
  'fact_conflicts',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    factId: uuid('fact_id').notNull(),
    currentVersionId: uuid('current_version_id').notNull(),
    otherVersionId: uuid('other_version_id').notNull(),
    taskId: uuid('task_id'),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    resolvedValue: text('resolved_value'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const factSuggestions = pgTable(
  'fact_suggestions',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull(),
    type: text('type').$type<SuggestionType>().notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    impact: jsonb('impact').$type<Suggestion['impact']>().notNull(),
    effort: jsonb('effort').$type<Suggestion['effort']>().notNull(),
    actions: jsonb('actions').$type<string[]>().notNull().default([]),
    triggers: jsonb('triggers').$type<string[]>().notNull().default([]),
    status: text('status').$type<SuggestionStatus>().notNull().default('pending'),
    priority: integer('priority').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique('fact_suggestions_workspace_id_dedupe_key_key').on(t.workspaceId, t.dedupeKey),
    index('fact_suggestions_top_idx').on(t.workspaceId, t.status, t.priority.desc(), t.createdAt),
  ],
);

export const factQuestions = pgTable(
  'fact_questions',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    question: text('question').notNull(),
    topic: text('topic'),
    askedAt: ts('asked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('fact_questions_recent_idx').on(t.workspaceId, t.askedAt.desc()),
  ],
);

export const faqPairs = pgTable(
  'faq_pairs',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    question: text('question').notNull(),
    questionKey: text('question_key').notNull(),
    answer: text('answer').notNull(),
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique('faq_pairs_workspace_id_question_key_key').on(t.workspaceId, t.questionKey),
  ],
);

import type {
  FactCorrection,
  FactProvenance,
  FactSource,
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
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique('facts_workspace_id_key_key').on(t.workspaceId, t.key),
  ],
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

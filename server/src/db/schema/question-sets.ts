import type { ComparedAnswer, ComparedAssistant } from '@helixis/contract';
import { index, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './core';

/** Mirrors migrations/0015_question_sets.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const assistantQuestionSets = pgTable('assistant_question_sets', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  questions: jsonb('questions').$type<string[]>().notNull(),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export interface ComparisonResultRow {
  question: string;
  live: ComparedAnswer;
  test: ComparedAnswer;
}

export const assistantComparisons = pgTable(
  'assistant_comparisons',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    runBy: uuid('run_by').notNull(),
    live: jsonb('live').$type<ComparedAssistant>().notNull(),
    test: jsonb('test').$type<ComparedAssistant>().notNull(),
    results: jsonb('results').$type<ComparisonResultRow[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('assistant_comparisons_recent_idx').on(t.workspaceId, t.createdAt),
  ],
);

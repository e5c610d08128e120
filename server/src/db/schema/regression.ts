import type { ApplyCheckItem, ComparedAssistant } from '@helixis/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './core';

/** Mirrors migrations/0032_fact_ledger.sql (regression questions and apply checks). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const regressionQuestions = pgTable(
  'regression_questions',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    question: text('question').notNull(),
    expectedAnswer: text('expected_answer').notNull(),
    factId: uuid('fact_id'),
    answeredBy: uuid('answered_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique('regression_questions_workspace_id_task_id_key').on(t.workspaceId, t.taskId),
  ],
);

export const assistantApplyChecks = pgTable(
  'assistant_apply_checks',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    runBy: uuid('run_by').notNull(),
    live: jsonb('live').$type<ComparedAssistant>().notNull(),
    test: jsonb('test').$type<ComparedAssistant>().notNull(),
    results: jsonb('results').$type<ApplyCheckItem[]>().notNull(),
    blocking: integer('blocking').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('assistant_apply_checks_recent_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

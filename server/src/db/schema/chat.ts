import type { ChatSource, QueryRewrite, TaskPriority, TaskStatus, TaskType } from '@helixis/contract';
import { date, index, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0006_chat_tasks.sql (and 0025: messages.rewrite). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const threads = pgTable(
  'threads',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('threads_user_recent_idx').on(t.workspaceId, t.userId, t.updatedAt.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    threadId: uuid('thread_id').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<ChatSource[]>().notNull().default([]),
    confidence: real('confidence'),
    taskId: uuid('task_id'),
    rewrite: jsonb('rewrite').$type<QueryRewrite>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('messages_thread_idx').on(t.workspaceId, t.threadId, t.createdAt),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('pending'),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    taskType: text('task_type').$type<TaskType>().notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    question: text('question'),
    questionKey: text('question_key'),
    threadId: uuid('thread_id'),
    answer: text('answer'),
    factId: text('fact_id'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('tasks_status_idx').on(t.workspaceId, t.status, t.createdAt.desc()),
    index('tasks_assignee_idx').on(t.workspaceId, t.assignedTo),
  ],
);

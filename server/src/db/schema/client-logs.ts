import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Crash reports from the browser (migration 0009_client_logs.sql); global, written by the server only. */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    boundary: text('boundary').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    componentStack: text('component_stack'),
    path: text('path').notNull(),
    userAgent: text('user_agent'),
    userId: uuid('user_id'),
    ipHash: text('ip_hash').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('client_logs_created_idx').on(t.createdAt.desc())],
);

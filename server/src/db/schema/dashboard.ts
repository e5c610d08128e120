import type { DashboardCardPref } from '@helixis/contract';
import { jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0011_dashboard_prefs.sql: each user's final-dashboard layout per workspace. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const dashboardPrefs = pgTable(
  'dashboard_prefs',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cards: jsonb('cards').$type<DashboardCardPref[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

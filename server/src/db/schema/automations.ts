import type { AutomationConfig, AutomationKind, AutomationStatus, RunLogStatus } from '@helixis/contract';
import type { AutomationConnections } from '@helixis/domain';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './core';

/** Mirrors migrations/0012_automations.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const automations = pgTable(
  'automations',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').$type<AutomationKind>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<AutomationStatus>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    errorMsg: text('error_msg'),
    connections: jsonb('connections').$type<AutomationConnections>().notNull(),
    config: jsonb('config').$type<AutomationConfig>().notNull(),
    lastRunAt: ts('last_run_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('automations_created_idx').on(t.workspaceId, t.createdAt),
  ],
);

export const automationRuns = pgTable(
  'automation_runs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    automationId: uuid('automation_id').notNull(),
    ts: ts('ts').notNull().defaultNow(),
    msg: text('msg').notNull(),
    status: text('status').$type<RunLogStatus>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('automation_runs_recent_idx').on(t.workspaceId, t.automationId, t.ts.desc()),
  ],
);

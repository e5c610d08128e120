import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0018_team.sql: invitations by e-mail link and each user's chosen workspace. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').$type<'ADMIN' | 'MEMBER'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('workspace_invitations_token_key').on(t.tokenHash),
  ],
);

export const activeWorkspaces = pgTable(
  'active_workspaces',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('active_workspaces_workspace_idx').on(t.workspaceId)],
);

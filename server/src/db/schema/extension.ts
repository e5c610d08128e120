import type { ExtensionTokenKind } from '@helixis/contract';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0017_extension.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const extensionTokens = pgTable(
  'extension_tokens',
  {
    workspaceId: workspaceId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ExtensionTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('extension_tokens_user_idx').on(t.workspaceId, t.userId, t.createdAt.desc()),
  ],
);

export const extensionSettings = pgTable('extension_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  allowedHosts: jsonb('allowed_hosts').$type<string[]>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const cluelyIntegrations = pgTable(
  'cluely_integrations',
  {
    workspaceId: workspaceId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    tokenId: uuid('token_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSyncedAt: ts('last_synced_at'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), unique().on(t.workspaceId, t.userId)],
);

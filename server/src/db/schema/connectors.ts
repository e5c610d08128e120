import type { RelationshipSource } from '@helixis/contract';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0016_connectors.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const connectorConnections = pgTable(
  'connector_connections',
  {
    workspaceId: workspaceId(),
    kind: text('kind').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    account: text('account'),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<'connected' | 'error'>().notNull().default('connected'),
    lastError: text('last_error'),
    lastVerifiedAt: ts('last_verified_at'),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
);

export const connectorFields = pgTable(
  'connector_fields',
  {
    workspaceId: workspaceId(),
    kind: text('kind').notNull(),
    fieldKey: text('field_key').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind, t.fieldKey] })],
);

export const connectorCachePolicies = pgTable(
  'connector_cache_policies',
  {
    workspaceId: workspaceId(),
    kind: text('kind').notNull(),
    mode: text('mode').$type<'pointer' | 'facts'>().notNull().default('pointer'),
    ttlSeconds: integer('ttl_seconds').notNull().default(3600),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind] })],
);

export const connectorFacts = pgTable(
  'connector_facts',
  {
    workspaceId: workspaceId(),
    kind: text('kind').notNull(),
    subjectHash: text('subject_hash').notNull(),
    found: boolean('found').notNull(),
    facts: jsonb('facts').$type<Record<string, string | number | boolean | null>>().notNull(),
    sources: jsonb('sources').$type<RelationshipSource[]>().notNull(),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind, t.subjectHash] })],
);

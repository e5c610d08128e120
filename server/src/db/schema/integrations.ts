import type { KpiName, PropertyKpis, PropertyProvider } from '@helixis/contract';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './core';

/** Mirrors migrations/0008_integrations.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const integrationConnections = pgTable(
  'integration_connections',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PropertyProvider>().notNull(),
    clientId: text('client_id').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    baseUrl: text('base_url'),
    status: text('status').$type<'never' | 'connected' | 'invalid'>().notNull().default('never'),
    lastVerifiedAt: ts('last_verified_at'),
    lastErrorCode: text('last_error_code'),
    lastError: text('last_error'),
    lastTraceId: text('last_trace_id'),
    syncStatus: text('sync_status').$type<'idle' | 'pending' | 'ready' | 'failed'>().notNull().default('idle'),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider] })],
);

export const integrationKpiSnapshots = pgTable(
  'integration_kpi_snapshots',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    provider: text('provider').$type<PropertyProvider>().notNull(),
    kpis: jsonb('kpis').$type<PropertyKpis>().notNull(),
    pages: integer('pages').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('integration_kpi_snapshots_recent_idx').on(t.workspaceId, t.provider, t.fetchedAt.desc()),
  ],
);

/** Mirrors migrations/0031_compliance_and_kpi_records.sql: the records each KPI figure was computed from. */
export const integrationKpiRecords = pgTable(
  'integration_kpi_records',
  {
    workspaceId: uuid('workspace_id').notNull(),
    snapshotId: uuid('snapshot_id').notNull(),
    kpi: text('kpi').$type<KpiName>().notNull(),
    ord: integer('ord').notNull(),
    recordId: text('record_id').notNull(),
    name: text('name').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    recordDate: text('record_date'),
    url: text('url'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.snapshotId, t.kpi, t.ord] })],
);

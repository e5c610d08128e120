import type { DocumentStatus } from '@helixis/contract';
import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './core';

/** Mirror of migrations/0004_knowledge.sql (the SQL is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const documents = pgTable(
  'documents',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    format: text('format').notNull(),
    source: text('source').notNull(),
    sourceUrl: text('source_url'),
    status: text('status').$type<DocumentStatus>().notNull().default('PENDING'),
    chunkCount: integer('chunk_count').notNull().default(0),
    error: text('error'),
    /** Migration 0019: the embeddable chat widget may answer from this document. */
    isPublic: boolean('public').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('documents_recent_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const documentUploads = pgTable(
  'document_uploads',
  {
    workspaceId: uuid('workspace_id').notNull(),
    documentId: uuid('document_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type'),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.documentId] }),
    foreignKey({
      columns: [t.workspaceId, t.documentId],
      foreignColumns: [documents.workspaceId, documents.id],
    }).onDelete('cascade'),
  ],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    documentId: uuid('document_id').notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    title: text('title').notNull(),
    headingPath: text('heading_path').array().notNull().default([]),
    content: text('content').notNull(),
    tokenCount: integer('token_count').notNull(),
    /** {lexeme: tf} of the chunk (migration 0027): the in-memory index and posting deletes read it. */
    terms: jsonb('terms').notNull().default({}),
    /** The posting block its postings were written in (migration 0027). */
    block: uuid('block').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    unique().on(t.workspaceId, t.documentId, t.chunkIndex),
    index('document_chunks_block_idx').on(t.workspaceId, t.block),
    foreignKey({
      columns: [t.workspaceId, t.documentId],
      foreignColumns: [documents.workspaceId, documents.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A lexeme's postings written by one ingest (migration 0027): parallel arrays of chunk ids, term
 * frequencies and chunk lengths. No foreign key: a statement trigger on document_chunks removes
 * deleted chunks' entries.
 */
export const postingBlocks = pgTable(
  'posting_blocks',
  {
    workspaceId: uuid('workspace_id').notNull(),
    lexeme: text('lexeme').notNull(),
    block: uuid('block').notNull(),
    chunkIds: uuid('chunk_ids').array().notNull(),
    tfs: integer('tfs').array().notNull(),
    dls: integer('dls').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.lexeme, t.block] }),
    index('posting_blocks_block_idx').on(t.workspaceId, t.block),
  ],
);

export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    lexeme: text('lexeme').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.lexeme] })],
);

export const knowledgeStats = pgTable('knowledge_stats', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  chunkCount: bigint('chunk_count', { mode: 'number' }).notNull().default(0),
  totalLength: bigint('total_length', { mode: 'number' }).notNull().default(0),
  /** Writes to the workspace's index so far (migration 0026): in-memory copies compare it. */
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/**
 * Chunk vectors from the knowledge.embed job (migration 0013). Where pgvector is installable the table
 * also has a `vec vector` column, written and read only through SQL (embeddings.repo.ts).
 */
export const chunkEmbeddings = pgTable(
  'chunk_embeddings',
  {
    workspaceId: uuid('workspace_id').notNull(),
    chunkId: uuid('chunk_id').notNull(),
    documentId: uuid('document_id').notNull(),
    model: text('model').notNull(),
    dims: integer('dims').notNull(),
    embedding: real('embedding').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.chunkId] }),
    foreignKey({
      columns: [t.workspaceId, t.chunkId],
      foreignColumns: [documentChunks.workspaceId, documentChunks.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.workspaceId, t.documentId],
      foreignColumns: [documents.workspaceId, documents.id],
    }).onDelete('cascade'),
    index('chunk_embeddings_model_idx').on(t.workspaceId, t.model, t.dims),
    index('chunk_embeddings_document_idx').on(t.workspaceId, t.documentId),
  ],
);

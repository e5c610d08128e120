import type { KnowledgeDocument } from '@helixis/contract';
import type { Tx } from '../../db/client';
import type { Deps, WorkspaceContext } from '../../platform/context';
import type { Logger } from '../../platform/logger';
import { withTenant } from '../../platform/tenant';
import { termIndexesOf } from './index/memory-index';
import type * as repo from './knowledge.repo';

// What every stage of the knowledge feature shares: who acts (the scope), its tenant transaction, the
// document as the API shows it and its status event, and this process's in-memory term indexes.

/** This process's in-memory term indexes for the deps' database (decision 026). */
export const termIndexes = (deps: Deps) => termIndexesOf(deps.database, deps.config.searchMemory, deps.log);

/**
 * Who acts on a workspace's knowledge: a request (WorkspaceContext) or a job / another feature
 * working for a workspace without a request.
 */
export interface KnowledgeScope {
  deps: Deps;
  workspaceId: string;
  userId: string | null;
  log: Logger;
}

export function scopeOf(ctx: WorkspaceContext): KnowledgeScope {
  return { deps: ctx.deps, workspaceId: ctx.workspace.id, userId: ctx.user.id, log: ctx.log };
}

export function inTenant<T>(scope: KnowledgeScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: scope.userId }, fn);
}

export function toDocument(row: repo.DocumentRow): KnowledgeDocument {
  return {
    id: row.id,
    title: row.title,
    bytes: Number(row.bytes),
    status: row.status,
    chunk_count: row.chunkCount,
    error: row.error,
    created_at: new Date(row.createdAt).toISOString(),
    ...(row.sourceUrl ? { source_url: row.sourceUrl } : {}),
    public: row.isPublic,
  };
}

export function statusEvent(row: repo.DocumentRow) {
  return {
    type: 'document.status' as const,
    workspaceId: row.workspaceId,
    documentId: row.id,
    status: row.status,
    chunkCount: row.chunkCount,
  };
}

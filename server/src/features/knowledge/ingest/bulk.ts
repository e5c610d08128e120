import { withTenant } from '../../../platform/tenant';
import * as repo from '../knowledge.repo';
import type { KnowledgeScope } from '../scope';
import { processDocuments } from './process';

/** Documents per batch of the bulk path (one create transaction and one index transaction each). */
export const BULK_BATCH = 500;

export interface BulkText {
  title: string;
  text: string;
}

/**
 * Bulk import of plain texts through the upload path: PENDING .txt documents with their bytes are
 * created `batch` at a time, then `processDocuments` (the ingest job's function) parses, chunks and
 * indexes each batch with batched writes. Returns the document ids in input order (null for a text
 * that failed). Used by the benchmarks and the retrieval regression test.
 */
export async function ingestTexts(
  scope: KnowledgeScope,
  texts: readonly BulkText[],
  options: { batch?: number; source?: string; onBatch?: (done: number, indexMs: number) => void } = {},
): Promise<(string | null)[]> {
  const size = options.batch ?? BULK_BATCH;
  const ids: (string | null)[] = [];
  for (let i = 0; i < texts.length; i += size) {
    const batch = texts.slice(i, i + size);
    const created = await withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: null }, (tx) =>
      repo.insertDocumentsWithUploads(
        tx,
        scope.workspaceId,
        batch.map((d) => ({
          title: d.title,
          format: 'txt',
          source: options.source ?? 'import',
          createdBy: scope.userId,
          upload: { filename: `${d.title}.txt`, contentType: 'text/plain; charset=utf-8', data: Buffer.from(d.text) },
        })),
      ),
    );
    const started = performance.now();
    const ready = new Set((await processDocuments(scope, created, { isLast: true })).map((r) => r.documentId));
    options.onBatch?.(Math.min(i + size, texts.length), performance.now() - started);
    for (const id of created) ids.push(ready.has(id) ? id : null);
  }
  return ids;
}

import { z } from 'zod';
import type { Deps } from '../../platform/context';
import { defineJob } from '../../platform/jobs';
import { processDocument } from './ingest/process';
import { INGEST_JOB } from './ingest/requests';

/** What runs on a document that just became READY: the facts feature learns what it states. */
export type DocumentReadyHook = (
  scope: { deps: Deps; workspaceId: string; userId: string | null },
  document: { title: string; text: string },
) => Promise<unknown>;

/**
 * Parses, chunks and indexes one document (see processDocument). Retried only for transient trouble
 * (a website that did not answer, a failed write); a bad file fails the document at once. The
 * composition root (jobs.ts) passes the facts feature's learner: knowledge does not import facts.
 */
export const createIngestJob = (learnFromDocument: DocumentReadyHook) =>
  defineJob({
    name: INGEST_JOB,
    payload: z.object({ documentId: z.string().uuid() }),
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 600,
    async run({ payload, job, log, deps, progress }) {
      if (!job.workspaceId) throw new Error('knowledge.ingest needs a workspace');
      const ready = await processDocument(
        { deps, workspaceId: job.workspaceId, userId: null, log },
        payload.documentId,
        {
          isLast: job.attempt > job.retryLimit,
          progress,
        },
      );
      if (!ready) return;
      // The document is searchable already; what it states ("Pet policy: …") also becomes facts. A failure
      // here must not fail the document, and a retry of this job would find it READY and stop above.
      try {
        await learnFromDocument({ deps, workspaceId: job.workspaceId, userId: null }, ready);
      } catch (err) {
        log.warn({ err, documentId: payload.documentId }, 'facts could not be learned from the document');
      }
    },
  });

/**
 * Hourly upkeep of the knowledge index: every ingest updates the df rows of its terms and the stats
 * row, leaving dead row versions. PostgreSQL's autovacuum clears them on a server; embedded PGlite
 * has no autovacuum, so without this the term index bloats and the planner works from stale sizes.
 * Idempotent: VACUUM ANALYZE of a clean table just refreshes its statistics.
 */
export const knowledgeMaintenanceJob = defineJob({
  name: 'knowledge.maintenance',
  payload: z.object({}).strict(),
  schedule: '23 * * * *',
  retryDelay: 60,
  async run({ deps, log }) {
    const started = Date.now();
    // VACUUM cannot run inside a transaction: one statement per table, outside any.
    for (const table of ['knowledge_terms', 'knowledge_stats', 'posting_blocks', 'document_chunks', 'documents']) {
      await deps.database.exec(`VACUUM (ANALYZE) ${table}`);
    }
    log.info({ ms: Date.now() - started }, 'knowledge index maintained');
  },
});

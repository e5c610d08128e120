import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { INGEST_JOB, processDocument } from './knowledge.service';

/**
 * Parses, chunks and indexes one document (see processDocument). Retried only for transient trouble
 * (a website that did not answer, a failed write); a bad file fails the document at once.
 */
export const ingestJob = defineJob({
  name: INGEST_JOB,
  payload: z.object({ documentId: z.string().uuid() }),
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 600,
  async run({ payload, job, log, deps, progress }) {
    if (!job.workspaceId) throw new Error('knowledge.ingest needs a workspace');
    await processDocument({ deps, workspaceId: job.workspaceId, userId: null, log }, payload.documentId, {
      isLast: job.attempt > job.retryLimit,
      progress,
    });
  },
});

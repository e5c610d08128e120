import { z } from 'zod';
import { defineJob } from '../../../platform/jobs';
import { EMBED_JOB, embedderFromConfig } from './embeddings';
import { embedDocument } from './embeddings.service';

/**
 * Computes the vectors of a READY document's chunks (enqueued by processDocument only when an
 * embeddings model is configured). The document is searchable before and regardless of this job.
 */
export const embedJob = defineJob({
  name: EMBED_JOB,
  payload: z.object({ documentId: z.string().uuid() }),
  retryLimit: 3,
  retryDelay: 30,
  expireInSeconds: 900,
  async run({ payload, job, log, deps, progress }) {
    if (!job.workspaceId) throw new Error('knowledge.embed needs a workspace');
    const embedder = embedderFromConfig(deps.config);
    if (!embedder) return;
    const written = await embedDocument(
      { deps, workspaceId: job.workspaceId, userId: null },
      payload.documentId,
      embedder,
      { signal: job.signal, progress },
    );
    log.info({ documentId: payload.documentId, vectors: written, model: embedder.model }, 'document embedded');
  },
});

import { PROPERTY_PROVIDERS, PropertyProvider } from '@helixis/contract';
import { z } from 'zod';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { systemWorkspaceContext } from '../../platform/system-context';
import { withSystem } from '../../platform/tenant';
import { learnPortfolioFacts } from './integrations.knowledge';
import * as repo from './integrations.repo';
import { REFRESH_KPIS_JOB, readKpis } from './integrations.service';

/** A workspace-scoped context for background work (no signed-in user behind it). */
const jobContext = (deps: Deps, log: Logger, workspaceId: string, jobId: string): WorkspaceContext =>
  systemWorkspaceContext(deps, log, workspaceId, `job:${jobId}`);

/**
 * Reads a workspace's KPIs from its connected system and stores a snapshot (the history chart and
 * the cache). With `learn`, also turns the portfolio into facts. Without a workspace (the schedule),
 * queues one refresh per connected workspace. Idempotent: a rerun stores one more snapshot, no more.
 */
export const refreshKpisJob = defineJob({
  name: REFRESH_KPIS_JOB,
  payload: z.object({ provider: PropertyProvider.optional(), learn: z.boolean().optional() }).strict(),
  retryLimit: 1,
  schedule: '*/30 * * * *',
  expireInSeconds: 300,
  async run({ payload, job, deps, log }) {
    if (!job.workspaceId) {
      const rows = await withSystem(deps.database, (tx) => repo.listConnectedWorkspaces(tx));
      for (const row of rows) {
        await deps.jobs.enqueue(REFRESH_KPIS_JOB, { provider: row.provider }, { workspaceId: row.workspaceId });
      }
      return;
    }
    const ctx = jobContext(deps, log, job.workspaceId, job.id);
    // Jobs queued before the provider was named read the catalogue's first system.
    const provider = payload.provider ?? PROPERTY_PROVIDERS[0];
    const result = await readKpis(ctx, provider, { force: true });
    log.info(
      { provider, ok: result.ok, code: result.error_code, traceId: result.trace_id, pages: result.pages },
      'kpis refreshed',
    );
    if (result.ok && payload.learn) {
      try {
        const learned = await learnPortfolioFacts(ctx, provider);
        log.info({ provider, learned }, 'portfolio facts learned');
      } catch (err) {
        // Facts are a bonus; the KPIs are stored and the connection stays usable.
        log.warn({ err, provider }, 'could not learn portfolio facts');
      }
    }
  },
});

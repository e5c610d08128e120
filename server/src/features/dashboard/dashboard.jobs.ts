import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { withSystem } from '../../platform/tenant';
import { allWorkspaceIds } from './overview.repo';
import { generateInsight, INSIGHTS_JOB } from './overview.service';

export { learnJob } from './learning.service';

/**
 * The weekly business digest (this week against last week): every Monday one job per workspace, and on
 * demand (the dashboard's Refresh) for one workspace.
 */
export const insightsJob = defineJob({
  name: INSIGHTS_JOB,
  payload: z.object({}).strict(),
  schedule: '0 6 * * 1',
  retryLimit: 1,
  expireInSeconds: 300,
  async run({ job, deps, log }) {
    if (!job.workspaceId) {
      const ids = await withSystem(deps.database, (tx) => allWorkspaceIds(tx));
      for (const workspaceId of ids) await deps.jobs.enqueue(INSIGHTS_JOB, {}, { workspaceId });
      log.info({ workspaces: ids.length }, 'weekly insights queued');
      return;
    }
    await generateInsight(deps, job.workspaceId);
  },
});

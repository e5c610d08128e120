import { AUTOMATION_INBOUND_JOB, InboundPayload } from '../../platform/job-ports';
import { defineJob } from '../../platform/jobs';
import { runInbound } from './pipeline';

/** Runs the workspace's automations on a stored mail, an inbound SMS or a missed call (pipeline.ts). */
export const automationInboundJob = defineJob({
  name: AUTOMATION_INBOUND_JOB,
  payload: InboundPayload,
  retryLimit: 2,
  expireInSeconds: 300,
  async run({ payload, job, deps, log }) {
    if (!job.workspaceId) throw new Error('automations.inbound needs a workspace');
    await runInbound(deps, log, job.workspaceId, payload);
  },
});

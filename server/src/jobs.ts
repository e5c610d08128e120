import { automationInboundJob } from './features/automations';
import { clientLogCleanupJob } from './features/client-log';
import { insightsJob, learnJob } from './features/dashboard';
import { learnFromDocument } from './features/facts';
import { refreshKpisJob } from './features/integrations';
import { createIngestJob, embedJob, knowledgeMaintenanceJob } from './features/knowledge';
import { mailSyncJob, mailSyncMailboxJob } from './features/mail';
import { authCleanupJob } from './platform/cleanup.jobs';
import type { JobDefinition } from './platform/jobs';

/** Every background job of the product; main.ts and the test app register them all. */
export const allJobs: JobDefinition[] = [
  authCleanupJob,
  clientLogCleanupJob,
  embedJob,
  createIngestJob(learnFromDocument),
  knowledgeMaintenanceJob,
  refreshKpisJob,
  insightsJob,
  learnJob,
  automationInboundJob,
  mailSyncJob,
  mailSyncMailboxJob,
];

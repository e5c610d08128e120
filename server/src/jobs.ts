import { automationInboundJob } from './features/automations/automations.jobs';
import { clientLogCleanupJob } from './features/client-log/client-log.jobs';
import { insightsJob, learnJob } from './features/dashboard/dashboard.jobs';
import { refreshKpisJob } from './features/integrations';
import { embedJob } from './features/knowledge/embeddings.jobs';
import { ingestJob, knowledgeMaintenanceJob } from './features/knowledge/knowledge.jobs';
import { mailSyncJob, mailSyncMailboxJob } from './features/mail/mail.jobs';
import { authCleanupJob } from './platform/cleanup.jobs';
import type { JobDefinition } from './platform/jobs';

/** Every background job of the product; main.ts and the test app register them all. */
export const allJobs: JobDefinition[] = [
  authCleanupJob,
  clientLogCleanupJob,
  embedJob,
  ingestJob,
  knowledgeMaintenanceJob,
  refreshKpisJob,
  insightsJob,
  learnJob,
  automationInboundJob,
  mailSyncJob,
  mailSyncMailboxJob,
];

import { CLIENT_LOG_RETENTION_DAYS } from '@helixis/contract';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { deleteClientLogsOlderThan } from './client-log.repo';

/** Daily: crash reports past CLIENT_LOG_RETENTION_DAYS are deleted. Idempotent: a rerun finds none left. */
export const clientLogCleanupJob = defineJob({
  name: 'client-log.cleanup',
  payload: z.object({}).strict(),
  schedule: '30 3 * * *',
  retryDelay: 300,
  async run({ deps, log }) {
    const deleted = await deleteClientLogsOlderThan(deps.database, CLIENT_LOG_RETENTION_DAYS);
    log.info({ deleted }, 'client log cleanup done');
  },
});

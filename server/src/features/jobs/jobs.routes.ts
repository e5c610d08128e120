import type { EndpointHandlers } from '../../platform/http';
import { getJob, listJobs } from './jobs.service';

export const jobHandlers = {
  getJob,
  listJobs,
} satisfies Partial<EndpointHandlers>;

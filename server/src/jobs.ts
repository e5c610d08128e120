import { authCleanupJob } from './platform/cleanup.jobs';
import type { JobDefinition } from './platform/jobs';

/** Every background job of the product; main.ts and the test app register them all. */
export const allJobs: JobDefinition[] = [authCleanupJob];

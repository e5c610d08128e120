import { z } from 'zod';
import { type Endpoint, NoInput } from './endpoint';
import { Uuid } from './workspaces';

/** Where a background job stands, as its workspace sees it. `retry`: it failed and will run again. */
export const JobState = z.enum(['created', 'active', 'completed', 'failed', 'retry']);
export type JobState = z.infer<typeof JobState>;

/** A job of the workspace: progress 0-100, and on failure a message meant for the user (never internals). */
export const JobStatus = z.object({
  id: Uuid,
  name: z.string(),
  state: JobState,
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobStatus = z.infer<typeof JobStatus>;

/** GET /api/v1/jobs/:id */
export const GetJobInput = z.object({ id: Uuid }).strict();
export type GetJobInput = z.infer<typeof GetJobInput>;

/** GET /api/v1/jobs: the newest first. */
export const JobList = z.object({ jobs: z.array(JobStatus) });
export type JobList = z.infer<typeof JobList>;

/** How many jobs GET /api/v1/jobs returns. */
export const JOB_LIST_LIMIT = 50;

export const jobEndpoints = {
  listJobs: {
    method: 'GET',
    path: '/api/v1/jobs',
    access: 'workspace',
    summary: "The workspace's background jobs, newest first (at most 50).",
    input: NoInput,
    output: JobList,
  },
  getJob: {
    method: 'GET',
    path: '/api/v1/jobs/:id',
    access: 'workspace',
    summary: 'One background job of the workspace: state, progress and, on failure, a message for the user.',
    input: GetJobInput,
    output: JobStatus,
  },
} as const satisfies Record<string, Endpoint>;

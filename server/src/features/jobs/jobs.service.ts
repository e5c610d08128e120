import type { JobStatus } from '@helixis/contract';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import * as repo from './jobs.repo';

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

function toJobStatus(row: repo.JobStatusRow): JobStatus {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    progress: row.progress,
    error: row.error,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** A job of the caller's workspace; another workspace's job answers 404 like a missing one. */
export const getJob: EndpointHandler<'getJob'> = async ({ ctx, input }) => {
  const row = await ctx.tenant((tx) => repo.findJobStatus(tx, ctx.workspace.id, input.id));
  if (!row) throw new AppError('not_found', { userMessage: 'Job not found.' });
  return toJobStatus(row);
};

export const listJobs: EndpointHandler<'listJobs'> = async ({ ctx }) => {
  const rows = await ctx.tenant((tx) => repo.listRecentJobStatus(tx, ctx.workspace.id));
  return { jobs: rows.map(toJobStatus) };
};

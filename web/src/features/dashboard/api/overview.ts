import type { EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type DashboardOverviewResult = EndpointOutput<'dashboardOverview'>;
export type BusinessInsight = NonNullable<EndpointOutput<'getBusinessInsights'>['latest']>;

export const overviewKeys = {
  overview: ['dashboard', 'overview'] as const,
  insights: ['dashboard', 'insights'] as const,
  widget: queryKeys.widget,
};

export function dashboardOverviewQueryOptions() {
  return queryOptions({
    queryKey: overviewKeys.overview,
    queryFn: ({ signal }) => invoke('dashboardOverview', {}, { signal }),
  });
}

/** POST /functions/v1/dashboard-overview: setup completion, workflows and open tasks from real state. */
export function useDashboardOverview() {
  return useQuery(dashboardOverviewQueryOptions());
}

/** GET /api/v1/dashboard/insights: the latest weekly digest. */
export function useBusinessInsights() {
  return useQuery({
    queryKey: overviewKeys.insights,
    queryFn: ({ signal }) => invoke('getBusinessInsights', {}, { signal }),
  });
}

const JOB_POLL_MS = 500;
const JOB_TIMEOUT_MS = 60_000;

/** Waits for a background job of the workspace to finish; throws its user message when it failed. */
export async function waitForJob(id: string): Promise<void> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const job = await invoke('getJob', { id });
    if (job.state === 'completed') return;
    if (job.state === 'failed') throw new Error(job.error ?? 'The job failed.');
    if (Date.now() > deadline) throw new Error('This is taking longer than expected. Please check again later.');
    await new Promise((r) => setTimeout(r, JOB_POLL_MS));
  }
}

/** 'Refresh' on the insights card: runs the insights job now and reloads the digest when it is done. */
export function useRefreshInsights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { job_id } = await invoke('refreshBusinessInsights', {});
      await waitForJob(job_id);
    },
    onSettled: () => client.invalidateQueries({ queryKey: overviewKeys.insights }),
  });
}

/** GET /api/v1/widget: the public widget id for the Deploy New Chatbot snippet. */
export function useWidget(enabled: boolean) {
  return useQuery({
    queryKey: overviewKeys.widget,
    queryFn: ({ signal }) => invoke('getWidget', {}, { signal }),
    enabled,
  });
}

export function useRegenerateWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('regenerateWidget', {}),
    onSuccess: (data) => client.setQueryData(overviewKeys.widget, data),
  });
}

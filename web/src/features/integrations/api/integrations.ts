import { type EndpointInput, type EndpointOutput, INTEGRATION_CONSTANTS } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type IntegrationsStatus = EndpointOutput<'integrationsStatus'>;
export type KpisResult = EndpointOutput<'buildiumKpis'>;
export type ConnectResult = EndpointOutput<'buildiumConnect'>;
export type TestPanelResult = EndpointOutput<'buildiumTest'>;

export const integrationKeys = {
  status: [...queryKeys.integrations, 'status'] as const,
  kpis: [...queryKeys.integrations, 'kpis'] as const,
  history: [...queryKeys.integrations, 'history'] as const,
};

/** Status of the two systems, polled every 8 s and refetched when the tab becomes visible again. */
export function integrationsStatusQueryOptions() {
  return queryOptions({
    queryKey: integrationKeys.status,
    queryFn: ({ signal }) => invoke('integrationsStatus', { includeKpis: true }, { signal }),
    refetchInterval: INTEGRATION_CONSTANTS.statusPollMs,
    refetchOnWindowFocus: true,
  });
}

export function useIntegrationsStatus() {
  return useQuery(integrationsStatusQueryOptions());
}

/** The workspace's KPIs (server cache unless forced). */
export function kpisQueryOptions() {
  return queryOptions({
    queryKey: integrationKeys.kpis,
    queryFn: ({ signal }) => invoke('buildiumKpis', {}, { signal }),
  });
}

export function usePropertyKpis() {
  return useQuery(kpisQueryOptions());
}

export function useKpiHistory(enabled = true) {
  return useQuery({
    queryKey: integrationKeys.history,
    queryFn: ({ signal }) => invoke('integrationKpiHistory', {}, { signal }),
    enabled,
  });
}

/** Re-reads the KPIs from the upstream (force) and puts the answer in the cache. */
export function useRefreshKpis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('buildiumKpis', { force: true }),
    onSuccess: (result) => {
      client.setQueryData(integrationKeys.kpis, result);
      void client.invalidateQueries({ queryKey: integrationKeys.history });
      void client.invalidateQueries({ queryKey: integrationKeys.status });
    },
  });
}

export function useBuildiumConnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'buildiumConnect'>) => invoke('buildiumConnect', input),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

export function useBuildiumVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('buildiumVerify', {}),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

export function useAppfolioConnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'appfolioConnect'>) => invoke('appfolioConnect', input),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

export const buildiumHealth = () => invoke('buildiumHealth', {});

/**
 * After connecting: polls summary-status every second, at most 30 times, until it is no longer
 * pending. Resolves with the last status seen.
 */
export async function waitForSummary(signal?: AbortSignal): Promise<EndpointOutput<'summaryStatus'>['status']> {
  let last: EndpointOutput<'summaryStatus'>['status'] = 'pending';
  for (let i = 0; i < INTEGRATION_CONSTANTS.summaryPollMaxTries; i++) {
    if (signal?.aborted) break;
    last = (await invoke('summaryStatus', {}, { signal })).status;
    if (last !== 'pending') break;
    await new Promise((r) => setTimeout(r, INTEGRATION_CONSTANTS.summaryPollMs));
  }
  return last;
}

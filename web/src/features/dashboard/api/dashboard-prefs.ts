import type { DashboardPrefs, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export type DashboardPrefsResult = EndpointOutput<'getDashboardPrefs'>;

const dashboardPrefsKey = ['dashboard', 'prefs'] as const;

export function dashboardPrefsQueryOptions() {
  return queryOptions({
    queryKey: dashboardPrefsKey,
    queryFn: ({ signal }) => invoke('getDashboardPrefs', {}, { signal }),
  });
}

/** GET /api/v1/dashboard/prefs: the caller's card order and visibility (the default until saved). */
export function useDashboardPrefs() {
  return useQuery(dashboardPrefsQueryOptions());
}

/** PUT /api/v1/dashboard/prefs: saves the layout on the server, so it follows the user across browsers. */
export function useSaveDashboardPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: DashboardPrefs) => invoke('saveDashboardPrefs', prefs),
    onSuccess: (saved) => queryClient.setQueryData(dashboardPrefsKey, saved),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export const businessSummaryKey = ['business-summary'] as const;

/** The business summary (save-business-summary, action get; built by the profile feature). */
export function useBusinessSummary() {
  return useQuery({
    queryKey: businessSummaryKey,
    queryFn: ({ signal }) => invoke('saveBusinessSummary', { action: 'get' }, { signal }),
  });
}

/** Refresh: rebuild the summary from what the workspace knows now. */
export function useRefreshBusinessSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('refreshTeachSummary', {}),
    onSuccess: (data) => queryClient.setQueryData(businessSummaryKey, data),
  });
}

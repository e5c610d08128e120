import type { WidgetAppearance } from '@helixis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

const appearanceKey = ['settings', 'widget-appearance'] as const;

/** GET /api/v1/widget/appearance (owners and admins). */
export function useWidgetAppearance(enabled: boolean) {
  return useQuery({
    queryKey: appearanceKey,
    queryFn: ({ signal }) => invoke('getWidgetAppearance', {}, { signal }),
    enabled,
  });
}

/** PUT /api/v1/widget/appearance */
export function useSaveWidgetAppearance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WidgetAppearance) => invoke('saveWidgetAppearance', input),
    onSuccess: (data) => client.setQueryData(appearanceKey, data),
  });
}

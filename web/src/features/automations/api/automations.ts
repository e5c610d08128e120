import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export type Automation = EndpointOutput<'listAutomations'>['automations'][number];

/** Automations and their run logs share this prefix. */
export const automationKeys = {
  all: ['automations'] as const,
  runs: (id: string) => ['automations', id, 'runs'] as const,
};

export function automationsQueryOptions() {
  return queryOptions({
    queryKey: automationKeys.all,
    queryFn: ({ signal }) => invoke('listAutomations', {}, { signal }),
  });
}

export function useAutomations() {
  return useQuery(automationsQueryOptions());
}

export function useAutomationRuns(id: string, enabled = true) {
  return useQuery({
    queryKey: automationKeys.runs(id),
    queryFn: ({ signal }) => invoke('listAutomationRuns', { id, limit: 20 }, { signal }),
    enabled,
  });
}

function useInvalidating<N extends 'createAutomation' | 'toggleAutomation' | 'deleteAutomation' | 'testAutomation'>(
  name: N,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<N>) => invoke(name, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export const useCreateAutomation = () => useInvalidating('createAutomation');
export const useToggleAutomation = () => useInvalidating('toggleAutomation');
export const useDeleteAutomation = () => useInvalidating('deleteAutomation');
export const useTestAutomation = () => useInvalidating('testAutomation');

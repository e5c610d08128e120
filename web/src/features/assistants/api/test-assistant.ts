import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TestAssistantPair = EndpointOutput<'ensureTestAssistant'>;

const key = [...queryKeys.assistants, 'test-pair'] as const;

/** The live assistant and its test copy; the copy is created on first load. */
export function testPairQueryOptions() {
  return queryOptions({ queryKey: key, queryFn: () => invoke('ensureTestAssistant', {}), retry: false });
}
export function useTestAssistantPair({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...testPairQueryOptions(), enabled });
}

/** Apply to Live: the test copy's prompt and temperature become the live assistant's, behind the check (decision 035). */
export function useApplyTestAssistant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'applyTestAssistant'> = {}) => invoke('applyTestAssistant', input),
    onSuccess: (pair) => {
      client.setQueryData(key, pair);
      void client.invalidateQueries({ queryKey: queryKeys.assistants });
    },
  });
}

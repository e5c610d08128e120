import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type Comparison = EndpointOutput<'runComparison'>;

const setKey = [...queryKeys.assistants, 'question-set'] as const;
const latestKey = [...queryKeys.assistants, 'comparison', 'latest'] as const;

/** The workspace's saved test questions (owner or manager). */
export function useQuestionSet({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: setKey, queryFn: ({ signal }) => invoke('getQuestionSet', {}, { signal }), enabled });
}

export function useSaveQuestionSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'saveQuestionSet'>) => invoke('saveQuestionSet', input),
    onSuccess: (set) => client.setQueryData(setKey, set),
  });
}

/** Answers the saved questions with the live assistant and its test copy; the result becomes the latest. */
export function useRunComparison() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('runComparison', {}),
    onSuccess: (comparison) => client.setQueryData(latestKey, { comparison }),
  });
}

/** The last comparison, shown before 'Apply to Live'. */
export function useLatestComparison({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: latestKey,
    queryFn: ({ signal }) => invoke('latestComparison', {}, { signal }),
    enabled,
  });
}

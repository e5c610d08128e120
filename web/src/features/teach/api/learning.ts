import type { EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LearningSources = EndpointOutput<'listLearningSources'>;
export type LearningSession = EndpointOutput<'getLearningSession'>;

const sourcesKey = ['teach', 'sources'] as const;
/** While a learning session runs, the list (statuses, counters, progress) is re-read this often. */
const RUNNING_POLL_MS = 1_000;

export function learningSourcesQueryOptions() {
  return queryOptions({
    queryKey: sourcesKey,
    queryFn: ({ signal }) => invoke('listLearningSources', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.session?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}

/** GET /api/v1/teach/sources: data sources, counters, insights and the latest session. */
export function useLearningSources() {
  return useQuery(learningSourcesQueryOptions());
}

/** PUT /api/v1/teach/sources/:id — the 'Learn from this' switch, shown at once and saved. */
export function useSetLearningSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; enabled: boolean }) => invoke('setLearningSource', input),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: sourcesKey });
      const previous = client.getQueryData<LearningSources>(sourcesKey);
      if (previous) {
        client.setQueryData<LearningSources>(sourcesKey, {
          ...previous,
          sources: previous.sources.map((s) => (s.id === input.id ? { ...s, enabled: input.enabled } : s)),
        });
      }
      return { previous };
    },
    onError: (_err, _input, context) => {
      if (context?.previous) client.setQueryData(sourcesKey, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: sourcesKey }),
  });
}

/** POST /api/v1/teach/learn — starts a tracked learning session. */
export function useStartLearning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('startLearning', {}),
    onSuccess: () => client.invalidateQueries({ queryKey: sourcesKey }),
  });
}

/** Everything a finished session may have changed. */
export function invalidateLearned(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: queryKeys.documents });
  void client.invalidateQueries({ queryKey: queryKeys.facts });
  void client.invalidateQueries({ queryKey: queryKeys.integrations });
  void client.invalidateQueries({ queryKey: ['dashboard'] });
}

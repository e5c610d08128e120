import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type Fact = EndpointOutput<'listFactsIngest'>['facts'][number];
export type FactProfile = EndpointOutput<'getFactProfile'>;
export type Suggestion = EndpointOutput<'listSuggestions'>['suggestions'][number];

/** Every key lives under queryKeys.facts, so one realtime facts event refreshes all of them. */
export const factKeys = {
  list: [...queryKeys.facts, 'list'] as const,
  profile: [...queryKeys.facts, 'profile'] as const,
  suggestions: [...queryKeys.facts, 'suggestions'] as const,
};

export function factsQueryOptions() {
  return queryOptions({
    queryKey: factKeys.list,
    queryFn: ({ signal }) => invoke('listFactsIngest', {}, { signal }).then((r) => r.facts),
  });
}

export function useFacts() {
  return useQuery(factsQueryOptions());
}

export function useFactProfile() {
  return useQuery({
    queryKey: factKeys.profile,
    queryFn: ({ signal }) => invoke('getFactProfile', {}, { signal }),
  });
}

export function useSuggestions() {
  return useQuery({
    queryKey: factKeys.suggestions,
    queryFn: ({ signal }) => invoke('listSuggestions', {}, { signal }).then((r) => r.suggestions),
  });
}

function useFactsMutation<
  N extends 'ingestFacts' | 'teachText' | 'correctKnowledge' | 'updateSuggestion' | 'knowledgeActions',
>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<N>) => invoke(name, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.facts }),
  });
}

/** facts-ingest POST: learn from a chat message. */
export const useIngestFacts = () => useFactsMutation('ingestFacts');
/** Add Content → free text. */
export const useTeachText = () => useFactsMutation('teachText');
/** knowledge-correct. */
export const useCorrectFact = () => useFactsMutation('correctKnowledge');
export const useUpdateSuggestion = () => useFactsMutation('updateSuggestion');
/** knowledge-actions generate_faq. */
export const useGenerateFaq = () => useFactsMutation('knowledgeActions');

/** A question to the assistant (rag-answer, dashboard variant): answer, confidence and cited sources. */
export function askAssistant(query: string) {
  return invoke('ragAnswer', { query, mode: 'operational' });
}

import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OnboardingRounds = EndpointOutput<'getOnboardingRounds'>;
export type OnboardingSummary = EndpointOutput<'onboardingSummary'>;
export type BusinessSummary = EndpointOutput<'saveBusinessSummary'>;

export function onboardingRoundsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.onboarding, 'rounds'],
    queryFn: ({ signal }) => invoke('getOnboardingRounds', {}, { signal }),
  });
}

export function useOnboardingRounds() {
  return useQuery(onboardingRoundsQueryOptions());
}

/** Saves a round; the answer carries the updated rounds and the profile, which go straight into the cache. */
export function useSaveOnboardingRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'saveOnboardingRound'>) => invoke('saveOnboardingRound', input),
    onSuccess: async (data) => {
      queryClient.setQueryData([...queryKeys.onboarding, 'rounds'], { rounds: data.rounds, progress: data.progress });
      queryClient.setQueryData(queryKeys.businessProfile, data.result);
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.onboarding, 'summary'] });
    },
  });
}

export function onboardingSummaryQueryOptions(industry?: string) {
  return queryOptions({
    queryKey: [...queryKeys.onboarding, 'summary', industry ?? null],
    queryFn: ({ signal }) => invoke('onboardingSummary', industry ? { industry } : {}, { signal }),
  });
}

export function useOnboardingSummary(industry?: string) {
  return useQuery(onboardingSummaryQueryOptions(industry));
}

export function useBusinessSummary() {
  return useQuery({
    queryKey: [...queryKeys.onboarding, 'business-summary'],
    queryFn: ({ signal }) => invoke('saveBusinessSummary', { action: 'get' }, { signal }),
  });
}

export function completeOnboarding() {
  return invoke('completeOnboarding', {});
}

export function resetUserOnboarding(userId: string | undefined) {
  return invoke('resetUserOnboarding', userId ? { user_uuid: userId } : {});
}

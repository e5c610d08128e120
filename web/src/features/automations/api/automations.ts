import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export type Automation = EndpointOutput<'listAutomations'>['automations'][number];

/** Automations and their run logs share this prefix. */
export const automationKeys = {
  all: ['automations'] as const,
  runs: (id: string) => ['automations', id, 'runs'] as const,
  approvals: (status?: string) => ['automations', 'approvals', status ?? 'all'] as const,
  twilio: ['automations', 'twilio'] as const,
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

type Mutating =
  | 'createAutomation'
  | 'updateAutomation'
  | 'toggleAutomation'
  | 'deleteAutomation'
  | 'testAutomation'
  | 'approveDraft'
  | 'rejectDraft'
  | 'connectTwilio'
  | 'disconnectTwilio';

/** Every change here may move statuses, stats, runs or the queue: all of the feature's queries refresh. */
function useInvalidating<N extends Mutating>(name: N) {
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
export const useUpdateAutomation = () => useInvalidating('updateAutomation');
export const useApproveDraft = () => useInvalidating('approveDraft');
export const useRejectDraft = () => useInvalidating('rejectDraft');
export const useConnectTwilio = () => useInvalidating('connectTwilio');
export const useDisconnectTwilio = () => useInvalidating('disconnectTwilio');

export type AutomationDraft = EndpointOutput<'listApprovals'>['drafts'][number];

/** The approval queue; polled, since drafts are made by background jobs. */
export function useApprovals(status?: AutomationDraft['status']) {
  return useQuery({
    queryKey: automationKeys.approvals(status),
    queryFn: ({ signal }) => invoke('listApprovals', status ? { status, limit: 50 } : { limit: 50 }, { signal }),
    refetchInterval: 5_000,
  });
}

export function useTwilioStatus(enabled = true) {
  return useQuery({
    queryKey: automationKeys.twilio,
    queryFn: ({ signal }) => invoke('twilioStatus', {}, { signal }),
    enabled,
  });
}

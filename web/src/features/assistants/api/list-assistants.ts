import type { EndpointOutput } from '@helixis/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AssistantList = EndpointOutput<'listAssistants'>;
export type Assistant = AssistantList['assistants'][number];

/** GET /api/v1/assistants: the workspace's assistants. */
export function listAssistants(signal?: AbortSignal): Promise<AssistantList> {
  return invoke('listAssistants', {}, { signal });
}

export function assistantsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.assistants, queryFn: ({ signal }) => listAssistants(signal) });
}

/** `enabled: false` holds the request back, e.g. until the workspace exists. */
export function useAssistants({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assistantsQueryOptions(), enabled });
}

/** The workspace's default assistant: its live personal assistant. */
export function defaultAssistant(list: AssistantList | undefined): Assistant | null {
  const assistants = list?.assistants ?? [];
  return (
    assistants.find((a) => a.assistant_type === 'personal' && !a.is_test_version) ??
    assistants.find((a) => !a.is_test_version) ??
    null
  );
}

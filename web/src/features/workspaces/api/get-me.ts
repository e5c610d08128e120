import type { EndpointOutput } from '@helixis/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type Me = EndpointOutput<'getMe'>;

/** GET /api/v1/me: the signed-in user, their workspace and role (the server creates the workspace on first call). */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return invoke('getMe', {}, { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

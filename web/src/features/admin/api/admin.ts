import { useMutation, useQuery } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

/** Whether the caller is a platform operator: the server decides (HELIXIS_OPERATOR_EMAILS). */
export function useOperatorStatus() {
  return useQuery({
    queryKey: ['admin', 'operator'],
    queryFn: ({ signal }) => invoke('getOperatorStatus', {}, { signal }),
  });
}

/** delete-all-users through the function client. */
export function useDeleteAllUsers() {
  return useMutation({ mutationFn: () => invoke('deleteAllUsers', {}) });
}

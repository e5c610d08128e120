import type { EndpointOutput } from '@helixis/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { markGrace } from '../../../lib/grace-windows';
import { queryKeys } from '../../../lib/query-keys';

export type BootstrapAccountResult = EndpointOutput<'bootstrapAccount'>;

/** POST /functions/v1/bootstrap-account: repairs a missing workspace, membership or default assistant. */
export function bootstrapAccount(): Promise<BootstrapAccountResult> {
  return invoke('bootstrapAccount', {});
}

export function useBootstrapAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bootstrapAccount,
    // The repair may re-issue memberships; the route guard holds off meanwhile (bootstrap window).
    onMutate: () => markGrace('bootstrap'),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
      ]);
    },
  });
}

import type { EndpointInput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The team (members and open invitations) of the current workspace. */
export const teamKeys = { all: queryKeys.team };

export function teamQueryOptions() {
  return queryOptions({ queryKey: teamKeys.all, queryFn: ({ signal }) => invoke('getTeam', {}, { signal }) });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}

type TeamChange = 'inviteTeamMember' | 'revokeInvitation' | 'updateMemberRole' | 'removeMember';

function useTeamChange<N extends TeamChange>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<N>) => invoke(name, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useInviteTeamMember = () => useTeamChange('inviteTeamMember');
export const useRevokeInvitation = () => useTeamChange('revokeInvitation');
export const useUpdateMemberRole = () => useTeamChange('updateMemberRole');
export const useRemoveMember = () => useTeamChange('removeMember');

/** What an invitation link offers (public: works before sign-in). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => invoke('previewInvitation', { token: token ?? '' }, { signal }),
    enabled: Boolean(token),
    retry: false,
  });
}

export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => invoke('acceptInvitation', { token }),
    // The workspace every other query reads has changed: start over from the server.
    onSuccess: () => client.resetQueries(),
  });
}

export { pendingInvitation } from '../lib/pending-invitation';

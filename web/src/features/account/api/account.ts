import type { EndpointInput } from '@helixis/contract';
import { useMutation } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: EndpointInput<'changePassword'>) => invoke('changePassword', input) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (confirmation: string) => invoke('deleteAccount', { confirmation }) });
}

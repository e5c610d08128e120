import type { EndpointInput } from '@helixis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';

export const extensionKeys = {
  settings: ['extension', 'settings'] as const,
  tokens: ['extension', 'tokens'] as const,
  desktop: ['extension', 'desktop'] as const,
};

export function useExtensionSettings() {
  return useQuery({
    queryKey: extensionKeys.settings,
    queryFn: ({ signal }) => invoke('getExtensionSettings', {}, { signal }),
  });
}

export function useUpdateExtensionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'updateExtensionSettings'>) => invoke('updateExtensionSettings', input),
    onSuccess: (data) => client.setQueryData(extensionKeys.settings, data),
  });
}

export function useExtensionTokens() {
  return useQuery({
    queryKey: extensionKeys.tokens,
    queryFn: ({ signal }) => invoke('listExtensionTokens', {}, { signal }),
  });
}

export function useRevokeExtensionToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invoke('revokeExtensionToken', { id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: extensionKeys.tokens });
      void client.invalidateQueries({ queryKey: extensionKeys.desktop });
    },
  });
}

export function useExtBootstrap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (businessId: string | undefined) => invoke('extBootstrap', { businessId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: extensionKeys.tokens }),
  });
}

export function useDesktopIntegration() {
  return useQuery({
    queryKey: extensionKeys.desktop,
    queryFn: ({ signal }) => invoke('getDesktopIntegration', {}, { signal }),
  });
}

function useDesktopChange<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: extensionKeys.desktop });
      void client.invalidateQueries({ queryKey: extensionKeys.tokens });
    },
  });
}

export const useCluelySync = () =>
  useDesktopChange((userId: string) => invoke('cluelySync', { action: 'create_integration', userId }));
export const useDeleteDesktopIntegration = () => useDesktopChange(() => invoke('deleteDesktopIntegration', {}));

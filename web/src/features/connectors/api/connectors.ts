import type {
  CacheMode,
  ConnectorCatalogEntry,
  ConnectorStatusEntry,
  EndpointOutput,
  FieldUpdate,
  RelationshipSnapshot,
} from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useMe } from '../../workspaces/api/get-me';

/** Connector calls (catalogue, connect, fields, cache, test); keys live under the integrations prefix so its invalidations reach them. */
export const connectorKeys = {
  catalog: ['connectors', 'catalog'] as const,
  status: [...queryKeys.integrations, 'connectors-status'] as const,
  fields: (kind: string) => [...queryKeys.integrations, 'connector-fields', kind] as const,
  policy: (kind: string) => [...queryKeys.integrations, 'connector-policy', kind] as const,
};

export type CatalogEntry = ConnectorCatalogEntry;
export type StatusEntry = ConnectorStatusEntry;
export type Snapshot = RelationshipSnapshot;
export type FieldsResult = EndpointOutput<'integrationsFields'>;

/** The workspace the calls name (the server only ever acts on the caller's own). */
function useWorkspaceId(): string | undefined {
  return useMe().data?.workspace?.id;
}

export function useConnectorCatalog() {
  return useQuery(
    queryOptions({
      queryKey: connectorKeys.catalog,
      queryFn: ({ signal }) => invoke('connectorsCatalog', {}, { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}

export function connectorStatusQueryOptions() {
  return queryOptions({
    queryKey: connectorKeys.status,
    queryFn: async ({ signal }) => (await invoke('integrationsStatus', {}, { signal })).connectors ?? [],
  });
}

export function useConnectorStatuses() {
  return useQuery(connectorStatusQueryOptions());
}

export function useConnect() {
  const client = useQueryClient();
  const workspace_id = useWorkspaceId();
  return useMutation({
    mutationFn: (input: { kind: string; credentials?: Record<string, string> }) =>
      invoke('integrationsConnect', { ...input, workspace_id }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

export function useDisconnect() {
  const client = useQueryClient();
  const workspace_id = useWorkspaceId();
  return useMutation({
    mutationFn: (kind: string) => invoke('integrationsDisconnect', { kind, workspace_id }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

export function useConnectorFields(kind: string) {
  const workspace_id = useWorkspaceId();
  return useQuery(
    queryOptions({
      queryKey: connectorKeys.fields(kind),
      queryFn: ({ signal }) => invoke('integrationsFields', { action: 'get', kind, workspace_id }, { signal }),
    }),
  );
}

export function useUpdateFields(kind: string) {
  const client = useQueryClient();
  const workspace_id = useWorkspaceId();
  return useMutation({
    mutationFn: (updates: z.infer<typeof FieldUpdate>[]) =>
      invoke('integrationsFields', { action: 'update', kind, workspace_id, updates }),
    onSuccess: (result) => client.setQueryData(connectorKeys.fields(kind), result),
    onSettled: () => client.invalidateQueries({ queryKey: connectorKeys.fields(kind) }),
  });
}

export function useCachePolicy(kind: string) {
  const workspace_id = useWorkspaceId();
  return useQuery(
    queryOptions({
      queryKey: connectorKeys.policy(kind),
      queryFn: ({ signal }) => invoke('factCachePolicy', { kind, workspace_id }, { signal }),
    }),
  );
}

export function useSaveCachePolicy(kind: string) {
  const client = useQueryClient();
  const workspace_id = useWorkspaceId();
  return useMutation({
    // ttl_seconds is sent only for mode facts.
    mutationFn: (input: { mode: CacheMode; ttl_seconds?: number }) =>
      invoke('factCachePolicy', {
        kind,
        workspace_id,
        mode: input.mode,
        ...(input.mode === 'facts' && input.ttl_seconds !== undefined ? { ttl_seconds: input.ttl_seconds } : {}),
      }),
    onSuccess: (result) => client.setQueryData(connectorKeys.policy(kind), result),
  });
}

export function useRelationshipTest(kind: string) {
  const workspace_id = useWorkspaceId();
  return useMutation({
    mutationFn: (value: string) => invoke('relationship', { kind, workspace_id, ...relationshipQuery(value) }),
  });
}

/** A value containing "@" is sent as email, anything else as external_id. */
export function relationshipQuery(value: string): { email: string } | { external_id: string } {
  const v = value.trim();
  return v.includes('@') ? { email: v } : { external_id: v };
}

import type { EndpointOutput, KnowledgeDocument } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type DocumentList = EndpointOutput<'listDocuments'>;

/** While any document is still being processed, poll as a fallback to the realtime events. */
const PENDING_POLL_MS = 3_000;

export function documentsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.documents, 'list'],
    queryFn: ({ signal }) => invoke('listDocuments', {}, { signal }),
    refetchInterval: (query) =>
      query.state.data?.documents.some((d: KnowledgeDocument) => d.status === 'PENDING') ? PENDING_POLL_MS : false,
  });
}

/** GET /api/v1/documents: the workspace's documents, newest first (updated live by document.* events). */
export function useDocuments() {
  return useQuery(documentsQueryOptions());
}

/** DELETE /api/v1/documents/:id */
export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invoke('deleteDocument', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.documents }),
  });
}

/** PATCH /api/v1/documents/:id: a new title (search and citations use it at once). */
export function useRenameDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; title: string }) => invoke('renameDocument', input),
    onSuccess: (doc) => {
      client.setQueryData<DocumentList>([...queryKeys.documents, 'list'], (list) =>
        list ? { ...list, documents: list.documents.map((d) => (d.id === doc.id ? doc : d)) } : list,
      );
      return client.invalidateQueries({ queryKey: queryKeys.documents });
    },
  });
}

/** PUT /api/v1/documents/:id/public (the /documents toggle). */
export function useSetDocumentPublic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; public: boolean }) => invoke('setDocumentPublic', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.documents });
      void client.invalidateQueries({ queryKey: queryKeys.widget });
    },
  });
}

export type DocumentPassages = EndpointOutput<'documentPassages'>;

/**
 * GET /api/v1/documents/:id/passages: the document with its text passage by passage (the viewer).
 * Shares the documents key prefix, so renames, the public switch and document events refresh it.
 */
export function useDocumentPassages(id: string) {
  return useQuery({
    queryKey: [...queryKeys.documents, id, 'passages'],
    queryFn: ({ signal }) => invoke('documentPassages', { id }, { signal }),
    refetchInterval: (query) => (query.state.data?.document.status === 'PENDING' ? PENDING_POLL_MS : false),
  });
}

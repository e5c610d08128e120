import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type LedgerFilters = EndpointInput<'listLedger'>;
export type LedgerFactView = EndpointOutput<'listLedger'>['facts'][number];

/** Under the facts prefix: realtime facts events refresh the ledger too. */
const ledgerKey = [...queryKeys.facts, 'ledger'] as const;

/** The fact ledger with the page's filters (source kind, scope, status). */
export function useLedger(filters: LedgerFilters) {
  return useQuery({
    queryKey: [...ledgerKey, filters],
    queryFn: ({ signal }) => invoke('listLedger', filters, { signal }),
  });
}

/** Every value the sources of one fact stated, and its disagreements. */
export function useFactHistory(id: string | null) {
  return useQuery({
    queryKey: [...ledgerKey, 'history', id],
    queryFn: ({ signal }) => invoke('factHistory', { id: id ?? '' }, { signal }),
    enabled: id !== null,
  });
}

function useLedgerMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.facts });
      void client.invalidateQueries({ queryKey: queryKeys.tasks });
    },
  });
}

export const useResolveConflict = () =>
  useLedgerMutation((input: EndpointInput<'resolveFactConflict'>) => invoke('resolveFactConflict', input));
export const useSetFactExpiry = () =>
  useLedgerMutation((input: EndpointInput<'setFactExpiry'>) => invoke('setFactExpiry', input));

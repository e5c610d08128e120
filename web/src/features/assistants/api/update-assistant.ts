import type { EndpointInput } from '@helixis/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/v1/assistants/:id (manager or owner; the server checks). */
export function useUpdateAssistant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'updateAssistant'>) => invoke('updateAssistant', input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Me } from './get-me';

/** PATCH /api/v1/workspaces/:id: owners and admins rename the workspace; the sidebar shows the new name at once. */
export function useRenameWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => invoke('renameWorkspace', input),
    onSuccess: (workspace) => {
      client.setQueryData<Me>(queryKeys.me, (me) =>
        me ? { ...me, workspace: { ...me.workspace, ...workspace } } : me,
      );
      return client.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

import type { EndpointInput, EndpointOutput } from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TaskList = EndpointOutput<'listTasks'>;
export type Task = TaskList['tasks'][number];
export type ListTasksFilter = EndpointInput<'listTasks'>;

export function tasksQueryOptions(filter: ListTasksFilter = {}) {
  return queryOptions({
    queryKey: [...queryKeys.tasks, filter],
    queryFn: ({ signal }) => invoke('listTasks', filter, { signal }),
  });
}

export function useTasks(filter: ListTasksFilter = {}) {
  return useQuery(tasksQueryOptions(filter));
}

/** PATCH /api/v1/tasks/:id; refreshes every task list (and facts, which an answer teaches). */
export function useUpdateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<'updateTask'>) => invoke('updateTask', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.tasks });
      void client.invalidateQueries({ queryKey: queryKeys.facts });
    },
  });
}

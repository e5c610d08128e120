import type { EndpointHandlers } from '../../platform/http';
import { listTasks, updateTask } from './tasks.service';

export const taskHandlers = {
  listTasks,
  updateTask,
} satisfies Partial<EndpointHandlers>;

import type { EndpointHandlers } from '../../platform/http';
import { deleteAllUsers, getOperatorStatus } from './admin.service';

export const adminHandlers = {
  getOperatorStatus,
  deleteAllUsers,
} satisfies Partial<EndpointHandlers>;

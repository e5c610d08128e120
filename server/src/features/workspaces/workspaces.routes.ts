import type { EndpointHandlers } from '../../platform/http';
import { bootstrapAccount, getMe, listActivityLogs } from './workspaces.service';

export const workspaceHandlers = {
  getMe,
  bootstrapAccount,
  listActivityLogs,
} satisfies Partial<EndpointHandlers>;

import type { EndpointHandlers } from '../../platform/http';
import { bootstrapAccount, getMe, listActivityLogs, renameWorkspace } from './workspaces.service';

export const workspaceHandlers = {
  getMe,
  bootstrapAccount,
  listActivityLogs,
  renameWorkspace,
} satisfies Partial<EndpointHandlers>;

import type { EndpointHandlers } from '../../platform/http';
import { bootstrapAccount, getMe } from './workspaces.service';

export const workspaceHandlers = {
  getMe,
  bootstrapAccount,
} satisfies Partial<EndpointHandlers>;

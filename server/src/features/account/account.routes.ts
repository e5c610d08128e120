import type { EndpointHandlers } from '../../platform/http';
import { changePassword } from '../auth';
import { deleteAccount } from './account.service';

export const accountHandlers = {
  changePassword,
  deleteAccount,
} satisfies Partial<EndpointHandlers>;

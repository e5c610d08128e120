import { z } from 'zod';
import type { Endpoint } from './endpoint';

export const OperatorStatus = z.object({ operator: z.boolean() });
export type OperatorStatus = z.infer<typeof OperatorStatus>;

/** Delete-all-users result. */
export const DeleteAllUsersOutput = z.object({
  totalUsersFound: z.number().int(),
  usersDeleted: z.number().int(),
  errors: z.number().int(),
  error: z.string().optional(),
});
export type DeleteAllUsersOutput = z.infer<typeof DeleteAllUsersOutput>;

/** Texts of the /admin danger zones. */
export const adminMessages = {
  confirmTitle: 'Are you absolutely sure?',
  failed: 'Failed to delete users',
  deleted: (n: number) => `Deleted ${n} users.`,
  errors: (n: number) => `${n} errors occurred.`,
  operatorOnly: 'Only a platform operator can delete accounts.',
} as const;

export const adminEndpoints = {
  getOperatorStatus: {
    method: 'GET',
    path: '/api/v1/admin/operator',
    access: 'user',
    summary:
      'Whether the caller is a platform operator (HELIXIS_OPERATOR_EMAILS); the web shows the danger zones only then.',
    input: z.object({}).strict(),
    output: OperatorStatus,
  },
  deleteAllUsers: {
    method: 'POST',
    path: '/functions/v1/delete-all-users',
    access: 'user',
    summary: "Deletes every account except the caller's (platform operators only).",
    input: z.object({}).strict(),
    output: DeleteAllUsersOutput,
  },
} as const satisfies Record<string, Endpoint>;

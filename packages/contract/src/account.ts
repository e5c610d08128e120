import { z } from 'zod';
import { Password } from './auth';
import type { Endpoint } from './endpoint';

/** The word a user types to confirm deleting their account and workspace data. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const ChangePasswordInput = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(1_024),
  new_password: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
export const ChangePasswordOutput = z.object({ ok: z.literal(true) });

export const DeleteAccountInput = z.object({ confirmation: z.string().max(100) });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;
export const DeleteAccountOutput = z.object({
  /** Workspaces deleted with all their data (the ones the user was the last owner of). */
  workspaces_deleted: z.number().int(),
  /** Memberships in other people's workspaces that were ended. */
  memberships_left: z.number().int(),
});
export type DeleteAccountOutput = z.infer<typeof DeleteAccountOutput>;

export const accountMessages = {
  passwordChanged: 'Password changed',
  deleteTitle: 'Delete my account and all workspace data',
  deleteConfirmHint: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  deleted: 'Your account and workspace data were deleted.',
  localCleared: 'Local data cleared',
} as const;

export const accountEndpoints = {
  changePassword: {
    method: 'POST',
    path: '/api/v1/account/password',
    access: 'user',
    summary: 'Changes the password after checking the current one; other sessions are signed out.',
    input: ChangePasswordInput,
    output: ChangePasswordOutput,
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/v1/account/delete',
    access: 'user',
    summary:
      'Deletes the caller, every workspace they are the last owner of (with all its data) and their other memberships, in one transaction.',
    input: DeleteAccountInput,
    output: DeleteAccountOutput,
  },
} as const satisfies Record<string, Endpoint>;

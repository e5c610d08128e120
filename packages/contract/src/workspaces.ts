import { z } from 'zod';
import { AuthUser } from './auth';
import { type Endpoint, NoInput } from './endpoint';
import { invalidIdMessage } from './errors';

/** Membership roles as stored and the business roles derived from them. */
export const MembershipRole = z.enum(['OWNER', 'ADMIN', 'MEMBER']);
export type MembershipRole = z.infer<typeof MembershipRole>;
export const BusinessRole = z.enum(['employee', 'manager', 'owner']);
export type BusinessRole = z.infer<typeof BusinessRole>;

export const Uuid = z.string().uuid();

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id used for database work. Anything but a UUID (notably the local_… and session_… ids
 * of an anonymous visitor's local profile) fails with the spec's text; the server answers it as
 * `invalid_id` (400) rather than a generic validation error.
 */
export function DbId(context: string) {
  return z.string().superRefine((value, ctx) => {
    if (!UUID_SHAPE.test(value)) {
      ctx.addIssue({ code: 'custom', message: invalidIdMessage(context, value), params: { errorCode: 'invalid_id' } });
    }
  });
}

export const Workspace = z.object({
  id: Uuid,
  name: z.string(),
  created_at: z.string(),
  owner_id: Uuid.optional(),
});
export type Workspace = z.infer<typeof Workspace>;

export const Membership = z.object({
  user_id: Uuid,
  workspace_id: Uuid,
  role: MembershipRole,
  created_at: z.string(),
});
export type Membership = z.infer<typeof Membership>;

/** Longest workspace name (a rename in Settings; a business name taken from onboarding is cut to it too). */
export const WORKSPACE_NAME_MAX_CHARS = 80;

/** Texts of the workspace name's rules (Settings shows the server's answer as it is). */
export const workspaceNameMessages = {
  required: 'A workspace name is required.',
  tooLong: `A workspace name can have at most ${WORKSPACE_NAME_MAX_CHARS} characters.`,
  controlCharacters: 'A workspace name cannot contain line breaks, tabs or other control characters.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A workspace name: trimmed, 1-80 characters, one line (it becomes a mail subject). */
export const WorkspaceName = z
  .string({ error: workspaceNameMessages.required })
  .trim()
  .min(1, workspaceNameMessages.required)
  .max(WORKSPACE_NAME_MAX_CHARS, workspaceNameMessages.tooLong)
  .refine((name) => !CONTROL_CHARACTERS.test(name), workspaceNameMessages.controlCharacters);

/** PATCH /api/v1/workspaces/:id: the caller's current workspace gets a new name (owners and admins). */
export const RenameWorkspaceInput = z.object({ id: DbId('workspace'), name: WorkspaceName }).strict();
export type RenameWorkspaceInput = z.infer<typeof RenameWorkspaceInput>;

/** GET /api/v1/me */
export const Me = z.object({
  user: AuthUser,
  workspace: Workspace,
  role: MembershipRole,
  businessRole: BusinessRole,
});
export type Me = z.infer<typeof Me>;

/** POST /functions/v1/bootstrap-account: idempotent repair of workspace, membership and default assistant. */
export const BootstrapAccountInput = z.object({}).strict();
export type BootstrapAccountInput = z.infer<typeof BootstrapAccountInput>;
export const BootstrapAccountOutput = z.object({
  workspace: Workspace,
  repaired: z.array(z.enum(['workspace', 'membership', 'assistant', 'business_profile', 'business_summary'])),
});
export type BootstrapAccountOutput = z.infer<typeof BootstrapAccountOutput>;

/** Activity log entry, e.g. onboarding_completed with {business_context, completed_at}. */
export const ActivityLog = z.object({
  id: z.string(),
  workspace_id: Uuid,
  user_id: Uuid.nullable(),
  event_type: z.string(),
  event_data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ActivityLog = z.infer<typeof ActivityLog>;

/** GET /api/v1/activity-logs: managers and owners only. */
export const ListActivityLogsInput = z.object({
  user_id: DbId('activity log user').optional(),
  event_type: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListActivityLogsInput = z.infer<typeof ListActivityLogsInput>;
export const ListActivityLogsOutput = z.object({ logs: z.array(ActivityLog) });
export type ListActivityLogsOutput = z.infer<typeof ListActivityLogsOutput>;

export const workspaceEndpoints = {
  getMe: {
    method: 'GET',
    path: '/api/v1/me',
    access: 'user',
    cachedRead: true,
    summary: 'The signed-in user with their workspace and role; creates the workspace on first call.',
    input: NoInput,
    output: Me,
  },
  bootstrapAccount: {
    method: 'POST',
    path: '/functions/v1/bootstrap-account',
    access: 'user',
    summary: 'Repairs a missing workspace, membership or default assistant (idempotent).',
    input: BootstrapAccountInput,
    output: BootstrapAccountOutput,
  },
  renameWorkspace: {
    method: 'PATCH',
    path: '/api/v1/workspaces/:id',
    access: 'workspace',
    role: 'manager',
    summary:
      "Renames the caller's workspace (owners and admins): the sidebar, invitations and their accept page use the new name.",
    input: RenameWorkspaceInput,
    output: Workspace,
  },
  listActivityLogs: {
    method: 'GET',
    path: '/api/v1/activity-logs',
    access: 'workspace',
    role: 'manager',
    summary: "The workspace's activity log, newest first (managers and owners).",
    input: ListActivityLogsInput,
    output: ListActivityLogsOutput,
  },
} as const satisfies Record<string, Endpoint>;

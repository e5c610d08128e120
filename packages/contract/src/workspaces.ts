import { z } from 'zod';
import { AuthUser } from './auth';
import { type Endpoint, NoInput } from './endpoint';

/** Membership roles as stored (doc 1 §3) and the business roles derived from them (doc 1 §6). */
export const MembershipRole = z.enum(['OWNER', 'ADMIN', 'MEMBER']);
export type MembershipRole = z.infer<typeof MembershipRole>;
export const BusinessRole = z.enum(['employee', 'manager', 'owner']);
export type BusinessRole = z.infer<typeof BusinessRole>;

export const Uuid = z.string().uuid();

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
  repaired: z.array(z.enum(['workspace', 'membership', 'assistant'])),
});
export type BootstrapAccountOutput = z.infer<typeof BootstrapAccountOutput>;

export const workspaceEndpoints = {
  getMe: {
    method: 'GET',
    path: '/api/v1/me',
    access: 'user',
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
} as const satisfies Record<string, Endpoint>;

import { z } from 'zod';
import { Email } from './auth';
import type { Endpoint } from './endpoint';
import { MembershipRole, Uuid } from './workspaces';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

/** Roles an invitation can grant; ownership is only ever given by an owner to an existing member. */
export const InvitableRole = z.enum(['ADMIN', 'MEMBER']);
export type InvitableRole = z.infer<typeof InvitableRole>;

export const TeamMember = z.object({
  user_id: Uuid,
  email: z.string().nullable(),
  role: MembershipRole,
  joined_at: z.string(),
  is_you: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: Uuid,
  email: z.string(),
  role: InvitableRole,
  expires_at: z.string(),
  created_at: z.string(),
  invited_by_email: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** GET /api/v1/team: members with roles and the open invitations (managers and owners see the invitations). */
export const TeamOverview = z.object({
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
  /** True for owners and admins: they may invite, change roles and remove. */
  can_manage: z.boolean(),
  your_role: MembershipRole,
});
export type TeamOverview = z.infer<typeof TeamOverview>;

export const InviteTeamMemberInput = z.object({ email: Email, role: InvitableRole });
export type InviteTeamMemberInput = z.infer<typeof InviteTeamMemberInput>;
export const InviteTeamMemberOutput = z.object({
  invitation: TeamInvitation,
  /** 'smtp' when mailed, 'outbox' when written to the local dev outbox. */
  delivery: z.enum(['smtp', 'outbox']),
});
export type InviteTeamMemberOutput = z.infer<typeof InviteTeamMemberOutput>;

export const RevokeInvitationInput = z.object({ id: Uuid });
export const UpdateMemberRoleInput = z.object({ user_id: Uuid, role: MembershipRole });
export type UpdateMemberRoleInput = z.infer<typeof UpdateMemberRoleInput>;
export const RemoveMemberInput = z.object({ user_id: Uuid });
export const TeamChangeOutput = z.object({ ok: z.literal(true) });

/** The token of an invitation link (random base64url; only its hash is stored). */
const InvitationToken = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.');
export const InvitationTokenInput = z.object({ token: InvitationToken });
export type InvitationTokenInput = z.infer<typeof InvitationTokenInput>;

export const InvitationStatus = z.enum(['pending', 'accepted', 'expired', 'revoked']);
export const InvitationPreview = z.object({
  workspace_name: z.string(),
  email: z.string(),
  role: InvitableRole,
  invited_by_email: z.string().nullable(),
  status: InvitationStatus,
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;
export const AcceptInvitationOutput = z.object({
  workspace: z.object({ id: Uuid, name: z.string() }),
  role: MembershipRole,
});
export type AcceptInvitationOutput = z.infer<typeof AcceptInvitationOutput>;

/** Texts of the team section and the invitation page. */
export const teamMessages = {
  invited: (email: string) => `Invitation sent to ${email}`,
  roleChanged: 'Role updated',
  removed: 'Member removed',
  revoked: 'Invitation revoked',
  accepted: (workspace: string) => `You joined ${workspace}`,
  mailSubject: (workspace: string) => `You are invited to ${workspace} on Helixis`,
} as const;

export const teamEndpoints = {
  getTeam: {
    method: 'GET',
    path: '/api/v1/team',
    access: 'workspace',
    summary: "The workspace's members with their roles, and its open invitations.",
    input: z.object({}).strict(),
    output: TeamOverview,
  },
  inviteTeamMember: {
    method: 'POST',
    path: '/api/v1/team/invitations',
    access: 'workspace',
    registeredOnly: true,
    role: 'manager',
    summary: 'Invites an e-mail address as MEMBER or ADMIN and mails the link (owners and admins).',
    input: InviteTeamMemberInput,
    output: InviteTeamMemberOutput,
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/v1/team/invitations/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'Revokes an open invitation; its link stops working.',
    input: RevokeInvitationInput,
    output: TeamChangeOutput,
  },
  updateMemberRole: {
    method: 'PATCH',
    path: '/api/v1/team/members/:user_id',
    access: 'workspace',
    role: 'manager',
    summary: "Changes a member's role (only owners grant or take OWNER; the last owner stays).",
    input: UpdateMemberRoleInput,
    output: TeamChangeOutput,
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/v1/team/members/:user_id',
    access: 'workspace',
    role: 'manager',
    summary: 'Removes a member from the workspace (never the last owner).',
    input: RemoveMemberInput,
    output: TeamChangeOutput,
  },
  previewInvitation: {
    method: 'POST',
    path: '/api/v1/invitations/preview',
    access: 'public',
    summary: 'What an invitation link offers: workspace, address, role and whether it is still open.',
    input: InvitationTokenInput,
    output: InvitationPreview,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/v1/invitations/accept',
    access: 'user',
    summary: "Accepts an invitation for the signed-in user's e-mail and makes that workspace the active one.",
    input: InvitationTokenInput,
    output: AcceptInvitationOutput,
  },
} as const satisfies Record<string, Endpoint>;

import {
  BRAND_NAME,
  INVITATION_TTL_DAYS,
  type InvitationPreview,
  type MembershipRole,
  type TeamInvitation,
  teamMessages,
} from '@helixis/contract';
import { businessRoleFor, hasRole } from '@helixis/domain';
import type { Tx } from '../../db/client';
import type { RequestContext, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishEvent } from '../../platform/events';
import type { EndpointHandler } from '../../platform/http';
import { createMailer, type Mail } from '../../platform/mailer';
import { hashToken, newOpaqueToken } from '../../platform/opaque-tokens';
import { mailLinkOrigin } from '../../platform/public-origin';
import { createRateLimiter } from '../../platform/rate-limit';
import { withSystem } from '../../platform/tenant';
import * as repo from './team.repo';

const iso = (value: string) => new Date(value).toISOString();

/** Invitation mails a workspace may send per hour. */
export const INVITATIONS_PER_HOUR = 30;
/** Invitation mails one account may send per day, over all its workspaces. */
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 60;

function toInvitation(row: repo.InvitationRow, invitedByEmail: string | null): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expires_at: iso(row.expiresAt),
    created_at: iso(row.createdAt),
    invited_by_email: invitedByEmail,
  };
}

const canManage = (ctx: WorkspaceContext) => hasRole(ctx.workspace.businessRole, 'manager');

/** Members with roles for everyone in the workspace; open invitations only for owners and admins. */
export const getTeam: EndpointHandler<'getTeam'> = async ({ ctx }) => {
  const manage = canManage(ctx);
  const { members, invitations } = await ctx.tenant(async (tx) => ({
    members: await repo.listMembers(tx, ctx.workspace.id),
    invitations: manage ? await repo.listOpenInvitations(tx, ctx.workspace.id) : [],
  }));
  const ids = [...new Set([...members.map((m) => m.userId), ...invitations.flatMap((i) => i.invitedBy ?? [])])];
  // E-mails live in the auth table, which the tenant role cannot read; the ids come from this workspace only.
  const emails = await withSystem(ctx.deps.database, (tx) => repo.userEmails(tx, ids));
  return {
    members: members.map((m) => ({
      user_id: m.userId,
      email: emails.get(m.userId) ?? null,
      role: m.role,
      joined_at: iso(m.createdAt),
      is_you: m.userId === ctx.user.id,
    })),
    invitations: invitations.map((i) => toInvitation(i, i.invitedBy ? (emails.get(i.invitedBy) ?? null) : null)),
    can_manage: manage,
    your_role: ctx.workspace.role,
  };
};

/** The link carries the token in its fragment, which browsers never send to a server (so it stays out of logs). */
export function invitationLink(appOrigin: string, token: string): string {
  return `${new URL('/invite', appOrigin).toString()}#${token}`;
}

function invitationMail(to: string, workspaceName: string, inviter: string | null, role: string, link: string): Mail {
  return {
    to,
    subject: teamMessages.mailSubject(workspaceName),
    text: [
      'Hello,',
      '',
      `${inviter ?? 'A colleague'} invited you to join ${workspaceName} on ${BRAND_NAME} as ${role === 'ADMIN' ? 'an admin' : 'a member'}.`,
      '',
      'Open this link to accept (sign in or create an account with this e-mail address):',
      '',
      link,
      '',
      `The link is valid for ${INVITATION_TTL_DAYS} days. If you did not expect this, you can ignore this message.`,
    ].join('\n'),
  };
}

export const inviteTeamMember: EndpointHandler<'inviteTeamMember'> = async ({ ctx, input }) => {
  const { database } = ctx.deps;
  // Invitations send mail from this server to any address: cap them per workspace and hour, and per
  // account and day (one account may own many workspaces).
  const limiter = createRateLimiter(database);
  const caps = [
    {
      key: `team-invite:${ctx.workspace.id}`,
      rule: { limit: INVITATIONS_PER_HOUR, windowSeconds: 3600 },
      message: `A workspace can send ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`,
    },
    {
      key: `team-invite-account-day:${ctx.user.id}`,
      rule: { limit: INVITATIONS_PER_ACCOUNT_PER_DAY, windowSeconds: 86_400 },
      message: `An account can send ${INVITATIONS_PER_ACCOUNT_PER_DAY} invitations a day. Please try again tomorrow.`,
    },
  ];
  for (const cap of caps) {
    const quota = await limiter.consume(cap.key, cap.rule);
    if (!quota.allowed) {
      throw new AppError('rate_limited', {
        userMessage: cap.message,
        headers: { 'Retry-After': String(quota.retryAfterSeconds) },
      });
    }
  }
  const already = await withSystem(database, (tx) => repo.isMemberByEmail(tx, ctx.workspace.id, input.email));
  if (already) throw new AppError('already_member');
  const token = newOpaqueToken();
  const { row, workspaceName } = await ctx.tenant(async (tx) => {
    await repo.revokeOpenInvitationsFor(tx, ctx.workspace.id, input.email);
    const inserted = await repo.insertInvitation(tx, {
      workspaceId: ctx.workspace.id,
      email: input.email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: ctx.user.id,
      ttlDays: INVITATION_TTL_DAYS,
    });
    return { row: inserted, workspaceName: (await repo.workspaceName(tx, ctx.workspace.id)) ?? BRAND_NAME };
  });
  const mailer = createMailer(ctx.deps);
  const origin = ctx.appOrigin ?? mailLinkOrigin(ctx.deps.config);
  try {
    await mailer.send(
      invitationMail(input.email, workspaceName, ctx.user.email, input.role, invitationLink(origin, token)),
    );
  } catch (err) {
    // An invitation nobody received is no invitation: remove it so the owner can simply try again.
    await ctx.tenant((tx) => repo.deleteInvitation(tx, ctx.workspace.id, row.id));
    throw new AppError('service_unavailable', {
      userMessage: 'The invitation e-mail could not be sent. Please try again.',
      cause: err,
    });
  }
  ctx.log.info({ invitationId: row.id, role: row.role }, 'team invitation sent');
  return { invitation: toInvitation(row, ctx.user.email), delivery: mailer.delivery };
};

export const revokeInvitation: EndpointHandler<'revokeInvitation'> = async ({ ctx, input }) => {
  const revoked = await ctx.tenant((tx) => repo.revokeInvitation(tx, ctx.workspace.id, input.id));
  if (!revoked) throw new AppError('invitation_not_found');
  return { ok: true as const };
};

/**
 * The actor's role as it is now (read under the owners' lock, not the one resolved at the start of the
 * request, which a concurrent change may have made stale).
 */
async function lockedActorRole(tx: Tx, ctx: WorkspaceContext): Promise<MembershipRole> {
  const actor = await repo.findMembership(tx, ctx.workspace.id, ctx.user.id);
  if (!actor || !hasRole(businessRoleFor(actor.role), 'manager')) {
    throw new AppError('insufficient_role', { userMessage: 'This page requires manager permissions to access.' });
  }
  return actor.role;
}

/** Owner-only moves: granting OWNER, or changing/removing someone who is an OWNER. */
function assertMayTouch(actorRole: MembershipRole, targetRole: MembershipRole, newRole?: MembershipRole): void {
  if (actorRole === 'OWNER') return;
  if (targetRole === 'OWNER' || newRole === 'OWNER') throw new AppError('role_not_allowed');
}

export const updateMemberRole: EndpointHandler<'updateMemberRole'> = async ({ ctx, input }) => {
  await ctx.tenant(async (tx) => {
    const owners = await repo.lockOwners(tx, ctx.workspace.id);
    const actorRole = await lockedActorRole(tx, ctx);
    const target = await repo.findMembership(tx, ctx.workspace.id, input.user_id);
    if (!target) throw new AppError('member_not_found');
    assertMayTouch(actorRole, target.role, input.role);
    if (target.role === 'OWNER' && input.role !== 'OWNER' && owners.length <= 1) throw new AppError('last_owner');
    await repo.updateRole(tx, ctx.workspace.id, input.user_id, input.role);
    await publishEvent(tx, { type: 'workspace.updated', workspaceId: ctx.workspace.id });
  });
  ctx.log.info({ memberId: input.user_id, role: input.role }, 'member role changed');
  return { ok: true as const };
};

export const removeMember: EndpointHandler<'removeMember'> = async ({ ctx, input }) => {
  await ctx.tenant(async (tx) => {
    const owners = await repo.lockOwners(tx, ctx.workspace.id);
    const actorRole = await lockedActorRole(tx, ctx);
    const target = await repo.findMembership(tx, ctx.workspace.id, input.user_id);
    if (!target) throw new AppError('member_not_found');
    assertMayTouch(actorRole, target.role);
    if (target.role === 'OWNER' && owners.length <= 1) throw new AppError('last_owner');
    await repo.deleteMembership(tx, ctx.workspace.id, input.user_id);
    await publishEvent(tx, { type: 'workspace.updated', workspaceId: ctx.workspace.id });
  });
  ctx.log.info({ memberId: input.user_id }, 'member removed');
  return { ok: true as const };
};

function statusOf(row: repo.InvitationRow): InvitationPreview['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (new Date(row.expiresAt).getTime() <= Date.now()) return 'expired';
  return 'pending';
}

/** Public: what a link offers, so the page can say whom to sign in as. */
export const previewInvitation: EndpointHandler<'previewInvitation'> = async ({ ctx, input }) => {
  const found = await withSystem(ctx.deps.database, (tx) => repo.findInvitationByToken(tx, hashToken(input.token)));
  if (!found) throw new AppError('invitation_not_found');
  return {
    workspace_name: found.workspaceName,
    email: found.email,
    role: found.role,
    invited_by_email: found.invitedByEmail,
    status: statusOf(found),
    expires_at: iso(found.expiresAt),
  };
};

/**
 * The invited address of an open (pending) invitation link, or null. Sign-up asks this: an account created
 * from the link for that very address has proven it reads that mailbox, so it needs no second confirmation.
 */
export async function openInvitationAddress(
  deps: Pick<RequestContext['deps'], 'database'>,
  token: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const found = await withSystem(deps.database, (tx) => repo.findInvitationByToken(tx, hashToken(token)));
  return found && statusOf(found) === 'pending' ? found.email.toLowerCase() : null;
}

/**
 * Joins the inviting workspace with the invited role when the signed-in user's e-mail is the invited one.
 * The token names the workspace, so the lookup crosses the tenant wall; every check is explicit here.
 */
export const acceptInvitation: EndpointHandler<'acceptInvitation'> = async ({ ctx, input }) => {
  const result = await withSystem(ctx.deps.database, async (tx) => {
    const found = await repo.findInvitationByToken(tx, hashToken(input.token), { lock: true });
    if (!found) throw new AppError('invitation_not_found');
    const user = await repo.findUser(tx, ctx.user.id);
    const email = user?.email?.toLowerCase();
    if (ctx.user.isAnonymous || !email || !user?.emailConfirmedAt || email !== found.email.toLowerCase()) {
      throw new AppError('invitation_wrong_email', {
        userMessage: `This invitation was sent to ${found.email}. Sign in with that address to accept it.`,
      });
    }
    if (found.acceptedAt && found.acceptedBy === ctx.user.id) {
      // Opening the link twice is harmless: the membership is there already.
    } else if (found.acceptedAt || found.revokedAt) {
      throw new AppError('invitation_closed');
    } else if (statusOf(found) === 'expired') {
      throw new AppError('invitation_expired');
    } else {
      await repo.markAccepted(tx, found.workspaceId, found.id, ctx.user.id);
    }
    const role = await repo.joinWorkspace(tx, found.workspaceId, ctx.user.id, found.role);
    await repo.setActiveWorkspace(tx, ctx.user.id, found.workspaceId);
    await publishEvent(tx, { type: 'workspace.updated', workspaceId: found.workspaceId });
    return { workspace: { id: found.workspaceId, name: found.workspaceName }, role };
  });
  ctx.log.info({ workspaceId: result.workspace.id, role: result.role }, 'invitation accepted');
  return result;
};

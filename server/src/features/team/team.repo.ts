import type { MembershipRole } from '@helixis/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activeWorkspaces, memberships, users, workspaceInvitations, workspaces } from '../../db/schema';

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

export interface MemberRow {
  userId: string;
  role: MembershipRole;
  createdAt: string;
}

export async function listMembers(db: Queryable, workspaceId: string): Promise<MemberRow[]> {
  const rows = await db
    .select({ userId: memberships.userId, role: memberships.role, createdAt: memberships.createdAt })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt));
  return rows as MemberRow[];
}

/** E-mails of the given users (auth table: only readable outside the tenant role). */
export async function userEmails(db: Queryable, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function isMemberByEmail(db: Queryable, workspaceId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return rows.length > 0;
}

const open = (workspaceId: string) =>
  and(
    eq(workspaceInvitations.workspaceId, workspaceId),
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
  );

export async function listOpenInvitations(db: Queryable, workspaceId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(workspaceInvitations)
    .where(and(open(workspaceId), sql`${workspaceInvitations.expiresAt} > now()`))
    .orderBy(asc(workspaceInvitations.createdAt));
}

/** Closes any open invitation of this address, so the newest link is the only one that works. */
export async function revokeOpenInvitationsFor(tx: Tx, workspaceId: string, email: string): Promise<void> {
  await tx
    .update(workspaceInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(open(workspaceId), eq(workspaceInvitations.email, email)));
}

export async function insertInvitation(
  tx: Tx,
  values: {
    workspaceId: string;
    email: string;
    role: 'ADMIN' | 'MEMBER';
    tokenHash: string;
    invitedBy: string;
    ttlDays: number;
  },
): Promise<InvitationRow> {
  const rows = await tx
    .insert(workspaceInvitations)
    .values({
      workspaceId: values.workspaceId,
      email: values.email,
      role: values.role,
      tokenHash: values.tokenHash,
      invitedBy: values.invitedBy,
      expiresAt: sql`now() + make_interval(days => ${values.ttlDays})`,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert into workspace_invitations returned no row');
  return row;
}

export async function deleteInvitation(tx: Tx, workspaceId: string, id: string): Promise<void> {
  await tx
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)));
}

export async function revokeInvitation(tx: Tx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(workspaceInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(open(workspaceId), eq(workspaceInvitations.id, id)))
    .returning({ id: workspaceInvitations.id });
  return rows.length > 0;
}

/** The owners of a workspace, locked until the transaction ends so two demotions cannot both pass the check. */
export async function lockOwners(tx: Tx, workspaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'OWNER')))
    .for('update');
  return rows.map((r) => r.userId);
}

export async function findMembership(tx: Tx, workspaceId: string, userId: string): Promise<MemberRow | undefined> {
  const rows = await tx
    .select({ userId: memberships.userId, role: memberships.role, createdAt: memberships.createdAt })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .for('update');
  return rows[0] as MemberRow | undefined;
}

export async function updateRole(tx: Tx, workspaceId: string, userId: string, role: MembershipRole): Promise<void> {
  await tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
}

export async function deleteMembership(tx: Tx, workspaceId: string, userId: string): Promise<void> {
  await tx.delete(memberships).where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
}

// ── accepting a link: the token names the workspace, so these run outside the tenant role ──────────

export interface InvitationByToken extends InvitationRow {
  workspaceName: string;
  invitedByEmail: string | null;
}

export async function findInvitationByToken(
  tx: Queryable,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InvitationByToken | undefined> {
  const query = tx
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, invitedByEmail: users.email })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .limit(1);
  const rows = options.lock ? await query.for('update', { of: workspaceInvitations }) : await query;
  const row = rows[0];
  return row ? { ...row.invitation, workspaceName: row.workspaceName, invitedByEmail: row.invitedByEmail } : undefined;
}

export async function markAccepted(tx: Tx, workspaceId: string, id: string, userId: string): Promise<void> {
  await tx
    .update(workspaceInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)));
}

/** Adds the membership unless the user already has one there; returns the role they now hold. */
export async function joinWorkspace(
  tx: Tx,
  workspaceId: string,
  userId: string,
  role: MembershipRole,
): Promise<MembershipRole> {
  await tx.insert(memberships).values({ workspaceId, userId, role }).onConflictDoNothing();
  const rows = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return (rows[0]?.role ?? role) as MembershipRole;
}

/** The workspace the user's requests work in from now on (see workspaces.repo findFirstMembership). */
export async function setActiveWorkspace(tx: Tx, userId: string, workspaceId: string): Promise<void> {
  await tx
    .insert(activeWorkspaces)
    .values({ userId, workspaceId })
    .onConflictDoUpdate({ target: activeWorkspaces.userId, set: { workspaceId, updatedAt: sql`now()` } });
}

export async function findUser(
  db: Queryable,
  userId: string,
): Promise<{ email: string | null; emailConfirmedAt: string | null } | undefined> {
  const rows = await db
    .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function workspaceName(db: Queryable, workspaceId: string): Promise<string | undefined> {
  const rows = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return rows[0]?.name;
}

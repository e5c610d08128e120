import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { INVITATIONS_PER_HOUR } from './team.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DESCRIPTION = 'Lakeside Lofts rents 80 apartments in Duluth, Minnesota to students and young families.';

interface Owned {
  owner: TestUser;
  workspaceId: string;
}

async function ownerWithWorkspace(email?: string): Promise<Owned> {
  const owner = await createUserWithSession(t, email);
  const me = await api<any>(t, 'GET', '/api/v1/me', { token: owner.token });
  return { owner, workspaceId: me.body.workspace.id };
}

/** The token from the newest invitation mail to `to`, read through the dev outbox like a person would. */
async function invitationToken(to: string): Promise<string> {
  const outbox = await api<any>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const text: string = outbox.body.mails[0]?.text ?? '';
  const match = /\/invite#([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${to}: ${text}`);
  return match[1];
}

async function invite(token: string, email: string, role: 'ADMIN' | 'MEMBER' = 'MEMBER') {
  return api<any>(t, 'POST', '/api/v1/team/invitations', { token, body: { email, role } });
}

/** Owner invites `member` with `role`, who accepts: returns the member's session. */
async function join(ws: Owned, role: 'ADMIN' | 'MEMBER', existing?: TestUser): Promise<TestUser> {
  const member = existing ?? (await createUserWithSession(t));
  const sent = await invite(ws.owner.token, member.email, role);
  expect(sent.status).toBe(200);
  const accepted = await api<any>(t, 'POST', '/api/v1/invitations/accept', {
    token: member.token,
    body: { token: await invitationToken(member.email) },
  });
  expect(accepted.status).toBe(200);
  return member;
}

describe('invitations', () => {
  it('mails a link whose token is stored only hashed, and accepting it joins the inviting workspace', async () => {
    const ws = await ownerWithWorkspace('dana.owner@example.com');
    const sent = await invite(ws.owner.token, 'Sam.Member@Example.com', 'ADMIN');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      delivery: 'outbox',
      invitation: { email: 'sam.member@example.com', role: 'ADMIN', invited_by_email: 'dana.owner@example.com' },
    });
    const token = await invitationToken('sam.member@example.com');
    const mail = (await api<any>(t, 'GET', '/auth/v1/dev/outbox?to=sam.member@example.com')).body.mails[0];
    expect(mail.subject).toBe('You are invited to dana.owner Workspace on Helixis');
    expect(mail.text).toContain(`${t.url}/invite#${token}`);
    const stored = await t.database.query<{ token_hash: string; expires_at: Date }>(
      'select token_hash, expires_at from workspace_invitations where workspace_id = $1',
      [ws.workspaceId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (new Date(stored[0]!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const preview = await api<any>(t, 'POST', '/api/v1/invitations/preview', { body: { token } });
    expect(preview.body).toMatchObject({
      workspace_name: 'dana.owner Workspace',
      email: 'sam.member@example.com',
      role: 'ADMIN',
      status: 'pending',
    });

    // The invitee signed up on their own before opening the link: they already have a workspace.
    const sam = await createUserWithSession(t, 'sam.member@example.com');
    const before = await api<any>(t, 'GET', '/api/v1/me', { token: sam.token });
    expect(before.body.workspace.id).not.toBe(ws.workspaceId);

    const accepted = await api<any>(t, 'POST', '/api/v1/invitations/accept', { token: sam.token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ workspace: { id: ws.workspaceId, name: 'dana.owner Workspace' }, role: 'ADMIN' });

    // From now on the member's requests work in the inviting workspace, with the invited role.
    const after = await api<any>(t, 'GET', '/api/v1/me', { token: sam.token });
    expect(after.body).toMatchObject({ workspace: { id: ws.workspaceId }, role: 'ADMIN', businessRole: 'manager' });
    const team = await api<any>(t, 'GET', '/api/v1/team', { token: ws.owner.token });
    expect(team.body.members.map((m: any) => [m.email, m.role])).toEqual([
      ['dana.owner@example.com', 'OWNER'],
      ['sam.member@example.com', 'ADMIN'],
    ]);
    expect(team.body.invitations).toEqual([]);

    // A used link stays used; opening it again as the same person is harmless.
    expect((await api<any>(t, 'POST', '/api/v1/invitations/preview', { body: { token } })).body.status).toBe(
      'accepted',
    );
    const again = await api<any>(t, 'POST', '/api/v1/invitations/accept', { token: sam.token, body: { token } });
    expect(again.status).toBe(200);
  });

  it('accepts a link after signing up through the auth API with the invited address', async () => {
    const ws = await ownerWithWorkspace();
    const upsert = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: ws.owner.token,
      body: { action: 'upsert', profile: { business_description: DESCRIPTION } },
    });
    const done = await api<any>(t, 'PATCH', `/api/v1/business-profiles/${upsert.body.profile.id}`, {
      token: ws.owner.token,
      body: { onboarding_completed: true },
    });
    expect(done.body.mode).toBe('operational');
    await invite(ws.owner.token, 'new.person@example.com');
    const token = await invitationToken('new.person@example.com');
    const signUp = await api<any>(t, 'POST', '/auth/v1/signup', {
      body: { email: 'new.person@example.com', password: 'correct horse 42' },
    });
    expect(signUp.status).toBe(200);
    const accessToken: string = signUp.body.access_token;
    const accepted = await api<any>(t, 'POST', '/api/v1/invitations/accept', { token: accessToken, body: { token } });
    expect(accepted.status).toBe(200);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: accessToken });
    expect(me.body).toMatchObject({ workspace: { id: ws.workspaceId }, role: 'MEMBER', businessRole: 'employee' });
    // A workspace-scoped feature now reads the inviting workspace: the member sees its assistant.
    const assistants = await api<any>(t, 'GET', '/api/v1/assistants', { token: accessToken });
    expect(assistants.body.assistants[0].workspace_id).toBe(ws.workspaceId);
    // The member shares the business the owner described: same description, operational assistant.
    const profile = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: accessToken,
      body: { action: 'get' },
    });
    expect(profile.body.profile.user_id).toBe(ws.owner.id);
    expect(profile.body.profile.business_description).toBe(DESCRIPTION);
    expect(profile.body.mode).toBe('operational');
  });

  it('refuses another address, a revoked, a replaced, an expired and an unknown link', async () => {
    const ws = await ownerWithWorkspace();
    const stranger = await createUserWithSession(t);
    await invite(ws.owner.token, 'right.person@example.com');
    const token = await invitationToken('right.person@example.com');
    const wrong = await api<any>(t, 'POST', '/api/v1/invitations/accept', { token: stranger.token, body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({
      code: 'invitation_wrong_email',
      message: 'This invitation was sent to right.person@example.com. Sign in with that address to accept it.',
    });

    // The right address on an account whose e-mail is not confirmed is not enough.
    const unconfirmed = await createUserWithSession(t, 'right.person@example.com');
    await t.database.query('update users set email_confirmed_at = null where id = $1', [unconfirmed.id]);
    const notYet = await api<any>(t, 'POST', '/api/v1/invitations/accept', {
      token: unconfirmed.token,
      body: { token },
    });
    expect(notYet.status).toBe(403);
    await t.database.query('delete from users where id = $1', [unconfirmed.id]);

    // Inviting the same address again replaces the first link.
    await invite(ws.owner.token, 'right.person@example.com');
    const second = await invitationToken('right.person@example.com');
    const right = await createUserWithSession(t, 'right.person@example.com');
    const old = await api<any>(t, 'POST', '/api/v1/invitations/accept', { token: right.token, body: { token } });
    expect(old.status).toBe(410);
    expect(old.body.error.code).toBe('invitation_closed');

    const team = await api<any>(t, 'GET', '/api/v1/team', { token: ws.owner.token });
    expect(team.body.invitations).toHaveLength(1);
    const revoke = await api<any>(t, 'DELETE', `/api/v1/team/invitations/${team.body.invitations[0].id}`, {
      token: ws.owner.token,
    });
    expect(revoke.status).toBe(200);
    const revoked = await api<any>(t, 'POST', '/api/v1/invitations/accept', {
      token: right.token,
      body: { token: second },
    });
    expect(revoked.body.error.code).toBe('invitation_closed');

    await invite(ws.owner.token, 'right.person@example.com');
    const third = await invitationToken('right.person@example.com');
    await t.database.query(
      `update workspace_invitations set expires_at = now() - interval '1 minute' where workspace_id = $1 and accepted_at is null and revoked_at is null`,
      [ws.workspaceId],
    );
    const expired = await api<any>(t, 'POST', '/api/v1/invitations/accept', {
      token: right.token,
      body: { token: third },
    });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('invitation_expired');

    const unknown = await api<any>(t, 'POST', '/api/v1/invitations/accept', {
      token: right.token,
      body: { token: 'A'.repeat(43) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('invitation_not_found');
    const memberships = await t.database.query('select 1 from memberships where user_id = $1 and workspace_id = $2', [
      right.id,
      ws.workspaceId,
    ]);
    expect(memberships).toHaveLength(0);
  });

  it('refuses bad input with a clear error and an already-member invitation', async () => {
    const ws = await ownerWithWorkspace();
    const badEmail = await invite(ws.owner.token, 'not-an-address');
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.code).toBe('validation_failed');
    const owner = await api<any>(t, 'POST', '/api/v1/team/invitations', {
      token: ws.owner.token,
      body: { email: 'x@example.com', role: 'OWNER' },
    });
    expect(owner.status).toBe(400);
    const self = await invite(ws.owner.token, ws.owner.email);
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('already_member');
  });
});

describe('invitation rate limit', () => {
  it('caps the invitation mails a workspace sends per hour', async () => {
    const ws = await ownerWithWorkspace();
    const statuses: number[] = [];
    for (let i = 0; i <= INVITATIONS_PER_HOUR; i++) {
      statuses.push((await invite(ws.owner.token, `guest${i}@example.com`)).status);
    }
    expect(statuses.slice(0, INVITATIONS_PER_HOUR).every((s) => s === 200)).toBe(true);
    expect(statuses[INVITATIONS_PER_HOUR]).toBe(429);
    const mails = await t.database.query(`select 1 from mail_outbox where to_address = $1`, [
      `guest${INVITATIONS_PER_HOUR}@example.com`,
    ]);
    expect(mails).toHaveLength(0);
  });
});

describe('roles and removal (server-enforced)', () => {
  it('a member cannot invite, change roles or remove anyone', async () => {
    const ws = await ownerWithWorkspace();
    const member = await join(ws, 'MEMBER');
    const tries = [
      await invite(member.token, 'friend@example.com'),
      await api<any>(t, 'PATCH', `/api/v1/team/members/${ws.owner.id}`, {
        token: member.token,
        body: { role: 'MEMBER' },
      }),
      await api<any>(t, 'DELETE', `/api/v1/team/members/${ws.owner.id}`, { token: member.token }),
    ];
    expect(tries.map((r) => [r.status, r.body.error.code])).toEqual([
      [403, 'insufficient_role'],
      [403, 'insufficient_role'],
      [403, 'insufficient_role'],
    ]);
    // Members still see who is on the team, but not the open invitations.
    const team = await api<any>(t, 'GET', '/api/v1/team', { token: member.token });
    expect(team.body).toMatchObject({ can_manage: false, your_role: 'MEMBER', invitations: [] });
    expect(team.body.members).toHaveLength(2);
  });

  it('an admin invites and manages members but cannot make or touch owners', async () => {
    const ws = await ownerWithWorkspace();
    const admin = await join(ws, 'ADMIN');
    const member = await join(ws, 'MEMBER');
    expect((await invite(admin.token, 'helper@example.com', 'ADMIN')).status).toBe(200);
    const promote = await api<any>(t, 'PATCH', `/api/v1/team/members/${member.id}`, {
      token: admin.token,
      body: { role: 'ADMIN' },
    });
    expect(promote.status).toBe(200);
    const makeOwner = await api<any>(t, 'PATCH', `/api/v1/team/members/${member.id}`, {
      token: admin.token,
      body: { role: 'OWNER' },
    });
    expect(makeOwner.status).toBe(403);
    expect(makeOwner.body.error.code).toBe('role_not_allowed');
    const demoteOwner = await api<any>(t, 'PATCH', `/api/v1/team/members/${ws.owner.id}`, {
      token: admin.token,
      body: { role: 'MEMBER' },
    });
    expect(demoteOwner.body.error.code).toBe('role_not_allowed');
    const removeOwner = await api<any>(t, 'DELETE', `/api/v1/team/members/${ws.owner.id}`, { token: admin.token });
    expect(removeOwner.body.error.code).toBe('role_not_allowed');
    const roles = await t.database.query<{ user_id: string; role: string }>(
      'select user_id, role from memberships where workspace_id = $1',
      [ws.workspaceId],
    );
    expect(new Map(roles.map((r) => [r.user_id, r.role]))).toEqual(
      new Map([
        [ws.owner.id, 'OWNER'],
        [admin.id, 'ADMIN'],
        [member.id, 'ADMIN'],
      ]),
    );
  });

  it('the last owner can never be demoted or removed; with a second owner they can', async () => {
    const ws = await ownerWithWorkspace();
    const demote = await api<any>(t, 'PATCH', `/api/v1/team/members/${ws.owner.id}`, {
      token: ws.owner.token,
      body: { role: 'ADMIN' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toEqual({ code: 'last_owner', message: 'A workspace needs at least one owner.' });
    const remove = await api<any>(t, 'DELETE', `/api/v1/team/members/${ws.owner.id}`, { token: ws.owner.token });
    expect(remove.body.error.code).toBe('last_owner');

    const second = await join(ws, 'ADMIN');
    const promote = await api<any>(t, 'PATCH', `/api/v1/team/members/${second.id}`, {
      token: ws.owner.token,
      body: { role: 'OWNER' },
    });
    expect(promote.status).toBe(200);
    // Two owners demoting each other at once: exactly one of them succeeds.
    const both = await Promise.all([
      api<any>(t, 'PATCH', `/api/v1/team/members/${second.id}`, { token: ws.owner.token, body: { role: 'MEMBER' } }),
      api<any>(t, 'PATCH', `/api/v1/team/members/${ws.owner.id}`, { token: second.token, body: { role: 'MEMBER' } }),
    ]);
    // The loser is refused either as no longer an owner (403) or as the last owner (409).
    const statuses = both.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await t.database.query(`select 1 from memberships where workspace_id = $1 and role = 'OWNER'`, [
      ws.workspaceId,
    ]);
    expect(owners).toHaveLength(1);
  });

  it('removing a member ends their access to that workspace; they fall back to their own', async () => {
    const ws = await ownerWithWorkspace();
    const member = await createUserWithSession(t);
    const own = (await api<any>(t, 'GET', '/api/v1/me', { token: member.token })).body.workspace.id;
    await join(ws, 'MEMBER', member);
    expect((await api<any>(t, 'GET', '/api/v1/me', { token: member.token })).body.workspace.id).toBe(ws.workspaceId);
    const removed = await api<any>(t, 'DELETE', `/api/v1/team/members/${member.id}`, { token: ws.owner.token });
    expect(removed.status).toBe(200);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: member.token });
    expect(me.body).toMatchObject({ workspace: { id: own }, role: 'OWNER' });
  });

  it('is tenant-scoped: an owner cannot see, change or remove members of another workspace', async () => {
    const a = await ownerWithWorkspace();
    const b = await ownerWithWorkspace();
    const bMember = await join(b, 'MEMBER');
    const teamA = await api<any>(t, 'GET', '/api/v1/team', { token: a.owner.token });
    expect(teamA.body.members.map((m: any) => m.user_id)).toEqual([a.owner.id]);
    const change = await api<any>(t, 'PATCH', `/api/v1/team/members/${bMember.id}`, {
      token: a.owner.token,
      body: { role: 'ADMIN' },
    });
    expect(change.status).toBe(404);
    expect(change.body.error.code).toBe('member_not_found');
    const remove = await api<any>(t, 'DELETE', `/api/v1/team/members/${b.owner.id}`, { token: a.owner.token });
    expect(remove.body.error.code).toBe('member_not_found');
    await invite(b.owner.token, 'someone@example.com');
    const bInvites = (await api<any>(t, 'GET', '/api/v1/team', { token: b.owner.token })).body.invitations;
    const revoke = await api<any>(t, 'DELETE', `/api/v1/team/invitations/${bInvites[0].id}`, { token: a.owner.token });
    expect(revoke.status).toBe(404);
    const still = await t.database.query('select 1 from workspace_invitations where id = $1 and revoked_at is null', [
      bInvites[0].id,
    ]);
    expect(still).toHaveLength(1);
    const roles = await t.database.query<{ role: string }>(
      'select role from memberships where workspace_id = $1 and user_id = $2',
      [b.workspaceId, bMember.id],
    );
    expect(roles).toEqual([{ role: 'MEMBER' }]);
  });
});

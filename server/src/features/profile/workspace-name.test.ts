import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { workspaceNameFromBusiness } from './workspace-name';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Team {
  workspaceId: string;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
}

/** An owner (bootstrapped through the API) plus an ADMIN and a MEMBER of the same workspace. */
async function team(ownerEmail?: string): Promise<Team> {
  const owner = await createUserWithSession(t, ownerEmail);
  const me = await api<any>(t, 'GET', '/api/v1/me', { token: owner.token });
  const workspaceId: string = me.body.workspace.id;
  const admin = await createUserWithSession(t);
  const member = await createUserWithSession(t);
  await t.database.query(
    `insert into memberships (workspace_id, user_id, role) values ($1, $2, 'ADMIN'), ($1, $3, 'MEMBER')`,
    [workspaceId, admin.id, member.id],
  );
  return { workspaceId, owner, admin, member };
}

const rename = (token: string, id: string, body: Record<string, unknown>) =>
  api<any>(t, 'PATCH', `/api/v1/workspaces/${id}`, { token, body });

const nameOf = async (u: TestUser): Promise<string> =>
  (await api<any>(t, 'GET', '/api/v1/me', { token: u.token })).body.workspace.name;

const saveRound = (u: TestUser, round: number, answers: string[]) =>
  api<any>(t, 'POST', `/api/v1/onboarding/rounds/${round}`, { token: u.token, body: { answers, complete: true } });

const MAPLE = 'Business name: Maple Street Property Management\nWe manage 90 rental homes in Columbus, Ohio.';

describe('PATCH /api/v1/workspaces/:id', () => {
  it('lets the owner rename the workspace: trimmed, shown by /me, logged, and members see it too', async () => {
    const { workspaceId, owner, member } = await team('dana@example.com');
    expect(await nameOf(owner)).toBe('dana Workspace');
    const res = await rename(owner.token, workspaceId, { name: '  Maple Street Property Management  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: workspaceId, name: 'Maple Street Property Management', owner_id: owner.id });
    expect(await nameOf(owner)).toBe('Maple Street Property Management');
    expect(await nameOf(member)).toBe('Maple Street Property Management');
    const logs = await api<any>(t, 'GET', '/api/v1/activity-logs?event_type=workspace_renamed', { token: owner.token });
    expect(logs.body.logs).toHaveLength(1);
    expect(logs.body.logs[0]).toMatchObject({
      user_id: owner.id,
      event_data: { from: 'dana Workspace', to: 'Maple Street Property Management', source: 'settings' },
    });
    const stored = await t.database.query<{ name_source: string }>('select name_source from workspaces where id = $1', [
      workspaceId,
    ]);
    expect(stored[0]?.name_source).toBe('owner');
  });

  it('lets an admin rename it and refuses a member with 403, leaving the name as it was', async () => {
    const { workspaceId, owner, admin, member } = await team();
    expect((await rename(admin.token, workspaceId, { name: 'Admin Chose This' })).status).toBe(200);
    const refused = await rename(member.token, workspaceId, { name: 'Member Chose This' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_role');
    expect(await nameOf(owner)).toBe('Admin Chose This');
  });

  it('validates the name: required, at most 80 characters, one line, the input rule for strings', async () => {
    const { workspaceId, owner } = await team();
    const before = await nameOf(owner);
    for (const name of [
      '',
      '   ',
      'x'.repeat(81),
      'Two\nlines',
      'Tab\there',
      'Nul\u0000byte',
      'Lone \ud800 surrogate',
    ]) {
      const res = await rename(owner.token, workspaceId, { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
    const missing = await rename(owner.token, workspaceId, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('A workspace name is required.');
    const long = await rename(owner.token, workspaceId, { name: 'x'.repeat(81) });
    expect(JSON.stringify(long.body)).toContain('A workspace name can have at most 80 characters.');
    expect((await rename(owner.token, workspaceId, { name: 'Ok', extra: 1 })).status).toBe(400);
    expect(await nameOf(owner)).toBe(before);
    const longest = await rename(owner.token, workspaceId, { name: `  ${'y'.repeat(80)}  ` });
    expect(longest.status).toBe(200);
    expect(longest.body.name).toBe('y'.repeat(80));
    const unicode = await rename(owner.token, workspaceId, { name: 'Zoë & Søren — Häuser 🏠' });
    expect(unicode.body.name).toBe('Zoë & Søren — Häuser 🏠');
  });

  it('cannot rename another workspace (not found) and answers invalid_id for a non-UUID id', async () => {
    const a = await team();
    const b = await team();
    const before = await nameOf(b.owner);
    const other = await rename(a.owner.token, b.workspaceId, { name: 'Taken Over' });
    expect(other.status).toBe(404);
    expect(await nameOf(b.owner)).toBe(before);
    const bad = await rename(a.owner.token, 'local_123', { name: 'Whatever' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_id');
    expect((await api<any>(t, 'PATCH', `/api/v1/workspaces/${a.workspaceId}`, { body: { name: 'x' } })).status).toBe(
      401,
    );
  });
});

describe('the business name from onboarding', () => {
  it('becomes the name of a workspace that still has its sign-up default, once', async () => {
    const { owner, workspaceId } = await team('dana.reyes@example.com');
    expect(await nameOf(owner)).toBe('dana.reyes Workspace');
    expect((await saveRound(owner, 1, [MAPLE])).status).toBe(200);
    expect(await nameOf(owner)).toBe('Maple Street Property Management');
    const stored = await t.database.query<{ name_source: string }>('select name_source from workspaces where id = $1', [
      workspaceId,
    ]);
    expect(stored[0]?.name_source).toBe('onboarding');
    // A later correction of the business name does not rename the workspace again: it is renamed in Settings.
    const upsert = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: owner.token,
      body: {
        action: 'upsert',
        workspace_id: workspaceId,
        profile: { business_data: { officialName: 'Maple St PM' } },
      },
    });
    expect(upsert.status).toBe(200);
    expect(await nameOf(owner)).toBe('Maple Street Property Management');
  });

  it('never overwrites a name the owner chose', async () => {
    const { owner, workspaceId } = await team();
    expect((await rename(owner.token, workspaceId, { name: 'Dana Team' })).status).toBe(200);
    expect((await saveRound(owner, 1, [MAPLE])).status).toBe(200);
    expect(await nameOf(owner)).toBe('Dana Team');
  });

  it("is not taken from a member's own profile (members cannot rename)", async () => {
    const { owner, member, workspaceId } = await team();
    const before = await nameOf(owner);
    const upsert = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: member.token,
      body: { action: 'upsert', workspace_id: workspaceId, profile: { business_data: { officialName: 'Member Co' } } },
    });
    expect(upsert.status).toBe(200);
    expect(await nameOf(owner)).toBe(before);
  });

  it('is made one line and cut at a word to 80 characters', () => {
    expect(workspaceNameFromBusiness('  Maple\tStreet\n  PM ')).toBe('Maple Street PM');
    const long = `${'Word '.repeat(20)}End`;
    const cut = workspaceNameFromBusiness(long);
    expect(cut?.length).toBeLessThanOrEqual(80);
    expect(cut).toBe('Word '.repeat(16).trim());
    expect(workspaceNameFromBusiness('x'.repeat(100))).toBe('x'.repeat(80));
    expect(workspaceNameFromBusiness(' \n ')).toBeNull();
  });
});

describe('invitations use the current name', () => {
  it('in the mail and on the accept page, also for an invitation sent before the rename', async () => {
    const { owner, workspaceId } = await team('lee.owner@example.com');
    const send = (email: string) =>
      api<any>(t, 'POST', '/api/v1/team/invitations', { token: owner.token, body: { email, role: 'MEMBER' } });
    const tokenFor = async (to: string) => {
      const outbox = await api<any>(t, 'GET', `/auth/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const mail = outbox.body.mails[0];
      return { mail, token: /\/invite#([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string };
    };
    expect((await send('early.invitee@example.com')).status).toBe(200);
    const early = await tokenFor('early.invitee@example.com');
    expect(early.mail.subject).toBe('You are invited to lee.owner Workspace on Helixis');

    expect((await rename(owner.token, workspaceId, { name: 'Lee Rentals' })).status).toBe(200);
    expect((await send('late.invitee@example.com')).status).toBe(200);
    const late = await tokenFor('late.invitee@example.com');
    expect(late.mail.subject).toBe('You are invited to Lee Rentals on Helixis');
    expect(late.mail.text).toContain('to join Lee Rentals on Helixis');

    for (const token of [early.token, late.token]) {
      const preview = await api<any>(t, 'POST', '/api/v1/invitations/preview', { body: { token } });
      expect(preview.body.workspace_name).toBe('Lee Rentals');
    }
  });
});

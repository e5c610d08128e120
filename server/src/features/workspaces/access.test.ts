import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';

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
  manager: TestUser;
  employee: TestUser;
}

/** An owner (bootstrapped through the API) plus a manager (ADMIN) and an employee (MEMBER) of the same workspace. */
async function team(): Promise<Team> {
  const owner = await createUserWithSession(t);
  const me = await api<any>(t, 'GET', '/api/v1/me', { token: owner.token });
  const workspaceId: string = me.body.workspace.id;
  const manager = await createUserWithSession(t);
  const employee = await createUserWithSession(t);
  await t.database.query(
    `insert into memberships (workspace_id, user_id, role) values ($1, $2, 'ADMIN'), ($1, $3, 'MEMBER')`,
    [workspaceId, manager.id, employee.id],
  );
  return { workspaceId, owner, manager, employee };
}

async function logEvent(workspaceId: string, userId: string, eventType: string, data: Record<string, unknown>) {
  await t.database.query(
    `insert into activity_logs (workspace_id, user_id, event_type, event_data) values ($1, $2, $3, $4::jsonb)`,
    [workspaceId, userId, eventType, JSON.stringify(data)],
  );
}

describe('roles: owners and managers manage, employees use', () => {
  it('maps memberships to business roles on /me: OWNER → owner, ADMIN → manager, MEMBER → employee', async () => {
    const { owner, manager, employee } = await team();
    const roles = await Promise.all(
      [owner, manager, employee].map(async (u) => (await api<any>(t, 'GET', '/api/v1/me', { token: u.token })).body),
    );
    expect(roles.map((r) => [r.role, r.businessRole])).toEqual([
      ['OWNER', 'owner'],
      ['ADMIN', 'manager'],
      ['MEMBER', 'employee'],
    ]);
    // Joining a workspace does not bootstrap a second one for the member.
    expect(new Set(roles.map((r) => r.workspace.id)).size).toBe(1);
  });

  it('lets managers and owners read the activity log, newest first, and refuses employees', async () => {
    const { workspaceId, owner, manager, employee } = await team();
    await logEvent(workspaceId, owner.id, 'onboarding_completed', {
      business_context: 'Oakridge manages 140 units in Columbus, OH',
      completed_at: '2025-03-02T10:00:00.000Z',
    });
    await logEvent(workspaceId, employee.id, 'document_uploaded', { title: 'Pet policy' });

    for (const user of [owner, manager]) {
      const res = await api<any>(t, 'GET', '/api/v1/activity-logs', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.logs.map((l: any) => l.event_type)).toEqual(['document_uploaded', 'onboarding_completed']);
      expect(res.body.logs[1]).toMatchObject({
        workspace_id: workspaceId,
        user_id: owner.id,
        event_data: { business_context: 'Oakridge manages 140 units in Columbus, OH' },
      });
    }

    const refused = await api<any>(t, 'GET', '/api/v1/activity-logs', { token: employee.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'insufficient_role',
      message: 'This page requires manager permissions to access.',
    });
  });

  it('filters by user and event type, and never shows another workspace', async () => {
    const a = await team();
    const b = await team();
    await logEvent(a.workspaceId, a.owner.id, 'onboarding_completed', {});
    await logEvent(a.workspaceId, a.manager.id, 'document_uploaded', {});
    await logEvent(b.workspaceId, b.owner.id, 'onboarding_completed', { secret: 'other workspace' });

    const byUser = await api<any>(t, 'GET', `/api/v1/activity-logs?user_id=${a.manager.id}`, { token: a.owner.token });
    expect(byUser.body.logs.map((l: any) => l.user_id)).toEqual([a.manager.id]);
    const byType = await api<any>(t, 'GET', '/api/v1/activity-logs?event_type=onboarding_completed', {
      token: a.manager.token,
    });
    expect(byType.body.logs).toHaveLength(1);
    expect(byType.body.logs[0].workspace_id).toBe(a.workspaceId);
    const other = await api<any>(t, 'GET', `/api/v1/activity-logs?user_id=${b.owner.id}`, { token: a.owner.token });
    expect(other.body.logs).toEqual([]);
  });

  it('refuses a signed-out caller before any role check', async () => {
    const res = await api<any>(t, 'GET', '/api/v1/activity-logs');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('not_authenticated');
  });
});

describe('local session ids are refused for database work', () => {
  it.each([
    ['local_k3v9x2', 'Invalid ID for activity log user: local_k3v9x2. Must be a valid UUID, not a local session ID.'],
    [
      'session_8f2a1c',
      'Invalid ID for activity log user: session_8f2a1c. Must be a valid UUID, not a local session ID.',
    ],
    ['12345', 'Invalid ID for activity log user: 12345. Must be a valid UUID, not a local session ID.'],
  ])('answers 400 invalid_id for %s with the exact text', async (id, message) => {
    const { owner } = await team();
    const res = await api<any>(t, 'GET', `/api/v1/activity-logs?user_id=${id}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_id', message });
  });

  it('still reports other bad input as a plain validation error', async () => {
    const { owner } = await team();
    const res = await api<any>(t, 'GET', '/api/v1/activity-logs?limit=0', { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('workspace repair (bootstrap-account)', () => {
  it('re-links a lost OWNER membership to the existing workspace instead of creating a new one', async () => {
    const u = await createUserWithSession(t);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    await t.database.query('delete from memberships where user_id = $1', [u.id]);

    const repair = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} });
    expect(repair.status).toBe(200);
    // Only the membership was missing; no second workspace is made.
    expect(repair.body.repaired).toContain('membership');
    expect(repair.body.repaired).not.toContain('workspace');
    expect(repair.body.workspace.id).toBe(me.body.workspace.id);

    const again = await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    expect(again.body).toMatchObject({ role: 'OWNER', workspace: { id: me.body.workspace.id } });
    const count = await t.database.query<{ n: string }>(
      'select count(*)::text as n from workspaces where owner_id = $1',
      [u.id],
    );
    expect(count[0]?.n).toBe('1');
  });

  it('creates workspace, membership and assistant when the workspace itself is gone', async () => {
    const u = await createUserWithSession(t, 'rosa.hart@example.com');
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    await t.database.query('delete from workspaces where id = $1', [me.body.workspace.id]);

    const repair = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} });
    expect(repair.body.repaired).toEqual(expect.arrayContaining(['workspace', 'membership', 'assistant']));
    expect(repair.body.workspace.name).toBe('rosa.hart Workspace');
    const assistants = await t.database.query<{ name: string }>(
      'select name from assistants where workspace_id = $1 and is_default',
      [repair.body.workspace.id],
    );
    expect(assistants).toEqual([{ name: 'Helixis' }]);
  });
});

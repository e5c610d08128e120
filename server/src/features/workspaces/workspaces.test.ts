import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../../db/schema';
import { withTenant } from '../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/me', () => {
  it('bootstraps a workspace named after the e-mail, an OWNER membership and the default assistant', async () => {
    const u = await createUserWithSession(t, 'maria.lopez@example.com');
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    expect(me.status).toBe(200);
    expect(me.body.workspace.name).toBe('maria.lopez Workspace');
    expect(me.body.role).toBe('OWNER');
    expect(me.body.businessRole).toBe('owner');
    expect(me.body.user.email).toBe('maria.lopez@example.com');

    const list = await api<any>(t, 'GET', '/api/v1/assistants', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.assistants).toHaveLength(1);
    const a = list.body.assistants[0];
    expect(a).toMatchObject({
      name: 'Helixis',
      description: 'Your AI assistant',
      temperature: 0.2,
      use_rag: true,
      assistant_type: 'personal',
      is_shared: false,
      is_test_version: false,
      workspace_id: me.body.workspace.id,
      owner_id: u.id,
    });
    expect(a.system_prompt).toMatch(/at least 3-5 .*clarifying questions/);
    expect(a.system_prompt).toContain('[Doc:Title#Idx]');
  });

  it('creates exactly one workspace and one default assistant when requests race', async () => {
    const u = await createUserWithSession(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api<any>(t, 'GET', '/api/v1/me', { token: u.token })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.workspace.id)).size).toBe(1);
    const counts = await t.database.query<{ ws: string; asst: string }>(
      `select (select count(*) from memberships where user_id = $1)::text as ws,
              (select count(*) from assistants a join memberships m on m.workspace_id = a.workspace_id where m.user_id = $1)::text as asst`,
      [u.id],
    );
    expect(counts[0]).toEqual({ ws: '1', asst: '1' });
  });

  it('repairs a missing default assistant through bootstrap-account, idempotently', async () => {
    const u = await createUserWithSession(t);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    await t.database.query('delete from assistants where workspace_id = $1', [me.body.workspace.id]);
    const first = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.repaired).toEqual(['assistant']);
    const second = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} });
    expect(second.body.repaired).toEqual([]);
    expect(second.body.workspace.id).toBe(me.body.workspace.id);
  });

  it('refuses requests without a token, with a forged token, or after the session ended', async () => {
    expect((await api<any>(t, 'GET', '/api/v1/me')).body.error.code).toBe('not_authenticated');
    const u = await createUserWithSession(t);
    const forged = `${u.token.slice(0, -4)}AAAA`;
    const bad = await api<any>(t, 'GET', '/api/v1/me', { token: forged });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('authentication_invalid');
    await t.database.query('delete from auth_sessions where id = $1', [u.sessionId]);
    const ended = await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('session_not_found');
  });
});

describe('tenant scope (row-level security)', () => {
  it('a query with its workspace filter forgotten still returns nothing of another workspace', async () => {
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const meA = await api<any>(t, 'GET', '/api/v1/me', { token: a.token });
    const meB = await api<any>(t, 'GET', '/api/v1/me', { token: b.token });
    const rows = await withTenant(t.database, { workspaceId: meA.body.workspace.id, userId: a.id }, (tx) =>
      tx.select().from(assistants),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.workspaceId === meA.body.workspace.id)).toBe(true);
    expect(rows.some((r) => r.workspaceId === meB.body.workspace.id)).toBe(false);
  });

  it('maps an RLS refusal to permission_denied and writes nothing', async () => {
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const meA = await api<any>(t, 'GET', '/api/v1/me', { token: a.token });
    const meB = await api<any>(t, 'GET', '/api/v1/me', { token: b.token });
    await expect(
      withTenant(t.database, { workspaceId: meA.body.workspace.id, userId: a.id }, (tx) =>
        tx.insert(assistants).values({ workspaceId: meB.body.workspace.id, ownerId: a.id, name: 'intruder' }),
      ),
    ).rejects.toMatchObject({ code: 'permission_denied' });
    const rows = await t.database.query(`select 1 from assistants where name = 'intruder'`);
    expect(rows).toHaveLength(0);
    // The app role cannot read auth tables at all.
    await expect(
      withTenant(t.database, { workspaceId: meA.body.workspace.id, userId: a.id }, (tx) =>
        tx.execute(sql`select * from users`),
      ),
    ).rejects.toMatchObject({ code: 'permission_denied' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession } from '../../test/factories';

describe('delete-all-users (platform operators only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ HELIXIS_OPERATOR_EMAILS: ' Ops@Helixis.example , second.op@helixis.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a workspace owner, an admin and a member with 403 and deletes nothing', async () => {
    const owner = await createUserWithSession(t);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: owner.token });
    expect(me.body.role).toBe('OWNER');
    const admin = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'ADMIN')`, [
      me.body.workspace.id,
      admin.id,
    ]);
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from users');
    for (const caller of [owner, admin]) {
      const status = await api<any>(t, 'GET', '/api/v1/admin/operator', { token: caller.token });
      expect(status.body).toEqual({ operator: false });
      const res = await api<any>(t, 'POST', '/functions/v1/delete-all-users', { token: caller.token, body: {} });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'operator_only',
        message: 'Only a platform operator can delete accounts.',
      });
    }
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from users')).toEqual(before);
    const anonymous = await api<any>(t, 'POST', '/functions/v1/delete-all-users', { body: {} });
    expect(anonymous.status).toBe(401);
  });

  it('an unconfirmed account with an operator address is not an operator', async () => {
    const pretender = await createUserWithSession(t, 'second.op@helixis.example');
    await t.database.query('update users set email_confirmed_at = null where id = $1', [pretender.id]);
    const res = await api<any>(t, 'POST', '/functions/v1/delete-all-users', { token: pretender.token, body: {} });
    expect(res.status).toBe(403);
  });

  it('counts an account that cannot be deleted as an error and leaves it whole', async () => {
    await t.database.query(`delete from users where email = 'second.op@helixis.example'`);
    const operator = await createUserWithSession(t, 'second.op@helixis.example');
    const fine = await createUserWithSession(t);
    const stuck = await createUserWithSession(t);
    const stuckMe = await api<any>(t, 'GET', '/api/v1/me', { token: stuck.token });
    const [{ n: total }] = (await t.database.query<{ n: number }>(
      'select count(*)::int as n from users where id <> $1',
      [operator.id],
    )) as [{ n: number }];
    // A foreign key the deletion does not know about (no user_id column, no cascade) blocks one user.
    await t.database.query('create table legal_holds (held_user uuid not null references users (id))');
    await t.database.query('insert into legal_holds (held_user) values ($1)', [stuck.id]);
    try {
      const res = await api<any>(t, 'POST', '/functions/v1/delete-all-users', { token: operator.token, body: {} });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totalUsersFound: total, usersDeleted: total - 1, errors: 1 });
      const left = await t.database.query<{ id: string }>('select id from users order by id');
      expect(left.map((r) => r.id).sort()).toEqual([operator.id, stuck.id].sort());
      expect(await t.database.query('select 1 from users where id = $1', [fine.id])).toHaveLength(0);
      // The failed deletion rolled back entirely: the stuck user's workspace is still there.
      const ws = await t.database.query('select 1 from workspaces where id = $1', [stuckMe.body.workspace.id]);
      expect(ws).toHaveLength(1);
    } finally {
      await t.database.query('drop table legal_holds');
      await t.database.query('delete from workspaces where owner_id in ($1, $2)', [operator.id, stuck.id]);
      await t.database.query('delete from users where id in ($1, $2)', [operator.id, stuck.id]);
    }
  });

  it("deletes every account but the operator's, with their workspaces", async () => {
    const operator = await createUserWithSession(t, 'ops@helixis.example');
    const opMe = await api<any>(t, 'GET', '/api/v1/me', { token: operator.token });
    const others = await Promise.all([1, 2, 3].map(() => createUserWithSession(t)));
    for (const u of others) await api<any>(t, 'GET', '/api/v1/me', { token: u.token });
    const [{ n: total }] = (await t.database.query<{ n: number }>(
      'select count(*)::int as n from users where id <> $1',
      [operator.id],
    )) as [{ n: number }];
    expect(total).toBeGreaterThanOrEqual(3);

    expect((await api<any>(t, 'GET', '/api/v1/admin/operator', { token: operator.token })).body).toEqual({
      operator: true,
    });
    const res = await api<any>(t, 'POST', '/functions/v1/delete-all-users', { token: operator.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalUsersFound: total, usersDeleted: total, errors: 0 });
    const users = await t.database.query<{ id: string }>('select id from users');
    expect(users).toEqual([{ id: operator.id }]);
    const workspaces = await t.database.query<{ id: string }>('select id from workspaces');
    expect(workspaces).toEqual([{ id: opMe.body.workspace.id }]);
    expect((await api<any>(t, 'GET', '/api/v1/me', { token: others[0]!.token })).status).toBe(401);
  });
});

describe('without HELIXIS_OPERATOR_EMAILS nobody is an operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses even the only account', async () => {
    const owner = await createUserWithSession(t, 'ops@helixis.example');
    expect((await api<any>(t, 'GET', '/api/v1/admin/operator', { token: owner.token })).body).toEqual({
      operator: false,
    });
    const res = await api<any>(t, 'POST', '/functions/v1/delete-all-users', { token: owner.token, body: {} });
    expect(res.status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every base table with a workspace_id column, read from the catalogue so later tables are covered too. */
async function tenantTables(): Promise<string[]> {
  const rows = await t.database.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'workspace_id' and t.table_type = 'BASE TABLE'
      order by 1`,
  );
  return rows.map((r) => r.table_name);
}

/** Rows per tenant table for one workspace (only tables that have any). */
async function rowsOfWorkspace(workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tenantTables()) {
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from "${table}" where workspace_id = $1`,
      [workspaceId],
    );
    if (row && row.n > 0) counts[table] = row.n;
  }
  const [ws] = await t.database.query<{ n: number }>('select count(*)::int as n from workspaces where id = $1', [
    workspaceId,
  ]);
  if (ws && ws.n > 0) counts.workspaces = ws.n;
  return counts;
}

/** A signed-up owner with a workspace full of real data: documents (chunks, postings), facts, chat, tasks, tokens. */
async function busyOwner(): Promise<{ owner: TestUser; password: string; workspaceId: string }> {
  const password = 'first password 1';
  const email = `owner-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await api<any>(t, 'POST', '/auth/v1/signup', { body: { email, password } });
  expect(signUp.status).toBe(200);
  const token: string = signUp.body.access_token;
  const owner: TestUser = { id: signUp.body.user.id, email, sessionId: '', token };
  const me = await api<any>(t, 'GET', '/api/v1/me', { token });
  const workspaceId: string = me.body.workspace.id;
  const doc = await ingestAndWait(
    t,
    token,
    'Pet Policy.txt',
    'Cats and small dogs are welcome. A pet deposit of 300 dollars applies per pet.',
  );
  expect(doc.status).toBe('READY');
  const taught = await api<any>(t, 'POST', '/api/v1/facts/teach-text', {
    token,
    body: { text: 'Our support email is help@oakridge.example and our phone is 555-0100.' },
  });
  expect(taught.status).toBe(200);
  const chat = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
    token,
    body: { messages: [{ role: 'user', content: 'What is the pet deposit?' }] },
  });
  expect(chat.status).toBe(200);
  const automation = await api<any>(t, 'POST', '/api/v1/automations', {
    token,
    body: { kind: 'email_inbox', name: 'Inbox helper' },
  });
  expect(automation.status).toBe(200);
  await t.database.query(
    `insert into tasks (workspace_id, title, task_type, created_by) values ($1, 'Call back', 'follow_up', $2)`,
    [workspaceId, owner.id],
  );
  await t.database.query(
    `insert into oauth_tokens (workspace_id, user_id, provider, access_token_encrypted) values ($1, $2, 'gmail', 'enc')`,
    [workspaceId, owner.id],
  );
  await t.database.query(
    `insert into integration_connections (workspace_id, provider, client_id, secret_encrypted) values ($1, 'buildium', 'id', 'enc')`,
    [workspaceId],
  );
  await api<any>(t, 'POST', '/api/v1/team/invitations', {
    token,
    body: { email: 'pending.invitee@example.com', role: 'MEMBER' },
  });
  return { owner, password, workspaceId };
}

describe('delete my account (Settings → Data)', () => {
  it('needs the typed confirmation and deletes nothing without it', async () => {
    const { owner, workspaceId } = await busyOwner();
    const before = await rowsOfWorkspace(workspaceId);
    for (const confirmation of ['', 'delete', 'yes']) {
      const res = await api<any>(t, 'POST', '/api/v1/account/delete', { token: owner.token, body: { confirmation } });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'confirmation_mismatch', message: 'Type DELETE to confirm.' });
    }
    expect(await rowsOfWorkspace(workspaceId)).toEqual(before);
  });

  it('removes every row of the workspace in every tenant table, the user, and sign-in stops working', async () => {
    const { owner, password, workspaceId } = await busyOwner();
    const other = await busyOwner();
    const before = await rowsOfWorkspace(workspaceId);
    // The data really is there first: documents with chunks and postings, facts, chat, tasks, tokens, credentials.
    for (const table of [
      'documents',
      'document_chunks',
      'posting_blocks',
      'facts',
      'threads',
      'messages',
      'tasks',
      'oauth_tokens',
      'integration_connections',
      'automations',
      'memberships',
      'assistants',
      'workspace_invitations',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const otherBefore = await rowsOfWorkspace(other.workspaceId);

    const res = await api<any>(t, 'POST', '/api/v1/account/delete', {
      token: owner.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ workspaces_deleted: 1, memberships_left: 0 });

    expect(await rowsOfWorkspace(workspaceId)).toEqual({});
    const user = await t.database.query('select 1 from users where id = $1', [owner.id]);
    expect(user).toHaveLength(0);
    const sessions = await t.database.query('select 1 from auth_sessions where user_id = $1', [owner.id]);
    expect(sessions).toHaveLength(0);
    const signIn = await api<any>(t, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: owner.email, password },
    });
    expect(signIn.status).toBe(400);
    expect((await api<any>(t, 'GET', '/api/v1/me', { token: owner.token })).status).toBe(401);
    // Another workspace is untouched.
    expect(await rowsOfWorkspace(other.workspaceId)).toEqual(otherBefore);
  });

  it("a member of someone else's workspace takes only their membership and user with them", async () => {
    const host = await busyOwner();
    const member = await createUserWithSession(t, 'leaving.member@example.com');
    await api<any>(t, 'POST', '/api/v1/team/invitations', {
      token: host.owner.token,
      body: { email: member.email, role: 'ADMIN' },
    });
    const outbox = await api<any>(t, 'GET', `/auth/v1/dev/outbox?to=${member.email}`);
    const token = /#([A-Za-z0-9_-]+)/.exec(outbox.body.mails[0].text)?.[1];
    expect(
      (await api<any>(t, 'POST', '/api/v1/invitations/accept', { token: member.token, body: { token } })).status,
    ).toBe(200);
    const before = await rowsOfWorkspace(host.workspaceId);

    const res = await api<any>(t, 'POST', '/api/v1/account/delete', {
      token: member.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.body).toEqual({ workspaces_deleted: 0, memberships_left: 1 });
    const after = await rowsOfWorkspace(host.workspaceId);
    // Only the member's own rows in the host workspace went: their membership and their workspace choice.
    const { active_workspaces: activeBefore, ...rest } = before;
    expect(activeBefore).toBe(1);
    expect(after).toEqual({ ...rest, memberships: (before.memberships ?? 0) - 1 });
    expect(await t.database.query('select 1 from users where id = $1', [member.id])).toHaveLength(0);
    const team = await api<any>(t, 'GET', '/api/v1/team', { token: host.owner.token });
    expect(team.body.members.map((m: any) => m.email)).toEqual([host.owner.email]);
  });
});

describe('two owners deleting their accounts at once', () => {
  it('leave no ownerless workspace behind: the second one out deletes it', async () => {
    const first = await createUserWithSession(t);
    const me = await api<any>(t, 'GET', '/api/v1/me', { token: first.token });
    const second = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'OWNER')`, [
      me.body.workspace.id,
      second.id,
    ]);
    const results = await Promise.all(
      [first, second].map((u) =>
        api<any>(t, 'POST', '/api/v1/account/delete', { token: u.token, body: { confirmation: 'DELETE' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.workspaces_deleted).sort()).toEqual([0, 1]);
    expect(await rowsOfWorkspace(me.body.workspace.id)).toEqual({});
  });
});

describe('change password (Settings → Account)', () => {
  it('checks the current password, then only the new one works and other sessions end', async () => {
    const email = 'pw.changer@example.com';
    const signUp = await api<any>(t, 'POST', '/auth/v1/signup', { body: { email, password: 'old secret 1' } });
    const token: string = signUp.body.access_token;
    const otherSession = await api<any>(t, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email, password: 'old secret 1' },
    });
    expect(otherSession.status).toBe(200);

    const wrong = await api<any>(t, 'POST', '/api/v1/account/password', {
      token,
      body: { current_password: 'not it', new_password: 'new secret 2' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'invalid_current_password',
      message: 'Your current password is not correct.',
    });
    const short = await api<any>(t, 'POST', '/api/v1/account/password', {
      token,
      body: { current_password: 'old secret 1', new_password: '123' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('validation_failed');

    const ok = await api<any>(t, 'POST', '/api/v1/account/password', {
      token,
      body: { current_password: 'old secret 1', new_password: 'new secret 2' },
    });
    expect(ok.status).toBe(200);
    const signIn = (password: string) =>
      api<any>(t, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
    expect((await signIn('old secret 1')).status).toBe(400);
    expect((await signIn('new secret 2')).status).toBe(200);
    // This session goes on; the other one was signed out.
    expect((await api<any>(t, 'GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await api<any>(t, 'GET', '/api/v1/me', { token: otherSession.body.access_token })).status).toBe(401);
  });
});

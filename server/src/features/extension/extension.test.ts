import { Writable } from 'node:stream';
import type {
  CluelyContextOutput,
  CluelySyncOutput,
  DesktopIntegrationOutput,
  ExtAnswerOutput,
  ExtBootstrapOutput,
  ExtensionSettings,
  ExtensionToken,
} from '@helixis/contract';
import {
  DEFAULT_EXTENSION_HOSTS,
  hostAllowed,
  hostPatternProblem,
  residentMessages,
  type TaskList,
} from '@helixis/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../platform/logger';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';
import { hashToken } from './extension-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Script URLs are absolute; the test server listens on a port chosen at start.
  t.config.publicUrl = t.url;
});
afterAll(async () => {
  await t?.close();
});

type Err = { error: { code: string; message: string } };
type Maybe<T> = Omit<T, 'error'> & Err;

async function owner(): Promise<{ user: TestUser; workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  return { user, workspaceId: me.body.workspace.id };
}

/** A second member of `workspaceId` with the given membership role. */
async function member(workspaceId: string, role: 'ADMIN' | 'MEMBER'): Promise<TestUser> {
  const user = await createUserWithSession(t);
  await t.database.query('insert into memberships (workspace_id, user_id, role) values ($1, $2, $3)', [
    workspaceId,
    user.id,
    role,
  ]);
  return user;
}

const bootstrap = (token: string, body: unknown = {}) =>
  api<Maybe<ExtBootstrapOutput>>(t, 'POST', '/functions/v1/ext-bootstrap', { token, body });
const answer = (token: string | undefined, body: unknown) =>
  api<Maybe<ExtAnswerOutput>>(t, 'POST', '/functions/v1/ext-answer', { token, body });

const PET_POLICY = `Pet policy

Cats and small dogs under 25 pounds are welcome in every building. Each pet needs a one-time deposit of $300.
Aquariums larger than 20 gallons need written approval from the property manager.`;

describe('ext-bootstrap and ext-answer', () => {
  it('issues a workspace token that answers from an uploaded document with a citation', async () => {
    const { user, workspaceId } = await owner();
    await ingestAndWait(t, user.token, 'pet-policy.txt', PET_POLICY);
    const boot = await bootstrap(user.token, { businessId: workspaceId });
    expect(boot.status).toBe(200);
    expect(boot.body).toMatchObject({ workspaceId, allowedHosts: [...DEFAULT_EXTENSION_HOSTS], error: null });
    expect(boot.body.tenantJwt).toMatch(/^hxe_[A-Za-z0-9_-]{43}$/);
    expect(boot.body.assistantName.length).toBeGreaterThan(0);
    expect(new Date(boot.body.expiresAt).getTime()).toBeGreaterThan(Date.now());

    // Only the hash is stored.
    const stored = await t.database.query<{ token_hash: string }>(
      'select token_hash from extension_tokens where id = $1',
      [boot.body.tokenId],
    );
    expect(stored[0]?.token_hash).toBe(hashToken(boot.body.tenantJwt));
    expect(JSON.stringify(stored)).not.toContain(boot.body.tenantJwt);

    const res = await answer(boot.body.tenantJwt, {
      query: 'What is the deposit for a pet?',
      pageContext: { url: 'https://mail.google.com/mail/u/0/#inbox/abc' },
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain('$300');
    const cited = res.body.sources.find((s) => s.kind === 'document' && s.title === 'pet policy');
    expect(cited).toBeDefined();
    // The answer is pasted into replies to residents: no citation markers or file names in it; the
    // sources stay beside it for the person asking.
    expect(res.body.answer).not.toContain('[Doc:');
    expect(res.body.answer).not.toContain('[Fact:');
    expect(res.body.answer).not.toContain('pet-policy.txt');
    expect(res.body.answer).not.toContain('According to your documents');
  });

  it('when unsure, answers in resident wording and hands the question to the team', async () => {
    const { user } = await owner();
    await ingestAndWait(t, user.token, 'pet-policy.txt', PET_POLICY);
    const token = (await bootstrap(user.token)).body.tenantJwt;
    const res = await answer(token, { query: 'Is there a rooftop terrace for residents?' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(residentMessages.unsure);
    const tasks = await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: user.token });
    expect(tasks.body.tasks.map((k) => k.question)).toContain('Is there a rooftop terrace for residents?');
    // A greeting is no question: no task, a greeting back.
    const hello = await answer(token, { query: 'hello there' });
    expect(hello.body.answer).toBe(residentMessages.greeting);
    expect((await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: user.token })).body.tasks).toHaveLength(1);
  });

  it('uses the page text as evidence for that answer only and never stores it', async () => {
    const { user } = await owner();
    const boot = await bootstrap(user.token);
    const secret = 'Ticket 4471: the tenant in unit 12B reports that the garage door opener code 9931 stopped working.';
    const res = await answer(boot.body.tenantJwt, {
      query: 'Which unit reports the garage door problem?',
      pageContext: { url: 'https://acme.zendesk.com/agent/tickets/4471', title: 'Ticket 4471', text: secret },
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain('12B');
    expect(res.body.sources[0]).toMatchObject({ kind: 'document', title: 'This page (acme.zendesk.com)' });
    // Nothing of the page reached the database: no row of any table mentions it. Searched by words, not
    // by the bare code 9931, which a row's timestamp or UUID may hold by chance.
    const tables = await t.database.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      const hits = await t.database.query<{ n: number }>(
        `select count(*)::int as n from "${table_name}" x where x::text ilike '%garage door opener%'`,
      );
      expect(hits[0]?.n, table_name).toBe(0);
    }
  });

  it('answers from the knowledge first, and from the page when asked about it', async () => {
    const { user } = await owner();
    await ingestAndWait(t, user.token, 'pet-policy.txt', PET_POLICY);
    const token = (await bootstrap(user.token)).body.tenantJwt;
    const pageContext = {
      url: 'https://acme.zendesk.com/agent/tickets/5123',
      title: 'Ticket #5123',
      text: 'Maria Lopez, unit 4C, writes: I am adopting a cat next week. Is a cat allowed and what deposit do I need to pay?',
    };
    // The ticket repeats the question; the answer must come from the policy, not echo the ticket.
    const policy = await answer(token, { query: 'What deposit is needed for a cat?', pageContext });
    expect(policy.body.answer).toContain('$300');
    expect(policy.body.sources.every((s) => s.title === 'pet policy')).toBe(true);
    const summary = await answer(token, {
      query: 'Summarize this ticket: who writes and from which unit?',
      pageContext,
    });
    expect(summary.body.answer).toContain('4C');
    expect(summary.body.sources.some((s) => s.title === 'This page (acme.zendesk.com)')).toBe(true);
  });

  it('refuses bad input with readable messages and caps the sizes', async () => {
    const { user } = await owner();
    const boot = await bootstrap(user.token);
    const empty = await answer(boot.body.tenantJwt, { query: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Please type a question.');
    const long = await answer(boot.body.tenantJwt, { query: 'x'.repeat(2_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('at most 2000 characters');
    const page = await answer(boot.body.tenantJwt, { query: 'hi', pageContext: { text: 'y'.repeat(50_001) } });
    expect(page.status).toBe(400);
    expect(page.body.error.message).toContain('The page text is too long');
    const foreign = await bootstrap(user.token, { businessId: '00000000-0000-4000-8000-000000000000' });
    expect(foreign.status).toBe(403);
  });

  it('keeps workspaces apart: a token only ever reads its own workspace', async () => {
    const a = await owner();
    const b = await owner();
    await ingestAndWait(
      t,
      b.user.token,
      'b-secrets.txt',
      'The master key for the Birchwood building is kept in safe 77.',
    );
    const tokenA = (await bootstrap(a.user.token)).body.tenantJwt;
    const res = await answer(tokenA, { query: 'Where is the master key for the Birchwood building kept?' });
    expect(res.status).toBe(200);
    expect(res.body.answer).not.toContain('77');
    expect(res.body.sources.some((s) => s.title === 'b secrets')).toBe(false);
    // A's token cannot be revoked or listed from B.
    const idA = (await bootstrap(a.user.token)).body.tokenId;
    const revoke = await api<Err>(t, 'DELETE', `/api/v1/extension/tokens/${idA}`, { token: b.user.token });
    expect(revoke.status).toBe(404);
    const listB = await api<{ tokens: ExtensionToken[] }>(t, 'GET', '/api/v1/extension/tokens', {
      token: b.user.token,
    });
    expect(listB.body.tokens.some((x) => x.id === idA)).toBe(false);
  });

  it('refuses a missing, unknown, session, revoked or expired token', async () => {
    const { user, workspaceId } = await owner();
    expect((await answer(undefined, { query: 'hello there' })).status).toBe(401);
    const unknown = await answer(`hxe_${'A'.repeat(43)}`, { query: 'hello there' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('extension_token_invalid');
    // A session token is not a workspace token.
    expect((await answer(user.token, { query: 'hello there' })).body.error.code).toBe('extension_token_invalid');

    const boot = (await bootstrap(user.token)).body;
    expect((await answer(boot.tenantJwt, { query: 'hello there' })).status).toBe(200);
    const revoked = await api<{ token: ExtensionToken }>(t, 'DELETE', `/api/v1/extension/tokens/${boot.tokenId}`, {
      token: user.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.token).toMatchObject({ live: false, mine: true });
    const afterRevoke = await answer(boot.tenantJwt, { query: 'hello there' });
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error.code).toBe('extension_token_revoked');

    const second = (await bootstrap(user.token)).body;
    await t.database.query(`update extension_tokens set expires_at = now() - interval '1 second' where id = $1`, [
      second.tokenId,
    ]);
    const expired = await answer(second.tenantJwt, { query: 'hello there' });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('extension_token_expired');

    // A member who leaves the workspace loses the token's access at once.
    const employee = await member(workspaceId, 'MEMBER');
    const theirs = (await bootstrap(employee.token)).body;
    expect((await answer(theirs.tenantJwt, { query: 'hello there' })).status).toBe(200);
    await t.database.query('delete from memberships where workspace_id = $1 and user_id = $2', [
      workspaceId,
      employee.id,
    ]);
    expect((await answer(theirs.tenantJwt, { query: 'hello there' })).status).toBe(401);
  });

  it('keeps at most five live extension tokens per member', async () => {
    const { user } = await owner();
    for (let i = 0; i < 7; i++) expect((await bootstrap(user.token)).status).toBe(200);
    const list = await api<{ tokens: ExtensionToken[] }>(t, 'GET', '/api/v1/extension/tokens', { token: user.token });
    expect(list.body.tokens).toHaveLength(7);
    expect(list.body.tokens.filter((x) => x.live)).toHaveLength(5);
  });
});

describe('allowed domains', () => {
  it('starts from the spec defaults; a manager replaces them; bad patterns get clear errors', async () => {
    const { user, workspaceId } = await owner();
    const first = await api<ExtensionSettings>(t, 'GET', '/api/v1/extension/settings', { token: user.token });
    expect(first.body).toMatchObject({ allowedHosts: [...DEFAULT_EXTENSION_HOSTS], updatedAt: null });

    const saved = await api<ExtensionSettings>(t, 'PUT', '/api/v1/extension/settings', {
      token: user.token,
      body: { allowedHosts: ['mail.google.com', ' *.Zendesk.com ', 'support.acme-rentals.com', 'mail.google.com'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.allowedHosts).toEqual(['mail.google.com', '*.zendesk.com', 'support.acme-rentals.com']);
    expect((await bootstrap(user.token)).body.allowedHosts).toEqual(saved.body.allowedHosts);

    const cases: Array<[string, string]> = [
      ['https://mail.google.com', 'leave out the https:// part'],
      ['mail.google.com/inbox', 'without a path'],
      ['localhost', 'not a full domain'],
      ['*.com', 'not a full domain'],
      ['mail.*.com', 'only allowed as the first part'],
      ['10.0.0.1', 'not an IP address'],
      ['exa mple.com', 'cannot contain spaces'],
      ['', 'cannot be empty'],
    ];
    for (const [pattern, message] of cases) {
      const res = await api<Err>(t, 'PUT', '/api/v1/extension/settings', {
        token: user.token,
        body: { allowedHosts: ['mail.google.com', pattern] },
      });
      expect(res.status, pattern).toBe(400);
      expect(res.body.error.message, pattern).toContain(message);
    }
    const tooMany = await api<Err>(t, 'PUT', '/api/v1/extension/settings', {
      token: user.token,
      body: { allowedHosts: Array.from({ length: 51 }, (_, i) => `h${i}.example.com`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('at most 50 domains');
    // Nothing was lost by the refused saves.
    const after = await api<ExtensionSettings>(t, 'GET', '/api/v1/extension/settings', { token: user.token });
    expect(after.body.allowedHosts).toEqual(saved.body.allowedHosts);

    // Roles: an employee reads but cannot change; a manager (ADMIN) can.
    const employee = await member(workspaceId, 'MEMBER');
    expect((await api(t, 'GET', '/api/v1/extension/settings', { token: employee.token })).status).toBe(200);
    const denied = await api<Err>(t, 'PUT', '/api/v1/extension/settings', {
      token: employee.token,
      body: { allowedHosts: ['mail.google.com'] },
    });
    expect(denied.status).toBe(403);
    const manager = await member(workspaceId, 'ADMIN');
    const ok = await api<ExtensionSettings>(t, 'PUT', '/api/v1/extension/settings', {
      token: manager.token,
      body: { allowedHosts: ['outlook.office.com'] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.allowedHosts).toEqual(['outlook.office.com']);
  });

  it('matches hosts and wildcards the way the extension does', () => {
    expect(hostAllowed('acme.zendesk.com', ['*.zendesk.com'])).toBe(true);
    expect(hostAllowed('zendesk.com', ['*.zendesk.com'])).toBe(false);
    expect(hostAllowed('evilzendesk.com', ['*.zendesk.com'])).toBe(false);
    expect(hostAllowed('MAIL.google.com', ['mail.google.com'])).toBe(true);
    expect(hostAllowed('mail.google.com.evil.io', ['mail.google.com'])).toBe(false);
    expect(hostPatternProblem('*.freshdesk.com')).toBeNull();
  });

  it('lets members see and revoke only their own tokens, managers every token of the workspace', async () => {
    const { user, workspaceId } = await owner();
    const employee = await member(workspaceId, 'MEMBER');
    const ownerToken = (await bootstrap(user.token)).body.tokenId;
    const employeeToken = (await bootstrap(employee.token)).body.tokenId;
    const mine = await api<{ tokens: ExtensionToken[] }>(t, 'GET', '/api/v1/extension/tokens', {
      token: employee.token,
    });
    expect(mine.body.tokens.map((x) => x.id)).toEqual([employeeToken]);
    expect((await api(t, 'DELETE', `/api/v1/extension/tokens/${ownerToken}`, { token: employee.token })).status).toBe(
      404,
    );
    const all = await api<{ tokens: ExtensionToken[] }>(t, 'GET', '/api/v1/extension/tokens', { token: user.token });
    expect(all.body.tokens.map((x) => x.id).sort()).toEqual([ownerToken, employeeToken].sort());
    const revoked = await api<{ token: ExtensionToken }>(t, 'DELETE', `/api/v1/extension/tokens/${employeeToken}`, {
      token: user.token,
    });
    expect(revoked.body.token).toMatchObject({ live: false, mine: false, userEmail: employee.email });
  });
});

describe('cluely-sync (desktop assistant)', () => {
  it('creates the integration and serves a personal script that answers from the workspace', async () => {
    const { user } = await owner();
    await ingestAndWait(t, user.token, 'pet-policy.txt', PET_POLICY);
    const wrongUser = await api<Err>(t, 'POST', '/functions/v1/cluely-sync', {
      token: user.token,
      body: { action: 'create_integration', userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(wrongUser.status).toBe(403);
    const badAction = await api<Err>(t, 'POST', '/functions/v1/cluely-sync', {
      token: user.token,
      body: { action: 'delete_everything', userId: user.id },
    });
    expect(badAction.status).toBe(400);

    const sync = await api<CluelySyncOutput>(t, 'POST', '/functions/v1/cluely-sync', {
      token: user.token,
      body: { action: 'create_integration', userId: user.id },
    });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ success: true, error: null });
    expect(sync.body.scriptUrl.startsWith(`${t.url}/functions/v1/cluely-sync/script/hxd_`)).toBe(true);
    const status = await api<DesktopIntegrationOutput>(t, 'GET', '/api/v1/extension/desktop-integration', {
      token: user.token,
    });
    expect(status.body.integration).toMatchObject({ userId: user.id, isActive: true, refreshSeconds: 300 });

    const script = await fetch(sync.body.scriptUrl);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    const source = await script.text();
    const desktopToken = sync.body.scriptUrl.split('/').pop() ?? '';
    expect(source).toContain(JSON.stringify(desktopToken));
    expect(source).toContain('const REFRESH_SECONDS = 300;');

    // The script's two calls, as it makes them.
    const asked = await answer(desktopToken, { query: 'How much is the pet deposit?' });
    expect(asked.status).toBe(200);
    expect(asked.body.answer).toContain('$300');
    const context = await api<CluelyContextOutput>(t, 'GET', '/functions/v1/cluely-sync/context', {
      token: desktopToken,
    });
    expect(context.status).toBe(200);
    expect(context.body.documents.map((d) => d.title)).toContain('pet policy');
    expect(context.body.refreshSeconds).toBe(300);
    const synced = await api<DesktopIntegrationOutput>(t, 'GET', '/api/v1/extension/desktop-integration', {
      token: user.token,
    });
    expect(synced.body.integration?.lastSyncedAt).not.toBeNull();
    // An extension token cannot read the desktop context.
    const extToken = (await bootstrap(user.token)).body.tenantJwt;
    expect((await api(t, 'GET', '/functions/v1/cluely-sync/context', { token: extToken })).status).toBe(401);

    // Renewing revokes the old script; deleting revokes the new one.
    const renewed = await api<CluelySyncOutput>(t, 'POST', '/functions/v1/cluely-sync', {
      token: user.token,
      body: { action: 'create_integration', userId: user.id },
    });
    expect((await fetch(sync.body.scriptUrl)).status).toBe(401);
    expect((await fetch(renewed.body.scriptUrl)).status).toBe(200);
    const removed = await api<DesktopIntegrationOutput>(t, 'DELETE', '/api/v1/extension/desktop-integration', {
      token: user.token,
    });
    expect(removed.body.integration?.isActive).toBe(false);
    expect((await fetch(renewed.body.scriptUrl)).status).toBe(401);
  });
});

describe('secrets in logs', () => {
  it('never writes a workspace token or the script URL to the logs', async () => {
    let raw = '';
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        raw += chunk.toString();
        callback();
      },
    });
    const logged = await startTestApp({}, { log: pino(loggerOptions('trace'), sink) });
    try {
      logged.config.publicUrl = logged.url;
      const user = await createUserWithSession(logged);
      const boot = await api<ExtBootstrapOutput>(logged, 'POST', '/functions/v1/ext-bootstrap', {
        token: user.token,
        body: {},
      });
      await api(logged, 'POST', '/functions/v1/ext-answer', { token: boot.body.tenantJwt, body: { query: 'hours?' } });
      const sync = await api<CluelySyncOutput>(logged, 'POST', '/functions/v1/cluely-sync', {
        token: user.token,
        body: { action: 'create_integration', userId: user.id },
      });
      expect((await fetch(sync.body.scriptUrl)).status).toBe(200);
      const desktopToken = sync.body.scriptUrl.split('/').pop() ?? '';
      await api(logged, 'GET', '/functions/v1/cluely-sync/context', { token: desktopToken });
      // Requests were logged at all, so the absence below means something.
      expect(raw).toContain('/functions/v1/ext-answer');
      for (const secret of [boot.body.tenantJwt, desktopToken]) expect(raw).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  BusinessInsightsOutput,
  DashboardOverview,
  LearningSession,
  LearningSourcesOutput,
} from '@helixis/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { decryptSecret } from '../../platform/crypto';
import { withTenant } from '../../platform/tenant';
import { FAKE_BUILDIUM_CLIENT_ID, FakeBuildium } from '../../property-systems/buildium/fake';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { waitFor } from '../../test/wait';
import { ingestAndWait } from '../knowledge/test-helpers';
import { insightsJob } from './dashboard.jobs';
import { secretAad } from './secrets.routes';

const SECRET = 'overview-secret';
const buildium = new FakeBuildium({ seed: 7, units: 120, associations: 1, clientSecret: SECRET });
let t: TestApp;
let ics: Server;
let icsUrl = '';
/** How many events the served calendar holds right now (a test grows it between syncs). */
let icsEvents = 2;
/** The owner's web page that the workspace ingested by address (a test rewrites it between syncs). */
let pageHtml =
  '<html><head><title>Harbor</title></head><body><main><h1>Harbor</h1><p>We rent flats.</p></main></body></html>';

function calendar(count: number): string {
  const day = 86_400_000;
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const events = Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.now() + (i + 2) * day);
    const end = new Date(start.getTime() + 3_600_000);
    return [
      'BEGIN:VEVENT',
      `UID:showing-${i}@harbor.test`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(end)}`,
      `SUMMARY:Showing ${i + 1} at 12 Elm Street`,
      'END:VEVENT',
    ].join('\r\n');
  });
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//harbor//test//EN',
    'X-WR-CALNAME:Showings',
    ...events,
    'END:VCALENDAR',
  ].join('\r\n');
}

async function settle(user: TestUser): Promise<void> {
  await waitFor(
    () => api<{ jobs: { state: string }[] }>(t, 'GET', '/api/v1/jobs', { token: user.token }),
    (r) => r.body.jobs.every((j) => j.state === 'completed' || j.state === 'failed'),
  );
}

const overview = async (u: TestUser) => {
  const res = await api<DashboardOverview>(t, 'POST', '/functions/v1/dashboard-overview', { token: u.token, body: {} });
  expect(res.status).toBe(200);
  return res.body;
};
const sources = async (u: TestUser) => {
  const res = await api<LearningSourcesOutput>(t, 'GET', '/api/v1/teach/sources', { token: u.token });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  await buildium.start();
  ics = createServer((req, res) => {
    if (req.url?.startsWith('/about')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pageHtml);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(calendar(icsEvents));
  });
  await new Promise<void>((resolve) => ics.listen(0, '127.0.0.1', resolve));
  const port = (ics.address() as AddressInfo).port;
  icsUrl = `http://127.0.0.1:${port}/showings.ics`;
  t = await startTestApp({ HELIXIS_TRUSTED_UPSTREAMS: `${buildium.hostPort},127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await buildium.stop();
  await new Promise((r) => ics?.close(r));
});

describe('dashboard-overview', () => {
  it('starts empty for a new workspace and follows real documents, tasks, automations and connections', async () => {
    const u = await createUserWithSession(t);
    const empty = await overview(u);
    expect(empty.setup).toMatchObject({
      percent: 0,
      knowledge_percent: 0,
      integration_percent: 0,
      connected_integrations: [],
      has_essential_info: false,
      documents_ready: 0,
    });
    expect(empty.workflows).toEqual({ total: 0, active: 0, automations: [] });
    expect(empty.tasks.open).toBe(0);

    // A document with essential facts, an automation and a Buildium connection.
    await ingestAndWait(t, u.token, 'contact.txt', 'Business Phone: 555-0100\nSupport Email: help@harbor.test\n');
    const auto = await api(t, 'POST', '/api/v1/automations', {
      token: u.token,
      body: { kind: 'email_inbox', name: 'Inbox triage' },
    });
    expect(auto.status).toBe(200);
    const connect = await api<{ ok: boolean }>(t, 'POST', '/functions/v1/buildium-connect', {
      token: u.token,
      body: { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: SECRET, baseUrl: buildium.url },
    });
    expect(connect.body.ok).toBe(true);
    await api(t, 'POST', '/functions/v1/business-profile', {
      token: u.token,
      body: { action: 'upsert', profile: { essential_info: { business_name: 'Harbor View Rentals' } } },
    });
    await settle(u);

    const after = await overview(u);
    expect(after.setup.documents_ready).toBe(1);
    expect(after.setup.connected_integrations).toEqual(['Buildium']);
    expect(after.setup.integration_percent).toBe(100);
    expect(after.setup.knowledge_percent).toBeGreaterThan(0);
    expect(after.setup.has_essential_info).toBe(true);
    expect(after.setup.percent).toBe(
      Math.round((after.setup.profile_percent + after.setup.knowledge_percent + after.setup.integration_percent) / 3),
    );
    expect(after.workflows.total).toBe(1);
    expect(after.workflows.automations[0]?.name).toBe('Inbox triage');
  });

  it('requires a signed-in member', async () => {
    expect((await api(t, 'POST', '/functions/v1/dashboard-overview', { body: {} })).status).toBe(401);
  });
});

describe('business insights', () => {
  it('counts the last 7 days from real rows and compares with the week before', async () => {
    const u = await createUserWithSession(t);
    const none = await api<BusinessInsightsOutput>(t, 'GET', '/api/v1/dashboard/insights', { token: u.token });
    expect(none.body.latest).toBeNull();

    await ingestAndWait(t, u.token, 'pets.txt', 'Pet policy: cats allowed, no dogs.');
    await ingestAndWait(t, u.token, 'parking.txt', 'Parking: one space per unit.');
    // One document is back-dated into the previous week; one far older never counts.
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: u.token });
    const ws = me.body.workspace.id;
    await t.database.query(
      `update documents set created_at = now() - interval '9 days' where workspace_id = $1 and title = 'parking'`,
      [ws],
    );
    const chat = await api(t, 'POST', '/functions/v1/chat-with-context', {
      token: u.token,
      body: { messages: [{ role: 'user', content: 'Do you allow cats?' }] },
    });
    expect(chat.status).toBe(200);

    const refresh = await api<{ job_id: string }>(t, 'POST', '/api/v1/dashboard/insights/refresh', {
      token: u.token,
      body: {},
    });
    expect(refresh.status).toBe(200);
    await waitFor(
      () => api<{ state: string }>(t, 'GET', `/api/v1/jobs/${refresh.body.job_id}`, { token: u.token }),
      (r) => r.body.state === 'completed',
    );
    const got = await api<BusinessInsightsOutput>(t, 'GET', '/api/v1/dashboard/insights', { token: u.token });
    const latest = got.body.latest;
    expect(latest).not.toBeNull();
    expect(latest?.metrics.documents_added).toBe(1);
    expect(latest?.previous.documents_added).toBe(1);
    expect(latest?.metrics.questions_asked).toBe(1);
    expect(latest?.metrics.automation_runs).toBe(0);
    expect(new Date(latest?.period_end ?? 0).getTime() - new Date(latest?.period_start ?? 0).getTime()).toBe(
      7 * 86_400_000,
    );
  });
});

describe('weekly insights schedule', () => {
  it('the scheduled run (no workspace) queues one digest per workspace', async () => {
    const u = await createUserWithSession(t);
    await ingestAndWait(t, u.token, 'weekly.txt', 'Weekly notes: boiler serviced.');
    await insightsJob.run({
      payload: {},
      job: {
        id: 'schedule',
        name: insightsJob.name,
        workspaceId: null,
        attempt: 1,
        retryLimit: 1,
        signal: new AbortController().signal,
      },
      log: t.deps.log,
      deps: t.deps,
      progress: async () => {},
    });
    const got = await waitFor(
      () => api<BusinessInsightsOutput>(t, 'GET', '/api/v1/dashboard/insights', { token: u.token }),
      (r) => r.body.latest !== null,
    );
    expect(got.body.latest?.metrics.documents_added).toBe(1);
  });
});

describe('Teach Your AI integration mode', () => {
  it('lists real sources, persists the switch, and a learning session learns real new items', async () => {
    const u = await createUserWithSession(t);
    const first = await sources(u);
    // Documents and website are always listed (disconnected until something is there).
    expect(first.sources.map((s) => [s.id, s.status])).toEqual([
      ['documents', 'disconnected'],
      ['website', 'disconnected'],
    ]);
    expect(first.counters).toEqual({ connected_sources: 0, learning_from: 0, items_learned: 0 });
    const nothing = await api<{ error: { message: string } }>(t, 'POST', '/api/v1/teach/learn', {
      token: u.token,
      body: {},
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe(
      'No sources enabled: Please enable at least one connected source to start learning.',
    );

    icsEvents = 2;
    const imported = await api(t, 'POST', '/functions/v1/ingest-ics', { token: u.token, body: { icsUrl } });
    expect(imported.status).toBe(200);
    await ingestAndWait(t, u.token, 'rules.txt', 'House rules: quiet hours from 10 pm.');
    await settle(u);

    const before = await sources(u);
    const cal = before.sources.find((s) => s.id === 'calendar');
    expect(cal).toMatchObject({ status: 'connected', learnedItems: 2, enabled: true, type: 'calendar' });
    expect(before.counters.connected_sources).toBe(2);

    // Switch documents off: persisted, and learning_from drops.
    const off = await api(t, 'PUT', '/api/v1/teach/sources/documents', { token: u.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    const afterSwitch = await sources(u);
    expect(afterSwitch.sources.find((s) => s.id === 'documents')?.enabled).toBe(false);
    expect(afterSwitch.counters.learning_from).toBe(1);
    const unknown = await api(t, 'PUT', '/api/v1/teach/sources/crm:nothing', {
      token: u.token,
      body: { enabled: true },
    });
    expect(unknown.status).toBe(404);

    // The calendar grows by 3 events; Start Learning re-imports it.
    icsEvents = 5;
    const started = await api<LearningSession>(t, 'POST', '/api/v1/teach/learn', { token: u.token, body: {} });
    expect(started.status).toBe(200);
    expect(started.body.sources).toEqual(['calendar']);
    const done = await waitFor(
      () => api<LearningSession>(t, 'GET', `/api/v1/teach/sessions/${started.body.id}`, { token: u.token }),
      (r) => r.body.status !== 'running',
    );
    expect(done.body.status).toBe('completed');
    expect(done.body.progress).toBe(100);
    expect(done.body.items_learned).toBe(3);
    expect(done.body.results).toEqual([{ id: 'calendar', name: 'Calendar', before: 2, after: 5, error: null }]);

    const after = await sources(u);
    expect(after.counters.items_learned - before.counters.items_learned).toBe(3);
    // The re-import replaced the calendar's knowledge document instead of adding a second copy.
    const docs = await api<{ documents: { title: string }[] }>(t, 'GET', '/api/v1/documents', { token: u.token });
    expect(docs.body.documents.filter((d) => d.title.startsWith('Calendar:'))).toHaveLength(1);
    expect(after.sources.find((s) => s.id === 'calendar')?.learnedItems).toBe(5);
    expect(after.insights.some((i) => i.label === 'Learning sessions' && i.value.startsWith('1 completed'))).toBe(true);
  });

  it('learns from a connected Buildium through the KPI refresh and portfolio facts', async () => {
    const u = await createUserWithSession(t);
    await api(t, 'POST', '/functions/v1/buildium-connect', {
      token: u.token,
      body: { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: SECRET, baseUrl: buildium.url },
    });
    await settle(u);
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: u.token });
    // Forget the facts learned on connect, so the session has something to learn again.
    await t.database.query(`delete from facts where workspace_id = $1 and source = 'integration'`, [
      me.body.workspace.id,
    ]);
    const before = await sources(u);
    expect(before.sources.find((s) => s.id === 'crm:buildium')).toMatchObject({ status: 'connected', learnedItems: 0 });
    const started = await api<LearningSession>(t, 'POST', '/api/v1/teach/learn', { token: u.token, body: {} });
    const done = await waitFor(
      () => api<LearningSession>(t, 'GET', `/api/v1/teach/sessions/${started.body.id}`, { token: u.token }),
      (r) => r.body.status !== 'running',
    );
    const crm = done.body.results.find((r) => r.id === 'crm:buildium');
    expect(crm?.error).toBeNull();
    expect(crm?.after).toBeGreaterThan(0);
    const after = await sources(u);
    expect(after.sources.find((s) => s.id === 'crm:buildium')?.learnedItems).toBe(crm?.after);
  });
});

describe('abandoned learning sessions', () => {
  it('a session left running past the job expiry reads as failed and does not block a new one', async () => {
    const u = await createUserWithSession(t);
    await ingestAndWait(t, u.token, 'notes.txt', 'Notes: the lobby is repainted in May.');
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: u.token });
    await t.database.query(
      `insert into learning_sessions (workspace_id, status, sources, started_at)
       values ($1, 'running', '["documents"]'::jsonb, now() - interval '20 minutes')`,
      [me.body.workspace.id],
    );
    const listed = await sources(u);
    expect(listed.session?.status).toBe('failed');
    expect(listed.sources.find((s) => s.id === 'documents')?.status).toBe('connected');
    const started = await api<LearningSession>(t, 'POST', '/api/v1/teach/learn', { token: u.token, body: {} });
    expect(started.status).toBe(200);
    const done = await waitFor(
      () => api<LearningSession>(t, 'GET', `/api/v1/teach/sessions/${started.body.id}`, { token: u.token }),
      (r) => r.body.status !== 'running',
    );
    expect(done.body.status).toBe('completed');
    expect(done.body.items_learned).toBe(0);
  });
});

describe('website re-fetch in a learning session', () => {
  it('re-ingests a changed page, replaces the old copy and counts the new chunks', async () => {
    const u = await createUserWithSession(t);
    const pageUrl = icsUrl.replace('/showings.ics', '/about');
    pageHtml = `<html><head><title>About Harbor</title></head><body><main><h1>About Harbor</h1>
      <p>Harbor View Rentals manages apartments along the waterfront in Portland, Maine.</p></main></body></html>`;
    const ingested = await api<{ document_id: string }>(t, 'POST', '/functions/v1/ingest', {
      token: u.token,
      body: { url: pageUrl },
    });
    expect(ingested.status).toBe(202);
    await settle(u);
    const before = (await sources(u)).sources.find((s) => s.id === 'website');
    expect(before).toMatchObject({ status: 'connected', learnedItems: 1 });

    const sections = Array.from(
      { length: 12 },
      (_, i) =>
        `<h2>Building ${i + 1}</h2><p>${`Building ${i + 1} on Harbor Street has ${i + 3} units, a laundry room, bike storage and a shared roof deck with views over the bay. `.repeat(8)}</p>`,
    ).join('');
    pageHtml = `<html><head><title>About Harbor</title></head><body><main><h1>About Harbor</h1>${sections}</main></body></html>`;
    const started = await api<LearningSession>(t, 'POST', '/api/v1/teach/learn', { token: u.token, body: {} });
    expect(started.body.sources).toContain('website');
    const done = await waitFor(
      () => api<LearningSession>(t, 'GET', `/api/v1/teach/sessions/${started.body.id}`, { token: u.token }),
      (r) => r.body.status !== 'running',
    );
    const website = done.body.results.find((r) => r.id === 'website');
    expect(website?.error).toBeNull();
    const docs = await api<{ documents: { id: string; source_url?: string; chunk_count: number; status: string }[] }>(
      t,
      'GET',
      '/api/v1/documents',
      { token: u.token },
    );
    const pages = docs.body.documents.filter((d) => d.source_url === pageUrl);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.id).not.toBe(ingested.body.document_id);
    expect(website?.after).toBe(pages[0]?.chunk_count);
    expect(website?.after).toBeGreaterThan(1);
    expect(done.body.items_learned).toBe((website?.after ?? 0) - 1);
  });
});

describe('tenant scope and roles', () => {
  it("hides other workspaces' rows and refuses employees the manager actions", async () => {
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const wsOf = async (u: TestUser) =>
      (await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: u.token })).body.workspace.id;
    const [wsA, wsB] = [await wsOf(a), await wsOf(b)];
    await ingestAndWait(t, a.token, 'a.txt', 'Alpha notes.');
    await api(t, 'PUT', '/api/v1/teach/sources/documents', { token: a.token, body: { enabled: false } });
    await api(t, 'POST', '/functions/v1/secrets--add_secret', {
      token: a.token,
      body: { secret_name: 'HELIXIS_API_URL', secret_value: 'https://a.example' },
    });
    await api(t, 'GET', '/api/v1/widget', { token: a.token });
    for (const table of ['learning_sources', 'workspace_secrets', 'chat_widgets']) {
      const seen = await withTenant(t.database, { workspaceId: wsB, userId: b.id }, (tx) =>
        rowsOf<{ workspace_id: string }>(tx, sql.raw(`select workspace_id from ${table}`)),
      );
      expect(seen.every((r) => r.workspace_id === wsB)).toBe(true);
    }
    expect(wsA).not.toBe(wsB);

    // An employee (MEMBER) of A's workspace may look, but not switch sources, learn or manage the widget.
    const member = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      wsA,
      member.id,
    ]);
    expect((await api(t, 'GET', '/api/v1/teach/sources', { token: member.token })).status).toBe(200);
    expect(
      (await api(t, 'PUT', '/api/v1/teach/sources/documents', { token: member.token, body: { enabled: true } })).status,
    ).toBe(403);
    expect((await api(t, 'POST', '/api/v1/teach/learn', { token: member.token, body: {} })).status).toBe(403);
    expect((await api(t, 'POST', '/api/v1/widget/regenerate', { token: member.token, body: {} })).status).toBe(403);
    const secret = await api(t, 'POST', '/functions/v1/secrets--add_secret', {
      token: member.token,
      body: { secret_name: 'HELIXIS_API_URL', secret_value: 'https://m.example' },
    });
    expect(secret.status).toBe(403);
  });
});

describe('secrets--add_secret', () => {
  it("answers 'User not authenticated' without a session", async () => {
    const res = await api<{ error: { message: string } }>(t, 'POST', '/functions/v1/secrets--add_secret', {
      body: { secret_name: 'HELIXIS_API_URL', secret_value: 'https://api.example.com' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('User not authenticated');
  });

  it('validates the Helixis API URL, stores it encrypted and never returns it', async () => {
    const u = await createUserWithSession(t);
    const bad = await api<{ error: { message: string } }>(t, 'POST', '/functions/v1/secrets--add_secret', {
      token: u.token,
      body: { secret_name: 'HELIXIS_API_URL', secret_value: 'not a url' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid Helixis API URL');

    const url = 'https://api.harbor-view.example/v1';
    const ok = await api<Record<string, unknown>>(t, 'POST', '/functions/v1/secrets--add_secret', {
      token: u.token,
      body: { secret_name: 'HELIXIS_API_URL', secret_value: url },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, secret_name: 'HELIXIS_API_URL' });
    expect(JSON.stringify(ok.body)).not.toContain('harbor-view');
    const rows = await t.database.query<{ workspace_id: string; value_encrypted: string }>(
      `select workspace_id, value_encrypted from workspace_secrets where name = 'HELIXIS_API_URL' and updated_by = $1`,
      [u.id],
    );
    const row = rows[0];
    expect(row?.value_encrypted).not.toContain('harbor-view');
    expect(
      decryptSecret(
        t.config.encryptionKey,
        row?.value_encrypted ?? '',
        secretAad(row?.workspace_id ?? '', 'HELIXIS_API_URL'),
      ),
    ).toBe(url);
  });
});

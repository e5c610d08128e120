import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../platform/crypto';
import { loggerOptions } from '../../platform/logger';
import { FAKE_APPFOLIO_CLIENT_ID, FAKE_APPFOLIO_SECRET, FakeAppfolio } from '../../property-systems/appfolio/fake';
import { FAKE_BUILDIUM_CLIENT_ID, FakeBuildium } from '../../property-systems/buildium/fake';
import { toCents } from '../../property-systems/buildium/kpis';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';
import { waitFor } from '../../test/wait';

// A distinctive secret, so its absence from the database, responses and logs is meaningful.
const SECRET = 'sk-live-Zq8tU1vXw9yA7bC3dE5fG';
const buildium = new FakeBuildium({ seed: 21, units: 2600, bills: 4000, associations: 3, clientSecret: SECRET });
const appfolio = new FakeAppfolio({ seed: 5, units: 300, pageSize: 40 });
let logs = '';
let t: TestApp;

const { signedIn, post } = testHttp(() => t);

/** Waits until the workspace's background jobs (the KPI read after connecting) have finished. */
async function settle(user: TestUser): Promise<void> {
  await waitFor(
    () => api<any>(t, 'GET', '/api/v1/jobs', { token: user.token }),
    (r) => r.body.jobs.every((j: any) => j.state === 'completed' || j.state === 'failed'),
  );
}

const connectBody = (overrides: Record<string, unknown> = {}) => ({
  clientId: FAKE_BUILDIUM_CLIENT_ID,
  secret: SECRET,
  baseUrl: buildium.url,
  ...overrides,
});

beforeAll(async () => {
  await buildium.start();
  await appfolio.start();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  t = await startTestApp(
    { HELIXIS_TRUSTED_UPSTREAMS: `${buildium.hostPort},${appfolio.hostPort}` },
    { log: pino({ ...loggerOptions('debug') }, sink) },
  );
});
afterAll(async () => {
  await t?.close();
  await buildium.stop();
  await appfolio.stop();
});
afterEach(() => {
  buildium.clearFailures();
  buildium.denied.clear();
  buildium.requests.length = 0;
  appfolio.clearFailures();
  appfolio.requests.length = 0;
});

describe('buildium-health', () => {
  it('answers ok with the configured host', async () => {
    const user = await signedIn();
    const res = await post(user, 'buildium-health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      error_code: null,
      message: 'Ready to connect.',
      defaultBaseUrl: 'https://api.buildium.com',
    });
  });

  it('answers env_missing when the server has no Buildium host configured', async () => {
    const other = await startTestApp({ HELIXIS_BUILDIUM_BASE_URL: '' });
    try {
      const user = await createUserWithSession(other);
      const res = await api<any>(other, 'POST', '/functions/v1/buildium-health', { token: user.token, body: {} });
      expect(res.body).toMatchObject({
        ok: false,
        error_code: 'env_missing',
        message: 'Server configuration incomplete. Please contact support.',
      });
      await api(other, 'GET', '/api/v1/me', { token: user.token });
      const connect = await api<any>(other, 'POST', '/functions/v1/buildium-connect', {
        token: user.token,
        body: { clientId: 'a', secret: 'b' },
      });
      expect(connect.body.error_code).toBe('env_missing');
    } finally {
      await other.close();
    }
  });
});

describe('buildium-connect error codes', () => {
  it('refuses missing fields with the settings page text', async () => {
    const user = await signedIn();
    const res = await post(user, 'buildium-connect', { clientId: '  ', secret: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'missing_fields', message: 'Both Client ID and Secret are required' });
    expect(buildium.requests).toHaveLength(0);
  });

  it('maps a wrong secret to auth_invalid without retrying and stores nothing', async () => {
    const { workspaceId, ...user } = await signedIn();
    const res = await post(user, 'buildium-connect', connectBody({ secret: 'wrong-secret' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: false,
      status: 'never',
      error_code: 'auth_invalid',
      message: 'Invalid credentials. Please check your Client ID and Secret.',
      http_status: 401,
      path: '/v1/rentals',
      attempts: 1,
    });
    expect(res.body.trace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(buildium.requests).toHaveLength(1);
    expect(buildium.requests[0]?.headers['x-request-id']).toBe(res.body.trace_id);
    const rows = await t.database.query('select 1 from integration_connections where workspace_id = $1', [workspaceId]);
    expect(rows).toHaveLength(0);
  });

  it('maps a key without rental or association permission to insufficient_scope', async () => {
    const user = await signedIn();
    buildium.denied.add('rentals');
    buildium.denied.add('associations');
    const res = await post(user, 'buildium-connect', connectBody());
    expect(res.body).toMatchObject({
      ok: false,
      error_code: 'insufficient_scope',
      message: 'Access denied. Please verify your Buildium permissions.',
      http_status: 403,
    });
  });

  it('maps a wrong base path to endpoint_404 and an unparsable one to payload_invalid', async () => {
    const user = await signedIn();
    const missing = await post(user, 'buildium-connect', connectBody({ baseUrl: `${buildium.url}/wrong` }));
    expect(missing.body).toMatchObject({
      error_code: 'endpoint_404',
      message: 'Buildium API endpoint not found. Please check your Base URL.',
    });
    const garbage = await post(user, 'buildium-connect', connectBody({ baseUrl: 'http://exa mple' }));
    // A refused Base URL names its cause, not "check your credentials" (issue 28).
    expect(garbage.body).toMatchObject({
      error_code: 'payload_invalid',
      message: 'The Base URL is not a valid web address (for example https://api.buildium.com).',
    });
    // Credentials are never sent over plain http to an address that is not a trusted upstream.
    const cleartext = await post(user, 'buildium-connect', connectBody({ baseUrl: 'http://api.buildium.com' }));
    expect(cleartext.body).toMatchObject({
      ok: false,
      error_code: 'payload_invalid',
      message: 'The Base URL must start with https:// — your credentials are never sent over plain http.',
    });
  });

  it('refuses a private address that is not a trusted upstream, without connecting to it', async () => {
    const user = await signedIn();
    const res = await post(user, 'buildium-connect', connectBody({ baseUrl: 'http://127.0.0.1:9' }));
    expect(res.body).toMatchObject({ ok: false, error_code: 'payload_invalid' });
    // Over https the safe fetch refuses the private address itself, and the message says so.
    const internal = await post(user, 'buildium-connect', connectBody({ baseUrl: 'https://10.0.0.7' }));
    expect(internal.body).toMatchObject({
      ok: false,
      error_code: 'payload_invalid',
      message: 'The Base URL was refused: This address points to a private or local network and cannot be fetched.',
    });
    expect(internal.body.message).not.toContain('credentials');
  });

  it('retries 429 with 250 then 500 ms delays and connects on the third attempt', async () => {
    const user = await signedIn();
    buildium.failNext({ status: 429, times: 2 });
    const res = await post(user, 'buildium-connect', connectBody());
    expect(res.body).toMatchObject({ ok: true, status: 'connected', attempts: 1 });
    await settle(user);
    const probes = buildium.requests.filter((r) => r.path === '/v1/rentals').slice(0, 3);
    expect(probes).toHaveLength(3);
    const gaps = [probes[1]!.at - probes[0]!.at, probes[2]!.at - probes[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(245);
    expect(gaps[0]).toBeLessThan(450);
    expect(gaps[1]).toBeGreaterThanOrEqual(495);
    expect(gaps[1]).toBeLessThan(800);
  });

  it('gives up after 3 attempts on 5xx and on dropped connections', async () => {
    const user = await signedIn();
    buildium.failNext({ status: 503, times: 3 });
    const outage = await post(user, 'buildium-connect', connectBody());
    expect(outage.body).toMatchObject({
      ok: false,
      error_code: 'upstream_5xx',
      message: 'Buildium service error. Please try again later.',
      attempts: 3,
    });
    buildium.failNext({ status: 429, times: 3 });
    const limited = await post(user, 'buildium-connect', connectBody());
    expect(limited.body).toMatchObject({
      error_code: 'upstream_429',
      message: 'Rate limited. Please wait a moment and try again.',
    });
    buildium.failNext({ drop: true, times: 3 });
    const dropped = await post(user, 'buildium-connect', connectBody());
    expect(dropped.body).toMatchObject({
      error_code: 'network_timeout',
      message: 'Connection timeout. Please check your network and try again.',
      http_status: 0,
    });
    expect(buildium.requests).toHaveLength(9);
  });
});

describe('a Buildium connection', () => {
  let user: TestUser;
  let workspaceId: string;

  beforeAll(async () => {
    ({ workspaceId, ...user } = await signedIn());
  });

  it('stores the secret encrypted, never returns or logs it, and reads the KPIs in a job', async () => {
    const res = await post(user, 'buildium-connect', connectBody({ workspaceId }));
    expect(res.body).toMatchObject({ ok: true, status: 'connected', error_code: null, message: 'Connected!' });
    expect(res.body.lastVerifiedAt).toEqual(expect.any(String));

    const [row] = await t.database.query<{ client_id: string; secret_encrypted: string; base_url: string }>(
      'select client_id, secret_encrypted, base_url from integration_connections where workspace_id = $1',
      [workspaceId],
    );
    expect(row?.client_id).toBe(FAKE_BUILDIUM_CLIENT_ID);
    expect(row?.secret_encrypted).not.toContain(SECRET);
    expect(row?.secret_encrypted.startsWith('v1.')).toBe(true);
    expect(decryptSecret(t.config.encryptionKey, row!.secret_encrypted, `integration:${workspaceId}:buildium`)).toBe(
      SECRET,
    );
    const dump = await t.database.query<{ d: string }>(
      `select string_agg(t::text, '') as d from (select * from integration_connections union all select * from integration_connections) t`,
    );
    expect(dump[0]?.d ?? '').not.toContain(SECRET);

    const summary = await waitFor(
      () => post(user, 'summary-status', { workspace_id: workspaceId }),
      (r) => r.body.status !== 'pending',
    );
    expect(summary.body).toEqual({ status: 'ready' });
    await settle(user);

    const status = await post(user, 'integrations-status', { workspaceId, includeKpis: true });
    expect(status.body.buildium).toMatchObject({
      connected: true,
      status: 'connected',
      last_error: null,
      clientId: FAKE_BUILDIUM_CLIENT_ID,
    });
    expect(status.body.buildium.kpis.unpaidBills.count).toBeGreaterThan(0);
    expect(status.body.gmail).toEqual({ connected: false });
    const only = await post(user, 'integrations-status', { provider: 'appfolio' });
    expect(Object.keys(only.body)).toEqual(['appfolio']);

    for (const body of [res.body, status.body]) expect(JSON.stringify(body)).not.toContain(SECRET);
    expect(logs).toContain('integration connected');
    expect(logs).not.toContain(SECRET);
  });

  it('serves KPIs from the cache, re-reads them with force, and computes them across every page', async () => {
    const p = buildium.portfolio;
    const cached = await post(user, 'buildium-kpis', {});
    expect(cached.body).toMatchObject({ ok: true, cached: true, stale: false, error_code: null });
    const fresh = await post(user, 'buildium-kpis', { force: true, workspaceId });
    expect(fresh.body.cached).toBe(false);
    const unpaid = p.bills.filter((b) => !b.PaidDate);
    expect(unpaid.length).toBeGreaterThan(1000);
    expect(fresh.body.data).toMatchObject({
      rentals: p.rentals.filter((r) => r.IsActive).length,
      accountType: 'rentals',
      unpaidBills: {
        count: unpaid.length,
        amount: unpaid.reduce((s, b) => s + (b.Lines ?? []).reduce((x, l) => x + toCents(l.Amount), 0), 0),
      },
      openTasks: p.tasks.filter((x) => x.TaskStatus === 'New' || x.TaskStatus === 'InProgress').length,
      activeLeases: p.leases.filter((l) => l.LeaseStatus === 'Active').length,
      partial: false,
    });
    // Unpaid bills span two 1,000-row pages: both were read.
    const billPages = buildium.requests.filter((r) => r.path === '/v1/bills').map((r) => r.query.get('offset'));
    expect(billPages.sort()).toEqual(['0', '1000']);

    const history = await api<any>(t, 'GET', '/api/v1/integrations/kpi-history', { token: user.token });
    expect(history.body.snapshots.length).toBeGreaterThanOrEqual(2);
    expect(history.body.snapshots.at(-1).unpaidBillsCount).toBe(unpaid.length);
  });

  it('keeps the last known KPIs when the upstream fails after a success', async () => {
    buildium.failNext({ status: 500, times: 100 });
    const res = await post(user, 'buildium-kpis', { force: true });
    expect(res.body).toMatchObject({ ok: false, stale: true, error_code: 'upstream_5xx', status: 500 });
    expect(res.body.data.rentals).toBeGreaterThan(0);
    expect(res.body.trace_id).toEqual(expect.any(String));
    buildium.clearFailures();
  });

  it('turns the portfolio into integration facts', async () => {
    const facts = await t.database.query<{ key: string; value: string; confidence: number; source: string }>(
      'select key, value, confidence, source from facts where workspace_id = $1',
      [workspaceId],
    );
    const byCity = facts.find((f) => f.value.includes('Columbus, OH:'));
    expect(byCity).toMatchObject({ source: 'integration', confidence: 90 });
    const columbusUnits = buildium.portfolio.rentals
      .filter((r) => r.IsActive && r.Address?.City === 'Columbus')
      .reduce((s, r) => s + (r.NumberUnits ?? 0), 0);
    expect(byCity?.value).toContain(`Columbus, OH: ${columbusUnits} units`);
  });

  it('runs the test panel with a sample of each resource', async () => {
    const res = await post(user, 'buildium-test', {});
    expect(res.body.ok).toBe(true);
    const names = res.body.checks.map((c: any) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Health', 'Verify', 'KPIs', 'Rental properties', 'Tenants', 'Bills']),
    );
    const tenants = res.body.checks.find((c: any) => c.name === 'Tenants');
    expect(tenants.total).toBe(buildium.portfolio.tenants.length);
    expect(JSON.stringify(tenants.sample)).not.toContain('@');
  });

  it('marks the connection invalid when verify is refused, and connected again after a good verify', async () => {
    buildium.clientSecret = 'rotated-secret';
    try {
      const res = await post(user, 'buildium-verify', { workspaceId });
      expect(res.body).toMatchObject({ ok: false, status: 'invalid', error_code: 'auth_invalid' });
      const status = await post(user, 'integrations-status', {});
      expect(status.body.buildium).toMatchObject({
        connected: false,
        status: 'invalid',
        last_error: 'Invalid credentials. Please check your Client ID and Secret.',
        trace_id: res.body.trace_id,
      });
    } finally {
      buildium.clientSecret = SECRET;
    }
    const again = await post(user, 'buildium-verify', {});
    expect(again.body).toMatchObject({ ok: true, status: 'connected' });
  });

  it('lets an employee read the status and KPIs but not connect', async () => {
    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      workspaceId,
      employee.id,
    ]);
    const status = await post(employee, 'integrations-status', {});
    expect(status.body.buildium.connected).toBe(true);
    const kpis = await post(employee, 'buildium-kpis', {});
    expect(kpis.body.ok).toBe(true);
    for (const name of ['buildium-connect', 'appfolio-connect'] as const) {
      const res = await post(employee, name, { clientId: 'a', secret: 'b', host: 'x.appfolio.com' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_role');
    }
  });

  it('keeps other workspaces out', async () => {
    const other = await signedIn();
    const status = await post(other, 'integrations-status', { includeKpis: true });
    expect(status.body.buildium).toMatchObject({ connected: false, status: 'never', kpis: null });
    const kpis = await post(other, 'buildium-kpis', {});
    expect(kpis.body).toMatchObject({ ok: false, error_code: 'not_connected', data: null });
    const history = await api<any>(t, 'GET', '/api/v1/integrations/kpi-history', { token: other.token });
    expect(history.body.snapshots).toEqual([]);
    for (const name of ['integrations-status', 'buildium-kpis', 'buildium-verify', 'buildium-connect'] as const) {
      const res = await post(
        other,
        name,
        name === 'buildium-connect' ? { ...connectBody(), workspaceId } : { workspaceId },
      );
      expect(res.status).toBe(403);
    }
  });
});

describe('AppFolio', () => {
  it('validates required fields, maps a bad secret, and connects through every report page', async () => {
    const { workspaceId, ...user } = await signedIn();
    const missing = await post(user, 'appfolio-connect', { clientId: 'x', secret: '', host: 'acme.appfolio.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Please fill in all required fields.');

    const bad = await post(user, 'appfolio-connect', {
      clientId: FAKE_APPFOLIO_CLIENT_ID,
      secret: 'nope',
      host: appfolio.hostPort,
      workspaceId,
    });
    expect(bad.body).toMatchObject({
      success: false,
      error_code: 'auth_invalid',
      error: 'Invalid credentials. Please check your Client ID and Secret.',
    });
    expect(appfolio.requests[0]?.method).toBe('POST');

    appfolio.failNext({ status: 429, path: '/api/v2/reports/property_directory.json' });
    const good = await post(user, 'appfolio-connect', {
      clientId: FAKE_APPFOLIO_CLIENT_ID,
      secret: FAKE_APPFOLIO_SECRET,
      host: appfolio.hostPort,
      workspaceId,
    });
    expect(good.body).toEqual({ success: true, error: null, error_code: null, trace_id: null });
    await settle(user);
    appfolio.requests.length = 0;
    const status = await post(user, 'integrations-status', {});
    expect(status.body.appfolio).toMatchObject({ connected: true, status: 'connected', host: appfolio.hostPort });

    const [row] = await t.database.query<{ secret_encrypted: string }>(
      `select secret_encrypted from integration_connections where workspace_id = $1 and provider = 'appfolio'`,
      [workspaceId],
    );
    expect(row?.secret_encrypted).not.toContain(FAKE_APPFOLIO_SECRET);

    const test = await post(user, 'appfolio-test', {});
    expect(test.body.ok).toBe(true);
    const rentRoll = test.body.checks.find((c: any) => c.name === 'Rent roll');
    expect(rentRoll.total).toBe(appfolio.portfolio.rent_roll.length);
    // The same panel as every system: verify and a KPI read, then each report.
    expect(test.body.checks.slice(0, 2).map((c: any) => c.name)).toEqual(['Verify', 'KPIs']);
    // Each read of the rent roll (the KPIs' and the panel's own) follows every page: one POST, then GETs.
    const pages = appfolio.requests.filter((r) => r.path === '/api/v2/reports/rent_roll.json');
    const reads = pages.filter((r) => r.method === 'POST').length;
    expect(reads).toBe(2);
    expect(pages.length).toBe(reads * Math.ceil(appfolio.portfolio.rent_roll.length / 40));
    expect(pages.filter((r) => r.method === 'GET').every((r) => r.query.get('page'))).toBe(true);

    // The generic panel endpoint serves the same checks for any system by provider id.
    const generic = await api<any>(t, 'POST', '/api/v1/property-systems/appfolio/test', {
      token: user.token,
      body: {},
    });
    expect(generic.status).toBe(200);
    expect(generic.body.checks.map((c: any) => c.name)).toEqual(test.body.checks.map((c: any) => c.name));
    expect(generic.body.message).toBe('All AppFolio checks passed.');
    const unknown = await api<any>(t, 'POST', '/api/v1/property-systems/nosuch/test', { token: user.token, body: {} });
    expect(unknown.status).toBe(400);

    // Without Buildium, the workspace's KPIs come from AppFolio.
    const kpis = await waitFor(
      () => post(user, 'buildium-kpis', {}),
      (r) => r.body.ok === true,
    );
    expect(kpis.body.data).toMatchObject({ provider: 'appfolio', units: appfolio.portfolio.rent_roll.length });
  });
});

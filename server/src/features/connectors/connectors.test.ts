import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { CONNECTOR_CATEGORIES } from '@helixis/contract';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectorCachePolicies, connectorConnections, connectorFacts, connectorFields } from '../../db/schema';
import { FAKE_HUBSPOT_PORTAL_ID, FakeHubspot } from '../../integrations/hubspot/fake';
import { FakeJobber } from '../../integrations/jobber/fake';
import { FAKE_SHOPIFY_SHOP, FakeShopify } from '../../integrations/shopify/fake';
import { loggerOptions } from '../../platform/logger';
import { withTenant } from '../../platform/tenant';
import { FAKE_APPFOLIO_CLIENT_ID, FAKE_APPFOLIO_SECRET, FakeAppfolio } from '../../property-systems/appfolio/fake';
import { FAKE_BUILDIUM_CLIENT_ID, FAKE_BUILDIUM_SECRET, FakeBuildium } from '../../property-systems/buildium/fake';
import { startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, ownerContext, type TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';
import { CONNECTOR_CATALOG } from './connectors.catalog';
import { CONNECTOR_REGISTRY } from './connectors.registry';

// Distinctive secrets, so their absence from the database, responses and logs means something.
const HUBSPOT_TOKEN = 'pat-na1-Zq8tU1vXw9yA7bC3dE5fGhubspot';
const JOBBER_TOKEN = 'jobber-Kp2mN4bV6cX8zL0qW9eRjobber';
const SHOPIFY_TOKEN = 'shpat_Hs7dG5fA3sD1qW2eR4tYshopify';

const hubspot = new FakeHubspot({ token: HUBSPOT_TOKEN });
const jobber = new FakeJobber({ token: JOBBER_TOKEN });
const shopify = new FakeShopify({ token: SHOPIFY_TOKEN });
const buildium = new FakeBuildium({ seed: 4, units: 60, associations: 1 });
const appfolio = new FakeAppfolio({ seed: 8, units: 40, pageSize: 25 });
let logs = '';
let t: TestApp;

const { signedIn, post } = testHttp(() => t);

async function member(workspaceId: string, role: 'MEMBER' | 'ADMIN'): Promise<TestUser> {
  const u = await createUserWithSession(t);
  await t.database.query('insert into memberships (workspace_id, user_id, role) values ($1, $2, $3)', [
    workspaceId,
    u.id,
    role,
  ]);
  return u;
}

const statusOf = async (user: TestUser, kind: string) => {
  const res = await post(user, 'integrations-status', {});
  expect(res.status).toBe(200);
  return res.body.connectors.find((c: any) => c.kind === kind);
};

beforeAll(async () => {
  for (const fake of [hubspot, jobber, shopify, buildium, appfolio]) await fake.start();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  t = await startTestApp(
    {
      HELIXIS_TRUSTED_UPSTREAMS: [hubspot, jobber, shopify, buildium, appfolio].map((f) => f.hostPort).join(','),
      HELIXIS_HUBSPOT_BASE_URL: hubspot.url,
      HELIXIS_JOBBER_BASE_URL: jobber.url,
      HELIXIS_SHOPIFY_BASE_URL: shopify.url,
    },
    { log: pino({ ...loggerOptions('debug') }, sink) },
  );
});
afterAll(async () => {
  await t?.close();
  for (const fake of [hubspot, jobber, shopify, buildium, appfolio]) await fake.stop();
});
afterEach(() => {
  for (const fake of [hubspot, jobber, shopify, buildium, appfolio]) {
    fake.clearFailures();
    fake.requests.length = 0;
  }
});

describe('connectors-catalog', () => {
  it('covers every category with real products, bundled logos, and a working client behind each available entry', async () => {
    const user = await signedIn();
    const res = await post(user, 'connectors-catalog');
    expect(res.status).toBe(200);
    const entries = res.body as any[];
    expect(new Set(entries.map((e) => e.category))).toEqual(new Set(CONNECTOR_CATEGORIES));
    const available = entries.filter((e) => e.status === 'available').map((e) => e.kind);
    expect(available.sort()).toEqual(['appfolio', 'buildium', 'gmail', 'hubspot', 'jobber', 'outlook', 'shopify']);
    expect([...CONNECTOR_REGISTRY.keys()].sort()).toEqual(available);
    const webPublic = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../web/public');
    for (const e of entries) {
      expect(e.logo_url).toMatch(/^\/connectors\/logos\/[a-z0-9_]+\.svg$/);
      expect(existsSync(`${webPublic}${e.logo_url}`), e.logo_url).toBe(true);
      if (e.status === 'coming_soon') expect(e.portal_url).toMatch(/^https:\/\//);
      // Every entry that shares fields flags its PII.
      if (e.fields.length) expect(e.fields.some((f: any) => f.pii)).toBe(true);
    }
    expect(entries.length).toBe(CONNECTOR_CATALOG.length);
  });

  it('refuses to connect a coming-soon entry or an unknown kind', async () => {
    const user = await signedIn();
    const soon = await post(user, 'integrations-connect', { kind: 'salesforce', credentials: { token: 'x' } });
    expect(soon.status).toBe(409);
    expect(soon.body.error).toEqual({
      code: 'connector_coming_soon',
      message: 'This app is coming soon and cannot be connected yet.',
    });
    const unknown = await post(user, 'integrations-connect', { kind: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('connector_unknown');
    expect((await statusOf(user, 'salesforce')).status).toBe('disconnected');
  });
});

describe('HubSpot', () => {
  it('refuses a bad token, stores a good one encrypted and looks contacts up by e-mail and by id', async () => {
    const { workspaceId, ...user } = await signedIn();
    const bad = await post(user, 'integrations-connect', {
      kind: 'hubspot',
      workspace_id: workspaceId,
      credentials: { accessToken: 'pat-wrong' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('connector_connect_failed');
    expect(bad.body.error.message).toBe('HubSpot refused the credentials. Please check them and try again.');
    expect((await statusOf(user, 'hubspot')).status).toBe('disconnected');

    const missing = await post(user, 'integrations-connect', { kind: 'hubspot', credentials: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Please fill in: Private app access token.');

    const ok = await post(user, 'integrations-connect', {
      kind: 'hubspot',
      workspace_id: workspaceId,
      credentials: { accessToken: HUBSPOT_TOKEN },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ kind: 'hubspot', authUrl: null, status: 'connected' });
    expect(await statusOf(user, 'hubspot')).toEqual({
      kind: 'hubspot',
      status: 'connected',
      last_error: null,
      account: `Portal ${FAKE_HUBSPOT_PORTAL_ID}`,
    });
    // Every call carried the private-app token as a Bearer header.
    expect(hubspot.requests.every((r) => r.headers.authorization?.startsWith('Bearer '))).toBe(true);

    const contact = hubspot.contacts[5];
    if (!contact) throw new Error('seed');
    const byEmail = await post(user, 'relationship', {
      kind: 'hubspot',
      workspace_id: workspaceId,
      email: contact.properties.email?.toUpperCase(),
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({
      kind: 'hubspot',
      found: true,
      served_from: 'live',
      expires_at: null,
      fields: {
        name: `${contact.properties.firstname} ${contact.properties.lastname}`,
        company: contact.properties.company,
        lifecycle_stage: contact.properties.lifecyclestage,
      },
    });
    // PII never leaves: no e-mail, phone or address in the snapshot.
    for (const key of ['email', 'phone', 'address']) expect(byEmail.body.fields).not.toHaveProperty(key);
    expect(JSON.stringify(byEmail.body)).not.toContain(contact.properties.phone ?? '@@');
    expect(byEmail.body.sources).toEqual([
      {
        url: `https://app.hubspot.com/contacts/${FAKE_HUBSPOT_PORTAL_ID}/record/0-1/${contact.id}`,
        label: `HubSpot contact ${contact.properties.firstname} ${contact.properties.lastname}`,
      },
    ]);
    expect(hubspot.requests.some((r) => r.method === 'POST' && r.path === '/crm/v3/objects/contacts/search')).toBe(
      true,
    );

    const byId = await post(user, 'relationship', { kind: 'hubspot', external_id: contact.id });
    expect(byId.body.fields).toEqual(byEmail.body.fields);
    expect(byId.body.sources).toEqual(byEmail.body.sources);

    const none = await post(user, 'relationship', { kind: 'hubspot', email: 'nobody@example.com' });
    expect(none.body).toMatchObject({ found: false, fields: {}, sources: [] });

    const bothOrNeither = await post(user, 'relationship', { kind: 'hubspot' });
    expect(bothOrNeither.status).toBe(400);

    // The token is stored only encrypted and never echoed or logged.
    const rows = await t.database.query('select * from connector_connections where workspace_id = $1', [workspaceId]);
    expect(JSON.stringify(rows)).not.toContain(HUBSPOT_TOKEN);
    expect(JSON.stringify((await post(user, 'integrations-status', {})).body)).not.toContain(HUBSPOT_TOKEN);
    expect(logs).not.toContain(HUBSPOT_TOKEN);
  });
});

describe('fetch records', () => {
  it.each([
    ['hubspot', () => hubspot.contacts.length, { accessToken: HUBSPOT_TOKEN }],
    ['jobber', () => jobber.clients.length, { accessToken: JOBBER_TOKEN }],
    ['shopify', () => shopify.customers.length, { shop: FAKE_SHOPIFY_SHOP, accessToken: SHOPIFY_TOKEN }],
  ] as const)("pages through every %s record with the app's own cursor", async (kind, total, credentials) => {
    const { workspaceId, ...user } = await signedIn();
    expect((await post(user, 'integrations-connect', { kind, credentials })).status).toBe(200);
    const ctx = ownerContext(t, user, workspaceId);
    const connector = CONNECTOR_REGISTRY.get(kind);
    if (!connector) throw new Error(kind);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await connector.fetchRecords(ctx, { limit: 12, cursor });
      seen.push(...page.records.map((r) => r.sources[0]?.url ?? ''));
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.length).toBe(total());
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(total() / 12));
  });
});

describe('Jobber', () => {
  it('speaks GraphQL with the version header, refuses a bad token and finds clients by e-mail and id', async () => {
    const user = await signedIn();
    const bad = await post(user, 'integrations-connect', { kind: 'jobber', credentials: { accessToken: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Jobber refused the credentials. Please check them and try again.');

    const ok = await post(user, 'integrations-connect', { kind: 'jobber', credentials: { accessToken: JOBBER_TOKEN } });
    expect(ok.status).toBe(200);
    expect(await statusOf(user, 'jobber')).toMatchObject({ status: 'connected', account: 'Buckeye Home Services' });
    expect(jobber.requests.every((r) => r.path === '/api/graphql' && r.method === 'POST')).toBe(true);
    expect(jobber.requests.every((r) => r.headers['x-jobber-graphql-version'] === '2025-01-20')).toBe(true);

    const client = jobber.clients[2];
    if (!client?.emails?.[0]) throw new Error('seed');
    const byEmail = await post(user, 'relationship', { kind: 'jobber', email: client.emails[0].address });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({
      found: true,
      fields: { name: client.name, balance: client.balance, is_company: client.isCompany },
      sources: [{ url: client.jobberWebUri, label: `Jobber client ${client.name}` }],
    });
    for (const key of ['email', 'phone', 'billing_address']) expect(byEmail.body.fields).not.toHaveProperty(key);

    const byId = await post(user, 'relationship', { kind: 'jobber', external_id: client.id });
    expect(byId.body.fields).toEqual(byEmail.body.fields);
    const unknown = await post(user, 'relationship', { kind: 'jobber', external_id: 'not an id!' });
    expect(unknown.body.found).toBe(false);
    expect(logs).not.toContain(JOBBER_TOKEN);
  });

  it('retries a throttled answer and then reads', async () => {
    const user = await signedIn();
    await post(user, 'integrations-connect', { kind: 'jobber', credentials: { accessToken: JOBBER_TOKEN } });
    jobber.requests.length = 0;
    jobber.failNext({ status: 429, retryAfter: '0' });
    const client = jobber.clients[0];
    const res = await post(user, 'relationship', { kind: 'jobber', external_id: client?.id });
    expect(res.status).toBe(200);
    expect(res.body.found).toBe(true);
    expect(jobber.requests.length).toBe(2);
  });
});

describe('Shopify', () => {
  it('refuses a bad token or shop, then finds customers by e-mail and id with their last order', async () => {
    const user = await signedIn();
    const bad = await post(user, 'integrations-connect', {
      kind: 'shopify',
      credentials: { shop: FAKE_SHOPIFY_SHOP, accessToken: 'shpat_wrong' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Shopify refused the credentials. Please check them and try again.');
    const badShop = await post(user, 'integrations-connect', {
      kind: 'shopify',
      credentials: { shop: 'not a shop!', accessToken: SHOPIFY_TOKEN },
    });
    expect(badShop.status).toBe(400);
    expect(badShop.body.error.message).toBe('Shopify did not accept the request. Please check what you entered.');

    shopify.requests.length = 0;
    const ok = await post(user, 'integrations-connect', {
      kind: 'shopify',
      credentials: { shop: `https://${FAKE_SHOPIFY_SHOP}.myshopify.com/`, accessToken: SHOPIFY_TOKEN },
    });
    expect(ok.status).toBe(200);
    expect(await statusOf(user, 'shopify')).toMatchObject({
      status: 'connected',
      account: `${FAKE_SHOPIFY_SHOP}.myshopify.com`,
    });
    expect(shopify.requests.every((r) => r.headers['x-shopify-access-token'] === SHOPIFY_TOKEN)).toBe(true);

    const customer = shopify.customers[3];
    if (!customer?.email) throw new Error('seed');
    const orders = shopify.orders.get(customer.id) ?? [];
    const latest = orders[orders.length - 1];
    const byEmail = await post(user, 'relationship', { kind: 'shopify', email: customer.email });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({
      found: true,
      fields: {
        name: `${customer.first_name} ${customer.last_name}`,
        orders_count: orders.length,
        total_spent: `${customer.total_spent} USD`,
        last_order: `${latest?.name} · ${latest?.total_price} USD · ${latest?.created_at.slice(0, 10)}`,
      },
      sources: [{ url: `https://admin.shopify.com/store/${FAKE_SHOPIFY_SHOP}/customers/${customer.id}` }],
    });
    for (const key of ['email', 'phone', 'default_address']) expect(byEmail.body.fields).not.toHaveProperty(key);
    const search = shopify.requests.find((r) => r.path.endsWith('/customers/search.json'));
    expect(search?.path).toBe('/admin/api/2024-10/customers/search.json');
    expect(search?.query.get('query')).toBe(`email:${customer.email}`);

    const byId = await post(user, 'relationship', { kind: 'shopify', external_id: String(customer.id) });
    expect(byId.body.fields).toEqual(byEmail.body.fields);
    expect((await post(user, 'relationship', { kind: 'shopify', external_id: '42' })).body.found).toBe(false);
    expect(logs).not.toContain(SHOPIFY_TOKEN);
  });

  it('marks the connection as error when the token is revoked', async () => {
    const user = await signedIn();
    await post(user, 'integrations-connect', {
      kind: 'shopify',
      credentials: { shop: FAKE_SHOPIFY_SHOP, accessToken: SHOPIFY_TOKEN },
    });
    shopify.failNext({ status: 401 });
    const res = await post(user, 'relationship', { kind: 'shopify', external_id: String(shopify.customers[0]?.id) });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe('Shopify refused the credentials. Please check them and try again.');
    expect(await statusOf(user, 'shopify')).toMatchObject({ status: 'error' });
  });
});

describe('Buildium and AppFolio', () => {
  it('connect through integrations-connect with the existing credential storage and find tenants', async () => {
    const user = await signedIn();
    const bad = await post(user, 'integrations-connect', {
      kind: 'buildium',
      credentials: { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: 'wrong', baseUrl: buildium.url },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid credentials. Please check your Client ID and Secret.');
    const ok = await post(user, 'integrations-connect', {
      kind: 'buildium',
      credentials: { clientId: FAKE_BUILDIUM_CLIENT_ID, secret: FAKE_BUILDIUM_SECRET, baseUrl: buildium.url },
    });
    expect(ok.status).toBe(200);
    expect((await statusOf(user, 'buildium')).status).toBe('connected');
    // The integrations feature's own view agrees (its consumers keep working).
    expect((await post(user, 'integrations-status', { provider: 'buildium' })).body.buildium.connected).toBe(true);

    const tenant = buildium.portfolio.tenants[4];
    if (!tenant) throw new Error('seed');
    const byEmail = await post(user, 'relationship', { kind: 'buildium', email: tenant.Email });
    expect(byEmail.body).toMatchObject({
      found: true,
      fields: { name: `${tenant.FirstName} ${tenant.LastName}` },
      sources: [{ url: `${buildium.url}/v1/leases/tenants/${tenant.Id}` }],
    });
    expect(byEmail.body.fields).not.toHaveProperty('email');
    const byId = await post(user, 'relationship', { kind: 'buildium', external_id: String(tenant.Id) });
    expect(byId.body.fields).toEqual(byEmail.body.fields);
    expect((await post(user, 'relationship', { kind: 'buildium', external_id: '1' })).body.found).toBe(false);

    const badFolio = await post(user, 'integrations-connect', {
      kind: 'appfolio',
      credentials: { host: appfolio.hostPort, clientId: FAKE_APPFOLIO_CLIENT_ID, secret: 'wrong' },
    });
    expect(badFolio.status).toBe(400);
    const folio = await post(user, 'integrations-connect', {
      kind: 'appfolio',
      credentials: { host: appfolio.hostPort, clientId: FAKE_APPFOLIO_CLIENT_ID, secret: FAKE_APPFOLIO_SECRET },
    });
    expect(folio.status).toBe(200);
    const row = appfolio.portfolio.tenant_directory[30];
    if (!row) throw new Error('seed');
    const folioByEmail = await post(user, 'relationship', { kind: 'appfolio', email: String(row.email) });
    expect(folioByEmail.body).toMatchObject({
      found: true,
      fields: { name: row.tenant, property: row.property_name, unit: row.unit },
    });
    expect(folioByEmail.body.fields).not.toHaveProperty('phone');
    const folioById = await post(user, 'relationship', { kind: 'appfolio', external_id: String(row.tenant_id) });
    expect(folioById.body.fields).toEqual(folioByEmail.body.fields);
  });
});

describe('fields and PII', () => {
  it('never enables a PII field, saves the others, and the snapshot follows them', async () => {
    const { workspaceId, ...user } = await signedIn();
    await post(user, 'integrations-connect', { kind: 'hubspot', credentials: { accessToken: HUBSPOT_TOKEN } });
    const get = await post(user, 'integrations-fields', { action: 'get', kind: 'hubspot', workspace_id: workspaceId });
    expect(get.status).toBe(200);
    const email = get.body.fields.find((f: any) => f.field_key === 'email');
    expect(email).toEqual({ field_key: 'email', label: 'E-mail', pii: true, enabled: false });
    expect(get.body.fields.find((f: any) => f.field_key === 'company')).toMatchObject({ pii: false, enabled: true });

    const refused = await post(user, 'integrations-fields', {
      action: 'update',
      kind: 'hubspot',
      updates: [
        { field_key: 'company', enabled: false },
        { field_key: 'email', enabled: true },
        { field_key: 'phone', enabled: true },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'connector_pii_field',
      message: 'PII fields cannot be enabled: E-mail, Phone.',
    });
    // Nothing of the refused update was saved.
    const after = await post(user, 'integrations-fields', { action: 'get', kind: 'hubspot' });
    expect(after.body).toEqual(get.body);

    const unknown = await post(user, 'integrations-fields', {
      action: 'update',
      kind: 'hubspot',
      updates: [{ field_key: 'ssn', enabled: false }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Unknown field: ssn.');

    const saved = await post(user, 'integrations-fields', {
      action: 'update',
      kind: 'hubspot',
      updates: [
        { field_key: 'company', enabled: false },
        { field_key: 'email', enabled: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.fields.find((f: any) => f.field_key === 'company').enabled).toBe(false);
    const contact = hubspot.contacts[1];
    const snap = await post(user, 'relationship', { kind: 'hubspot', external_id: contact?.id });
    expect(snap.body.fields).not.toHaveProperty('company');
    expect(snap.body.fields).toHaveProperty('job_title');

    // Employees may read the fields but not change them.
    const employee = await member(workspaceId, 'MEMBER');
    expect((await post(employee, 'integrations-fields', { action: 'get', kind: 'hubspot' })).status).toBe(200);
    const denied = await post(employee, 'integrations-fields', {
      action: 'update',
      kind: 'hubspot',
      updates: [{ field_key: 'company', enabled: true }],
    });
    expect(denied.status).toBe(403);
    expect((await post(employee, 'integrations-connect', { kind: 'jobber', credentials: {} })).status).toBe(403);
  });
});

describe('fact-cache-policy', () => {
  it('defaults to pointer, validates the TTL, and in facts mode serves stored facts until they expire', async () => {
    const { workspaceId, ...user } = await signedIn();
    await post(user, 'integrations-connect', { kind: 'hubspot', credentials: { accessToken: HUBSPOT_TOKEN } });
    expect((await post(user, 'fact-cache-policy', { kind: 'hubspot' })).body).toEqual({
      mode: 'pointer',
      ttl_seconds: 3600,
    });
    for (const body of [
      { kind: 'hubspot', mode: 'facts', ttl_seconds: 60 },
      { kind: 'hubspot', mode: 'facts', ttl_seconds: 2_592_001 },
      { kind: 'hubspot', mode: 'pointer', ttl_seconds: 7200 },
      { kind: 'hubspot', mode: 'other' },
    ]) {
      const res = await post(user, 'fact-cache-policy', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    hubspot.requests.length = 0;
    const contact = hubspot.contacts[7];
    const lookup = () => post(user, 'relationship', { kind: 'hubspot', email: contact?.properties.email });
    const upstreamCalls = () => hubspot.requests.filter((r) => r.path.startsWith('/crm/v3/objects/contacts')).length;

    // Pointer: live every time, nothing stored.
    await lookup();
    await lookup();
    expect(upstreamCalls()).toBe(2);
    const none = await t.database.query('select count(*)::int as n from connector_facts where workspace_id = $1', [
      workspaceId,
    ]);
    expect(none[0]?.n).toBe(0);

    const set = await post(user, 'fact-cache-policy', { kind: 'hubspot', mode: 'facts', ttl_seconds: 7200 });
    expect(set.body).toEqual({ mode: 'facts', ttl_seconds: 7200 });
    expect((await post(user, 'fact-cache-policy', { kind: 'hubspot' })).body).toEqual(set.body);

    const first = await lookup();
    expect(first.body.served_from).toBe('live');
    const expires = Date.parse(first.body.expires_at);
    expect(Math.abs(expires - (Date.now() + 7200 * 1000))).toBeLessThan(60_000);
    expect(upstreamCalls()).toBe(3);
    const second = await lookup();
    expect(second.body).toMatchObject({ served_from: 'facts', fields: first.body.fields, sources: first.body.sources });
    expect(upstreamCalls()).toBe(3);

    // Only enabled, non-PII fields were stored, and not the e-mail that was looked up.
    const [stored] = await t.database.query<{ facts: Record<string, unknown>; subject_hash: string }>(
      'select facts, subject_hash from connector_facts where workspace_id = $1',
      [workspaceId],
    );
    expect(Object.keys(stored?.facts ?? {}).sort()).toEqual(Object.keys(first.body.fields).sort());
    expect(JSON.stringify(stored)).not.toContain(contact?.properties.email ?? '@@');
    expect(JSON.stringify(stored)).not.toContain(contact?.properties.phone ?? '@@');

    // Once expired, the next lookup reads the app again and stores fresh facts.
    await t.database.query(
      "update connector_facts set expires_at = now() - interval '1 second' where workspace_id = $1",
      [workspaceId],
    );
    const third = await lookup();
    expect(third.body.served_from).toBe('live');
    expect(upstreamCalls()).toBe(4);
    expect((await lookup()).body.served_from).toBe('facts');

    // Back to pointer: stored facts are dropped and lookups are live again.
    await post(user, 'fact-cache-policy', { kind: 'hubspot', mode: 'pointer' });
    expect((await lookup()).body.served_from).toBe('live');
    const left = await t.database.query('select count(*)::int as n from connector_facts where workspace_id = $1', [
      workspaceId,
    ]);
    expect(left[0]?.n).toBe(0);
  });
});

describe('tenant scope', () => {
  it("keeps one workspace's connector, fields, policy and facts away from another", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await post(a, 'integrations-connect', { kind: 'hubspot', credentials: { accessToken: HUBSPOT_TOKEN } });
    await post(a, 'fact-cache-policy', { kind: 'hubspot', mode: 'facts', ttl_seconds: 86_400 });
    await post(a, 'integrations-fields', {
      action: 'update',
      kind: 'hubspot',
      updates: [{ field_key: 'company', enabled: false }],
    });
    const contact = hubspot.contacts[9];
    expect((await post(a, 'relationship', { kind: 'hubspot', external_id: contact?.id })).body.found).toBe(true);

    expect((await statusOf(b, 'hubspot')).status).toBe('disconnected');
    const lookup = await post(b, 'relationship', { kind: 'hubspot', external_id: contact?.id });
    expect(lookup.status).toBe(409);
    expect(lookup.body.error).toEqual({ code: 'connector_not_connected', message: 'HubSpot is not connected.' });
    expect((await post(b, 'fact-cache-policy', { kind: 'hubspot' })).body.mode).toBe('pointer');
    const fields = await post(b, 'integrations-fields', { action: 'get', kind: 'hubspot' });
    expect(fields.body.fields.find((f: any) => f.field_key === 'company').enabled).toBe(true);

    // Naming the other workspace is refused outright.
    for (const name of ['relationship', 'integrations-fields', 'fact-cache-policy', 'integrations-connect'] as const) {
      const res = await post(b, name, {
        kind: 'hubspot',
        workspace_id: a.workspaceId,
        external_id: contact?.id,
        action: 'get',
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect([400, 403]).toContain(res.status);
    }
    const named = await post(b, 'relationship', {
      kind: 'hubspot',
      workspace_id: a.workspaceId,
      external_id: contact?.id,
    });
    expect(named.status).toBe(403);

    // Row-level security is the second wall: unfiltered reads in B's scope see none of A's rows.
    const seenByB = await withTenant(t.database, { workspaceId: b.workspaceId, userId: b.id }, async (tx) => ({
      connections: await tx.select().from(connectorConnections),
      facts: await tx.select().from(connectorFacts),
      fields: await tx.select().from(connectorFields),
      policies: await tx.select().from(connectorCachePolicies),
    }));
    expect(seenByB).toEqual({ connections: [], facts: [], fields: [], policies: [] });
    const seenByA = await withTenant(t.database, { workspaceId: a.workspaceId, userId: a.id }, (tx) =>
      tx.select().from(connectorFacts),
    );
    expect(seenByA.length).toBe(1);

    // B connecting its own account does not reach A's stored facts.
    await post(b, 'integrations-connect', { kind: 'hubspot', credentials: { accessToken: HUBSPOT_TOKEN } });
    const own = await post(b, 'relationship', { kind: 'hubspot', external_id: contact?.id });
    expect(own.body.served_from).toBe('live');
    expect(own.body.fields).toHaveProperty('company');
  });
});

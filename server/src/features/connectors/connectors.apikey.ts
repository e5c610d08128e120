import { connectorTexts } from '@helixis/contract';
import { type HubspotClient as Hubspot, HubspotClient, type HubspotContact } from '../../integrations/hubspot/client';
import { JobberApiClient, type JobberClient } from '../../integrations/jobber/client';
import { ShopifyClient, type ShopifyCustomer, shopHandle } from '../../integrations/shopify/client';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import {
  connectorSecretContext,
  type FoundRecord,
  type Lookup,
  type RecordPage,
  upstreamAppError,
  upstreamMessage,
  type WorkingConnector,
} from './connector';
import { catalogEntry } from './connectors.catalog';
import * as repo from './connectors.repo';

/**
 * Connectors whose credentials Helixis keeps itself (connector_connections): HubSpot, Jobber and
 * Shopify. The credentials are verified against the app before they are stored, encrypted, and
 * decrypted only in memory for a call.
 */

const TIMEOUT_MS = 15_000;

interface ApiKeyAdapter<C> {
  kind: string;
  /** Builds a client; throws a plain Error when an entered value cannot be used (→ payload_invalid). */
  client(ctx: WorkspaceContext, credentials: Record<string, string>): C;
  /** A cheap authenticated read; returns the non-secret account hint and settings to keep. */
  verify(client: C): Promise<{ account: string; settings: Record<string, string> }>;
  lookup(client: C, settings: Record<string, string>, query: Lookup): Promise<FoundRecord[]>;
  fetchRecords(
    client: C,
    settings: Record<string, string>,
    options: { limit: number; cursor?: string },
  ): Promise<RecordPage>;
}

function nameOf(kind: string): string {
  return catalogEntry(kind)?.name ?? kind;
}

function invalidInput(): UpstreamError {
  return new UpstreamError('payload_invalid', 'unusable input', {
    status: 0,
    path: '',
    traceId: newTraceId(),
    attempts: 0,
  });
}

function apiKeyConnector<C>(adapter: ApiKeyAdapter<C>): WorkingConnector {
  const name = nameOf(adapter.kind);
  const fieldsOf = () => catalogEntry(adapter.kind)?.credential_fields ?? [];

  async function session(ctx: WorkspaceContext) {
    const row = await ctx.tenant((tx) => repo.findConnection(tx, ctx.workspace.id, adapter.kind));
    if (!row) throw new AppError('connector_not_connected', { userMessage: connectorTexts.notConnected(name) });
    const credentials = JSON.parse(
      decryptSecret(
        ctx.deps.config.encryptionKey,
        row.secretEncrypted,
        connectorSecretContext(ctx.workspace.id, adapter.kind),
      ),
    ) as Record<string, string>;
    return { client: adapter.client(ctx, credentials), settings: row.settings, row };
  }

  /** Runs a read; an auth failure marks the connection as error, any failure becomes an AppError. */
  async function reading<T>(
    ctx: WorkspaceContext,
    fn: (c: Awaited<ReturnType<typeof session>>) => Promise<T>,
  ): Promise<T> {
    const s = await session(ctx);
    try {
      const result = await fn(s);
      if (s.row.status !== 'connected')
        await ctx.tenant((tx) => repo.markConnected(tx, ctx.workspace.id, adapter.kind));
      return result;
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      ctx.log.warn(
        { kind: adapter.kind, code: err.code, status: err.status, path: err.path, traceId: err.traceId },
        'connector read failed',
      );
      if (err.code === 'auth_invalid' || err.code === 'insufficient_scope') {
        await ctx.tenant((tx) => repo.markError(tx, ctx.workspace.id, adapter.kind, upstreamMessage(name, err.code)));
      }
      throw upstreamAppError(name, err, 'read');
    }
  }

  return {
    kind: adapter.kind,
    async connect(ctx, given) {
      const fields = fieldsOf();
      const credentials: Record<string, string> = {};
      for (const field of fields) credentials[field.key] = (given[field.key] ?? '').trim();
      const missing = fields.filter((field) => !credentials[field.key]);
      if (missing.length) {
        throw new AppError('validation_failed', {
          userMessage: connectorTexts.missingCredentials(missing.map((m) => m.label).join(', ')),
        });
      }
      let verified: { account: string; settings: Record<string, string> };
      try {
        let client: C;
        try {
          client = adapter.client(ctx, credentials);
        } catch {
          throw invalidInput();
        }
        verified = await adapter.verify(client);
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        // Code, status, path and trace id only: never the credentials.
        ctx.log.warn(
          { kind: adapter.kind, code: err.code, status: err.status, path: err.path, traceId: err.traceId },
          'connector connect failed',
        );
        throw upstreamAppError(name, err, 'connect');
      }
      const secretEncrypted = encryptSecret(
        ctx.deps.config.encryptionKey,
        JSON.stringify(credentials),
        connectorSecretContext(ctx.workspace.id, adapter.kind),
      );
      await ctx.tenant((tx) =>
        repo.saveConnection(tx, ctx.workspace.id, {
          kind: adapter.kind,
          secretEncrypted,
          account: verified.account,
          settings: verified.settings,
          connectedBy: ctx.user.id || null,
        }),
      );
      ctx.log.info({ kind: adapter.kind, account: verified.account }, 'connector connected');
      return { kind: adapter.kind, authUrl: null, status: 'connected' };
    },
    async disconnect(ctx) {
      await ctx.tenant((tx) => repo.deleteConnection(tx, ctx.workspace.id, adapter.kind));
    },
    lookup: (ctx, query) => reading(ctx, (s) => adapter.lookup(s.client, s.settings, query)),
    fetchRecords: (ctx, options) => reading(ctx, (s) => adapter.fetchRecords(s.client, s.settings, options)),
  };
}

const joinName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ') || null;

// ── HubSpot ─────────────────────────────────────────────────────────────────────────────────────

function hubspotRecord(contact: HubspotContact, settings: Record<string, string>): FoundRecord {
  const p = contact.properties;
  const name = joinName(p.firstname, p.lastname);
  return {
    fields: {
      name,
      company: p.company ?? null,
      job_title: p.jobtitle ?? null,
      lifecycle_stage: p.lifecyclestage ?? null,
      lead_status: p.hs_lead_status ?? null,
      created_at: p.createdate ?? contact.createdAt ?? null,
      email: p.email ?? null,
      phone: p.phone ?? null,
      address: joinName(p.address, p.city),
    },
    sources: [
      {
        url: `https://${settings.uiDomain ?? 'app.hubspot.com'}/contacts/${settings.portalId}/record/0-1/${contact.id}`,
        label: `HubSpot contact ${name ?? contact.id}`,
      },
    ],
  };
}

export const hubspotConnector = apiKeyConnector<Hubspot>({
  kind: 'hubspot',
  client: (ctx, c) =>
    new HubspotClient({
      baseUrl: ctx.deps.config.connectors.hubspotBaseUrl,
      token: c.accessToken ?? '',
      config: ctx.deps.config,
      timeoutMs: TIMEOUT_MS,
    }),
  async verify(client) {
    const details = await client.accountDetails();
    // The token must also read contacts (scope crm.objects.contacts.read).
    await client.listContacts(1);
    return {
      account: `Portal ${details.portalId}`,
      settings: { portalId: String(details.portalId), uiDomain: details.uiDomain },
    };
  },
  async lookup(client, settings, query) {
    const contacts =
      'email' in query
        ? await client.searchByEmail(query.email)
        : [await client.getContact(query.externalId)].filter((c) => c !== null);
    return contacts.map((c) => hubspotRecord(c, settings));
  },
  async fetchRecords(client, settings, { limit, cursor }) {
    const page = await client.listContacts(limit, cursor);
    return { records: page.results.map((c) => hubspotRecord(c, settings)), next: page.after };
  },
});

// ── Jobber ──────────────────────────────────────────────────────────────────────────────────────

function jobberRecord(c: JobberClient): FoundRecord {
  const primary = <T extends { primary?: boolean | null }>(list: T[] | undefined) =>
    list?.find((x) => x.primary) ?? list?.[0];
  const a = c.billingAddress;
  const name = c.name ?? joinName(c.firstName, c.lastName);
  return {
    fields: {
      name,
      company_name: c.companyName ?? null,
      is_company: c.isCompany ?? null,
      balance: c.balance ?? null,
      email: primary(c.emails)?.address ?? null,
      phone: primary(c.phones)?.number ?? null,
      billing_address: a ? joinName(a.street, a.city, a.province, a.postalCode) : null,
    },
    sources: [
      { url: c.jobberWebUri ?? 'https://secure.getjobber.com/clients', label: `Jobber client ${name ?? c.id}` },
    ],
  };
}

export const jobberConnector = apiKeyConnector<JobberApiClient>({
  kind: 'jobber',
  client: (ctx, c) =>
    new JobberApiClient({
      baseUrl: ctx.deps.config.connectors.jobberBaseUrl,
      token: c.accessToken ?? '',
      config: ctx.deps.config,
      timeoutMs: TIMEOUT_MS,
    }),
  async verify(client) {
    const account = await client.account();
    return { account: account.name, settings: { accountId: account.id } };
  },
  async lookup(client, _settings, query) {
    if ('email' in query) return (await client.clientsByEmail(query.email)).map(jobberRecord);
    try {
      const found = await client.client(query.externalId);
      return found ? [jobberRecord(found)] : [];
    } catch (err) {
      // Jobber answers a malformed id with a GraphQL input error: no such client.
      if (err instanceof UpstreamError && err.code === 'payload_invalid') return [];
      throw err;
    }
  },
  async fetchRecords(client, _settings, { limit, cursor }) {
    const page = await client.clients(Math.min(100, limit), undefined, cursor);
    return { records: page.nodes.map(jobberRecord), next: page.after };
  },
});

// ── Shopify ─────────────────────────────────────────────────────────────────────────────────────

function shopifyRecord(client: ShopifyClient, c: ShopifyCustomer, lastOrder: string | null): FoundRecord {
  const name = joinName(c.first_name, c.last_name);
  const a = c.default_address;
  return {
    fields: {
      name,
      account_state: c.state ?? null,
      orders_count: c.orders_count ?? null,
      total_spent: c.total_spent !== undefined ? `${c.total_spent} ${c.currency ?? ''}`.trim() : null,
      last_order: lastOrder,
      tags: c.tags || null,
      customer_since: c.created_at?.slice(0, 10) ?? null,
      email: c.email,
      phone: c.phone,
      default_address: a ? joinName(a.address1, a.city, a.province_code, a.zip) : null,
    },
    sources: [
      {
        url: `https://admin.shopify.com/store/${client.shop}/customers/${c.id}`,
        label: `Shopify customer ${name ?? c.id}`,
      },
    ],
  };
}

async function withLastOrder(client: ShopifyClient, c: ShopifyCustomer): Promise<FoundRecord> {
  const [order] = await client.recentOrders(c.id, 1);
  const last = order
    ? `${order.name} · ${order.total_price} ${order.currency} · ${order.created_at.slice(0, 10)}`
    : null;
  return shopifyRecord(client, c, last);
}

export const shopifyConnector = apiKeyConnector<ShopifyClient>({
  kind: 'shopify',
  client: (ctx, c) => {
    if (!shopHandle(c.shop ?? '')) throw new Error('not a shop');
    return new ShopifyClient({
      originTemplate: ctx.deps.config.connectors.shopifyOriginTemplate,
      shop: c.shop ?? '',
      token: c.accessToken ?? '',
      config: ctx.deps.config,
      timeoutMs: TIMEOUT_MS,
    });
  },
  async verify(client) {
    const shop = await client.shopInfo();
    return { account: shop.myshopify_domain || `${client.shop}.myshopify.com`, settings: { shop: client.shop } };
  },
  async lookup(client, _settings, query) {
    const customers =
      'email' in query
        ? await client.searchByEmail(query.email)
        : [await client.customer(query.externalId)].filter((c) => c !== null);
    const out: FoundRecord[] = [];
    for (const c of customers.slice(0, 5)) out.push(await withLastOrder(client, c));
    return out;
  },
  async fetchRecords(client, _settings, { limit, cursor }) {
    const page = await client.listCustomers(limit, cursor);
    return { records: page.customers.map((c) => shopifyRecord(client, c, null)), next: page.next };
  },
});

import { connectorTexts } from '@helixis/contract';
import { AppfolioClient } from '../../integrations/appfolio/client';
import type { BuildiumClient } from '../../integrations/buildium/client';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { appfolioConnect, buildiumConnect, clientFor, loadCredentials } from '../integrations';
import { type FoundRecord, type Lookup, type RecordPage, upstreamAppError, type WorkingConnector } from './connector';

/**
 * Buildium and AppFolio as connectors: connecting and the stored credentials are the integrations
 * feature's (buildium-connect / appfolio-connect, integration_connections); this adds the tenant lookup.
 */

type PropertyKind = 'buildium' | 'appfolio';

/** A tenant of Buildium's /v1/leases/tenants (PascalCase, as the API sends it). */
interface BuildiumTenant {
  Id: number;
  FirstName?: string;
  LastName?: string;
  Email?: string;
  PhoneNumbers?: { Number: string; Type?: string }[];
}
const NAME: Record<PropertyKind, string> = { buildium: 'Buildium', appfolio: 'AppFolio' };

async function propertyClient(ctx: WorkspaceContext, kind: PropertyKind) {
  const creds = await loadCredentials(ctx, kind);
  if (!creds) throw new AppError('connector_not_connected', { userMessage: connectorTexts.notConnected(NAME[kind]) });
  return clientFor(ctx, creds);
}

async function reading<T>(ctx: WorkspaceContext, kind: PropertyKind, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.log.warn(
      { kind, code: err.code, status: err.status, path: err.path, traceId: err.traceId },
      'connector read failed',
    );
    throw upstreamAppError(NAME[kind], err, 'read');
  }
}

function refused(message: string, code: string | null, traceId: string | null): AppError {
  return new AppError('connector_connect_failed', {
    userMessage: message,
    details: { error_code: code, trace_id: traceId },
  });
}

// ── Buildium ────────────────────────────────────────────────────────────────────────────────────

function buildiumRecord(client: BuildiumClient, t: BuildiumTenant): FoundRecord {
  const name = [t.FirstName, t.LastName].filter(Boolean).join(' ') || null;
  return {
    fields: { name, email: t.Email ?? null, phone: t.PhoneNumbers?.[0]?.Number ?? null },
    sources: [{ url: `${client.baseUrl}/v1/leases/tenants/${t.Id}`, label: `Buildium tenant ${name ?? t.Id}` }],
  };
}

async function buildiumLookup(client: BuildiumClient, query: Lookup): Promise<FoundRecord[]> {
  if ('email' in query) {
    const { rows } = await client.sample<BuildiumTenant>('/v1/leases/tenants', 50, { email: query.email });
    const wanted = query.email.toLowerCase();
    return rows.filter((t) => t.Email?.toLowerCase() === wanted).map((t) => buildiumRecord(client, t));
  }
  if (!/^\d{1,12}$/.test(query.externalId)) return [];
  try {
    const response = await client.get(`/v1/leases/tenants/${query.externalId}`);
    return [buildiumRecord(client, response.json as BuildiumTenant)];
  } catch (err) {
    if (err instanceof UpstreamError && err.code === 'endpoint_404') return [];
    throw err;
  }
}

export const buildiumConnector: WorkingConnector = {
  kind: 'buildium',
  async connect(ctx, credentials) {
    const result = await buildiumConnect({
      ctx,
      input: { clientId: credentials.clientId, secret: credentials.secret, baseUrl: credentials.baseUrl || undefined },
    });
    if (!result.ok) throw refused(result.message, result.error_code, result.trace_id);
    return { kind: 'buildium', authUrl: null, status: 'connected' };
  },
  async disconnect() {
    throw new AppError('validation_failed', { userMessage: 'Disconnect Buildium on its settings page.' });
  },
  async lookup(ctx, query) {
    const client = (await propertyClient(ctx, 'buildium')) as BuildiumClient;
    return reading(ctx, 'buildium', () => buildiumLookup(client, query));
  },
  async fetchRecords(ctx, { limit, cursor }) {
    const client = (await propertyClient(ctx, 'buildium')) as BuildiumClient;
    const offset = Number(cursor ?? 0);
    return reading(ctx, 'buildium', async (): Promise<RecordPage> => {
      const response = await client.get('/v1/leases/tenants', { limit, offset });
      const rows = response.json as BuildiumTenant[];
      const total = Number(response.headers['x-total-count'] ?? rows.length);
      return {
        records: rows.map((t) => buildiumRecord(client, t)),
        next: offset + rows.length < total ? String(offset + rows.length) : null,
      };
    });
  },
};

// ── AppFolio ────────────────────────────────────────────────────────────────────────────────────

type TenantRow = Record<string, string | number | null>;

function appfolioRecord(client: AppfolioClient, row: TenantRow): FoundRecord {
  const name = row.tenant === null || row.tenant === undefined ? null : String(row.tenant);
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    fields: {
      name,
      property: str(row.property_name),
      unit: str(row.unit),
      status: str(row.status ?? row.tenant_status),
      email: str(row.email),
      phone: str(row.phone_numbers),
    },
    sources: [
      {
        url: `${client.origin}/api/v2/reports/tenant_directory.json#tenant_id=${row.tenant_id}`,
        label: `AppFolio tenant directory: ${name ?? row.tenant_id}`,
      },
    ],
  };
}

export const appfolioConnector: WorkingConnector = {
  kind: 'appfolio',
  async connect(ctx, credentials) {
    const result = await appfolioConnect({
      ctx,
      input: { clientId: credentials.clientId, secret: credentials.secret, host: credentials.host },
    });
    if (!result.success)
      throw refused(result.error ?? connectorTexts.connectFailed, result.error_code, result.trace_id);
    return { kind: 'appfolio', authUrl: null, status: 'connected' };
  },
  async disconnect() {
    throw new AppError('validation_failed', { userMessage: 'Disconnect AppFolio on its settings page.' });
  },
  async lookup(ctx, query) {
    const client = await propertyClient(ctx, 'appfolio');
    if (!(client instanceof AppfolioClient)) throw new Error('AppFolio credentials gave another client');
    return reading(ctx, 'appfolio', async () => {
      const rows = await client.report<TenantRow>('tenant_directory', { property_visibility: 'all' }, newTraceId());
      const match =
        'email' in query
          ? (r: TenantRow) => String(r.email ?? '').toLowerCase() === query.email.toLowerCase()
          : (r: TenantRow) => String(r.tenant_id ?? '') === query.externalId;
      return rows.filter(match).map((r) => appfolioRecord(client, r));
    });
  },
  async fetchRecords(ctx, { limit, cursor }) {
    const client = await propertyClient(ctx, 'appfolio');
    if (!(client instanceof AppfolioClient)) throw new Error('AppFolio credentials gave another client');
    const offset = Number(cursor ?? 0);
    return reading(ctx, 'appfolio', async () => {
      const rows = await client.report<TenantRow>('tenant_directory');
      const page = rows.slice(offset, offset + limit);
      return {
        records: page.map((r) => appfolioRecord(client, r)),
        next: offset + page.length < rows.length ? String(offset + page.length) : null,
      };
    });
  },
};

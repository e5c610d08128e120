import { newTraceId } from '../../integrations/upstream';
import type { PropertySession, PropertySystem, TenantQuery, TenantRecord } from '../property-system';
import { AppfolioClient, type AppfolioReport, appfolioOrigin } from './client';
import { fetchAppfolioKpis } from './kpis';

/** AppFolio Reports API v2: HTTP Basic with the Reports API client id and secret, on the customer's host. */

const UPSTREAM_TIMEOUT_MS = 60_000;
const reportPath = (report: AppfolioReport) => `/api/v2/reports/${report}.json`;

type TenantRow = Record<string, string | number | null>;

function tenantRecord(client: AppfolioClient, row: TenantRow): TenantRecord {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const name = str(row.tenant);
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
        url: `${client.origin}${reportPath('tenant_directory')}#tenant_id=${row.tenant_id}`,
        label: `AppFolio tenant directory: ${name ?? row.tenant_id}`,
      },
    ],
  };
}

function tenantMatch(query: TenantQuery): (row: TenantRow) => boolean {
  return 'email' in query
    ? (r) => String(r.email ?? '').toLowerCase() === query.email.toLowerCase()
    : (r) => String(r.tenant_id ?? '') === query.externalId;
}

function session(client: AppfolioClient): PropertySession {
  return {
    async probe() {
      await client.report('property_directory');
      return 1;
    },
    kpis: () => fetchAppfolioKpis(client),
    async properties() {
      const rows = await client.report<{ property_city?: string; property_state?: string; units?: number | string }>(
        'property_directory',
      );
      return rows.map((r) => ({
        city: [r.property_city, r.property_state].filter(Boolean).join(', '),
        units: Number(r.units ?? 0),
      }));
    },
    async findTenants(query) {
      const rows = await client.report<TenantRow>('tenant_directory', { property_visibility: 'all' }, newTraceId());
      return rows.filter(tenantMatch(query)).map((r) => tenantRecord(client, r));
    },
    async tenantPage(limit, offset) {
      const rows = await client.report<TenantRow>('tenant_directory');
      const page = rows.slice(offset, offset + limit);
      return {
        records: page.map((r) => tenantRecord(client, r)),
        next: offset + page.length < rows.length ? offset + page.length : null,
      };
    },
    async sample(path) {
      const report = REPORTS.find((r) => reportPath(r.report) === path);
      if (!report) throw new Error(`not a report of the test panel: ${path}`);
      const rows = await client.report(report.report);
      return { rows: rows.slice(0, 3), total: rows.length, traceId: null };
    },
  };
}

const REPORTS: readonly { name: string; report: AppfolioReport }[] = [
  { name: 'Property directory', report: 'property_directory' },
  { name: 'Rent roll', report: 'rent_roll' },
  { name: 'Tenant directory', report: 'tenant_directory' },
  { name: 'Work orders', report: 'work_order' },
  { name: 'Delinquency', report: 'delinquency' },
];

export const appfolioSystem: PropertySystem = {
  provider: 'appfolio',
  catalog: {
    blurb: 'Tenant directory and rent roll through the AppFolio Reports API.',
    credential_fields: [
      { key: 'host', label: 'API host', secret: false, placeholder: 'yourcompany.appfolio.com' },
      { key: 'clientId', label: 'Client ID', secret: false, placeholder: 'Reports API client ID' },
      { key: 'secret', label: 'Secret', secret: true, placeholder: 'Reports API client secret' },
    ],
    fields: [
      { field_key: 'name', label: 'Tenant name', pii: false },
      { field_key: 'property', label: 'Property', pii: false },
      { field_key: 'unit', label: 'Unit', pii: false },
      { field_key: 'status', label: 'Tenant status', pii: false },
      { field_key: 'email', label: 'E-mail', pii: true },
      { field_key: 'phone', label: 'Phone', pii: true },
    ],
  },
  endpoint: 'required',
  probePath: reportPath('property_directory'),
  chooseEndpoint(typed, env) {
    const host = typed.replace(/\/+$/, '');
    try {
      appfolioOrigin(host, env.trustedUpstreams);
      return { ok: true, stored: host };
    } catch {
      return { ok: false, code: 'payload_invalid' };
    }
  },
  open(credentials, env) {
    return session(
      new AppfolioClient({
        host: credentials.baseUrl ?? '',
        clientId: credentials.clientId,
        clientSecret: credentials.secret,
        config: env,
        timeoutMs: UPSTREAM_TIMEOUT_MS,
      }),
    );
  },
  testPanel: {
    resources: REPORTS.map((r) => ({ name: r.name, path: reportPath(r.report) })),
    sampleFields: ['property_id', 'property_name', 'unit', 'status', 'work_order_number', 'amount_receivable'],
  },
};

import { connectErrorMessage } from '@helixis/contract';
import { newTraceId, UpstreamError } from '../../integrations/upstream';
import type {
  EndpointChoice,
  PropertyEnv,
  PropertySession,
  PropertySystem,
  TenantQuery,
  TenantRecord,
} from '../property-system';
import { BUILDIUM_PRODUCTION_URL, BuildiumClient, type BuildiumRental, normaliseBuildiumBaseUrl } from './client';
import { fetchBuildiumKpis } from './kpis';

/** Buildium Open API: client id and secret headers, an optional Base URL (production by default). */

const UPSTREAM_TIMEOUT_MS = 15_000;
const PROBE_PATH = '/v1/rentals';

/** The API host used when a connection names none (HELIXIS_BUILDIUM_BASE_URL), or null when unusable. */
export function defaultBuildiumBaseUrl(env: Pick<PropertyEnv, 'propertyBaseUrls'>): string | null {
  const value = env.propertyBaseUrls.buildium ?? BUILDIUM_PRODUCTION_URL;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? normaliseBuildiumBaseUrl(value) : null;
  } catch {
    return null;
  }
}

/**
 * The Base URL or API Host as entered (a host without scheme gets https), or null when it is not one.
 * Plain http is accepted only for a trusted upstream (the local fakes): credentials never cross the
 * internet unencrypted.
 */
export function parseBuildiumBaseUrl(value: string, trustedUpstreams: readonly string[]): string | null {
  const text = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(text);
    if (url.username || url.password) return null;
    if (url.protocol === 'http:' && !trustedUpstreams.includes(`${url.hostname}:${url.port || '80'}`)) return null;
    return normaliseBuildiumBaseUrl(text);
  } catch {
    return null;
  }
}

/** Why parseBuildiumBaseUrl refused a Base URL, in the owner's words (the connect result names the cause). */
function baseUrlProblem(value: string): string {
  const text = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(text);
    if (url.username || url.password) return 'The Base URL must not contain a user name or password.';
    if (url.protocol === 'http:') {
      return 'The Base URL must start with https:// — your credentials are never sent over plain http.';
    }
  } catch {
    // falls through
  }
  return 'The Base URL is not a valid web address (for example https://api.buildium.com).';
}

/** A tenant of Buildium's /v1/leases/tenants (PascalCase, as the API sends it). */
interface BuildiumTenant {
  Id: number;
  FirstName?: string;
  LastName?: string;
  Email?: string;
  PhoneNumbers?: { Number: string; Type?: string }[];
}

function tenantRecord(client: BuildiumClient, t: BuildiumTenant): TenantRecord {
  const name = [t.FirstName, t.LastName].filter(Boolean).join(' ') || null;
  return {
    fields: { name, email: t.Email ?? null, phone: t.PhoneNumbers?.[0]?.Number ?? null },
    sources: [{ url: `${client.baseUrl}/v1/leases/tenants/${t.Id}`, label: `Buildium tenant ${name ?? t.Id}` }],
  };
}

async function findTenants(client: BuildiumClient, query: TenantQuery): Promise<TenantRecord[]> {
  if ('email' in query) {
    const { rows } = await client.sample<BuildiumTenant>('/v1/leases/tenants', 50, { email: query.email });
    const wanted = query.email.toLowerCase();
    return rows.filter((t) => t.Email?.toLowerCase() === wanted).map((t) => tenantRecord(client, t));
  }
  if (!/^\d{1,12}$/.test(query.externalId)) return [];
  try {
    const response = await client.get(`/v1/leases/tenants/${query.externalId}`);
    return [tenantRecord(client, response.json as BuildiumTenant)];
  } catch (err) {
    if (err instanceof UpstreamError && err.code === 'endpoint_404') return [];
    throw err;
  }
}

/** A cheap authenticated read proving the key works; an associations-only key is refused on rentals. */
export async function probeBuildium(client: BuildiumClient): Promise<number> {
  const traceId = newTraceId();
  try {
    await client.count(PROBE_PATH, {}, traceId);
    return 1;
  } catch (err) {
    if (!(err instanceof UpstreamError) || err.code !== 'insufficient_scope') throw err;
    await client.count('/v1/associations', {}, traceId);
    return err.details.attempts + 1;
  }
}

function session(client: BuildiumClient): PropertySession {
  return {
    probe: () => probeBuildium(client),
    kpis: () => fetchBuildiumKpis(client),
    async properties() {
      const rentals = await client.listAll<BuildiumRental>('/v1/rentals', { status: 'Active' });
      return rentals.map((r) => ({
        city: [r.Address?.City, r.Address?.State].filter(Boolean).join(', '),
        units: r.NumberUnits ?? 0,
      }));
    },
    findTenants: (query) => findTenants(client, query),
    async tenantPage(limit, offset) {
      const response = await client.get('/v1/leases/tenants', { limit, offset });
      const rows = response.json as BuildiumTenant[];
      const total = Number(response.headers['x-total-count'] ?? rows.length);
      return {
        records: rows.map((t) => tenantRecord(client, t)),
        next: offset + rows.length < total ? offset + rows.length : null,
      };
    },
    async sample(path) {
      const traceId = newTraceId();
      const { rows, total } = await client.sample<unknown>(path, 3, {}, traceId);
      return { rows, total, traceId };
    },
  };
}

export const buildiumSystem: PropertySystem = {
  provider: 'buildium',
  catalog: {
    blurb: 'Rentals, leases and tenants from your Buildium account.',
    credential_fields: [
      { key: 'clientId', label: 'Client ID', secret: false, placeholder: 'Buildium API client ID' },
      { key: 'secret', label: 'Secret', secret: true, placeholder: 'Buildium API secret' },
      { key: 'baseUrl', label: 'Base URL (optional)', secret: false, placeholder: BUILDIUM_PRODUCTION_URL },
    ],
    fields: [
      { field_key: 'name', label: 'Tenant name', pii: false },
      { field_key: 'email', label: 'E-mail', pii: true },
      { field_key: 'phone', label: 'Phone', pii: true },
    ],
  },
  endpoint: 'optional',
  probePath: PROBE_PATH,
  chooseEndpoint(typed, env): EndpointChoice {
    if (!typed) return defaultBuildiumBaseUrl(env) ? { ok: true, stored: null } : { ok: false, code: 'env_missing' };
    const parsed = parseBuildiumBaseUrl(typed, env.trustedUpstreams);
    return parsed
      ? { ok: true, stored: parsed }
      : { ok: false, code: 'payload_invalid', message: baseUrlProblem(typed) };
  },
  health(env) {
    const baseUrl = defaultBuildiumBaseUrl(env);
    if (!baseUrl) return { ok: false, message: connectErrorMessage('env_missing', 'Buildium'), defaultBaseUrl: null };
    return { ok: true, message: 'Ready to connect.', defaultBaseUrl: baseUrl };
  },
  open(credentials, env) {
    const baseUrl = credentials.baseUrl ?? defaultBuildiumBaseUrl(env);
    if (!baseUrl) {
      throw new UpstreamError('env_missing', 'no Buildium host configured', {
        status: 0,
        path: '',
        traceId: newTraceId(),
        attempts: 0,
      });
    }
    return session(
      new BuildiumClient({
        baseUrl,
        clientId: credentials.clientId,
        clientSecret: credentials.secret,
        config: env,
        timeoutMs: UPSTREAM_TIMEOUT_MS,
      }),
    );
  },
  testPanel: {
    resources: [
      { name: 'Rental properties', path: '/v1/rentals' },
      { name: 'Rental units', path: '/v1/rentals/units' },
      { name: 'Associations', path: '/v1/associations' },
      { name: 'Leases', path: '/v1/leases' },
      { name: 'Tenants', path: '/v1/leases/tenants' },
      { name: 'Work orders', path: '/v1/workorders' },
      { name: 'Tasks', path: '/v1/tasks' },
      { name: 'Bills', path: '/v1/bills' },
      { name: 'Outstanding balances', path: '/v1/leases/outstandingbalances' },
    ],
    sampleFields: [
      'Id',
      'Name',
      'Title',
      'UnitNumber',
      'PropertyId',
      'Status',
      'TaskStatus',
      'LeaseStatus',
      'IsActive',
      'TotalBalance',
    ],
  },
};

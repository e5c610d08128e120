import { z } from 'zod';
import { ConnectorStatusEntry } from './connectors';
import { type Endpoint, WORKSPACE_ID_FIELDS } from './endpoint';
import { PROPERTY_PROVIDERS, PropertyProvider } from './property-systems';
import { Uuid } from './workspaces';

/**
 * Property-management integrations: the systems of property-systems.ts, their
 * connection status, and the KPIs read from them. The endpoints named after a system
 * (buildium-connect, appfolio-connect, ...) are the original wire names, kept; the property-system-* endpoints
 * serve every system of the catalogue by provider id.
 */

/** Connection status of the integration row. */
export const ConnectionStatus = z.enum(['never', 'connected', 'invalid']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** The connect error codes (first system; the second system uses the same set). */
export const ConnectErrorCode = z.enum([
  'env_missing',
  'auth_invalid',
  'payload_invalid',
  'insufficient_scope',
  'endpoint_404',
  'upstream_429',
  'upstream_5xx',
  'network_timeout',
  'unknown',
]);
export type ConnectErrorCode = z.infer<typeof ConnectErrorCode>;

/** A KPI answer can also say that nothing is connected yet. */
export const KpiErrorCode = z.union([ConnectErrorCode, z.literal('not_connected')]);
export type KpiErrorCode = z.infer<typeof KpiErrorCode>;

const connectErrorTexts: Record<ConnectErrorCode, (system: string) => string> = {
  env_missing: () => 'Server configuration incomplete. Please contact support.',
  auth_invalid: () => 'Invalid credentials. Please check your Client ID and Secret.',
  payload_invalid: () => 'Invalid input. Please check your credentials.',
  insufficient_scope: (system) => `Access denied. Please verify your ${system} permissions.`,
  endpoint_404: (system) => `${system} API endpoint not found. Please check your Base URL.`,
  upstream_429: () => 'Rate limited. Please wait a moment and try again.',
  upstream_5xx: (system) => `${system} service error. Please try again later.`,
  network_timeout: () => 'Connection timeout. Please check your network and try again.',
  unknown: () => 'Internal error occurred. Please try again.',
};

/** The owner's words for a connect error code, naming the system ('Buildium service error. ...'). */
export function connectErrorMessage(code: ConnectErrorCode, system: string): string {
  return connectErrorTexts[code](system);
}

/** Texts of the integrations area. */
export const integrationTexts = {
  notConnected: (system: string) => `${system} is not connected.`,
  networkError: 'Network error. Please check your connection and try again.',
  usingLastKnown: 'Using last known data.',
  clientIdRequired: 'Client ID is required',
  secretRequired: 'Secret is required',
  bothRequired: 'Both Client ID and Secret are required',
  missingInfoTitle: 'Missing Information',
  missingInfoBody: 'Please fill in all required fields.',
  noWorkspace: 'No workspace found. Please refresh and try again.',
  signInToConnect: (system: string) => `Please sign in to connect ${system}.`,
  createWorkspace: (system: string) => `Create a workspace to connect ${system}.`,
  workspaceLoadFailed: 'Unable to load workspace. Please refresh the page.',
  loadingWorkspace: 'Loading workspace...',
  testPanelSignIn: (system: string) => `Please sign in to access the ${system} test panel`,
  kpisFailed: (error: string) => `Failed to load KPIs: ${error}`,
  noKpis: 'No integration data available',
  toastConnected: 'Connected!',
  toastKpisLoaded: 'KPIs Loaded!',
  toastKpisRefreshed: 'KPIs Refreshed!',
  toastKpiError: (message: string) => `KPI Error: ${message}`,
  toastKpiRefreshFailed: 'KPI Refresh Failed',
  toastRefreshFailed: 'Refresh Failed',
  toastConnectionFailed: 'Connection Failed',
  toastConnectionInvalid: 'Connection Invalid',
  toastReverifyFailed: 'Re-verification Failed',
  toastNetworkError: 'Network Error',
  toastNetworkErrorBody: 'Please check your connection and try again',
  toastKpiCheckFailed: 'KPI Check Failed',
  toastSystemError: (system: string) => `${system} Error`,
  toastWorkspaceRequired: 'Workspace Required',
  toastWorkspaceError: 'Workspace Error',
} as const;

/** Connect retries (3 attempts, 250/500/1000 ms) and status polling intervals. */
export const INTEGRATION_CONSTANTS = {
  connectAttempts: 3,
  connectRetryDelaysMs: [250, 500, 1000],
  statusPollMs: 8_000,
  dialogPollMs: 2_000,
  summaryPollMs: 1_000,
  summaryPollMaxTries: 30,
  redirectCountdownSeconds: 3,
  /** KPIs younger than this are served from the cache unless force is set. */
  kpiCacheSeconds: 300,
  /** Snapshots returned for the trend chart. */
  kpiHistoryLimit: 30,
} as const;

/**
 * Property KPIs: both variants (rentals and associations) in one object. Money is in cents.
 * Variant A: properties, activeLeases, tenants, openWorkOrders, openTasks, arOutstandingCents,
 * lastUpdatedIso, partial, limit_hint. Variant B: rentals, accountType, unpaidBills, openTasks, fetchedAt.
 */
export const PropertyKpis = z.object({
  provider: PropertyProvider,
  properties: z.number().int().nonnegative(),
  units: z.number().int().nonnegative(),
  associations: z.number().int().nonnegative(),
  activeLeases: z.number().int().nonnegative(),
  tenants: z.number().int().nonnegative(),
  openWorkOrders: z.number().int().nonnegative(),
  openTasks: z.number().int().nonnegative(),
  arOutstandingCents: z.number().int(),
  lastUpdatedIso: z.string(),
  /** True when some figures could not be read (a missing view permission); they count as 0. */
  partial: z.boolean(),
  limit_hint: z.string().nullable(),
  rentals: z.number().int().nonnegative(),
  accountType: z.enum(['rentals', 'associations']),
  unpaidBills: z.object({ count: z.number().int().nonnegative(), amount: z.number().int() }),
  fetchedAt: z.string(),
});
export type PropertyKpis = z.infer<typeof PropertyKpis>;

export const KpiSnapshot = z.object({
  fetchedAt: z.string(),
  rentals: z.number().int(),
  unpaidBillsCount: z.number().int(),
  unpaidBillsAmount: z.number().int(),
  openTasks: z.number().int(),
  arOutstandingCents: z.number().int(),
});
export type KpiSnapshot = z.infer<typeof KpiSnapshot>;

const OptionalWorkspace = { workspaceId: Uuid.optional(), workspace_id: Uuid.optional() };

// ── integrations-status ─────────────────────────────────────────────────────────────────────────
export const IntegrationsStatusInput = z
  .object({ ...OptionalWorkspace, includeKpis: z.boolean().optional(), provider: z.string().optional() })
  .strict();
export type IntegrationsStatusInput = z.infer<typeof IntegrationsStatusInput>;

/** One system's connection as integrations-status reports it (the same shape for every system). */
export const PropertySystemStatus = z.object({
  connected: z.boolean(),
  status: ConnectionStatus,
  last_error: z.string().nullable(),
  trace_id: z.string().nullable(),
  /** The newest KPI snapshot, when includeKpis was asked for. */
  kpis: PropertyKpis.nullable(),
  lastVerifiedAt: z.string().nullable(),
  /** The configured API host, when one other than the system's default was saved (never the secret). */
  baseUrl: z.string().nullable(),
  /** The same host under the name the spec's AppFolio status gives it. */
  host: z.string().nullable(),
  clientId: z.string().nullable(),
});
export type PropertySystemStatus = z.infer<typeof PropertySystemStatus>;

const propertyStatuses = Object.fromEntries(PROPERTY_PROVIDERS.map((p) => [p, PropertySystemStatus.optional()])) as {
  [P in PropertyProvider]: z.ZodOptional<typeof PropertySystemStatus>;
};

export const IntegrationsStatus = z.object({
  /** One entry per property system of the catalogue, keyed by provider id. */
  ...propertyStatuses,
  /** Mail and calendar connections, as the mail feature reports them. */
  gmail: z.object({ connected: z.boolean() }).optional(),
  calendar: z.object({ connected: z.boolean() }).optional(),
  /** Every business-app connector of the catalogue as {kind, status} (the connectors feature). */
  connectors: z.array(ConnectorStatusEntry).optional(),
});
export type IntegrationsStatus = z.infer<typeof IntegrationsStatus>;

/** The property systems a status reports connected, in the catalogue's order. */
export function connectedPropertySystems(status: IntegrationsStatus | undefined): PropertyProvider[] {
  return status ? PROPERTY_PROVIDERS.filter((p) => status[p]?.connected === true) : [];
}

// ── buildium-health ─────────────────────────────────────────────────────────────────────────────
export const BuildiumHealthInput = z.object({}).strict();
export const BuildiumHealth = z.object({
  ok: z.boolean(),
  error_code: ConnectErrorCode.nullable(),
  message: z.string(),
  defaultBaseUrl: z.string().nullable(),
});
export type BuildiumHealth = z.infer<typeof BuildiumHealth>;

// ── buildium-connect ────────────────────────────────────────────────────────────────────────────
/** Lenient on purpose: missing fields answer the spec's MISSING_FIELDS text, not a schema message. */
export const BuildiumConnectInput = z
  .object({
    clientId: z.string().max(500).optional(),
    secret: z.string().max(2000).optional(),
    baseUrl: z.string().max(500).optional(),
    host: z.string().max(500).optional(),
    ...OptionalWorkspace,
  })
  .strict();
export type BuildiumConnectInput = z.infer<typeof BuildiumConnectInput>;

export const ConnectResult = z.object({
  ok: z.boolean(),
  status: ConnectionStatus,
  error_code: ConnectErrorCode.nullable(),
  message: z.string(),
  trace_id: z.string().nullable(),
  /** HTTP status and path of the failing upstream call (0 / null when none answered). */
  http_status: z.number().int().nullable(),
  path: z.string().nullable(),
  /** Same text as message on failure, null on success (the `{status, error}` form of the spec). */
  error: z.string().nullable(),
  lastVerifiedAt: z.string().nullable(),
  attempts: z.number().int(),
});
export type ConnectResult = z.infer<typeof ConnectResult>;

// ── buildium-verify ─────────────────────────────────────────────────────────────────────────────
export const BuildiumVerifyInput = z.object(OptionalWorkspace).strict();
export const BuildiumVerifyResult = ConnectResult;
export type BuildiumVerifyResult = ConnectResult;

// ── buildium-kpis ───────────────────────────────────────────────────────────────────────────────
export const BuildiumKpisInput = z.object({ ...OptionalWorkspace, force: z.boolean().optional() }).strict();
export type BuildiumKpisInput = z.infer<typeof BuildiumKpisInput>;
export const KpisResult = z.object({
  ok: z.boolean(),
  data: PropertyKpis.nullable(),
  error_code: KpiErrorCode.nullable(),
  message: z.string().nullable(),
  path: z.string().nullable(),
  status: z.number().int().nullable(),
  trace_id: z.string().nullable(),
  /** True when data is the last stored snapshot because the upstream failed ('Using last known data.'). */
  stale: z.boolean(),
  /** True when data came from the cache without asking the upstream. */
  cached: z.boolean(),
});
export type KpisResult = z.infer<typeof KpisResult>;

// ── KPI records (issue 30 part 4): the upstream records a figure was computed from ─────────────
export const KpiName = z.enum(['rentals', 'units', 'unpaid_bills', 'receivables', 'open_tasks']);
export type KpiName = z.infer<typeof KpiName>;
export const KPI_LABELS: Readonly<Record<KpiName, string>> = {
  rentals: 'Rentals',
  units: 'Units',
  unpaid_bills: 'Unpaid bills',
  receivables: 'Receivables',
  open_tasks: 'Open tasks',
};
/** Records kept per KPI and snapshot; a larger figure says its list is cut. */
export const KPI_RECORDS_MAX = 5_000;
export const KpiRecord = z.object({
  /** The record's id in the upstream system. */
  id: z.string(),
  name: z.string(),
  amount_cents: z.number().int().nullable(),
  /** The record's own date (a bill's due date, a lease's start), as the upstream gives it. */
  date: z.string().nullable(),
  /** The record in the vendor's web app, where the vendor offers a link. */
  url: z.string().nullable(),
});
export type KpiRecord = z.infer<typeof KpiRecord>;
export const KpiRecordsInput = z
  .object({
    kpi: KpiName,
    /** A stored snapshot; the newest of the workspace's provider when absent. */
    snapshot_id: Uuid.optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(200),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type KpiRecordsInput = z.input<typeof KpiRecordsInput>;
export const KpiRecordsOutput = z.object({
  kpi: KpiName,
  snapshot: z.object({ id: Uuid, provider: PropertyProvider, fetched_at: z.string() }).nullable(),
  /** The figure shown on the tile (a count, or cents for receivables and the unpaid total). */
  value: z.number().int(),
  /** The unpaid-bill total or receivables in cents, summed over the records. */
  amount_cents: z.number().int().nullable(),
  /** Records stored for this KPI in the snapshot (the page is records[offset..offset+limit]). */
  total: z.number().int(),
  records: z.array(KpiRecord),
  /** False for snapshots stored before records were kept (or where the upstream lists none). */
  traced: z.boolean(),
});
export type KpiRecordsOutput = z.infer<typeof KpiRecordsOutput>;

export const KpiHistoryInput = z.object({ provider: PropertyProvider.optional() }).strict();
export const KpiHistory = z.object({ snapshots: z.array(KpiSnapshot) });
export type KpiHistory = z.infer<typeof KpiHistory>;

// ── test panels ─────────────────────────────────────────────────────────────────────────────────
export const TestCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  path: z.string().nullable(),
  trace_id: z.string().nullable(),
  message: z.string(),
  total: z.number().int().nullable(),
  /** A few rows, reduced to ids and names. */
  sample: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export type TestCheck = z.infer<typeof TestCheck>;
export const TestPanelInput = z.object(OptionalWorkspace).strict();
export const PropertySystemTestInput = z.object({ provider: PropertyProvider }).strict();
export const TestPanelResult = z.object({ ok: z.boolean(), message: z.string(), checks: z.array(TestCheck) });
export type TestPanelResult = z.infer<typeof TestPanelResult>;

// ── appfolio-connect ────────────────────────────────────────────────────────────────────────────
export const AppfolioConnectInput = z
  .object({
    clientId: z.string().max(500).optional(),
    secret: z.string().max(2000).optional(),
    host: z.string().max(500).optional(),
    ...OptionalWorkspace,
  })
  .strict();
export type AppfolioConnectInput = z.infer<typeof AppfolioConnectInput>;
export const AppfolioConnectResult = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  error_code: ConnectErrorCode.nullable(),
  trace_id: z.string().nullable(),
});
export type AppfolioConnectResult = z.infer<typeof AppfolioConnectResult>;

// ── summary-status ──────────────────────────────────────────────────────────────────────────────
export const SummaryStatusInput = z.object(OptionalWorkspace).strict();
/** 'ready' once the data read after a connection is stored; 'pending' while it is being read. */
export const SummaryStatus = z.object({ status: z.enum(['idle', 'pending', 'ready', 'failed']) });
export type SummaryStatus = z.infer<typeof SummaryStatus>;

export const integrationEndpoints = {
  integrationsStatus: {
    method: 'POST',
    path: '/functions/v1/integrations-status',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Connection status of the property-management systems (optionally with KPIs), mail and calendar.',
    input: IntegrationsStatusInput,
    output: IntegrationsStatus,
  },
  buildiumHealth: {
    method: 'POST',
    path: '/functions/v1/buildium-health',
    access: 'user',
    summary: 'Checks the server configuration needed to connect Buildium (env_missing when incomplete).',
    input: BuildiumHealthInput,
    output: BuildiumHealth,
  },
  buildiumConnect: {
    method: 'POST',
    path: '/functions/v1/buildium-connect',
    idempotent: true,
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    registeredOnly: true,
    role: 'manager',
    summary: 'Validates Buildium credentials against the API and stores them encrypted for the workspace.',
    input: BuildiumConnectInput,
    output: ConnectResult,
  },
  buildiumVerify: {
    method: 'POST',
    path: '/functions/v1/buildium-verify',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Re-checks the stored Buildium credentials and updates the connection status.',
    input: BuildiumVerifyInput,
    output: BuildiumVerifyResult,
  },
  buildiumKpis: {
    method: 'POST',
    path: '/functions/v1/buildium-kpis',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Property KPIs from the connected system (cached; force re-reads the upstream).',
    input: BuildiumKpisInput,
    output: KpisResult,
  },
  buildiumTest: {
    method: 'POST',
    path: '/functions/v1/buildium-test',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Test panel: health, verify, KPIs and a sample of each Buildium resource.',
    input: TestPanelInput,
    output: TestPanelResult,
  },
  appfolioConnect: {
    method: 'POST',
    path: '/functions/v1/appfolio-connect',
    idempotent: true,
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    registeredOnly: true,
    role: 'manager',
    summary: 'Validates AppFolio Reports API credentials and stores them encrypted for the workspace.',
    input: AppfolioConnectInput,
    output: AppfolioConnectResult,
  },
  appfolioTest: {
    method: 'POST',
    path: '/functions/v1/appfolio-test',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Reads each AppFolio report once with the stored credentials.',
    input: TestPanelInput,
    output: TestPanelResult,
  },
  propertySystemTest: {
    method: 'POST',
    path: '/api/v1/property-systems/:provider/test',
    access: 'workspace',
    summary: "Test panel of any property system: its checks with the workspace's stored credentials.",
    input: PropertySystemTestInput,
    output: TestPanelResult,
  },
  summaryStatus: {
    method: 'POST',
    path: '/functions/v1/summary-status',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: "Whether the data read after connecting is ready ('ready' when finished).",
    input: SummaryStatusInput,
    output: SummaryStatus,
  },
  integrationKpiHistory: {
    method: 'GET',
    path: '/api/v1/integrations/kpi-history',
    access: 'workspace',
    summary: 'Stored KPI snapshots, oldest first, for the trend chart.',
    input: KpiHistoryInput,
    output: KpiHistory,
  },
  integrationKpiRecords: {
    method: 'GET',
    path: '/api/v1/integrations/kpis/:kpi/records',
    access: 'workspace',
    summary: 'The upstream records a KPI figure was computed from, in the snapshot it was computed at.',
    input: KpiRecordsInput,
    output: KpiRecordsOutput,
  },
} as const satisfies Record<string, Endpoint>;

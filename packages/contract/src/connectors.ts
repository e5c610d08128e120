import { z } from 'zod';
import { type Endpoint, WORKSPACE_ID_FIELDS } from './endpoint';
import { Uuid } from './workspaces';

/**
 * Business-app connectors: the catalogue, connecting (API key or OAuth), the fields a
 * connector may share (PII never), the cache policy and the relationship lookup.
 */

export const CONNECTOR_CATEGORIES = ['Property', 'Field Service', 'Retail', 'ERP', 'CRM', 'Email/Calendar'] as const;
export const ConnectorCategory = z.enum(CONNECTOR_CATEGORIES);
export type ConnectorCategory = z.infer<typeof ConnectorCategory>;

/** "api_key", or OAuth otherwise. */
export const ConnectorAuth = z.enum(['api_key', 'oauth']);
export type ConnectorAuth = z.infer<typeof ConnectorAuth>;

export const ConnectorKind = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_]+$/, 'Unknown connector kind.');
export type ConnectorKind = z.infer<typeof ConnectorKind>;

/** One credential the API-key form asks for; secret ones are never sent back. */
export const CredentialField = z.object({
  key: z.string(),
  label: z.string(),
  secret: z.boolean(),
  placeholder: z.string(),
  help: z.string().optional(),
});
export type CredentialField = z.infer<typeof CredentialField>;

/** A field of the connector's records as the catalogue declares it. */
export const ConnectorFieldSpec = z.object({ field_key: z.string(), label: z.string(), pii: z.boolean() });
export type ConnectorFieldSpec = z.infer<typeof ConnectorFieldSpec>;

/** A connector field: field_key, label, pii, enabled. */
export const ConnectorField = ConnectorFieldSpec.extend({ enabled: z.boolean() });
export type ConnectorField = z.infer<typeof ConnectorField>;

export const ConnectorAvailability = z.enum(['available', 'coming_soon']);
export type ConnectorAvailability = z.infer<typeof ConnectorAvailability>;

export const ConnectorCatalogEntry = z.object({
  kind: ConnectorKind,
  name: z.string(),
  category: ConnectorCategory,
  blurb: z.string(),
  /** A bundled asset of the web app (no hotlinking). */
  logo_url: z.string(),
  auth: ConnectorAuth,
  /** 'coming_soon' entries cannot be connected; portal_url points to the vendor's own site. */
  status: ConnectorAvailability,
  portal_url: z.string().url().nullable(),
  credential_fields: z.array(CredentialField),
  fields: z.array(ConnectorFieldSpec),
});
export type ConnectorCatalogEntry = z.infer<typeof ConnectorCatalogEntry>;

export const ConnectorsCatalogInput = z.object({}).strict();
export const ConnectorsCatalog = z.array(ConnectorCatalogEntry);
export type ConnectorsCatalog = z.infer<typeof ConnectorsCatalog>;

const WorkspaceRef = { workspace_id: Uuid.optional(), workspaceId: Uuid.optional() };

// ── integrations-connect ────────────────────────────────────────────────────────────────────────
export const IntegrationsConnectInput = z
  .object({
    kind: ConnectorKind,
    ...WorkspaceRef,
    /** API-key connectors: the values of the entry's credential_fields. */
    credentials: z.record(z.string().max(100), z.string().max(4000)).optional(),
  })
  .strict();
export type IntegrationsConnectInput = z.infer<typeof IntegrationsConnectInput>;

export const IntegrationsConnectResult = z.object({
  kind: ConnectorKind,
  /** OAuth connectors: the authorization URL to open in the popup; null for API-key connectors. */
  authUrl: z.string().nullable(),
  status: z.enum(['connected', 'pending']),
});
export type IntegrationsConnectResult = z.infer<typeof IntegrationsConnectResult>;

// ── status (integrations-status reports these under `connectors`) ───────────────────────────────
/** Connector status: "connected", "error", other means disconnected. */
export const ConnectorStatusValue = z.enum(['connected', 'error', 'disconnected']);
export type ConnectorStatusValue = z.infer<typeof ConnectorStatusValue>;
export const ConnectorStatusEntry = z.object({
  kind: ConnectorKind,
  status: ConnectorStatusValue,
  last_error: z.string().nullable(),
  /** A non-secret hint of the connected account (shop domain, portal id, mailbox). */
  account: z.string().nullable(),
});
export type ConnectorStatusEntry = z.infer<typeof ConnectorStatusEntry>;

// ── integrations-disconnect ─────────────────────────────────────────────────────────────────────
export const IntegrationsDisconnectInput = z.object({ kind: ConnectorKind, ...WorkspaceRef }).strict();
export const IntegrationsDisconnectResult = z.object({ ok: z.boolean() });

// ── integrations-fields ─────────────────────────────────────────────────────────────────────────
export const FieldUpdate = z.object({ field_key: z.string().min(1).max(100), enabled: z.boolean() }).strict();
export const IntegrationsFieldsInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('get'), kind: ConnectorKind, ...WorkspaceRef }).strict(),
  z
    .object({
      action: z.literal('update'),
      kind: ConnectorKind,
      ...WorkspaceRef,
      updates: z.array(FieldUpdate).max(100),
    })
    .strict(),
]);
export type IntegrationsFieldsInput = z.infer<typeof IntegrationsFieldsInput>;
export const IntegrationsFieldsResult = z.object({ fields: z.array(ConnectorField) });
export type IntegrationsFieldsResult = z.infer<typeof IntegrationsFieldsResult>;

// ── fact-cache-policy ───────────────────────────────────────────────────────────────────────────
/** Cache TTL 1 h to 30 days, step 1 h, default 1 h; default mode pointer. */
export const CACHE_TTL = { min: 3_600, max: 2_592_000, step: 3_600, default: 3_600 } as const;
export const CacheMode = z.enum(['pointer', 'facts']);
export type CacheMode = z.infer<typeof CacheMode>;
export const CachePolicy = z.object({ mode: CacheMode, ttl_seconds: z.number().int() });
export type CachePolicy = z.infer<typeof CachePolicy>;
export const TtlSeconds = z
  .number()
  .int('The cache TTL must be a whole number of seconds.')
  .min(CACHE_TTL.min, 'The cache TTL must be at least 1 hour (3600 seconds).')
  .max(CACHE_TTL.max, 'The cache TTL can be at most 30 days (2592000 seconds).');
/** Read with kind alone; write with mode (and ttl_seconds, only for mode facts). */
export const FactCachePolicyInput = z
  .object({ kind: ConnectorKind, ...WorkspaceRef, mode: CacheMode.optional(), ttl_seconds: TtlSeconds.optional() })
  .strict()
  .refine((v) => v.ttl_seconds === undefined || v.mode === 'facts', {
    message: 'ttl_seconds is only sent with mode "facts".',
    path: ['ttl_seconds'],
  });
export type FactCachePolicyInput = z.infer<typeof FactCachePolicyInput>;

// ── relationship ────────────────────────────────────────────────────────────────────────────────
export const RelationshipInput = z
  .object({
    kind: ConnectorKind,
    ...WorkspaceRef,
    email: z.string().trim().email('Enter a valid e-mail address.').max(320).optional(),
    external_id: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .refine((v) => (v.email === undefined) !== (v.external_id === undefined), {
    message: 'Send either email or external_id.',
  });
export type RelationshipInput = z.infer<typeof RelationshipInput>;

export const RelationshipSource = z.object({ url: z.string(), label: z.string() });
export type RelationshipSource = z.infer<typeof RelationshipSource>;
export const SnapshotValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** An arbitrary object plus sources[] with url and label. */
export const RelationshipSnapshot = z.object({
  kind: ConnectorKind,
  found: z.boolean(),
  /** Enabled, non-PII fields of the matching record(s), by field_key. */
  fields: z.record(z.string(), SnapshotValue),
  sources: z.array(RelationshipSource),
  /** live: read from the app now; facts: served from stored facts until expires_at. */
  served_from: z.enum(['live', 'facts']),
  expires_at: z.string().nullable(),
});
export type RelationshipSnapshot = z.infer<typeof RelationshipSnapshot>;

// ── texts and constants ─────────────────────────────────────────────────────────────────────────
export const connectorTexts = {
  pageTitle: 'Connect apps',
  backToDashboard: 'Back to dashboard',
  catalogueTitle: 'Business apps',
  catalogueBlurb: 'Connect the tools your business already runs on.',
  noMatches: 'No apps match your filters.',
  connectedApps: 'Connected Apps',
  noConnectedApps: 'No apps connected yet.',
  comingSoon: 'Coming soon',
  pointerOnly: 'Pointer Only (default)',
  pointerFacts: 'Pointer + Facts',
  tabFields: 'Scopes & Fields',
  tabCache: 'Cache Policy',
  tabTest: 'Test',
  piiNote: 'PII fields are never shared with the assistant.',
  failedCatalog: 'Failed to load catalog',
  connectFailed: 'Connect failed',
  failedFields: 'Failed to load fields',
  updateFailed: 'Update failed',
  testFailed: 'Test failed',
  connected: (name: string) => `${name} connected`,
  notConnected: (name: string) => `${name} is not connected.`,
  popupTimeout: 'Connection timed out. Please try again.',
  popupBlocked: 'Please allow pop-ups for this site to connect.',
  comingSoonRefused: 'This app is coming soon and cannot be connected yet.',
  piiRefused: (labels: string) => `PII fields cannot be enabled: ${labels}.`,
  unknownField: (keys: string) => `Unknown field: ${keys}.`,
  missingCredentials: (labels: string) => `Please fill in: ${labels}.`,
  noRecord: 'No matching record found.',
} as const;

/** Catalogue search debounce and the OAuth popup's status polling. */
export const CONNECTOR_CONSTANTS = {
  searchDebounceMs: 200,
  pollFirstMs: 1_500,
  pollEveryMs: 2_000,
  pollMaxMs: 90_000,
  popupWidth: 480,
  popupHeight: 720,
} as const;

export const connectorEndpoints = {
  connectorsCatalog: {
    method: 'POST',
    path: '/functions/v1/connectors-catalog',
    access: 'user',
    summary: 'The business-app catalogue: every connector with its category, auth kind, fields and availability.',
    input: ConnectorsCatalogInput,
    output: ConnectorsCatalog,
  },
  integrationsConnect: {
    method: 'POST',
    path: '/functions/v1/integrations-connect',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    registeredOnly: true,
    role: 'manager',
    summary: 'OAuth connectors: the authorization URL. API-key connectors: verifies and stores the credentials.',
    input: IntegrationsConnectInput,
    output: IntegrationsConnectResult,
  },
  integrationsDisconnect: {
    method: 'POST',
    path: '/functions/v1/integrations-disconnect',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    role: 'manager',
    summary: 'Removes a connector connection and its cached facts.',
    input: IntegrationsDisconnectInput,
    output: IntegrationsDisconnectResult,
  },
  integrationsFields: {
    method: 'POST',
    path: '/functions/v1/integrations-fields',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Fields a connector shares (get), or switches them (update, manager; PII fields never).',
    input: IntegrationsFieldsInput,
    output: IntegrationsFieldsResult,
  },
  factCachePolicy: {
    method: 'POST',
    path: '/functions/v1/fact-cache-policy',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Reads, or with mode (manager) sets, how relationship lookups are cached.',
    input: FactCachePolicyInput,
    output: CachePolicy,
  },
  relationship: {
    method: 'POST',
    path: '/functions/v1/relationship',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: "A snapshot of one person or customer from a connected app's records, by e-mail or external id.",
    input: RelationshipInput,
    output: RelationshipSnapshot,
  },
} as const satisfies Record<string, Endpoint>;

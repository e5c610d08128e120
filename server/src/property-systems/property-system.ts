import type {
  ConnectErrorCode,
  ConnectorFieldSpec,
  CredentialField,
  KpiName,
  KpiRecord,
  PropertyKpis,
  PropertyProvider,
  RelationshipSource,
} from '@helixis/contract';
import type { Config } from '../config';

/**
 * The one interface of a property-management system (decision 038). Each system lives in its own
 * folder (client, KPIs, records, the test fake and this adapter) and is listed once in registry.ts;
 * the integrations and connectors features reach systems only through it, never by name.
 */

/** The records each KPI figure of one read was computed from (issue 30 part 4); absent: none listed. */
export type KpiRecordSet = Partial<Record<KpiName, KpiRecord[]>>;

/** One full KPI read. */
export interface KpiRun {
  kpis: PropertyKpis;
  records: KpiRecordSet;
  pages: number;
  durationMs: number;
}

/** Credentials as stored for a workspace (the secret decrypted in memory only). */
export interface PropertyCredentials {
  clientId: string;
  secret: string;
  /** The API host or base URL as stored; null when the system's default is used. */
  baseUrl: string | null;
}

/** What a system needs from the server: its configuration (trusted upstreams, default hosts, fetch policy). */
export type PropertyEnv = Config;

/** A tenant (or resident) of the system, with the record's link for sources. */
export interface TenantRecord {
  fields: Record<string, string | number | boolean | null>;
  sources: RelationshipSource[];
}

export type TenantQuery = { email: string } | { externalId: string };

/** A few rows of one upstream resource, read by the test panel. */
export interface ResourceSample {
  rows: unknown[];
  total: number;
  traceId: string | null;
}

/** An open connection to one system: every upstream read goes through here (throws UpstreamError). */
export interface PropertySession {
  /** A cheap authenticated read proving the credentials work; answers how many attempts it took. */
  probe(): Promise<number>;
  kpis(): Promise<KpiRun>;
  /** Every active property with its city ('Columbus, OH') and unit count, for the portfolio facts. */
  properties(): Promise<{ city: string; units: number }[]>;
  findTenants(query: TenantQuery): Promise<TenantRecord[]>;
  /** A page of tenants; `next` is the offset of the following page, null on the last. */
  tenantPage(limit: number, offset: number): Promise<{ records: TenantRecord[]; next: number | null }>;
  /** A few rows of one resource of `PropertySystem.testPanel.resources`. */
  sample(path: string): Promise<ResourceSample>;
}

/** Where a connection's API lives, as checked before the first upstream call. */
export type EndpointChoice =
  | { ok: true /** Stored with the connection; null keeps the system's default. */; stored: string | null }
  | { ok: false; code: Extract<ConnectErrorCode, 'payload_invalid' | 'env_missing'>; message?: string };

export interface PropertySystem {
  provider: PropertyProvider;
  /** The connect screen's entry (the connectors catalogue lists it). */
  catalog: {
    blurb: string;
    credential_fields: CredentialField[];
    /** Fields of the tenant records a lookup answers. */
    fields: ConnectorFieldSpec[];
  };
  /** 'required': the host is part of the credentials; 'optional': a default host exists (see health). */
  endpoint: 'required' | 'optional';
  /** The upstream path the connect probe reads (reported on success). */
  probePath: string;
  /** Validates the host or base URL typed on connect ('' when none was typed). */
  chooseEndpoint(typed: string, env: PropertyEnv): EndpointChoice;
  /** Server configuration check shown first on the test panel; absent when the system needs none. */
  health?(env: PropertyEnv): { ok: boolean; message: string; defaultBaseUrl: string | null };
  /** Opens a session; throws UpstreamError (env_missing, payload_invalid) when the host is unusable. */
  open(credentials: PropertyCredentials, env: PropertyEnv): PropertySession;
  /** The test panel's resource checks, in order. */
  testPanel: { resources: readonly { name: string; path: string }[]; sampleFields: readonly string[] };
}

/**
 * A system's local fake as `npm run fakes` starts it (server/src/integrations/fakes.ts finds it as the
 * `localFake` export of <provider>/fake.ts). Test tree only: no product code imports a fake.
 */
export interface LocalFake {
  defaultPort: number;
  start(port: number): Promise<{ stop(): Promise<void>; hostPort: string; lines: string[] }>;
}

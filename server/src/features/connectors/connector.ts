import type { IntegrationsConnectResult, RelationshipSource } from '@helixis/contract';
import type { UpstreamError, UpstreamErrorCode } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/**
 * The one connector interface: every working catalogue entry connects (API key or OAuth), fetches
 * pages of its records, and looks a person up by e-mail or by the app's own id. Records come back
 * with all of the entry's fields (PII included); the service decides what leaves the server.
 */

export type Lookup = { email: string } | { externalId: string };
export type FieldValue = string | number | boolean | null;

export interface FoundRecord {
  fields: Record<string, FieldValue>;
  /** The record in the app itself (its web page or API record), shown as sources. */
  sources: RelationshipSource[];
}

export interface RecordPage {
  records: FoundRecord[];
  /** Opaque cursor of the next page; null on the last one. */
  next: string | null;
}

export interface WorkingConnector {
  kind: string;
  connect(ctx: WorkspaceContext, credentials: Record<string, string>): Promise<IntegrationsConnectResult>;
  disconnect(ctx: WorkspaceContext): Promise<void>;
  lookup(ctx: WorkspaceContext, query: Lookup): Promise<FoundRecord[]>;
  fetchRecords(ctx: WorkspaceContext, options: { limit: number; cursor?: string }): Promise<RecordPage>;
}

const texts: Record<UpstreamErrorCode, (name: string) => string> = {
  env_missing: () => 'Server configuration incomplete. Please contact support.',
  auth_invalid: (n) => `${n} refused the credentials. Please check them and try again.`,
  payload_invalid: (n) => `${n} did not accept the request. Please check what you entered.`,
  insufficient_scope: (n) => `The ${n} credentials lack a permission Helixis needs (read access to contacts).`,
  endpoint_404: (n) => `${n} API endpoint not found. Please check the account or shop name.`,
  upstream_429: () => 'Rate limited. Please wait a moment and try again.',
  upstream_5xx: (n) => `${n} service error. Please try again later.`,
  network_timeout: () => 'Connection timeout. Please check your network and try again.',
  unknown: () => 'Internal error occurred. Please try again.',
};

export function upstreamMessage(name: string, code: UpstreamErrorCode): string {
  return texts[code](name);
}

const TRANSIENT: ReadonlySet<UpstreamErrorCode> = new Set(['upstream_429', 'upstream_5xx', 'network_timeout']);

/** An upstream failure as the one error type: the spec's words, the code and trace id, never credentials. */
export function upstreamAppError(name: string, err: UpstreamError, during: 'connect' | 'read'): AppError {
  return new AppError(during === 'connect' ? 'connector_connect_failed' : 'upstream_unavailable', {
    status: TRANSIENT.has(err.code) ? 502 : during === 'connect' ? 400 : 502,
    userMessage: upstreamMessage(name, err.code),
    details: { error_code: err.code, trace_id: err.traceId, http_status: err.status || null },
    cause: err,
  });
}

export const connectorSecretContext = (workspaceId: string, kind: string) => `connector:${workspaceId}:${kind}`;

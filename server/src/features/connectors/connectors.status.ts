import type { ConnectorStatusEntry, ConnectorStatusValue } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { CONNECTOR_CATALOG } from './connectors.catalog';
import * as repo from './connectors.repo';

/**
 * The {kind, status} list integrations-status reports. Property and mail connections are
 * passed in by the integrations feature, which already read them; the API-key connectors are ours.
 */
export interface KnownConnections {
  property: Partial<
    Record<'buildium' | 'appfolio', { status: string; lastError: string | null; baseUrl?: string | null }>
  >;
  mail: Partial<
    Record<
      'gmail' | 'outlook',
      { connected: boolean; account: { status: string; account_hint: string | null; last_error: string | null } | null }
    >
  >;
}

export async function connectorStatuses(
  ctx: WorkspaceContext,
  known: KnownConnections,
): Promise<ConnectorStatusEntry[]> {
  const rows = await ctx.tenant((tx) => repo.listConnections(tx, ctx.workspace.id));
  return CONNECTOR_CATALOG.map((entry): ConnectorStatusEntry => {
    const kind = entry.kind;
    const entryOf = (status: ConnectorStatusValue, lastError: string | null, account: string | null) => ({
      kind,
      status,
      last_error: lastError,
      account,
    });
    if (kind === 'buildium' || kind === 'appfolio') {
      const p = known.property[kind];
      if (!p || p.status === 'never') return entryOf('disconnected', null, null);
      return entryOf(
        p.status === 'connected' ? 'connected' : 'error',
        p.lastError,
        kind === 'appfolio' ? (p.baseUrl ?? null) : null,
      );
    }
    if (kind === 'gmail' || kind === 'outlook') {
      const m = known.mail[kind];
      if (!m?.account) return entryOf('disconnected', null, null);
      return entryOf(m.connected ? 'connected' : 'error', m.account.last_error, m.account.account_hint);
    }
    const row = rows.find((r) => r.kind === kind);
    if (!row) return entryOf('disconnected', null, null);
    return entryOf(row.status, row.lastError, row.account);
  });
}

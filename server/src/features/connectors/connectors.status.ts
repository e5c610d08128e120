import { type ConnectorStatusEntry, type ConnectorStatusValue, isPropertyProvider } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import type { EndpointHandler } from '../../platform/http';
import { composeIntegrationsStatus, type IntegrationStates, onlyPart, readIntegrationStates } from '../integrations';
import { CONNECTOR_CATALOG } from './connectors.catalog';
import * as repo from './connectors.repo';

/**
 * The {kind, status} list integrations-status reports. Property and mail connections are
 * read by the integrations feature (which this feature builds on); the API-key connectors are ours.
 */
export type KnownConnections = Pick<IntegrationStates, 'property' | 'mail'>;

/**
 * integrations-status: the integrations feature's view (property systems, mail, calendar) plus every
 * connector of the catalogue as {kind, status}. Served here so the dependency runs one way only.
 */
export const integrationsStatus: EndpointHandler<'integrationsStatus'> = async ({ ctx, input }) => {
  const states = await readIntegrationStates(ctx, input.includeKpis === true);
  const all = { ...composeIntegrationsStatus(states), connectors: await connectorStatuses(ctx, states) };
  return onlyPart(all, input.provider);
};

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
    if (isPropertyProvider(kind)) {
      const p = known.property[kind];
      if (!p || p.status === 'never') return entryOf('disconnected', null, null);
      // The account is the host the connection uses (null: the system's default host).
      return entryOf(p.status === 'connected' ? 'connected' : 'error', p.lastError, p.baseUrl);
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

import { connectorTexts, type PropertyProvider } from '@helixis/contract';
import { UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { allPropertySystems, type PropertySession, systemName } from '../../property-systems';
import { connectProvider, loadCredentials, openSession } from '../integrations';
import { upstreamAppError, type WorkingConnector } from './connector';

/**
 * Every property system as a connector: connecting and the stored credentials are the integrations
 * feature's (integration_connections); this adds the tenant lookup, one connector per system of the
 * registry (server/src/property-systems).
 */

async function propertySession(ctx: WorkspaceContext, provider: PropertyProvider): Promise<PropertySession> {
  const creds = await loadCredentials(ctx, provider);
  if (!creds) {
    throw new AppError('connector_not_connected', { userMessage: connectorTexts.notConnected(systemName(provider)) });
  }
  return openSession(ctx, creds);
}

async function reading<T>(
  ctx: WorkspaceContext,
  provider: PropertyProvider,
  fn: (session: PropertySession) => Promise<T>,
): Promise<T> {
  const session = await propertySession(ctx, provider);
  try {
    return await fn(session);
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.log.warn(
      { kind: provider, code: err.code, status: err.status, path: err.path, traceId: err.traceId },
      'connector read failed',
    );
    throw upstreamAppError(systemName(provider), err, 'read');
  }
}

function propertyConnector(provider: PropertyProvider): WorkingConnector {
  return {
    kind: provider,
    async connect(ctx, credentials) {
      const result = await connectProvider(ctx, provider, {
        clientId: credentials.clientId,
        secret: credentials.secret,
        endpoint: credentials.baseUrl || credentials.host,
      });
      if (!result.ok) {
        throw new AppError('connector_connect_failed', {
          userMessage: result.message || connectorTexts.connectFailed,
          details: { error_code: result.error_code, trace_id: result.trace_id },
        });
      }
      return { kind: provider, authUrl: null, status: 'connected' };
    },
    async disconnect() {
      throw new AppError('validation_failed', {
        userMessage: `Disconnect ${systemName(provider)} on its settings page.`,
      });
    },
    lookup: (ctx, query) => reading(ctx, provider, (session) => session.findTenants(query)),
    fetchRecords: (ctx, { limit, cursor }) =>
      reading(ctx, provider, async (session) => {
        const page = await session.tenantPage(limit, Number(cursor ?? 0));
        return { records: page.records, next: page.next === null ? null : String(page.next) };
      }),
  };
}

export const propertyConnectors: WorkingConnector[] = allPropertySystems().map((s) => propertyConnector(s.provider));

import {
  type ConnectionStatus,
  type EndpointOutput,
  INTEGRATION_CONSTANTS,
  integrationTexts,
  PROPERTY_SYSTEM_NAMES,
  PROPERTY_SYSTEM_SCREENS,
  type PropertyProvider,
} from '@helixis/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoke } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type IntegrationsStatus = EndpointOutput<'integrationsStatus'>;
export type KpisResult = EndpointOutput<'buildiumKpis'>;
export type ConnectResult = EndpointOutput<'buildiumConnect'>;
export type TestPanelResult = EndpointOutput<'propertySystemTest'>;

export const integrationKeys = {
  status: [...queryKeys.integrations, 'status'] as const,
  kpis: [...queryKeys.integrations, 'kpis'] as const,
  history: [...queryKeys.integrations, 'history'] as const,
};

/** Status of the property systems, mail and calendar, polled every 8 s and refetched when the tab becomes visible again. */
export function integrationsStatusQueryOptions() {
  return queryOptions({
    queryKey: integrationKeys.status,
    queryFn: ({ signal }) => invoke('integrationsStatus', { includeKpis: true }, { signal }),
    refetchInterval: INTEGRATION_CONSTANTS.statusPollMs,
    refetchOnWindowFocus: true,
  });
}

export function useIntegrationsStatus() {
  return useQuery(integrationsStatusQueryOptions());
}

/** The workspace's KPIs (server cache unless forced). */
export function kpisQueryOptions() {
  return queryOptions({
    queryKey: integrationKeys.kpis,
    queryFn: ({ signal }) => invoke('buildiumKpis', {}, { signal }),
  });
}

export function usePropertyKpis() {
  return useQuery(kpisQueryOptions());
}

export function useKpiHistory(enabled = true) {
  return useQuery({
    queryKey: integrationKeys.history,
    queryFn: ({ signal }) => invoke('integrationKpiHistory', {}, { signal }),
    enabled,
  });
}

/** Re-reads the KPIs from the upstream (force) and puts the answer in the cache. */
export function useRefreshKpis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => invoke('buildiumKpis', { force: true }),
    onSuccess: (result) => {
      client.setQueryData(integrationKeys.kpis, result);
      void client.invalidateQueries({ queryKey: integrationKeys.history });
      void client.invalidateQueries({ queryKey: integrationKeys.status });
    },
  });
}

/** Credentials as typed on a connect screen; endpoint is '' when left empty. */
export interface TypedPropertyCredentials {
  clientId: string;
  secret: string;
  endpoint: string;
  workspaceId?: string;
}

/** Every connect answer, whichever endpoint gave it, as the screens show it. */
export interface PropertyConnectOutcome {
  ok: boolean;
  message: string;
  traceId: string | null;
  httpStatus: number | null;
  errorCode: string | null;
  /** The connection's status after a verify; null where the endpoint does not say. */
  status: ConnectionStatus | null;
}

function fromConnectResult(r: ConnectResult): PropertyConnectOutcome {
  return {
    ok: r.ok,
    message: r.message,
    traceId: r.trace_id,
    httpStatus: r.http_status,
    errorCode: r.error_code,
    status: r.status,
  };
}

/**
 * Connects a system through the endpoint its catalogue entry names: the spec's system-named endpoint
 * where it has one, integrations-connect otherwise (a refusal there arrives as an ApiError).
 */
export async function connectPropertySystem(
  provider: PropertyProvider,
  typed: TypedPropertyCredentials,
): Promise<PropertyConnectOutcome> {
  const { clientId, secret, endpoint, workspaceId } = typed;
  const workspace = workspaceId ? { workspaceId } : {};
  const wire = PROPERTY_SYSTEM_SCREENS[provider].wireNames.connect;
  switch (wire) {
    case 'buildiumConnect':
      return fromConnectResult(
        await invoke(wire, { clientId, secret, ...(endpoint ? { baseUrl: endpoint } : {}), ...workspace }),
      );
    case 'appfolioConnect': {
      const r = await invoke(wire, { host: endpoint, clientId, secret, ...workspace });
      const message = r.error ?? '';
      return { ok: r.success, message, traceId: r.trace_id, httpStatus: null, errorCode: r.error_code, status: null };
    }
    case null: {
      const credentials = { clientId, secret, ...(endpoint ? { baseUrl: endpoint } : {}) };
      await invoke('integrationsConnect', { kind: provider, credentials, ...workspace });
      const message = integrationTexts.toastConnected;
      return { ok: true, message, traceId: null, httpStatus: null, errorCode: null, status: 'connected' };
    }
  }
}

export function usePropertyConnect(provider: PropertyProvider) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (typed: TypedPropertyCredentials) => connectPropertySystem(provider, typed),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

/** Whether the system can re-check its stored credentials (the settings page's Re-verify). */
export const canReverify = (provider: PropertyProvider) => PROPERTY_SYSTEM_SCREENS[provider].wireNames.verify !== null;

export function usePropertyVerify(provider: PropertyProvider) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PropertyConnectOutcome> => {
      const wire = PROPERTY_SYSTEM_SCREENS[provider].wireNames.verify;
      if (wire === null) throw new Error(integrationTexts.notConnected(PROPERTY_SYSTEM_NAMES[provider]));
      return fromConnectResult(await invoke(wire, {}));
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.integrations }),
  });
}

/** The server configuration check a system runs before connecting; null where it has none. */
export async function propertySystemHealth(
  provider: PropertyProvider,
): Promise<EndpointOutput<'buildiumHealth'> | null> {
  const wire = PROPERTY_SYSTEM_SCREENS[provider].wireNames.health;
  return wire === null ? null : invoke(wire, {});
}

/**
 * After connecting: polls summary-status every second, at most 30 times, until it is no longer
 * pending. Resolves with the last status seen.
 */
export async function waitForSummary(signal?: AbortSignal): Promise<EndpointOutput<'summaryStatus'>['status']> {
  let last: EndpointOutput<'summaryStatus'>['status'] = 'pending';
  for (let i = 0; i < INTEGRATION_CONSTANTS.summaryPollMaxTries; i++) {
    if (signal?.aborted) break;
    last = (await invoke('summaryStatus', {}, { signal })).status;
    if (last !== 'pending') break;
    await new Promise((r) => setTimeout(r, INTEGRATION_CONSTANTS.summaryPollMs));
  }
  return last;
}

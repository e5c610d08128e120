import type {
  AppfolioConnectInput,
  AppfolioConnectResult,
  BuildiumConnectInput,
  BuildiumHealth,
  ConnectResult,
  TestPanelResult,
} from '@helixis/contract';
import type { RequestContext, WorkspaceContext } from '../../platform/context';
import type { WorkspaceInput } from './integrations.credentials';
import { propertyTestPanel } from './integrations.panels';
import { connectProvider, propertyKpis, systemHealth, verifyProvider } from './integrations.service';

/**
 * The original endpoints named after a system (buildium-connect, appfolio-connect, ...). Their
 * wire names and result shapes are what the web app and clients call, so they stay; each is one call of the generic
 * service. A system added later needs none of these: it connects through integrations-connect and
 * shows its panel through property-system-test (decision 038).
 */

type Args<I> = { ctx: WorkspaceContext; input: I };

export const buildiumHealth = async ({ ctx }: { ctx: RequestContext }): Promise<BuildiumHealth> => {
  const { ok, error_code, message, defaultBaseUrl } = systemHealth(ctx, 'buildium');
  return { ok, error_code, message, defaultBaseUrl };
};

export async function buildiumConnect({ ctx, input }: Args<BuildiumConnectInput>): Promise<ConnectResult> {
  return connectProvider(ctx, 'buildium', { ...input, endpoint: input.baseUrl ?? input.host });
}

export async function buildiumVerify({ ctx }: Args<WorkspaceInput>): Promise<ConnectResult> {
  return verifyProvider(ctx, 'buildium');
}

export async function buildiumTest({ ctx }: Args<WorkspaceInput>): Promise<TestPanelResult> {
  return propertyTestPanel(ctx, 'buildium');
}

/** The spec's AppFolio answer: `{success, error}` instead of the connect result. */
export async function appfolioConnect({ ctx, input }: Args<AppfolioConnectInput>): Promise<AppfolioConnectResult> {
  const result = await connectProvider(ctx, 'appfolio', { ...input, endpoint: input.host });
  return {
    success: result.ok,
    error: result.ok ? null : result.message,
    error_code: result.error_code,
    trace_id: result.trace_id,
  };
}

export async function appfolioTest({ ctx }: Args<WorkspaceInput>): Promise<TestPanelResult> {
  return propertyTestPanel(ctx, 'appfolio');
}

/** The handlers of the spec's system-named endpoints (spread into integrations.routes.ts). */
export const wireNameHandlers = {
  buildiumHealth,
  buildiumConnect,
  buildiumVerify,
  buildiumKpis: propertyKpis,
  buildiumTest,
  appfolioConnect,
  appfolioTest,
};

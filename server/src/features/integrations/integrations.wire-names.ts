import type { EndpointHandler, EndpointHandlers } from '../../platform/http';
import { propertyTestPanel } from './integrations.panels';
import { connectProvider, propertyKpis, systemHealth, verifyProvider } from './integrations.service';

/**
 * The original endpoints named after a system (buildium-connect, appfolio-connect, ...). Their
 * wire names and result shapes are what the web app and clients call, so they stay; each is one call of the generic
 * service. A system added later needs none of these: it connects through integrations-connect and
 * shows its panel through property-system-test (decision 038).
 */

export const buildiumHealth: EndpointHandler<'buildiumHealth'> = async ({ ctx }) => {
  const { ok, error_code, message, defaultBaseUrl } = systemHealth(ctx, 'buildium');
  return { ok, error_code, message, defaultBaseUrl };
};

export const buildiumConnect: EndpointHandler<'buildiumConnect'> = async ({ ctx, input }) => {
  return connectProvider(ctx, 'buildium', { ...input, endpoint: input.baseUrl ?? input.host });
};

export const buildiumVerify: EndpointHandler<'buildiumVerify'> = async ({ ctx }) => {
  return verifyProvider(ctx, 'buildium');
};

export const buildiumKpis: EndpointHandler<'buildiumKpis'> = async (args) => propertyKpis(args);

export const buildiumTest: EndpointHandler<'buildiumTest'> = async ({ ctx }) => {
  return propertyTestPanel(ctx, 'buildium');
};

/** The spec's AppFolio answer: `{success, error}` instead of the connect result. */
export const appfolioConnect: EndpointHandler<'appfolioConnect'> = async ({ ctx, input }) => {
  const result = await connectProvider(ctx, 'appfolio', { ...input, endpoint: input.host });
  return {
    success: result.ok,
    error: result.ok ? null : result.message,
    error_code: result.error_code,
    trace_id: result.trace_id,
  };
};

export const appfolioTest: EndpointHandler<'appfolioTest'> = async ({ ctx }) => {
  return propertyTestPanel(ctx, 'appfolio');
};

/** The handlers of the spec's system-named endpoints (spread into integrations.routes.ts). */
export const wireNameHandlers = {
  buildiumHealth,
  buildiumConnect,
  buildiumVerify,
  buildiumKpis,
  buildiumTest,
  appfolioConnect,
  appfolioTest,
} satisfies Partial<EndpointHandlers>;

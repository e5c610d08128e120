import type { EndpointHandlers } from '../../platform/http';
import { propertyTestPanel } from './integrations.panels';
import { integrationKpiHistory, integrationKpiRecords, summaryStatus } from './integrations.service';
import { wireNameHandlers } from './integrations.wire-names';

/** integrations-status is served by the connectors feature, which adds its connector list. */
export const integrationHandlers = {
  ...wireNameHandlers,
  propertySystemTest: ({ ctx, input }) => propertyTestPanel(ctx, input.provider),
  summaryStatus,
  integrationKpiHistory,
  integrationKpiRecords,
} satisfies Partial<EndpointHandlers>;

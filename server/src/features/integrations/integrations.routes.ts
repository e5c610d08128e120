import type { EndpointHandlers } from '../../platform/http';
import { appfolioTest, buildiumTest } from './integrations.panels';
import {
  appfolioConnect,
  buildiumConnect,
  buildiumHealth,
  buildiumKpis,
  buildiumVerify,
  integrationKpiHistory,
  integrationKpiRecords,
  integrationsStatus,
  summaryStatus,
} from './integrations.service';

export const integrationHandlers = {
  integrationsStatus,
  buildiumHealth,
  buildiumConnect,
  buildiumVerify,
  buildiumKpis,
  buildiumTest,
  appfolioConnect,
  appfolioTest,
  summaryStatus,
  integrationKpiHistory,
  integrationKpiRecords,
} satisfies Partial<EndpointHandlers>;

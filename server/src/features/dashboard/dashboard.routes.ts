import type { EndpointHandlers } from '../../platform/http';
import { getDashboardPrefs, saveDashboardPrefs } from './dashboard.service';

export const dashboardHandlers = {
  getDashboardPrefs,
  saveDashboardPrefs,
} satisfies Partial<EndpointHandlers>;

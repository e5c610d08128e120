import type { EndpointHandlers } from '../../platform/http';
import { getWidget, getWidgetAppearance, regenerateWidget, saveWidgetAppearance, setDocumentPublic } from '../widget';
import { getDashboardPrefs, saveDashboardPrefs } from './dashboard.service';
import { getLearningSession, listLearningSources, setLearningSource, startLearning } from './learning.service';
import { dashboardOverview, getBusinessInsights, refreshBusinessInsights } from './overview.service';

export const dashboardHandlers = {
  getDashboardPrefs,
  saveDashboardPrefs,
  dashboardOverview,
  getBusinessInsights,
  refreshBusinessInsights,
  listLearningSources,
  setLearningSource,
  startLearning,
  getLearningSession,
  getWidget,
  regenerateWidget,
  getWidgetAppearance,
  saveWidgetAppearance,
  setDocumentPublic,
} satisfies Partial<EndpointHandlers>;

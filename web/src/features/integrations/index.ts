/**
 * Public face of the integrations feature (decision 042): other features and app/ import only this file.
 * Property-management systems (Buildium, AppFolio), mail and calendar accounts and OAuth: connect dialogs,
 * KPIs and their records, and the settings, test and OAuth pages.
 */
export { useIntegrationsStatus, usePropertyKpis, useRefreshKpis } from './api/integrations';
export { useOAuthReadiness } from './api/mail';
export { AppfolioConnectModal } from './components/appfolio-connect-modal';
export { BuildiumConnectModal } from './components/buildium-connect-modal';
export { BuildiumOnboardingStep } from './components/buildium-onboarding-step';
export {
  CATEGORY_ICON,
  CatalogDialog,
  CatalogStatusBadge,
  providerStatus,
  useIntegrationsSummary,
} from './components/catalog-dialog';
export { KpiSentenceCard } from './components/kpi-sentence-card';
export { PropertyKpis } from './components/property-kpis';
export { formatTime, kpiSentence } from './lib/format';
export { providerLabel } from './provider-label';

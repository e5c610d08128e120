/**
 * Public face of the integrations feature (decision 042): other features and app/ import only this file.
 * Property-management systems (the contract's catalogue), mail and calendar accounts and OAuth: connect dialogs,
 * KPIs and their records, and the settings, test and OAuth pages.
 */
export { useIntegrationsStatus, usePropertyKpis, useRefreshKpis } from './api/integrations';
export { useOAuthReadiness } from './api/mail';
export {
  CATEGORY_ICON,
  CatalogDialog,
  CatalogStatusBadge,
  providerStatus,
  useIntegrationsSummary,
} from './components/catalog-dialog';
export { KpiSentenceCard } from './components/kpi-sentence-card';
export { PropertyConnectDialog } from './components/property-connect-dialog';
export { PropertyKpis } from './components/property-kpis';
export { PropertyOnboardingStep } from './components/property-onboarding-step';
export { formatTime, kpiSentence } from './lib/format';
export { providerLabel } from './provider-label';

/**
 * The integrations feature's public face: property-system connections (connect, credentials,
 * sessions, KPIs, status). Other features import this file only. It imports no other feature
 * that imports it back: the connectors feature builds on it, never the reverse (decision 038).
 */
export { loadCredentials, openSession, type WorkspaceInput } from './integrations.credentials';
export { refreshKpisJob } from './integrations.jobs';
export { learnPortfolioFacts } from './integrations.knowledge';
export { integrationHandlers } from './integrations.routes';
export {
  composeIntegrationsStatus,
  connectProvider,
  getPropertyKpis,
  type IntegrationStates,
  integrationsStatus,
  onlyPart,
  readIntegrationStates,
  readKpis,
  type TypedCredentials,
} from './integrations.service';

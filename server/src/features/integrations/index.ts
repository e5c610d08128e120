// The integrations feature's public face: what other features and the composition root may import (decision 037).
export { assertOwnWorkspace, clientFor, loadCredentials } from './integrations.credentials';
export { refreshKpisJob } from './integrations.jobs';
export { integrationHandlers } from './integrations.routes';
export {
  appfolioConnect,
  buildiumConnect,
  integrationsStatus,
  learnPortfolioFacts,
  readKpis,
} from './integrations.service';

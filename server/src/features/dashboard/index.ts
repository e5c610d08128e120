// The dashboard feature's public face: what other features and the composition root may import (decision 037).
export { insightsJob, learnJob } from './dashboard.jobs';
export { dashboardHandlers } from './dashboard.routes';
export { registerSecretRoutes } from './secrets.routes';

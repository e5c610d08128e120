// The client-log feature's public face: what other features and the composition root may import (decision 037).
export { clientLogCleanupJob } from './client-log.jobs';
export { registerClientLogRoutes } from './client-log.routes';

// The connectors feature's public face: what other features and the composition root may import (decision 037).

export { connectorHandlers } from './connectors.routes';
export { connectorStatuses } from './connectors.status';

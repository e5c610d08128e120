import type { EndpointHandlers } from '../../platform/http';
import {
  connectorsCatalog,
  factCachePolicy,
  integrationsConnect,
  integrationsDisconnect,
  integrationsFields,
  relationship,
} from './connectors.service';
import { integrationsStatus } from './connectors.status';

export const connectorHandlers = {
  integrationsStatus,
  connectorsCatalog,
  integrationsConnect,
  integrationsDisconnect,
  integrationsFields,
  factCachePolicy,
  relationship,
} satisfies Partial<EndpointHandlers>;

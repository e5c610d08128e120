import type { EndpointHandlers } from '../../platform/http';
import {
  connectorsCatalog,
  factCachePolicy,
  integrationsConnect,
  integrationsDisconnect,
  integrationsFields,
  relationship,
} from './connectors.service';

export const connectorHandlers = {
  connectorsCatalog,
  integrationsConnect,
  integrationsDisconnect,
  integrationsFields,
  factCachePolicy,
  relationship,
} satisfies Partial<EndpointHandlers>;

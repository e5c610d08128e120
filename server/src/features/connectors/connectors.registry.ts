import type { WorkingConnector } from './connector';
import { hubspotConnector, jobberConnector, shopifyConnector } from './connectors.apikey';
import { gmailConnector, outlookConnector } from './connectors.mail';
import { propertyConnectors } from './connectors.property';

/** Every catalogue entry with status 'available' has exactly one working connector here (tested). */
export const CONNECTOR_REGISTRY: ReadonlyMap<string, WorkingConnector> = new Map(
  [...propertyConnectors, jobberConnector, shopifyConnector, hubspotConnector, gmailConnector, outlookConnector].map(
    (c) => [c.kind, c],
  ),
);

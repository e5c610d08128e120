import type { PropertyProvider } from '@helixis/contract';
import { appfolioSystem } from './appfolio/system';
import { buildiumSystem } from './buildium/system';
import type { PropertySystem } from './property-system';

/**
 * Every property system, keyed by the contract's provider id (PROPERTY_PROVIDERS). Adding a system is
 * its folder plus one line here (decision 038); the type refuses a provider without an entry.
 */
export const PROPERTY_SYSTEMS: Readonly<Record<PropertyProvider, PropertySystem>> = {
  buildium: buildiumSystem,
  appfolio: appfolioSystem,
};

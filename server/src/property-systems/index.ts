import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES, type PropertyProvider } from '@helixis/contract';
import type { PropertySystem } from './property-system';
import { PROPERTY_SYSTEMS } from './registry';

/** The public face of the property systems: features import this file only (decision 038). */
export type {
  EndpointChoice,
  KpiRecordSet,
  KpiRun,
  LocalFake,
  PropertyCredentials,
  PropertyEnv,
  PropertySession,
  PropertySystem,
  TenantQuery,
  TenantRecord,
} from './property-system';
export { PROPERTY_SYSTEMS } from './registry';

export function propertySystem(provider: PropertyProvider): PropertySystem {
  return PROPERTY_SYSTEMS[provider];
}

/** Every system in the contract's order (the first connected one is the workspace's main system). */
export function allPropertySystems(): PropertySystem[] {
  return PROPERTY_PROVIDERS.map((p) => PROPERTY_SYSTEMS[p]);
}

export const systemName = (provider: PropertyProvider): string => PROPERTY_SYSTEM_NAMES[provider];

import { z } from 'zod';

/**
 * The property-management systems Helixis connects to, declared once. Every provider union in the
 * contract, the server and the web app derives from this tuple; the server's registry
 * (server/src/property-systems/registry.ts) has one entry per provider (tested), and everything a
 * system does lives in its folder, server/src/property-systems/<provider>/ (decision 038).
 */
export const PROPERTY_PROVIDERS = ['buildium', 'appfolio'] as const;

export const PropertyProvider = z.enum(PROPERTY_PROVIDERS);
export type PropertyProvider = z.infer<typeof PropertyProvider>;

/** The name each system goes by in the product's texts. */
export const PROPERTY_SYSTEM_NAMES: Readonly<Record<PropertyProvider, string>> = {
  buildium: 'Buildium',
  appfolio: 'AppFolio',
};

export function isPropertyProvider(value: unknown): value is PropertyProvider {
  return PropertyProvider.safeParse(value).success;
}

/** The display name of a provider id; an unknown id is shown as it is. */
export function propertySystemName(provider: string): string {
  return isPropertyProvider(provider) ? PROPERTY_SYSTEM_NAMES[provider] : provider;
}

/** The systems' names as a phrase for the product's texts: 'Buildium or AppFolio' ('A, B and C'). */
export function propertySystemList(conjunction: 'or' | 'and'): string {
  const names = PROPERTY_PROVIDERS.map((p) => PROPERTY_SYSTEM_NAMES[p]);
  const last = names.pop() ?? '';
  return names.length ? `${names.join(', ')} ${conjunction} ${last}` : last;
}

/** The view permissions a system's API key needs (listed on a 401/403); empty where the key has none to set. */
export const PROPERTY_SYSTEM_PERMISSIONS: Readonly<Record<PropertyProvider, readonly string[]>> = {
  buildium: [
    'Rental properties and units',
    'Leases',
    'Tenants',
    'Work orders',
    'Tasks',
    'Outstanding balances (accounts receivable)',
  ],
  appfolio: [],
};

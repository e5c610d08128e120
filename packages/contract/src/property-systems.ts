import { z } from 'zod';
import { PROPERTY_PROVIDERS } from './property-systems-catalog';

/**
 * The property-management systems Helixis connects to, declared once. Every provider union in the
 * contract, the server and the web app derives from this tuple; the server's registry
 * (server/src/property-systems/registry.ts) has one entry per provider (tested), and everything a
 * system does lives in its folder, server/src/property-systems/<provider>/ (decision 038).
 */
export * from './property-systems-catalog';

export const PropertyProvider = z.enum(PROPERTY_PROVIDERS);
export type PropertyProvider = z.infer<typeof PropertyProvider>;

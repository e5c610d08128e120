import { PROPERTY_SYSTEM_NAMES } from '@helixis/contract';

const LABELS: Record<string, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  ...PROPERTY_SYSTEM_NAMES,
};

/** A display name for an OAuth provider id taken from the address. */
export function providerLabel(provider: string | undefined): string {
  if (!provider) return 'Provider';
  return LABELS[provider.toLowerCase()] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

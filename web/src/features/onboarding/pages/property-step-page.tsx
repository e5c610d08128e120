import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_NAMES } from '@helixis/contract';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PropertyOnboardingStep } from '../../integrations';

/**
 * /onboarding/buildium (the spec's address): the property-management connection step, built by the
 * integrations feature. Its title names the catalogue's first system.
 */
export function PropertyStepPage() {
  useDocumentTitle(`Connect ${PROPERTY_SYSTEM_NAMES[PROPERTY_PROVIDERS[0]]}`);
  return <PropertyOnboardingStep />;
}

import { useDocumentTitle } from '../../../lib/use-document-title';
import { BuildiumOnboardingStep } from '../../integrations';

/** /onboarding/buildium: the property-management connection step (built by the integrations feature). */
export function BuildiumStepPage() {
  useDocumentTitle('Connect Buildium');
  return <BuildiumOnboardingStep />;
}

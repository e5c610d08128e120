import { ComingSoonPage } from '../../../components/coming-soon-page';

export function OnboardingConfirmPage() {
  return <ComingSoonPage title="Confirm your connection" />;
}

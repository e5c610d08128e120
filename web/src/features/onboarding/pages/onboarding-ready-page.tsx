import { ComingSoonPage } from '../../../components/coming-soon-page';

export function OnboardingReadyPage() {
  return <ComingSoonPage title="Your assistant is ready" />;
}

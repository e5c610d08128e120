import { ResetOnboardingCard } from '../../features/onboarding';
import { BasicProfilePage } from '../../features/profile';

/**
 * /profile/basic, composed here because it shows two features: the business profile and, below it,
 * onboarding's reset card (onboarding imports profile, so profile cannot import onboarding back).
 */
export function ProfilePage() {
  return <BasicProfilePage resetOnboarding={<ResetOnboardingCard />} />;
}

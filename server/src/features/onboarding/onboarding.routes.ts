import type { EndpointHandlers } from '../../platform/http';
import {
  completeOnboarding,
  getOnboardingRounds,
  onboardingSummary,
  resetUserOnboarding,
  saveOnboardingRound,
} from './onboarding.service';

export const onboardingHandlers = {
  getOnboardingRounds,
  saveOnboardingRound,
  onboardingSummary,
  completeOnboarding,
  resetUserOnboarding,
} satisfies Partial<EndpointHandlers>;

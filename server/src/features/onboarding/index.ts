// The onboarding feature's public face: what other features and the composition root may import (decision 037).
export { learnFromOnboardingMessage } from './onboarding.facts';
export { onboardingHandlers } from './onboarding.routes';
export { ensureOnboardingSetup } from './onboarding.service';

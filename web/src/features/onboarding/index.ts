/**
 * Public face of the onboarding feature (decision 042): other features and app/ import only this file.
 * Getting a workspace ready: /get-started and its setup steps, /welcome, the onboarding rounds and summary,
 * the property-system step and the completion screen. The reset card is shown by account and /profile/basic.
 */
export { ResetOnboardingCard } from './components/reset-onboarding-card';
export { markOnboardingComplete } from './lib/onboarding-storage';

import { ONBOARDING_STORAGE_KEYS } from '@helixis/contract';

/** The onboarding flags kept in local storage. */

function flag(key: string): boolean {
  return globalThis.localStorage.getItem(key) === 'true';
}

export function onboardingFlags() {
  return {
    force_fresh_onboarding: flag(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding),
    force_onboarding: flag(ONBOARDING_STORAGE_KEYS.forceOnboarding),
    prevent_auto_redirect: flag(ONBOARDING_STORAGE_KEYS.preventAutoRedirect),
    onboarding_complete: flag(ONBOARDING_STORAGE_KEYS.onboardingComplete),
  };
}

export function markOnboardingComplete(): void {
  globalThis.localStorage.setItem(ONBOARDING_STORAGE_KEYS.onboardingComplete, 'true');
  globalThis.localStorage.removeItem(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding);
  globalThis.localStorage.removeItem(ONBOARDING_STORAGE_KEYS.forceOnboarding);
}

/** All local storage cleared, then the force flags set. */
export function clearForFreshOnboarding(): void {
  globalThis.localStorage.clear();
  globalThis.localStorage.setItem(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding, 'true');
  globalThis.localStorage.setItem(ONBOARDING_STORAGE_KEYS.forceOnboarding, 'true');
}

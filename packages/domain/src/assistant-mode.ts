import {
  type AssistantMode,
  type AssistantModeFlags,
  type AssistantModeProfile,
  OPERATIONAL_DESCRIPTION_MIN_CHARS,
} from '@helixis/contract';

/**
 * Operational when the profile's description (trimmed) is longer than 50 characters and
 * onboarding is completed; otherwise onboarding. force_fresh_onboarding or prevent_auto_redirect
 * force onboarding whatever the profile says. No profile means onboarding.
 */
export function assistantMode(
  profile: AssistantModeProfile | null | undefined,
  flags: AssistantModeFlags = {},
): AssistantMode {
  if (flags.force_fresh_onboarding || flags.prevent_auto_redirect) return 'onboarding';
  const description = (profile?.business_description ?? '').trim();
  return description.length > OPERATIONAL_DESCRIPTION_MIN_CHARS && profile?.onboarding_completed === true
    ? 'operational'
    : 'onboarding';
}

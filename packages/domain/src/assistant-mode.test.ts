import type { AssistantModeFlags, AssistantModeProfile } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { assistantMode } from './assistant-mode';

const chars = (n: number) => 'x'.repeat(n);
const ready: AssistantModeProfile = { business_description: chars(51), onboarding_completed: true };

describe('assistantMode', () => {
  it.each<[string, AssistantModeProfile | null | undefined, 'onboarding' | 'operational']>([
    ['51 characters and completed', ready, 'operational'],
    ['50 characters and completed', { business_description: chars(50), onboarding_completed: true }, 'onboarding'],
    ['51 characters, not completed', { business_description: chars(51), onboarding_completed: false }, 'onboarding'],
    ['51 characters, completed unknown', { business_description: chars(51), onboarding_completed: null }, 'onboarding'],
    ['completed, no description', { business_description: null, onboarding_completed: true }, 'onboarding'],
    [
      'completed, 50 characters padded with spaces',
      { business_description: `  ${chars(50)}  `, onboarding_completed: true },
      'onboarding',
    ],
    ['no profile', null, 'onboarding'],
    ['undefined profile', undefined, 'onboarding'],
  ])('%s → %s', (_, profile, mode) => {
    expect(assistantMode(profile, {})).toBe(mode);
    expect(assistantMode(profile)).toBe(mode);
  });

  it.each<[AssistantModeFlags, 'onboarding' | 'operational']>([
    [{ force_fresh_onboarding: true }, 'onboarding'],
    [{ prevent_auto_redirect: true }, 'onboarding'],
    [{ force_fresh_onboarding: true, prevent_auto_redirect: true }, 'onboarding'],
    [{ force_fresh_onboarding: false, prevent_auto_redirect: false }, 'operational'],
    [{}, 'operational'],
  ])('a ready profile with flags %j → %s', (flags, mode) => {
    expect(assistantMode(ready, flags)).toBe(mode);
  });
});

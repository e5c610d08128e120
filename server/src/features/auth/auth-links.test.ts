import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './auth-links';

describe('safeRedirectPath', () => {
  const app = 'https://app.helixis.test';
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/onboarding?step=integrations', '/onboarding?step=integrations'],
    ['onboarding', '/onboarding'],
    ['https://app.helixis.test/onboarding?step=integrations#top', '/onboarding?step=integrations#top'],
    ['https://app.helixis.test//evil.example/x', '/evil.example/x'],
    ['https://app.helixis.test:8443/x', '/'],
    ['http://app.helixis.test/x', '/'],
    ['https://evil.example/x', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['data:text/html,hi', '/'],
  ])('%j → %j', (raw, expected) => {
    expect(safeRedirectPath(raw, app)).toBe(expected);
  });
});

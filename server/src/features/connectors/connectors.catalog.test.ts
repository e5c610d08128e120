import { catalogProviders } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_CATALOG } from './connectors.catalog';

describe('Connect and onboarding offer the same calendars', () => {
  it('lists no calendar as "Coming soon" that onboarding imports today', () => {
    const calendars = catalogProviders.filter((p) => p.category === 'calendars');
    expect(calendars.map((p) => p.name)).toEqual(['Google Calendar', 'Apple Calendar', 'Outlook Calendar']);
    const names = new Set(calendars.map((p) => p.name.toLowerCase()));
    const contradicting = CONNECTOR_CATALOG.filter(
      (e) => e.status === 'coming_soon' && names.has(e.name.toLowerCase()),
    ).map((e) => e.name);
    expect(contradicting).toEqual([]);
  });
});

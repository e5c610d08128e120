// @vitest-environment jsdom
import { ONBOARDING_ROUNDS, type OnboardingRound } from '@helixis/contract';
import { extractBusinessInfo } from '@helixis/domain';
import { describe, expect, it } from 'vitest';
import { changesFromChat } from '../components/onboarding-chat';
import { liveConfidence, liveConfidenceInput } from './live-confidence';

const rounds: OnboardingRound[] = ONBOARDING_ROUNDS.map((r) => ({ ...r, completed: false, answers: [] }));

describe('liveConfidenceInput (the meter while typing)', () => {
  it('reads each answer into its field and the labelled lines through extractBusinessInfo', () => {
    const input = liveConfidenceInput(null, rounds, 1, [
      'Business name: Harbor Lane\nIndustry: Property management\nWe manage rentals.',
      'Columbus, OH',
      'Single-family rental owners',
    ]);
    expect(input).toMatchObject({
      business_name: 'Harbor Lane',
      business_type: 'Property management',
      location: 'Columbus, OH',
      target_audience: 'Single-family rental owners',
      contradictions: [],
    });
    expect(input.description).toBe('We manage rentals.\nCustomers: Single-family rental owners.');
    // name 8 + type 8 + location 12 + audience 12 + description over 30 characters 5
    expect(liveConfidence(input).score).toBe(45);
  });

  it('lists a contradiction as soon as it is typed and takes its penalty', () => {
    const calm = liveConfidence(liveConfidenceInput(null, rounds, 1, ['We are a local property manager.', '', '']));
    const torn = liveConfidence(
      liveConfidenceInput(null, rounds, 1, ['We are a local property manager serving clients nationwide.', '', '']),
    );
    expect(torn.contradictions.map((c) => c.type)).toEqual(['service_area']);
    expect(torn.score).toBeLessThan(calm.score);
  });
});

describe('changesFromChat (text patterns)', () => {
  it('turns labelled lines into a business_data change with chat as the source', () => {
    const { changes, fields } = changesFromChat(
      extractBusinessInfo('Primary contact: Dana Reyes, Owner, dana@sunrise-rentals.com\nService area: OH, PA', 'chat'),
    );
    expect(fields).toEqual(['primaryContact', 'serviceArea']);
    expect(changes.business_data).toEqual({
      serviceArea: 'OH, PA',
      primaryContact: { name: 'Dana Reyes', role: 'Owner', email: 'dana@sunrise-rentals.com' },
      _sources: { serviceArea: 'chat', primaryContact: 'chat' },
    });
  });

  it('changes nothing for a plain question', () => {
    expect(changesFromChat(extractBusinessInfo('What else do you need?', 'chat'))).toEqual({ changes: {}, fields: [] });
  });
});

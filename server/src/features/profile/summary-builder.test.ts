import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE } from './profile-merge';
import { buildOnboardingSummary } from './summary-builder';

const inputs = { progress: null, documents: null, facts: null, integrations: null };

describe('business summary text', () => {
  it("speaks about the business in the third person, not in the owner's own first-person words", () => {
    const summary = buildOnboardingSummary({
      ...inputs,
      profile: {
        ...EMPTY_PROFILE,
        businessData: { officialName: 'Harbor Homes', industry: 'Property management', serviceArea: 'Columbus, Ohio' },
        essentialInfo: {
          target_audience: 'Residents renting our units in Columbus',
          services: 'We handle leasing, repairs and our own rent collection',
        },
      },
    });
    expect(summary.summary_text).toBe(
      'Harbor Homes is a property management business serving Columbus, Ohio. ' +
        'It works with residents renting its units in Columbus. ' +
        'It handles leasing, repairs and its own rent collection.',
    );
    expect(summary.summary_text).not.toMatch(/\b(?:our|we|us)\b/i);
  });

  it('keeps an answer that is already a clause as its own sentence', () => {
    const summary = buildOnboardingSummary({
      ...inputs,
      profile: { ...EMPTY_PROFILE, essentialInfo: { target_audience: 'We work with landlords and HOA boards' } },
    });
    expect(summary.summary_text).toBe('It works with landlords and HOA boards.');
  });

  it('rewrites a first-person description used on its own', () => {
    const summary = buildOnboardingSummary({
      ...inputs,
      profile: {
        ...EMPTY_PROFILE,
        businessDescription: 'We rent out 12 lofts by the river and our office is open daily.',
      },
    });
    expect(summary.summary_text).toBe('It rents out 12 lofts by the river and its office is open daily.');
  });

  it('names each thing it learned once: a fact the profile lines already say is left out', () => {
    const summary = buildOnboardingSummary({
      ...inputs,
      profile: {
        ...EMPTY_PROFILE,
        businessData: { officialName: 'Sunrise Rentals', industry: 'Property management', serviceArea: 'Columbus, OH' },
        essentialInfo: { services: 'Leasing and rent collection for 8% of collected rent' },
      },
      facts: [
        { label: 'Services', value: 'Leasing and rent collection for 8% of collected rent' },
        { label: 'Service Area', value: 'Columbus, OH' },
        { label: 'Business Name', value: 'Sunrise Rentals' },
        { label: 'Industry', value: 'Property management' },
        { label: 'Business Phone', value: '(555) 201-4400' },
      ],
    });
    const lines = summary.what_we_learned.map((l) => l.text);
    expect(lines).toEqual([
      'Your business is called Sunrise Rentals.',
      'You work in property management.',
      'You serve Columbus, OH.',
      'Services: Leasing and rent collection for 8% of collected rent.',
      'Business Phone: (555) 201-4400.',
    ]);
  });
});

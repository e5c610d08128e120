import { type ContradictionPair, type ContradictionType, contradictionMessages } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { detectContradictions } from './contradictions';

type FixedPair = Exclude<ContradictionPair, 'multiple_locations' | 'multiple_business_types'>;

/** pair, its penalty type, texts that name both sides, texts that must not be a hit for this pair. */
const FIXED: [FixedPair, ContradictionType, string[], string[]][] = [
  [
    'natural_artificial',
    'semantic',
    ['We sell natural stone and artificial turf.', 'NATURAL look, Artificial materials'],
    ['We use natural light.', 'Artificial turf installs.', 'Naturally we also do artificial turf.'],
  ],
  [
    'fast_slow',
    'semantic',
    ['Fast response, slow season.', 'fast-growing company in a slow market'],
    ['We are fast.', 'Slow and steady.', 'We respond fast and never slowly.', 'Faster than slower firms.'],
  ],
  [
    'budget_premium',
    'pricing',
    ['Budget-friendly premium care.', 'A premium service on a budget.'],
    ['We are budget friendly.', 'Premium units only.', 'Premiums and budgets vary.'],
  ],
  [
    'local_nationwide',
    'service_area',
    ['A local team working nationwide.', 'Local experts, nation-wide reach.', 'local roots, across the country'],
    ['A local team.', 'We work nationwide.', 'Locally owned, nationwide reach.', 'We hire locals nationwide.'],
  ],
  [
    'small_large',
    'semantic',
    ['We manage small and large buildings.', 'A small-business feel, large portfolio.'],
    ['We are a small team.', 'Large portfolio.', 'A smaller firm with larger ambitions.'],
  ],
  [
    'flat_fee_percentage',
    'pricing',
    [
      'We charge a flat fee and 8% of monthly rent.',
      'Flat-rate leasing; percentage-based management.',
      'A flat fee, or a percentage of collected rents.',
      'Flat fees plus 10 percent of gross revenue.',
    ],
    [
      'We charge a flat fee.',
      'We charge 8% of monthly rent.',
      'A flat fee; 100% of our clients renew.',
      'A flat fee for a high percentage of owners.',
    ],
  ],
  [
    'local_out_of_state',
    'location',
    ['Local owners and out-of-state investors.', 'A local firm with an out of state focus.'],
    ['Local owners.', 'Out-of-state investors.', 'Locally managed for out-of-state owners.'],
  ],
  [
    'apartments_private_driveways',
    'target_audience',
    [
      'We plow apartments and private driveways only.',
      'Apartment complexes; we only plow private driveways.',
      'apartments. Private-driveway-only service.',
    ],
    ['We plow apartments.', 'Private driveways only.', 'Apartments and private driveways.'],
  ],
  [
    'commercial_residential',
    'target_audience',
    ['Residential and commercial properties.', 'COMMERCIAL leases, Residential leases.'],
    ['Residential properties.', 'Commercial properties.', 'Commercially zoned residences.'],
  ],
  [
    'recurring_policy',
    'business_policy',
    [
      'We offer recurring cleanings. No recurring contracts.',
      'Recurring and non-recurring jobs.',
      "Recurring visits available, but we don't offer recurring billing.",
      'We do not do recurring work; recurring plans are popular.',
    ],
    [
      'We offer recurring cleanings.',
      'No recurring contracts.',
      'We do not offer recurring service and no recurring billing.',
      'Non-recurring jobs only.',
    ],
  ],
  [
    'weekend_availability',
    'business_policy',
    [
      'Weekend availability for showings. No weekend availability for repairs.',
      'Open weekends, but the office is closed on weekends.',
      'We work 7 days a week. Weekdays only for repairs.',
      'Evenings and weekends are fine; we don’t work weekends in winter.',
      'Available on weekends. We are not available on the weekends.',
    ],
    [
      'Weekend availability for showings.',
      'No weekend availability.',
      'We are not available on weekends.',
      'Closed on weekends.',
      'We do not work weekends and offer no weekend service.',
      'Showings on weekends and evenings.',
    ],
  ],
  [
    'lease_term',
    'services',
    [
      'Short-term rentals and long-term leases.',
      'We offer short- and long-term rentals.',
      'long and short term leasing',
      'Short term stays; long term tenants.',
    ],
    [
      'Short-term rentals.',
      'Long-term leases.',
      'Short-term rentals with long-term relationships.',
      'Long-term tenants and a short term plan.',
    ],
  ],
  [
    'luxury_budget',
    'target_audience',
    ['Luxury condos and budget studios.', 'luxury on a BUDGET'],
    ['Luxury condos.', 'Budget studios.', 'Luxurious homes within budgets.'],
  ],
];

const hitsFor = (text: string, message: string) => detectContradictions(text).filter((c) => c.message === message);

describe('detectContradictions: fixed pairs', () => {
  describe.each(FIXED)('%s (%s)', (pair, type, positives, negatives) => {
    const message = contradictionMessages[pair];
    it.each(positives)('hit: %s', (text) => {
      expect(hitsFor(text, message)).toEqual([{ type, message }]);
    });
    it.each(negatives)('no hit: %s', (text) => {
      expect(hitsFor(text, message)).toEqual([]);
    });
  });

  it('reports a pair once however often its sides appear', () => {
    expect(detectContradictions('Local. Nationwide. Local again, nationwide again, LOCAL, NATIONWIDE.')).toEqual([
      { type: 'service_area', message: contradictionMessages.local_nationwide },
    ]);
  });

  it('reports several pairs in the order of the spec', () => {
    expect(detectContradictions('Luxury, budget, premium, small and large, fast and slow.')).toEqual([
      { type: 'semantic', message: contradictionMessages.fast_slow },
      { type: 'pricing', message: contradictionMessages.budget_premium },
      { type: 'semantic', message: contradictionMessages.small_large },
      { type: 'target_audience', message: contradictionMessages.luxury_budget },
    ]);
  });

  it('finds nothing in empty or plain text', () => {
    expect(detectContradictions('')).toEqual([]);
    expect(detectContradictions(null)).toEqual([]);
    expect(detectContradictions(undefined)).toEqual([]);
    expect(detectContradictions('We manage 120 rental units for owners in the area.')).toEqual([]);
  });
});

describe('detectContradictions: multiple locations', () => {
  const locations = (text: string) =>
    detectContradictions(text).filter((c) => c.message.startsWith('You mention more than one location'));
  it.each([
    ['Offices in Columbus and Pittsburgh.', ['Columbus', 'Pittsburgh']],
    ['We manage homes in pittsburgh, PA and columbus, OH.', ['Pittsburgh', 'Columbus']],
    ['Serving Ohio and Florida.', ['Ohio', 'Florida']],
    ['Based in Miami, with units in Tampa and Fort Lauderdale.', ['Miami', 'Tampa', 'Fort Lauderdale']],
    ['Columbus, OH office; properties in West Virginia.', ['Columbus', 'West Virginia']],
    ['Cleveland and Cincinnati, OH', ['Cleveland', 'Cincinnati']],
    ['Charleston rentals, plus a New York office.', ['Charleston', 'New York']],
  ])('%s', (text, names) => {
    expect(locations(text)).toEqual([{ type: 'location', message: contradictionMessages.multiple_locations(names) }]);
  });
  it.each([
    'We manage homes in Pittsburgh.',
    'Pittsburgh, PA',
    'Pittsburgh and Pittsburgh again, Pennsylvania.',
    'Columbus, Ohio, OH',
    'oh, and we are in Pittsburgh',
    'Serving Virginia and Pittsburgh, PA.',
    'We are in Ohio.',
  ])('no hit: %s', (text) => {
    expect(locations(text)).toEqual([]);
  });
  it('names them in plain English', () => {
    expect(contradictionMessages.multiple_locations(['Columbus', 'Pittsburgh', 'Erie'])).toBe(
      'You mention more than one location (Columbus, Pittsburgh and Erie). Which one is the business based in?',
    );
  });
});

describe('detectContradictions: multiple business types', () => {
  const types = (text: string) =>
    detectContradictions(text).filter((c) => c.message.startsWith('You describe more than one type of business'));
  it.each([
    ['We are a landscaping company and a plumbing business.', ['landscaping', 'plumbing']],
    ['A property management firm that also runs a restaurant.', ['property management', 'restaurant']],
    ['HOA management, plus our roofing contractor arm.', ['property management', 'roofing']],
    ['A law firm and a dental practice and an HVAC company.', ['law firm', 'dental practice', 'HVAC']],
    ['Real estate brokerage with a cleaning company on the side.', ['real estate brokerage', 'cleaning']],
  ])('%s', (text, names) => {
    expect(types(text)).toEqual([
      { type: 'business_type', message: contradictionMessages.multiple_business_types(names) },
    ]);
  });
  it.each([
    'We are a property management company.',
    'Our property management company coordinates plumbing and HVAC repairs and landscaping services.',
    'Property management; property management for HOAs too.',
    'A landscaping company.',
    'Close to restaurants and shops.',
  ])('no hit: %s', (text) => {
    expect(types(text)).toEqual([]);
  });
});

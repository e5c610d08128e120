import {
  CONFIDENCE_TIER_HIGH_TEXT,
  CONFIDENCE_TIER_LOW_TEXT,
  CONFIDENCE_TIER_MID_TEXT,
  type ConfidenceInput,
  type Contradiction,
  type ContradictionType,
} from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { confidenceTier, scoreConfidence } from './confidence';

/** One long token: no word or sentence points below 41 words / 4 sentences. */
const chars = (n: number) => 'x'.repeat(n);
const words = (n: number, w = 'abc') => Array.from({ length: n }, () => w).join(' ');
const sentences = (n: number, s = 'Units ready now.') => Array.from({ length: n }, () => s).join(' ');

const ALL_FIELDS = {
  business_name: 'Acme Rentals',
  location: 'Pittsburgh',
  services: 'Leasing and maintenance',
  target_audience: 'Landlords with 1-20 units',
  business_type: 'Property management',
} as const;
/** Over 150 characters, over 120 words of 3+ letters, over 6 sentences of 11+ characters. */
const RICH_DESCRIPTION = sentences(8, `${words(16, 'units')}.`);
const contradiction = (type: ContradictionType): Contradiction => ({ type, message: type });

describe('scoreConfidence: description length (above 30, 80, 150: +5 each)', () => {
  it.each([
    [0, 0],
    [30, 0],
    [31, 5],
    [80, 5],
    [81, 10],
    [150, 10],
    [151, 15],
    [400, 15],
  ])('%i characters → %i', (n, expected) => {
    expect(scoreConfidence({ description: chars(n) })).toBe(expected);
  });
  it('measures the trimmed description', () => {
    expect(scoreConfidence({ description: `   ${chars(30)}   ` })).toBe(0);
  });
});

describe('scoreConfidence: fields', () => {
  it.each<[keyof ConfidenceInput, string, number]>([
    ['location', 'Pittsburgh', 12],
    ['location', 'Erie', 12],
    ['location', 'Ohi', 0],
    ['location', '  Ohi  ', 0],
    ['location', 'unknown', 0],
    ['location', '  UnKnown ', 0],
    ['location', 'n/a', 0],
    ['location', 'tbd', 0],
    ['location', 'TBD', 0],
    ['location', 'unknowns', 12],
    ['services', 'Leasing!!', 15],
    ['services', 'Leasing!', 0],
    ['services', 'unknown', 0],
    ['services', 'various', 0],
    ['services', 'Various ', 0],
    ['services', 'n/a', 0],
    ['services', 'various services', 15],
    ['target_audience', 'Owners', 12],
    ['target_audience', 'Owner', 0],
    ['target_audience', 'everyone', 0],
    ['target_audience', ' EVERYONE ', 0],
    ['target_audience', 'unknown', 0],
    ['target_audience', 'n/a', 0],
    ['business_type', 'HOAs', 8],
    ['business_type', 'HOA', 0],
    ['business_type', 'other', 0],
    ['business_type', 'Other', 0],
    ['business_type', 'unknown', 0],
    ['business_type', 'n/a', 0],
    ['business_name', 'AB', 8],
    ['business_name', 'A', 0],
    ['business_name', '  A  ', 0],
    ['business_name', '', 0],
  ])('%s %j → %i', (field, value, expected) => {
    expect(scoreConfidence({ [field]: value })).toBe(expected);
  });
  it('missing, null and empty values earn nothing', () => {
    expect(scoreConfidence({})).toBe(0);
    expect(
      scoreConfidence({
        description: null,
        business_name: null,
        location: '',
        services: undefined,
        target_audience: null,
        business_type: '',
        contradictions: null,
      }),
    ).toBe(0);
  });
});

describe('scoreConfidence: all four of location, services, audience and type (+10)', () => {
  const four = { ...ALL_FIELDS, business_name: undefined };
  it('adds the bonus when each earns its points', () => {
    expect(scoreConfidence(four)).toBe(12 + 15 + 12 + 8 + 10);
  });
  it.each([
    ['location', 'tbd'],
    ['services', 'various'],
    ['target_audience', 'everyone'],
    ['business_type', 'other'],
  ])('no bonus when %s is %j', (field, value) => {
    const others = 12 + 15 + 12 + 8 - { location: 12, services: 15, target_audience: 12, business_type: 8 }[field]!;
    expect(scoreConfidence({ ...four, [field]: value })).toBe(others);
  });
});

describe('scoreConfidence: words over 2 characters (above 40, 80, 120: +3, +3, +4)', () => {
  // n words of 'abc' are 4n-1 characters long: always over 150 here (+15), one sentence (no points).
  it.each([
    [40, 15],
    [41, 18],
    [80, 18],
    [81, 21],
    [120, 21],
    [121, 25],
  ])('%i words → %i', (n, expected) => {
    expect(scoreConfidence({ description: words(n) })).toBe(expected);
  });
  it('words of 1-2 characters do not count', () => {
    expect(scoreConfidence({ description: `${words(40)} ${words(200, 'ab')}` })).toBe(15);
  });
  it('punctuation around a word is not part of it', () => {
    expect(scoreConfidence({ description: `${words(40)} ${words(50, '"ab",')}` })).toBe(15);
    expect(scoreConfidence({ description: `${words(40)} (abc)` })).toBe(18);
  });
});

describe('scoreConfidence: sentences over 10 characters (more than 3 and more than 6: +3 each)', () => {
  // 'Units ready now.' is 16 characters; n of them are 17n-1 long and 3n words (no word points).
  it.each([
    [3, 5],
    [4, 5 + 3],
    [6, 10 + 3],
    [7, 10 + 6],
  ])('%i sentences → %i', (n, expected) => {
    expect(scoreConfidence({ description: sentences(n) })).toBe(expected);
  });
  it('sentences of 10 characters or fewer do not count', () => {
    // 'Abcde fghi' is 10 characters, 'Abcde fghij' is 11; 7 of either are over 80 characters (+10).
    expect(scoreConfidence({ description: sentences(7, 'Abcde fghi.') })).toBe(10);
    expect(scoreConfidence({ description: sentences(7, 'Abcde fghij.') })).toBe(16);
  });
  it('! ? and line breaks end sentences too', () => {
    expect(scoreConfidence({ description: 'Units ready now! Units ready now? Units ready now\nUnits ready now' })).toBe(
      5 + 3,
    );
  });
});

describe('scoreConfidence: contradictions', () => {
  const base = { ...ALL_FIELDS }; // 12 + 15 + 12 + 8 + 8 + 10 = 65
  it('the base profile scores 65', () => {
    expect(scoreConfidence(base)).toBe(65);
  });
  it.each<[ContradictionType, number]>([
    ['pricing', 30],
    ['business_type', 35],
    ['location', 25],
    ['target_audience', 20],
    ['services', 25],
    ['service_area', 25],
    ['business_policy', 30],
    ['semantic', 40],
  ])('one %s contradiction costs %i', (type, penalty) => {
    expect(scoreConfidence({ ...base, contradictions: [contradiction(type)] })).toBe(65 - penalty);
  });
  it('with more than one contradiction each costs a further 10', () => {
    const rich = { ...base, description: RICH_DESCRIPTION };
    expect(scoreConfidence(rich)).toBe(96);
    const two = [contradiction('target_audience'), contradiction('target_audience')];
    expect(scoreConfidence({ ...rich, contradictions: two })).toBe(96 - 20 - 20 - 2 * 10);
    const three = [contradiction('target_audience'), contradiction('location'), contradiction('pricing')];
    expect(scoreConfidence({ ...rich, contradictions: three })).toBe(0);
  });
  it('an unknown type carries no penalty of its own but counts for the further 10s', () => {
    const odd = { type: 'legacy' as ContradictionType, message: 'old' };
    expect(scoreConfidence({ ...base, contradictions: [odd] })).toBe(65);
    expect(scoreConfidence({ ...base, contradictions: [odd, contradiction('semantic')] })).toBe(65 - 40 - 20);
  });
});

describe('scoreConfidence: clamping and range', () => {
  it('never goes below 0', () => {
    expect(scoreConfidence({ contradictions: [contradiction('semantic')] })).toBe(0);
    expect(scoreConfidence({ ...ALL_FIELDS, contradictions: Array(5).fill(contradiction('semantic')) })).toBe(0);
  });
  it('never goes above 100: the full table adds up to 96', () => {
    expect(scoreConfidence({ ...ALL_FIELDS, description: RICH_DESCRIPTION })).toBe(96);
    expect(scoreConfidence({ ...ALL_FIELDS, description: `${RICH_DESCRIPTION} ${RICH_DESCRIPTION}` })).toBe(96);
  });
  it('is an integer', () => {
    expect(Number.isInteger(scoreConfidence({ ...ALL_FIELDS, description: sentences(5) }))).toBe(true);
  });
});

describe('confidenceTier', () => {
  it.each([
    [0, CONFIDENCE_TIER_LOW_TEXT],
    [40, CONFIDENCE_TIER_LOW_TEXT],
    [41, CONFIDENCE_TIER_MID_TEXT],
    [75, CONFIDENCE_TIER_MID_TEXT],
    [76, CONFIDENCE_TIER_HIGH_TEXT],
    [100, CONFIDENCE_TIER_HIGH_TEXT],
  ])('%i → %s', (score, text) => {
    expect(confidenceTier(score)).toBe(text);
  });
  it('has the spec texts', () => {
    expect([CONFIDENCE_TIER_LOW_TEXT, CONFIDENCE_TIER_MID_TEXT, CONFIDENCE_TIER_HIGH_TEXT]).toEqual([
      'I barely know anything about your business.',
      'Getting a better picture.',
      "I'm ready to work with you.",
    ]);
  });
});

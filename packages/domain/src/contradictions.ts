import {
  type Contradiction,
  type ContradictionPair,
  type ContradictionType,
  contradictionMessages,
} from '@helixis/contract';
import { STATE_NAMES, stateMentions } from './states';

/**
 * Contradiction detection on a business description.
 *
 * Matching is case-insensitive and on whole words: 'slow' does not match 'slowly', 'small' does not
 * match 'smaller', 'local' does not match 'locally'. A hyphen is a word boundary, so 'budget-friendly'
 * mentions budget and 'fast-growing' mentions fast. A pair is reported once, and only when both of its
 * sides are mentioned; a side mentioned alone (however often) is no contradiction. The detection is
 * lexical: 'not local, but nationwide' still mentions both sides. Only the recurring and weekend pairs
 * read negation, because there the negation is one of the sides.
 */

/** One side of a pair: a mention of any pattern that does not overlap a mention of `unless`. */
interface Side {
  patterns: readonly RegExp[];
  unless?: readonly RegExp[];
}

type ListedPair = 'multiple_locations' | 'multiple_business_types';

/** Both sides of a fixed pair are mentioned. */
interface PairRule {
  kind: 'pair';
  pair: Exclude<ContradictionPair, ListedPair>;
  type: ContradictionType;
  a: Side;
  b: Side;
}

/** Two or more distinct entries of a vocabulary are named. */
interface ListRule {
  kind: 'list';
  pair: ListedPair;
  type: ContradictionType;
  names: (text: string) => string[];
}

const word = (w: string): Side => ({ patterns: [new RegExp(`\\b${w}\\b`, 'gi')] });

/** Words of refusal: 'do not offer recurring', "won't work weekends". */
const REFUSAL = "(?:don't|do\\s+not|doesn't|does\\s+not|won't|will\\s+not|can't|cannot|never)";

const NO_RECURRING: readonly RegExp[] = [
  /\b(?:no|non|not|without)[\s-]+recurring\b/gi,
  new RegExp(`\\b${REFUSAL}\\s+(?:\\w+\\s+){0,2}recurring\\b`, 'gi'),
];

const WEEKEND_NOUN = '(?:\\s+(?:availability|hours|service|services|appointments|showings|visits|calls|support|work))?';
const NO_WEEKENDS: readonly RegExp[] = [
  new RegExp(`\\bno\\s+weekends?\\b${WEEKEND_NOUN}`, 'gi'),
  new RegExp(`\\bnot\\s+(?:\\w+\\s+){0,3}weekends?\\b${WEEKEND_NOUN}`, 'gi'),
  new RegExp(`\\b${REFUSAL}\\s+(?:\\w+\\s+){0,3}weekends?\\b${WEEKEND_NOUN}`, 'gi'),
  /\b(?:closed|unavailable)\s+(?:on\s+|during\s+|over\s+)?(?:the\s+)?weekends?\b/gi,
  /\bweekends?\s+(?:closed|off|unavailable)\b/gi,
  /\b(?:weekdays|monday\s*(?:-|–|to|through|thru)\s*friday)\s+only\b/gi,
];
const WEEKENDS: readonly RegExp[] = [
  /\bweekends?\s+(?:availability|hours|service|services|appointments|showings|visits|calls|support|work)\b/gi,
  /\b(?:available|open|work|working|operate|operating|serve|serving|showings?|appointments?|support)\s+(?:on\s+|during\s+|over\s+)?(?:the\s+)?weekends?\b/gi,
  /\b(?:evenings|nights)\s+and\s+weekends\b/gi,
  /\b(?:7|seven)\s+days\s+a\s+week\b/gi,
];

const LEASE_NOUN = '(?:leases?|leasing|rentals?|lets?|stays?|tenants?|tenancy|tenancies)';
/** 'short- and long-term rentals' names both sides at once. */
const SHORT_AND_LONG = new RegExp(
  `\\b(?:short|long)(?:[\\s-]+term)?[\\s-]*(?:and|&|or|/)\\s*(?:short|long)[\\s-]+term\\s+${LEASE_NOUN}\\b`,
  'gi',
);

/**
 * Cities counted for 'multiple locations', with their state. Together with the known states
 * (FL, OH, PA, WV) they are the locations; a state counts only when none of its listed cities is named,
 * so 'Pittsburgh, PA' is one location and 'Columbus and Pittsburgh' or 'Ohio and Florida' are two.
 */
const CITIES: readonly { name: string; state: string; pattern: RegExp }[] = [
  ['Miami', 'FL'],
  ['Orlando', 'FL'],
  ['Tampa', 'FL'],
  ['Jacksonville', 'FL'],
  ['Fort Lauderdale', 'FL'],
  ['Tallahassee', 'FL'],
  ['Columbus', 'OH'],
  ['Cleveland', 'OH'],
  ['Cincinnati', 'OH'],
  ['Toledo', 'OH'],
  ['Akron', 'OH'],
  ['Dayton', 'OH'],
  ['Pittsburgh', 'PA'],
  ['Philadelphia', 'PA'],
  ['Harrisburg', 'PA'],
  ['Allentown', 'PA'],
  ['Scranton', 'PA'],
  ['Erie', 'PA'],
  ['Charleston', 'WV'],
  ['Morgantown', 'WV'],
  ['Huntington', 'WV'],
  ['Parkersburg', 'WV'],
  ['New York', 'NY'],
  ['Los Angeles', 'CA'],
  ['Chicago', 'IL'],
  ['Houston', 'TX'],
  ['Atlanta', 'GA'],
  ['Boston', 'MA'],
].map(([name = '', state = '']) => ({
  name,
  state,
  pattern: new RegExp(`\\b${name.replace(' ', '\\s+')}\\b`, 'gi'),
}));

const BUSINESS_NOUN = '(?:company|business|firm|contractor|shop|agency|practice)';
const trade = (t: string) => new RegExp(`\\b(?:${t})\\s+${BUSINESS_NOUN}\\b`, 'gi');

/**
 * Business types counted for 'multiple business types'. Trades need a business noun after them
 * ('plumbing company', 'landscaping business') so that a property manager listing the repairs it
 * arranges ('plumbing and HVAC') is not read as running those businesses.
 */
const BUSINESS_TYPES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'property management', pattern: /\b(?:property|hoa|community\s+association)\s+management\b/gi },
  {
    name: 'real estate brokerage',
    pattern: /\breal[\s-]+estate\s+(?:brokerage|agency|company|firm|business|office)\b/gi,
  },
  { name: 'landscaping', pattern: trade('landscaping|lawn\\s+care') },
  { name: 'cleaning', pattern: trade('cleaning|janitorial|maid') },
  { name: 'plumbing', pattern: trade('plumbing') },
  { name: 'HVAC', pattern: trade('hvac|heating\\s+and\\s+cooling') },
  { name: 'roofing', pattern: trade('roofing') },
  {
    name: 'construction',
    pattern: /\b(?:construction|remodeling)\s+(?:company|business|firm)\b|\bgeneral\s+contractor\b/gi,
  },
  { name: 'snow removal', pattern: trade('snow\\s+removal|snow\\s+plowing') },
  { name: 'restaurant', pattern: /\b(?:restaurant|bakery|cafe|coffee\s+shop|food\s+truck)\b/gi },
  { name: 'salon', pattern: /\b(?:salon|barbershop|barber\s+shop)\b/gi },
  { name: 'law firm', pattern: /\blaw\s+(?:firm|office|practice)\b/gi },
  { name: 'dental practice', pattern: /\bdental\s+(?:practice|office|clinic)\b/gi },
  { name: 'accounting', pattern: trade('accounting|bookkeeping|cpa|tax\\s+preparation') },
  { name: 'auto repair', pattern: /\bauto(?:motive)?\s+(?:repair|body)\b/gi },
  { name: 'insurance agency', pattern: /\binsurance\s+(?:agency|brokerage)\b/gi },
];

type Span = readonly [number, number];

function spans(text: string, patterns: readonly RegExp[]): Span[] {
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m): Span => [m.index, m.index + m[0].length]));
}

function mentioned(text: string, side: Side): boolean {
  const excluded = spans(text, side.unless ?? []);
  return spans(text, side.patterns).some(([s, e]) => !excluded.some(([xs, xe]) => s < xe && xs < e));
}

/** First position of each pattern's first mention, in order of appearance. */
function namesInOrder(text: string, entries: readonly { name: string; pattern: RegExp }[]): string[] {
  return entries
    .map(({ name, pattern }) => ({ name, index: text.search(pattern) }))
    .filter((e) => e.index >= 0)
    .sort((x, y) => x.index - y.index)
    .map((e) => e.name);
}

function locationsNamed(text: string): string[] {
  const cities = CITIES.map((c) => ({ ...c, index: text.search(c.pattern) })).filter((c) => c.index >= 0);
  const cityStates = new Set(cities.map((c) => c.state));
  const states = stateMentions(text)
    .filter((s) => !cityStates.has(s.code))
    .map((s) => ({ name: STATE_NAMES[s.code], index: s.index }));
  return [...cities, ...states].sort((x, y) => x.index - y.index).map((l) => l.name);
}

const RULES: readonly (PairRule | ListRule)[] = [
  { kind: 'pair', pair: 'natural_artificial', type: 'semantic', a: word('natural'), b: word('artificial') },
  { kind: 'pair', pair: 'fast_slow', type: 'semantic', a: word('fast'), b: word('slow') },
  { kind: 'pair', pair: 'budget_premium', type: 'pricing', a: word('budget'), b: word('premium') },
  {
    kind: 'pair',
    pair: 'local_nationwide',
    type: 'service_area',
    a: word('local'),
    b: { patterns: [/\bnation[\s-]?wide\b|\bacross\s+the\s+(?:country|nation)\b|\ball\s+50\s+states\b/gi] },
  },
  { kind: 'pair', pair: 'small_large', type: 'semantic', a: word('small'), b: word('large') },
  {
    kind: 'pair',
    pair: 'flat_fee_percentage',
    type: 'pricing',
    a: { patterns: [/\bflat[\s-]+(?:fees?|rates?)\b/gi] },
    b: {
      patterns: [
        /\bpercentage[\s-]+(?:based|pricing|fees?|model|commission)\b/gi,
        /(?:\bpercentage|\b\d+(?:\.\d+)?\s*(?:%|percent))\s+of\s+(?:the\s+|each\s+|all\s+)?(?:(?:monthly|gross|collected|annual)\s+)?(?:rents?|revenue|sales|income|collections?)\b/gi,
      ],
    },
  },
  {
    kind: 'pair',
    pair: 'local_out_of_state',
    type: 'location',
    a: word('local'),
    b: { patterns: [/\bout[\s-]+of[\s-]+state\b/gi] },
  },
  {
    kind: 'pair',
    pair: 'apartments_private_driveways',
    type: 'target_audience',
    a: word('apartments?'),
    b: {
      patterns: [/\bprivate[\s-]+driveways?[\s-]+only\b/gi, /\bonly\s+(?:\w+\s+){0,2}private[\s-]+driveways?\b/gi],
    },
  },
  {
    kind: 'pair',
    pair: 'commercial_residential',
    type: 'target_audience',
    a: word('commercial'),
    b: word('residential'),
  },
  {
    kind: 'pair',
    pair: 'recurring_policy',
    type: 'business_policy',
    a: { patterns: [/\brecurring\b/gi], unless: NO_RECURRING },
    b: { patterns: NO_RECURRING },
  },
  {
    kind: 'pair',
    pair: 'weekend_availability',
    type: 'business_policy',
    a: { patterns: WEEKENDS, unless: NO_WEEKENDS },
    b: { patterns: NO_WEEKENDS },
  },
  { kind: 'list', pair: 'multiple_locations', type: 'location', names: (text) => locationsNamed(text) },
  {
    kind: 'list',
    pair: 'multiple_business_types',
    type: 'business_type',
    names: (text) => namesInOrder(text, BUSINESS_TYPES),
  },
  {
    kind: 'pair',
    pair: 'lease_term',
    type: 'services',
    a: { patterns: [new RegExp(`\\bshort[\\s-]+term\\s+${LEASE_NOUN}\\b`, 'gi'), SHORT_AND_LONG] },
    b: { patterns: [new RegExp(`\\blong[\\s-]+term\\s+${LEASE_NOUN}\\b`, 'gi'), SHORT_AND_LONG] },
  },
  { kind: 'pair', pair: 'luxury_budget', type: 'target_audience', a: word('luxury'), b: word('budget') },
];

/** Every contradicting pair in the description, once each, in reporting order. */
export function detectContradictions(description: string | null | undefined): Contradiction[] {
  const text = (description ?? '').replace(/[\u2018\u2019]/g, "'");
  if (!text.trim()) return [];
  const found: Contradiction[] = [];
  for (const rule of RULES) {
    if (rule.kind === 'pair') {
      if (mentioned(text, rule.a) && mentioned(text, rule.b)) {
        found.push({ type: rule.type, message: contradictionMessages[rule.pair] });
      }
    } else {
      const names = rule.names(text);
      if (names.length > 1) found.push({ type: rule.type, message: contradictionMessages[rule.pair](names) });
    }
  }
  return found;
}

import { ExtractedBusinessInfo } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_NAME_MONTHS,
  BUSINESS_NAME_WEEKDAYS,
  extractBusinessInfo,
  findPaymentTypes,
  findStates,
  isAcceptableBusinessName,
  missingRequiredFields,
  parsePrimaryContact,
} from './business-info';

describe('extractBusinessInfo: labels', () => {
  it.each([
    ['Business name: Acme Rentals', { officialName: 'Acme Rentals' }],
    ['business NAME:   Acme Rentals  ', { officialName: 'Acme Rentals' }],
    ['Company name: Acme Rentals LLC', { officialName: 'Acme Rentals LLC' }],
    ['Industry: Property management', { industry: 'Property management' }],
    ['INDUSTRY:Property management', { industry: 'Property management' }],
    ['Business type: Property management', { industry: 'Property management' }],
    ['Description: We manage 120 units.', { businessDescription: 'We manage 120 units.' }],
    ['Business description: We manage 120 units.', { businessDescription: 'We manage 120 units.' }],
    ['Service area: Greater Pittsburgh', { serviceArea: 'Greater Pittsburgh' }],
    ['service areas: Allegheny and Butler counties', { serviceArea: 'Allegheny and Butler counties' }],
    [
      'Primary contact: Dana Reyes, Property Manager, dana@acme.com',
      { primaryContact: { name: 'Dana Reyes', role: 'Property Manager', email: 'dana@acme.com' } },
    ],
    ['- **Industry:** Property management', { industry: 'Property management' }],
    ['* **Business name**: Acme Rentals', { officialName: 'Acme Rentals' }],
    ['1. Service area: Butler County', { serviceArea: 'Butler County' }],
    ['Business name: "Acme Rentals"', { officialName: 'Acme Rentals' }],
  ])('%s', (text, expected) => {
    const { _sources, ...fields } = extractBusinessInfo(text);
    expect(fields).toEqual(expected);
  });

  it('takes only the first sentence of a labelled name ("Business name: X. We are …")', () => {
    const text = 'Business name: Cedar Point Self Storage. We are a self-storage facility with drive-up units.';
    expect(extractBusinessInfo(text).officialName).toBe('Cedar Point Self Storage');
    expect(extractBusinessInfo(text).industry).toBe('Self storage');
    expect(extractBusinessInfo('Business name: J. R. Smith Co. Rentals').officialName).toBe('J. R. Smith Co. Rentals');
  });

  it('reads a name the sentence goes on to describe ("We\'re X, a family-owned RV park …") and its industry', () => {
    const text = "We're Sagebrush Flats RV Resort, a family-owned RV park with 142 sites on the Salado River.";
    expect(extractBusinessInfo(text).officialName).toBe('Sagebrush Flats RV Resort');
    expect(extractBusinessInfo(text).industry).toBe('RV parks and campgrounds');
    expect(extractBusinessInfo('We are Linden Grove, a senior living community.').officialName).toBe('Linden Grove');
    // A place after a loose lead is no name: "We're Tierra Verde locals" describes nothing as a business.
    expect(extractBusinessInfo("We're based in Tierra Verde, a small town.").officialName).toBeUndefined();
  });

  it('reads a name that opens a sentence describing what the owner runs', () => {
    expect(
      extractBusinessInfo('Fernhill Lofts is an old cannery that we converted into 30 live-work lofts.').officialName,
    ).toBe('Fernhill Lofts');
    expect(extractBusinessInfo('Aspen Ridge is a homeowners association for 90 townhomes.').officialName).toBe(
      'Aspen Ridge',
    );
    // A place the tenants live in is no business name.
    expect(extractBusinessInfo('Green Valley is a nice area where our tenants live.').officialName).toBeUndefined();
  });

  it('leaves a phone number out of the contact name and role', () => {
    expect(parsePrimaryContact('Priya Natarajan, Facility Manager, priya@cp.example, phone (555) 730-1200')).toEqual({
      name: 'Priya Natarajan',
      role: 'Facility Manager',
      email: 'priya@cp.example',
    });
  });

  it('reads every label of a multi-line message', () => {
    const text = [
      'Here is our info:',
      'Business name: Acme Rentals',
      'Industry: Property management',
      'Description: Full-service management of 120 rental units.',
      'Service area: Pittsburgh metro',
      'Primary contact: Dana Reyes, Owner, dana@acme.com',
      'We accept ACH and checks.',
    ].join('\n');
    const info = extractBusinessInfo(text);
    expect(info).toEqual({
      officialName: 'Acme Rentals',
      industry: 'Property management',
      businessDescription: 'Full-service management of 120 rental units.',
      serviceArea: 'Pittsburgh metro',
      primaryContact: { name: 'Dana Reyes', role: 'Owner', email: 'dana@acme.com' },
      paymentsAccepted: ['ACH', 'Check'],
      _sources: {
        officialName: 'chat',
        industry: 'chat',
        businessDescription: 'chat',
        serviceArea: 'chat',
        primaryContact: 'chat',
        paymentsAccepted: 'chat',
      },
    });
    expect(ExtractedBusinessInfo.parse(info)).toEqual(info);
  });

  it('names the given source', () => {
    expect(extractBusinessInfo('Industry: Roofing', 'document')._sources).toEqual({ industry: 'document' });
  });

  it('takes the value from the next line when the label has none', () => {
    expect(extractBusinessInfo('Business name:\nAcme Rentals\nSomething else').officialName).toBe('Acme Rentals');
    expect(extractBusinessInfo('Industry:\n\nRoofing').industry).toBe('Roofing');
    expect(extractBusinessInfo('Description:\nWe manage homes.\nAnd HOAs.\n\nUnrelated line').businessDescription).toBe(
      'We manage homes. And HOAs.',
    );
    expect(extractBusinessInfo('Description:\nWe manage homes.\nIndustry: Roofing')).toMatchObject({
      businessDescription: 'We manage homes.',
      industry: 'Roofing',
    });
    expect(extractBusinessInfo('Business name:\nIndustry: Roofing')).toEqual({
      industry: 'Roofing',
      _sources: { industry: 'chat' },
    });
  });

  it('the last acceptable value of a label wins', () => {
    expect(extractBusinessInfo('Business name: Acme\nBusiness name: Acme Rentals').officialName).toBe('Acme Rentals');
    expect(extractBusinessInfo('Business name: Acme\nBusiness name: Monday').officialName).toBe('Acme');
  });

  it('skips placeholders', () => {
    expect(extractBusinessInfo('Industry: n/a\nService area: unknown\nDescription: TBD')).toEqual({});
  });

  it('only reads labels at the start of a line', () => {
    expect(extractBusinessInfo('Our industry: roofing is what we do')).toEqual({});
    expect(extractBusinessInfo('Our business name: Acme')).toEqual({});
  });

  it('returns nothing for empty text', () => {
    expect(extractBusinessInfo('')).toEqual({});
    expect(extractBusinessInfo(null)).toEqual({});
    expect(extractBusinessInfo(undefined)).toEqual({});
  });
});

describe('business name', () => {
  it.each([
    ['A', false],
    ['AB', true],
    ['  A  ', false],
    ['x'.repeat(40), true],
    ['x'.repeat(41), false],
    [`  ${'x'.repeat(40)}  `, true],
    ['42', false],
    ['3M', true],
    ['the', false],
    ['The', false],
    ['THANKS!', false],
    ['hello', false],
    ['business', false],
    ['Yes.', false],
    ['January', false],
    ['may', false],
    ['MONDAY', false],
    ['Sunday', false],
    ['May Rentals', true],
    ['Monday Cleaning Co', true],
    ['Acme Rentals', true],
  ])('%j accepted: %s', (name, accepted) => {
    expect(isAcceptableBusinessName(name)).toBe(accepted);
    expect(extractBusinessInfo(`Business name: ${name}`).officialName).toBe(accepted ? name.trim() : undefined);
  });
  it.each([...BUSINESS_NAME_MONTHS, ...BUSINESS_NAME_WEEKDAYS])('refuses %s', (name) => {
    expect(isAcceptableBusinessName(name)).toBe(false);
    expect(isAcceptableBusinessName(name.toUpperCase())).toBe(false);
  });
  it('lists all twelve months and seven weekdays', () => {
    expect(BUSINESS_NAME_MONTHS).toHaveLength(12);
    expect(BUSINESS_NAME_WEEKDAYS).toHaveLength(7);
  });
});

describe('primary contact', () => {
  it.each([
    [
      'Dana Reyes, Property Manager, dana@acme.com',
      { name: 'Dana Reyes', role: 'Property Manager', email: 'dana@acme.com' },
    ],
    ['Dana Reyes (Owner) <dana@acme.com>', { name: 'Dana Reyes', role: 'Owner', email: 'dana@acme.com' }],
    ['Dana Reyes - Owner', { name: 'Dana Reyes', role: 'Owner' }],
    ['Dana Reyes; Owner; email: dana@acme.com.', { name: 'Dana Reyes', role: 'Owner', email: 'dana@acme.com' }],
    ['Dana Reyes at dana@acme.co.uk', { name: 'Dana Reyes', email: 'dana@acme.co.uk' }],
    ['Dana Reyes', { name: 'Dana Reyes' }],
    ['dana@acme.com', { email: 'dana@acme.com' }],
    [
      "I'm Wanda Oyelaran, the community manager. You can reach me at wanda@briar.example or at the office, (555) 382-9100.",
      { name: 'Wanda Oyelaran', role: 'community manager', email: 'wanda@briar.example' },
    ],
    ['This is Dr. Lee Park, our owner', { name: 'Dr. Lee Park', role: 'owner' }],
    [
      'Dana Reyes, Property Manager (dana@acme.com)',
      { name: 'Dana Reyes', role: 'Property Manager', email: 'dana@acme.com' },
    ],
    // Said in passing: the person's name among other words, the job anywhere in the answer.
    [
      "That's me, Noor Haddad. I'm the founder and I do the leasing myself. noor@haddad.example, or call (555) 410-2000.",
      { name: 'Noor Haddad', role: 'founder', email: 'noor@haddad.example' },
    ],
    [
      "That'd be me, Walt Brennan, I'm the owner and I fix most things. walt@brennan.example",
      { name: 'Walt Brennan', role: 'owner', email: 'walt@brennan.example' },
    ],
    [
      "You'd want our office manager, Priya Shah (priya@oak.example).",
      { name: 'Priya Shah', role: 'office manager', email: 'priya@oak.example' },
    ],
    ['Darlene Whitaker, co-owner.', { name: 'Darlene Whitaker', role: 'co-owner' }],
    [
      "I'm Odile Varga-Lind and I'm the community manager. E-mail me at odile@x.example.",
      { name: 'Odile Varga-Lind', role: 'community manager', email: 'odile@x.example' },
    ],
  ])('%s', (value, expected) => {
    expect(parsePrimaryContact(value)).toEqual(expected);
    expect(extractBusinessInfo(`Primary contact: ${value}`).primaryContact).toEqual(expected);
  });
  it('finds nothing in punctuation alone', () => {
    expect(parsePrimaryContact(' , - ')).toBeUndefined();
    expect(extractBusinessInfo('Primary contact: , ;').primaryContact).toBeUndefined();
  });
});

describe('payments accepted', () => {
  it.each([
    ['We accept ACH, AmEx, Visa, Mastercard, wire and check.', ['ACH', 'AmEx', 'Visa', 'Mastercard', 'Wire', 'Check']],
    ['Payment methods: check, VISA, ach', ['ACH', 'Visa', 'Check']],
    ['American Express and Master Card welcome', ['AmEx', 'Mastercard']],
    ['Visa. MasterCard. master-card. VISA again.', ['Visa', 'Mastercard']],
    ['Owners are paid by ACH; tenants pay by wire transfer.', ['ACH', 'Wire']],
    ['Rent can be paid with personal checks or cashier’s checks.', ['Check']],
    ['Send a wire transfer.', ['Wire']],
    ['Tenants mail checks.', []],
    ['Every tenant passes a background check.', []],
    ['Check in at the office; check out our site.', []],
    ['We accept Visa at check-in.', ['Visa']],
    ['The electrician ran new wire.', []],
    ['We do not accept checks. We take ACH.', ['ACH']],
    ['We accept Visa and Mastercard, but not AmEx.', ['Visa', 'Mastercard']],
    ["We don't take cards, only ACH.", ['ACH']],
    ['All cards except American Express.', []],
    ['No checks; ACH or wire only.', ['ACH', 'Wire']],
    ['No fees for ACH payments.', ['ACH']],
    ['We each achieve more.', []],
    ['', []],
  ])('%s', (text, expected) => {
    expect(findPaymentTypes(text)).toEqual(expected);
    const info = extractBusinessInfo(text);
    expect(info.paymentsAccepted).toEqual(expected.length > 0 ? expected : undefined);
  });
});

describe('service area from the known states', () => {
  it.each([
    ['We manage homes in OH and PA.', 'OH, PA'],
    ['Units across West Virginia and florida', 'FL, WV'],
    ['Pennsylvania, PA, Pennsylvania', 'PA'],
    ['Serving WV, PA, OH and FL', 'FL, OH, PA, WV'],
  ])('%s → %s', (text, area) => {
    expect(extractBusinessInfo(text).serviceArea).toBe(area);
  });
  it.each(['oh, we are growing', 'Pay by the month', 'Ohioans love us', 'fl oh pa wv'])('no state in %s', (text) => {
    expect(extractBusinessInfo(text).serviceArea).toBeUndefined();
  });
  it('a place that is not a known state is kept as written, not read as West Virginia', () => {
    expect(findStates('We serve Virginia.')).toEqual([]);
    expect(extractBusinessInfo('We serve Virginia.').serviceArea).toBe('Virginia');
  });
  it('the labelled service area wins over states in the text', () => {
    expect(extractBusinessInfo('Service area: Pittsburgh metro\nAlso some work in OH.').serviceArea).toBe(
      'Pittsburgh metro',
    );
  });
});

describe('missingRequiredFields (five required fields, contact counts with any part)', () => {
  const full = {
    officialName: 'Harbor Lane',
    industry: 'Property management',
    businessDescription: 'We manage rentals.',
    serviceArea: 'OH',
    primaryContact: { email: 'dana@harborlane.com' },
  };
  it.each([
    ['nothing', {}, ['officialName', 'industry', 'businessDescription', 'serviceArea', 'primaryContact']],
    ['everything', full, []],
    ['blank name', { ...full, officialName: '   ' }, ['officialName']],
    ['contact with only a role', { ...full, primaryContact: { role: 'Owner' } }, []],
    ['contact with only a name', { ...full, primaryContact: { name: 'Dana' } }, []],
    ['contact with blank parts', { ...full, primaryContact: { name: ' ', role: '', email: '' } }, ['primaryContact']],
    ['no service area and industry', { ...full, serviceArea: '', industry: undefined }, ['industry', 'serviceArea']],
  ])('%s', (_label, data, expected) => {
    expect(missingRequiredFields(data)).toEqual(expected);
  });
  it('treats a missing profile as missing all five', () => {
    expect(missingRequiredFields(null)).toHaveLength(5);
  });
});

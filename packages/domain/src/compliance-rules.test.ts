import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_RULES_VERSION,
  checkOutbound,
  fairHousingFindings,
  knownAmountsFromFacts,
  moneyFindings,
  noticeFindings,
  parseMoneyCents,
  promisedMoment,
  STATE_CLASS_IDS,
} from './compliance-rules';
import { COMPLIANCE_SET } from './compliance-set';

const flagged = (text: string) => fairHousingFindings(text, STATE_CLASS_IDS).length > 0;

describe('fair-housing wording that must be flagged', () => {
  it.each([
    ['No children.', 'familial_status'],
    ['No kids allowed in the pool area or the units.', 'familial_status'],
    ['This studio is perfect for a young couple.', 'familial_status'],
    ['Adults only building.', 'familial_status'],
    ['We do not rent to Section 8 tenants.', 'source_of_income'],
    ['Muslims need not apply.', 'religion'],
    ['No service animals.', 'disability'],
    ['Applicants must speak English.', 'national_origin'],
    ['Women only.', 'sex'],
    ['It is in a predominantly black neighborhood.', 'race'],
  ] as const)('%s → %s', (text, cls) => {
    const findings = fairHousingFindings(text, STATE_CLASS_IDS);
    expect(findings.map((f) => f.class)).toContain(cls);
    const finding = findings.find((f) => f.class === cls);
    expect(finding?.kind).toBe('fair_housing');
    expect(finding?.reason).toContain(finding?.excerpt ?? '???');
  });

  it('general steering is flagged without a class', () => {
    const [finding] = fairHousingFindings('You would feel more at home in a different neighborhood.');
    expect(finding?.rule).toBe('steering.fit_in');
    expect(finding?.class).toBeNull();
  });

  it('curly quotes and line breaks do not hide a phrase', () => {
    expect(flagged('We don\u2019t\nrent to families with children.')).toBe(true);
  });
});

describe('ordinary wording that must pass', () => {
  it.each([
    'No pets.',
    'Service animals are welcome.',
    'Walking distance to St. Mary\u2019s church.',
    'Family room with a fireplace; master bedroom upstairs.',
    'Wheelchair accessible entrance and elevator.',
    'A couple of units open up next month.',
    'The white building next to the park is ours.',
    'Close to the mosque and the Jewish community center.',
    'Families are welcome.',
    'We accept all lawful sources of income, including vouchers.',
  ])('%s', (text) => {
    expect(fairHousingFindings(text, STATE_CLASS_IDS)).toEqual([]);
  });
});

describe('state classes count only when the owner enables them', () => {
  it('"no Section 8" is flagged with source of income on, not without', () => {
    expect(fairHousingFindings('No Section 8.', [])).toEqual([]);
    expect(fairHousingFindings('No Section 8.', ['source_of_income'])[0]?.class).toBe('source_of_income');
  });
  it('"you must be married" needs marital status; "couples only" is familial status anyway', () => {
    expect(fairHousingFindings('To rent here you must be married.', ['age'])).toEqual([]);
    expect(fairHousingFindings('To rent here you must be married.', ['marital_status'])[0]?.class).toBe(
      'marital_status',
    );
    expect(fairHousingFindings('Couples only.', [])[0]?.class).toBe('familial_status');
  });
});

describe('notice periods', () => {
  const now = new Date('2026-11-20T15:00:00Z');
  const notice = { entryNoticeHours: 24, rentIncreaseNoticeDays: 30, terminationNoticeDays: 60 };

  it('reads tomorrow, in N hours, named and ISO dates', () => {
    expect(promisedMoment('We will come by tomorrow at 9 am', now)?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(promisedMoment('in 2 hours', now)?.toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(promisedMoment('starting December 1', now)?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(promisedMoment('effective 2027-01-15', now)?.toISOString()).toBe('2027-01-15T09:00:00.000Z');
    expect(promisedMoment('on 3/2', now)?.toISOString()).toBe('2027-03-02T09:00:00.000Z');
    expect(promisedMoment('whenever suits you', now)).toBeNull();
  });

  it('flags an entry sooner than the entry notice and passes one after it', () => {
    const soon = noticeFindings('The plumber will enter your unit tomorrow at 9 am.', notice, now);
    expect(soon.map((f) => f.rule)).toEqual(['notice.entry']);
    expect(soon[0]?.reason).toContain('24 hours');
    expect(noticeFindings('The plumber will enter your unit on November 25.', notice, now)).toEqual([]);
  });

  it('flags a rent increase and a termination inside their notice periods', () => {
    const text =
      'Your rent will increase to $1,500 starting December 1. We will not renew your lease, and you must vacate by January 5.';
    expect(noticeFindings(text, notice, now).map((f) => f.rule)).toEqual([
      'notice.rent_increase',
      'notice.termination',
    ]);
    expect(noticeFindings('Your rent will increase starting March 1.', notice, now)).toEqual([]);
  });

  it('a period the owner left empty is not checked', () => {
    const off = { entryNoticeHours: null, rentIncreaseNoticeDays: null, terminationNoticeDays: null };
    expect(noticeFindings('We will enter today at 3 pm.', off, now)).toEqual([]);
  });
});

describe('money against known facts', () => {
  const known = knownAmountsFromFacts([
    { key: 'security_deposit', label: 'Security Deposit', value: '$1,200' },
    { key: 'pet_deposit', label: 'Pet Deposit', value: '$300 per pet' },
    { key: 'monthly_rent', label: 'Monthly Rent', value: 'USD 1,450.00' },
    { key: 'office_hours', label: 'Office Hours', value: '9-5' },
    { key: 'fees', label: 'Fees', value: '$50 application, $35 late' },
  ]);

  it('keeps facts that are one amount', () => {
    expect(known.map((k) => [k.key, k.cents])).toEqual([
      ['security_deposit', 120000],
      ['pet_deposit', 30000],
      ['monthly_rent', 145000],
    ]);
    expect(parseMoneyCents('1,250.5 dollars')).toBe(125050);
  });

  it('flags an amount that contradicts the fact its words name', () => {
    const findings = moneyFindings('Your security deposit of $900 is due at signing.', known);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.reason).toBe('Says $900 where the known security deposit is $1,200.');
  });

  it('passes matching amounts, ambiguous words and amounts of unknown things', () => {
    expect(moneyFindings('The pet deposit is $300 and the security deposit is $1,200.', known)).toEqual([]);
    expect(moneyFindings('The deposit is $300.', known)).toEqual([]);
    expect(moneyFindings('Parking is $75 a month.', known)).toEqual([]);
  });
});

describe('checkOutbound', () => {
  it('returns every kind of finding and the rule-set version', () => {
    const result = checkOutbound('No kids, sorry. Your rent is $1,600. We will enter today at 4 pm.', {
      now: new Date('2026-11-20T15:00:00Z'),
      notice: { entryNoticeHours: 24, rentIncreaseNoticeDays: null, terminationNoticeDays: null },
      knownAmounts: [{ key: 'monthly_rent', label: 'Monthly rent', cents: 145000 }],
    });
    expect(result.version).toBe(COMPLIANCE_RULES_VERSION);
    expect(result.findings.map((f) => f.kind).sort()).toEqual(['fair_housing', 'money', 'notice_period']);
  });
});

describe('the compliance set floor (npm run bench:compliance prints the same figures)', () => {
  it('has at least 40 phrases, both halves represented', () => {
    expect(COMPLIANCE_SET.length).toBeGreaterThanOrEqual(40);
    expect(COMPLIANCE_SET.filter((p) => p.flag).length).toBeGreaterThanOrEqual(20);
    expect(COMPLIANCE_SET.filter((p) => !p.flag).length).toBeGreaterThanOrEqual(20);
  });

  it('recall ≥ 0.95 on the flagged half, at most 1 false flag on the ordinary half', () => {
    const must = COMPLIANCE_SET.filter((p) => p.flag);
    const fine = COMPLIANCE_SET.filter((p) => !p.flag);
    const caught = must.filter((p) => flagged(p.text)).length;
    const falseFlags = fine.filter((p) => flagged(p.text)).map((p) => p.text);
    expect(caught / must.length).toBeGreaterThanOrEqual(0.95);
    expect(falseFlags.length).toBeLessThanOrEqual(1);
  });
});

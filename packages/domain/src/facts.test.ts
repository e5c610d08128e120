import { describe, expect, it } from 'vitest';
import {
  classifyQuestion,
  countServices,
  extractFacts,
  type FactLike,
  factConfidence,
  faqQuestionFor,
  normalizeFactKey,
  shouldReplaceFact,
  suggestionCandidates,
  summarizeFactProfile,
  topSuggestions,
} from './facts';

const fact = (key: string, value: string, confidence = 85, source: FactLike['source'] = 'conversation'): FactLike => ({
  key,
  label: normalizeFactKey(key)?.label ?? key,
  value,
  confidence,
  source,
});

describe('normalizeFactKey', () => {
  it.each([
    ['Business Phone', 'business_phone', 'Business Phone'],
    ['phone', 'business_phone', 'Business Phone'],
    ['Office hours', 'operating_hours', 'Operating Hours'],
    ['E-mail', 'support_email', 'Support Email'],
    ['Pet Policy', 'pet_policy', 'Pet Policy'],
    ['  Late fees ', 'late_fee', 'Late Fee'],
    ['Payments accepted', 'payment_methods', 'Payment Methods'],
  ])('%s → %s', (raw, key, label) => {
    expect(normalizeFactKey(raw)).toEqual({ key, label });
  });
  it('refuses keys without letters', () => {
    expect(normalizeFactKey('123 !!')).toBeNull();
    expect(normalizeFactKey('')).toBeNull();
  });
});

describe('factConfidence', () => {
  it.each([
    [{ source: 'manual', method: 'migration' }, 75],
    [{ source: 'conversation', method: 'description' }, 80],
    [{ source: 'conversation', method: 'extraction' }, 85],
    [{ source: 'document', method: 'extraction' }, 85],
    [{ source: 'integration', method: 'sync' }, 90],
    [{ source: 'manual', method: 'correction' }, 95],
  ] as const)('%o → %i', (input, expected) => {
    expect(factConfidence(input)).toBe(expected);
  });
  it('lets only an equally or more confident value replace a stored one', () => {
    expect(shouldReplaceFact({ value: 'a', confidence: 95 }, { confidence: 85 })).toBe(false);
    expect(shouldReplaceFact({ value: 'a', confidence: 85 }, { confidence: 85 })).toBe(true);
    expect(shouldReplaceFact({ value: 'a', confidence: 85 }, { confidence: 90 })).toBe(true);
  });
});

describe('extractFacts', () => {
  it('reads "Key: value" lines, normalises keys, later lines win, markup and placeholders skipped', () => {
    const facts = extractFacts(
      [
        'Business phone: (555) 010-2030',
        '- **Pet policy:** Cats only, $300 pet deposit',
        'User: hello there',
        'Service area: unknown',
        'Website: https://example.com',
        'Hours: Mon-Fri 9am-5pm',
        'Hours: Mon-Sat 8am-6pm',
      ].join('\n'),
    );
    expect(facts.map((f) => [f.key, f.value])).toEqual([
      ['business_phone', '(555) 010-2030'],
      ['pet_policy', 'Cats only, $300 pet deposit'],
      ['website', 'https://example.com'],
      ['operating_hours', 'Mon-Sat 8am-6pm'],
    ]);
  });

  it('finds property-manager patterns in free text', () => {
    const text =
      'You can reach our office at 555-123-4567 or help@oakprop.com. We are open Monday to Friday 9am to 5pm. ' +
      'For emergencies call (555) 999-0000 any time. Rent is due on the 1st and a late fee of $50 applies after the 5th. ' +
      'Dogs under 30 lb are allowed with a $250 deposit. We accept ACH and Visa. Please keep a friendly tone. My name is Dana Reyes.';
    const byKey = Object.fromEntries(extractFacts(text).map((f) => [f.key, f.value]));
    expect(byKey.business_phone).toBe('555-123-4567');
    expect(byKey.support_email).toBe('help@oakprop.com');
    expect(byKey.operating_hours).toBe('Monday to Friday 9am to 5pm');
    expect(byKey.emergency_contact).toBe('(555) 999-0000');
    expect(byKey.late_fee).toContain('late fee of $50');
    expect(byKey.pet_policy).toBe('Dogs under 30 lb are allowed with a $250 deposit.');
    expect(byKey.payment_methods).toBe('ACH, Visa');
    expect(byKey.preferred_voice_tone).toBe('friendly');
    expect(byKey.primary_contact_name).toBe('Dana Reyes');
  });

  it('tells the office line from the emergency line in one sentence, and keeps the days closed with the hours', () => {
    const text =
      'Our office is open Monday to Saturday from 9:00 am to 5:30 pm and is closed on Sundays. ' +
      'Call us at (555) 730-1200; for after-hours emergencies such as a break-in, call (555) 730-1299.';
    const byKey = Object.fromEntries(extractFacts(text).map((f) => [f.key, f.value]));
    expect(byKey.business_phone).toBe('(555) 730-1200');
    expect(byKey.emergency_contact).toBe('(555) 730-1299');
    expect(byKey.operating_hours).toBe('Monday to Saturday from 9:00 am to 5:30 pm; closed on Sundays');
  });

  it('keeps every stretch of days said together in the hours', () => {
    const hours = (text: string) => extractFacts(text).find((f) => f.key === 'operating_hours')?.value;
    expect(hours('The office is open Monday to Thursday 8 am to 5 pm and Friday 8 am to 3 pm; closed weekends.')).toBe(
      'Monday to Thursday 8 am to 5 pm and Friday 8 am to 3 pm; closed weekends',
    );
    expect(hours('The office is open weekdays from 9 to 5 and Saturday mornings from 10 to 2.')).toBe(
      'weekdays from 9 to 5 and Saturday mornings from 10 to 2',
    );
    // Time first, in stretches.
    expect(hours('Our office is open 9-5 on weekdays and 10 to 2 on Saturdays.')).toBe(
      '9-5 on weekdays and 10 to 2 on Saturdays',
    );
    // A stretch with its closing time only, noon and midnight, "between … and …", "seven days a week", M-F.
    expect(hours("We're in the office weekdays 9 to 5:30 and Saturday mornings until noon.")).toBe(
      'weekdays 9 to 5:30 and Saturday mornings until noon',
    );
    expect(hours('Mon–Thu 8–6, Fridays till 4, closed weekends.')).toBe('Mon–Thu 8–6, Fridays till 4; closed weekends');
    expect(hours('We answer phones from 8am until 7pm, seven days a week.')).toBe(
      'from 8am until 7pm, seven days a week',
    );
    expect(hours('Someone is at the front desk between 9 and 5 on weekdays.')).toBe('between 9 and 5 on weekdays');
    expect(hours('Our hours are M-F 9-5.')).toBe('M-F 9-5');
    expect(hours('The leasing office is open from noon to 6 on Sundays.')).toBe('from noon to 6 on Sundays');
    // Hours in words, and the days never open.
    expect(
      hours("I'm in the office Monday through Thursday nine to five and Fridays until noon, never on weekends."),
    ).toBe('Monday through Thursday nine to five and Fridays until noon; never on weekends');
  });

  it('reads a line that answers day and night as the emergency line, and how showings are booked', () => {
    const byKey = (text: string) => Object.fromEntries(extractFacts(text).map((f) => [f.key, f.value]));
    expect(byKey('Our 24/7 maintenance line is (512) 555-0177.')).toEqual({ emergency_contact: '(512) 555-0177' });
    expect(byKey('Call the office at (512) 555-0143.')).toEqual({ business_phone: '(512) 555-0143' });
    expect(byKey('For anything urgent at night, ring the on-call tech on 555-610-9090.')).toEqual({
      emergency_contact: '555-610-9090',
    });
    expect(byKey('Tours can be booked online at oakridgepm.com/tours.').booking_process).toBe(
      'Tours can be booked online at oakridgepm.com/tours.',
    );
    expect(byKey('Showings are by appointment; book through our website.').booking_process).toBeDefined();
  });

  it('keeps how fast the owner answers and how many homes the business has', () => {
    const byKey = (text: string) => Object.fromEntries(extractFacts(text).map((f) => [f.key, f.value]));
    expect(byKey('I try to answer e-mails and portal messages the same day.').response_time).toBe(
      'I try to answer e-mails and portal messages the same day.',
    );
    expect(byKey('Our team will get back to you within one business day.').response_time).toBeDefined();
    expect(byKey('We answer messages every day, usually within a few hours.').response_time).toBeDefined();
    expect(byKey('Maple Street Property Management. We manage 120 residential units.').properties_managed).toBe(
      'We manage 120 residential units',
    );
    expect(byKey('We own 20 homes, four duplexes and three fourplexes.').properties_managed).toBeDefined();
    // The whole phrase, not "We look after 40 rental" cut before its noun.
    expect(byKey('We look after 40 rental flats for tenants in Porto.').properties_managed).toBe(
      'We look after 40 rental flats',
    );
    expect(byKey('We run 12 lakeside cabins and 3 cottages.').properties_managed).toBe('We run 12 lakeside cabins');
    // Only what the owner says they run: "a community with 164 home sites" would answer "how many can I have?".
    expect(byKey('Elm Row is a community with 140 home sites.').properties_managed).toBeUndefined();
    expect(byKey('We have 2 dogs and answer the phone.')).toEqual({});
  });

  it('lets a labelled line beat a pattern for the same key and finds nothing in small talk', () => {
    const facts = extractFacts('Call us at 555-222-3333.\nPhone: 555-444-5555');
    expect(facts.filter((f) => f.key === 'business_phone').map((f) => f.value)).toEqual(['555-444-5555']);
    expect(extractFacts('Hello! How are you today?')).toEqual([]);
    expect(extractFacts(null)).toEqual([]);
  });
});

describe('summarizeFactProfile', () => {
  it('is 0% complete with every essential key a gap of priority 8', () => {
    const s = summarizeFactProfile([]);
    expect(s.completeness).toBe(0);
    expect(s.knowledgeGaps).toHaveLength(10);
    expect(s.knowledgeGaps.every((g) => g.priority === 8 && g.estimatedValue === 10)).toBe(true);
    expect(s.confidence).toEqual({ overall: 0, byCategory: { essential: 0, contact: 0 } });
  });

  it('counts present essential keys and records a gap below 70 only', () => {
    const s = summarizeFactProfile([
      fact('business_phone', '555', 90),
      fact('support_email', 'a@b.co', 95),
      fact('pet_policy', 'no pets', 69),
      fact('late_fee', '$50', 70),
    ]);
    expect(s.completeness).toBe(20);
    const low = s.knowledgeGaps.filter((g) => g.category === 'low_confidence');
    expect(low.map((g) => [g.field, g.priority])).toEqual([['pet_policy', 6]]);
    expect(s.confidence.overall).toBe(81);
    expect(s.confidence.byCategory.contact).toBe(Math.round((90 + 95) / 4));
    expect(s.confidence.byCategory.essential).toBe(Math.round((90 + 95) / 10));
  });

  it('is 100% with all ten essential keys', () => {
    const keys = [
      'primary_contact_name',
      'business_phone',
      'support_email',
      'operating_hours',
      'service_area',
      'preferred_voice_tone',
      'payment_methods',
      'emergency_contact',
      'booking_process',
      'pricing_structure',
    ];
    const s = summarizeFactProfile(keys.map((k) => fact(k, 'x')));
    expect(s.completeness).toBe(100);
    expect(s.knowledgeGaps).toEqual([]);
  });
});

describe('suggestionCandidates', () => {
  const all = (questions: (string | null)[]) =>
    suggestionCandidates({ facts: [fact('pet_policy', 'maybe', 60)], questionTopics: questions });

  it('suggests an integration (9), each missing essential key (8) and each low-confidence fact (6)', () => {
    const c = all([]);
    expect(c.filter((s) => s.type === 'missing_integration').map((s) => s.priority)).toEqual([9]);
    expect(c.filter((s) => s.type === 'incomplete_profile')).toHaveLength(10);
    expect(c.filter((s) => s.type === 'incomplete_profile').every((s) => s.priority === 8)).toBe(true);
    expect(c.filter((s) => s.type === 'fact_confidence_low').map((s) => [s.dedupeKey, s.priority])).toEqual([
      ['fact_confidence_low:pet_policy', 6],
    ]);
    expect(c.some((s) => s.type === 'automation_opportunity')).toBe(false);
  });

  it('suggests an automation (7) after 3 matching questions only when more than 5 were asked', () => {
    const three = ['maintenance', 'maintenance', 'maintenance'];
    expect(all([...three, 'pets', null]).some((s) => s.type === 'automation_opportunity')).toBe(false);
    const six = all([...three, 'pets', null, 'lease']).filter((s) => s.type === 'automation_opportunity');
    expect(six.map((s) => [s.dedupeKey, s.priority])).toEqual([['automation_opportunity:maintenance', 7]]);
    expect(
      all(['maintenance', 'maintenance', 'pets', 'pets', null, null]).some((s) => s.type === 'automation_opportunity'),
    ).toBe(false);
  });

  it('no integration suggestion once a fact came from an integration', () => {
    const c = suggestionCandidates({ facts: [fact('business_phone', '1', 90, 'integration')], questionTopics: [] });
    expect(c.some((s) => s.type === 'missing_integration')).toBe(false);
  });

  it('top suggestions are by priority, then oldest, three by default', () => {
    const items = [
      { id: 'a', priority: 6, createdAt: '2026-01-01' },
      { id: 'b', priority: 8, createdAt: '2026-01-03' },
      { id: 'c', priority: 9, createdAt: '2026-01-04' },
      { id: 'd', priority: 8, createdAt: '2026-01-02' },
    ];
    expect(topSuggestions(items, 3).map((i) => i.id)).toEqual(['c', 'd', 'b']);
  });
});

describe('questions, FAQ and relevance', () => {
  it.each([
    ['How do I pay my rent online?', 'rent_payment'],
    ['My sink has a leak', 'maintenance'],
    ['Can I schedule a showing on Saturday?', 'showings'],
    ['Are dogs ok?', 'pets'],
    ['What is the weather?', null],
  ])('classifies %s', (q, topic) => {
    expect(classifyQuestion(q)).toBe(topic);
  });

  it('asks customer questions for facts, but not for the voice tone', () => {
    expect(faqQuestionFor({ key: 'pet_policy', label: 'Pet Policy' })).toBe('Are pets allowed?');
    expect(faqQuestionFor({ key: 'office_location', label: 'Office Location' })).toBe('What is your office location?');
    expect(faqQuestionFor({ key: 'preferred_voice_tone', label: 'Preferred Voice Tone' })).toBeNull();
  });

  it('counts services', () => {
    expect(countServices('Leasing, rent collection and maintenance')).toBe(3);
    expect(countServices('')).toBe(0);
  });
});

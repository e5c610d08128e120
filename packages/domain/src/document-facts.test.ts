import { describe, expect, it } from 'vitest';
import { extractDocumentFacts, logicalLines } from './document-facts';
import { splitSentences } from './segments';

/**
 * A corpus of handbook snippets as they reach the extractor: Markdown wrapped at ~72 columns, PDF
 * text (one line per printed line, no blank lines), Word text (one paragraph per line), labelled
 * sheets and bulleted lists. Each names every fact it should give (key → exact value) and junk that
 * must never come out. Precision = facts given that are expected / facts given.
 */
interface Case {
  name: string;
  text: string;
  expected: Record<string, string>;
  /** Values (or key=value pairs) that must not appear. */
  never?: string[];
}

const CORPUS: Case[] = [
  {
    name: 'markdown handbook, hard-wrapped',
    text: `# Maple Court Resident Handbook

Welcome home! This handbook explains how life at Maple Court works. Please
keep it with your lease.

## Paying Rent

Rent is due on the first day of each month and is considered late after
the fifth. Payments may be made by ACH, online portal, personal check, or
money order.

A late fee of $75 is charged when rent is received after the 5th of the
month.

## Parking

Parking

Each apartment has one assigned space in the garage. Guest parking is
available on the street only.

## Quiet Hours

Quiet hours begin at 10:00 pm and end at 7:00 am every day.

## Maintenance Requests

Maintenance requests

Submit maintenance requests through the resident portal. We respond to
routine requests within two business days.
`,
    expected: {
      payment_methods: 'ACH, online portal, personal check, money order',
      late_fee: 'A late fee of $75 is charged when rent is received after the 5th of the month.',
      rent_payment: 'Rent is due on the first day of each month and is considered late after the fifth.',
      maintenance_requests:
        'Submit maintenance requests through the resident portal. We respond to routine requests within two business days.',
      parking_policy:
        'Each apartment has one assigned space in the garage. Guest parking is available on the street only.',
    },
    never: ['Parking', 'Maintenance requests', '00 pm and end at 7', 'ACH'],
  },
  {
    name: 'PDF text, one line per printed line',
    text: `Resident Handbook
Office Hours: Monday to Friday, 9:00 am to 5:00 pm
Phone: (555) 201-3344
Email: office@maplecourt.example
Payment Methods: ACH, online portal, personal check,
money order
Pet Policy
Cats and dogs under 40 pounds are welcome with a $300 pet deposit. Pets must be
leashed in all common areas.
Security Deposit
The security deposit equals one month of rent and is returned within 30
days of move-out, less any damages.`,
    expected: {
      operating_hours: 'Monday to Friday, 9:00 am to 5:00 pm',
      business_phone: '(555) 201-3344',
      support_email: 'office@maplecourt.example',
      payment_methods: 'ACH, online portal, personal check, money order',
      pet_policy:
        'Cats and dogs under 40 pounds are welcome with a $300 pet deposit. Pets must be leashed in all common areas.',
      security_deposit:
        'The security deposit equals one month of rent and is returned within 30 days of move-out, less any damages.',
    },
    never: ['ACH, online portal, personal check', 'Pet Policy', 'Resident Handbook'],
  },
  {
    name: 'bulleted payment list under a label',
    text: `Payment Methods:
- ACH
- Online portal
- Personal check
- Money order

Late Fee: $50 if rent is not received by the 5th.`,
    expected: {
      payment_methods: 'ACH, Online portal, Personal check, Money order',
      late_fee: '$50 if rent is not received by the 5th.',
    },
    never: ['ACH'],
  },
  {
    name: 'Word document, one paragraph per line',
    text: `Leasing Office

The leasing office is open Monday through Friday from 9 am to 6 pm and Saturday from 10 am to 4 pm.

Call the office at (555) 410-2200 with any questions about your lease.

The pool is open daily from 8 am to 10 pm between Memorial Day and Labor Day.

For fire or police emergencies call 911.`,
    expected: {
      operating_hours:
        'The leasing office is open Monday through Friday from 9 am to 6 pm and Saturday from 10 am to 4 pm.',
      business_phone: '(555) 410-2200',
    },
    never: ['The pool is open daily from 8 am to 10 pm between Memorial Day and Labor Day.', '911'],
  },
  {
    name: 'contact sheet with an emergency line',
    text: `**Management Company:** Lakeside Property Group
**Primary Contact:** Dana Whitfield
**Emergency Maintenance:** (555) 300-9911 (24 hours a day)
Note: the office is closed on federal holidays.
Trash Pickup: Tuesdays and Fridays before 7 am`,
    expected: {
      management_company: 'Lakeside Property Group',
      primary_contact_name: 'Dana Whitfield',
      emergency_contact: '(555) 300-9911 (24 hours a day)',
      trash_pickup: 'Tuesdays and Fridays before 7 am',
    },
    never: ['the office is closed on federal holidays.'],
  },
  {
    name: 'junk traps',
    text: `Parking Policy: Parking

Maintenance Requests: Maintenance requests

Quiet hours start at 10:00 pm sharp.

Payment Methods: ACH,

See the parking section below for details.

Rules:

We do not accept cash or credit cards for rent.

Pets

Are pets allowed?

Vendor contact: see below`,
    expected: {},
    never: [
      'Parking',
      'Maintenance requests',
      '00 pm sharp.',
      'ACH,',
      'ACH',
      'See the parking section below for details.',
      'cash, credit cards',
    ],
  },
  {
    name: 'labelled lines run together by an earlier step',
    text: 'Office Hours: Monday to Friday, 9:00 am to 5:00 pm Phone: (555) 201-3344 Email: office@example.com',
    expected: {},
    never: ['Monday to Friday, 9:00 am to 5:00 pm Phone: (555) 201-3344 Email: office@example.com'],
  },
  {
    name: 'FAQ, table rows and links',
    text: `Frequently Asked Questions

Q: Are pets allowed?
A: Yes, cats only.

Unit | Monthly Rent | Deposit
1 bedroom | $1,450 | $1,450

Portal: https://residents.example.com/login

Website: [Resident portal](https://residents.example.com)`,
    expected: {
      portal: 'https://residents.example.com/login',
      website: 'Resident portal (https://residents.example.com)',
    },
    never: ['Yes, cats only.', 'Are pets allowed?'],
  },
  {
    name: 'conflicting labels',
    text: `Office
Phone: (555) 111-2222

Maintenance Vendor
Phone: (555) 999-0000

Pet Policy: No pets are allowed, except service animals.`,
    expected: { pet_policy: 'No pets are allowed, except service animals.' },
    never: ['(555) 111-2222', '(555) 999-0000'],
  },
  {
    name: 'parking section, wrapped, with a towing sentence',
    text: `## Parking Rules

Each unit is assigned one parking space. Vehicles parked in fire lanes
will be towed at the owner's expense.

## Move-in

Move-ins are scheduled Monday through Saturday between 9 am and 4 pm.`,
    expected: {
      parking_policy:
        "Each unit is assigned one parking space. Vehicles parked in fire lanes will be towed at the owner's expense.",
    },
    never: ['Move-ins are scheduled Monday through Saturday between 9 am and 4 pm.'],
  },
  {
    name: 'payment lead-in with a list',
    text: `We accept the following payment methods:
* ACH bank transfer
* Online portal (credit or debit card)
* Cashier's check

Rent payments are due on the 1st.`,
    expected: {
      payment_methods: "ACH bank transfer, Online portal (credit or debit card), Cashier's check",
      rent_payment: 'Rent payments are due on the 1st.',
    },
  },
  {
    name: 'PDF lines with a sentence wrapped at a capitalised word',
    text: `Maintenance Requests
Submit maintenance requests online through the Resident
Portal or by calling the office. Emergencies are handled around the clock.
Late Fees
A late charge of 5% of the monthly rent applies to payments received after the 3rd.`,
    expected: {
      maintenance_requests:
        'Submit maintenance requests online through the Resident Portal or by calling the office. Emergencies are handled around the clock.',
      late_fee: 'A late charge of 5% of the monthly rent applies to payments received after the 3rd.',
    },
  },
  {
    // A PDF keeps no blank lines: the paragraph after a block of labelled lines starts on the next line.
    name: 'PDF labelled lines followed at once by a paragraph',
    text: `Management office: (555) 871-2400
After-hours emergencies: (555) 871-2499
Tenant e-mail: ironwood@halvorsenrealty.example
Call the after-hours line for a fire sprinkler leak or alarm, a roof leak over stock, or a gate that will
not open. Routine maintenance requests are answered within 2 business days.`,
    expected: {
      management_office: '(555) 871-2400',
      after_hours_emergencies: '(555) 871-2499',
      tenant_e_mail: 'ironwood@halvorsenrealty.example',
      maintenance_requests: 'Routine maintenance requests are answered within 2 business days.',
    },
  },
];

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function measure() {
  let given = 0;
  let correct = 0;
  let expected = 0;
  const wrong: string[] = [];
  for (const c of CORPUS) {
    const facts = extractDocumentFacts(c.text);
    expected += Object.keys(c.expected).length;
    for (const f of facts) {
      given++;
      const want = c.expected[f.key];
      if (want !== undefined && norm(want) === norm(f.value)) correct++;
      else wrong.push(`${c.name}: ${f.label}: ${f.value}`);
    }
  }
  return { given, correct, expected, wrong, precision: correct / given, recall: correct / expected };
}

describe('extractDocumentFacts: the handbook corpus', () => {
  for (const c of CORPUS) {
    it(c.name, () => {
      const facts = extractDocumentFacts(c.text);
      const byKey = Object.fromEntries(facts.map((f) => [f.key, f.value]));
      expect(byKey).toEqual(c.expected);
      for (const junk of c.never ?? []) {
        expect(facts.map((f) => f.value)).not.toContain(junk);
      }
    });
  }

  it('keeps precision at 1.0 over the corpus (and reports recall)', async ({ annotate }) => {
    const m = measure();
    await annotate(
      `document facts: ${m.correct}/${m.given} correct (precision ${m.precision.toFixed(3)}), ${m.correct}/${m.expected} expected found (recall ${m.recall.toFixed(3)})`,
    );
    expect(m.wrong).toEqual([]);
    expect(m.precision).toBe(1);
    expect(m.given).toBeGreaterThanOrEqual(20);
  });

  it('never gives a fact whose value only repeats its label', () => {
    for (const c of CORPUS) {
      for (const f of extractDocumentFacts(c.text)) {
        expect(norm(f.value)).not.toBe(norm(f.label));
        expect(f.label).not.toMatch(/\d/);
      }
    }
  });
});

describe('document text reading', () => {
  it('joins wrapped lines, keeps labelled lines and list items apart, finds headings', () => {
    const lines = logicalLines(
      'Resident Handbook\nRent is due on the first. Pay by ACH,\nonline portal, or check.\nPhone: 555\n- ACH\n- Check',
    );
    expect(lines).toEqual([
      { kind: 'heading', text: 'Resident Handbook' },
      { kind: 'text', text: 'Rent is due on the first. Pay by ACH, online portal, or check.' },
      { kind: 'text', text: 'Phone: 555' },
      { kind: 'item', text: 'ACH' },
      { kind: 'item', text: 'Check' },
    ]);
  });

  it('does not cut sentences after a.m., p.m. or e.g.', () => {
    expect(splitSentences('Open 9 a.m. to 5 p.m. Monday to Friday. Call e.g. Dana. Thanks.')).toEqual([
      'Open 9 a.m. to 5 p.m. Monday to Friday.',
      'Call e.g. Dana.',
      'Thanks.',
    ]);
  });
});

describe('before: the chat extractor on the same corpus', () => {
  it('is what documents used to go through (reported, for comparison)', async ({ annotate }) => {
    const { extractFacts } = await import('./facts');
    let given = 0;
    let correct = 0;
    for (const c of CORPUS) {
      for (const f of extractFacts(c.text)) {
        given++;
        const want = c.expected[f.key];
        if (want !== undefined && norm(want) === norm(f.value)) correct++;
      }
    }
    await annotate(
      `chat extractor on documents: ${correct}/${given} correct (precision ${(correct / given).toFixed(3)})`,
    );
    expect(correct / given).toBeLessThan(measure().precision);
  });
});

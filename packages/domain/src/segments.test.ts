import { describe, expect, it } from 'vitest';
import { segmentText, sentencesOf, splitSentences, unwrapParagraph, unwrapText } from './segments';

const HANDBOOK = `# Resident Handbook

## Maintenance

For maintenance emergencies — flooding, no heat in winter, a gas smell or a
power outage affecting the whole unit — call our 24-hour line at (555)
201-4477. Non-urgent requests go through the resident portal.

## Amenities

The pool is open daily from 10:00 am to 8:00
pm, Memorial Day through Labor Day. Guests must be accompanied by a
resident at all times.

## Pets

Each pet requires a refundable
deposit of $300.00 and monthly pet rent of $35. Dogs over 50 lbs. need
written approval from the office.

Accepted payment methods:
- the online resident portal (ACH or card, a 2.9% fee applies to
  cards)
- personal check
- money order
`;

describe('unwrapParagraph', () => {
  it('joins lines broken mid-sentence and keeps list items apart', () => {
    const lines = unwrapParagraph(
      'Accepted payment methods:\n- the online portal (ACH or card, a fee applies to\n  cards)\n- personal check\n- money order',
    );
    expect(lines).toEqual([
      'Accepted payment methods:',
      '- the online portal (ACH or card, a fee applies to cards)',
      '- personal check',
      '- money order',
    ]);
  });

  it('keeps a short label line above its text', () => {
    expect(
      unwrapParagraph(
        'Office Hours\nMonday through Friday, 9:00 am to 5:00 pm, and Saturday from\n10:00 am to 2:00 pm. Closed on holidays.',
      ),
    ).toEqual([
      'Office Hours',
      'Monday through Friday, 9:00 am to 5:00 pm, and Saturday from 10:00 am to 2:00 pm. Closed on holidays.',
    ]);
  });

  it('keeps "Label: value" lines apart', () => {
    expect(unwrapParagraph('Security deposit: two months of rent\nQuiet hours are from 10pm to 7am.')).toEqual([
      'Security deposit: two months of rent',
      'Quiet hours are from 10pm to 7am.',
    ]);
    expect(unwrapParagraph('Office phone: (555) 201-4477\nSupport email: help@example.com')).toHaveLength(2);
  });

  it('joins a wrapped line whose next line starts with a capitalised name', () => {
    expect(
      unwrapParagraph(
        'For anything about your lease, including renewals and transfers, contact\nMaple Street Property Management at the front office during business hours.',
      ),
    ).toHaveLength(1);
  });

  it('joins a word broken after its hyphen without a space', () => {
    expect(unwrapParagraph('Schedule your move-\nout inspection with the office.')).toEqual([
      'Schedule your move-out inspection with the office.',
    ]);
  });

  it('makes a word the layout hyphenated whole again, and keeps the hyphen of a compound', () => {
    expect(
      unwrapParagraph(
        'Submit every mainte-\nnance request through the portal; emer-\ngency repairs are handled by the on-\ncall technician, and self-\nemployed applicants send two years of returns before move-\nin.',
      ),
    ).toEqual([
      'Submit every maintenance request through the portal; emergency repairs are handled by the on-call technician, and self-employed applicants send two years of returns before move-in.',
    ]);
  });

  it('joins a dictionary word whose end looks like a compound when a dictionary is given', () => {
    const words = new Set(['household', 'hallway', 'checkout']);
    const isWord = (w: string) => words.has(w);
    const text = 'Only your househ-\nold may walk down the hall-\nway to the check-\nout desk, in a 30-year-\nold car.';
    expect(unwrapParagraph(text, isWord)).toEqual([
      'Only your household may walk down the hallway to the check-out desk, in a 30-year-old car.',
    ]);
    // Without one, a word ending like a compound keeps its hyphen.
    expect(unwrapParagraph(text)[0]).toContain('househ-old');
  });

  it('ends a list item where a short line is followed by a new paragraph without a blank line (PDF text)', () => {
    expect(
      unwrapParagraph(
        [
          '• Motorcycle permit: $55 a month, in the motorcycle corral on Level 2 of the garage building',
          '• Guest day passes for monthly parkers: a book of 5 for $40',
          'A new permit can start on any day of the month; the first month is prorated to the day.',
        ].join('\n'),
      ),
    ).toEqual([
      '• Motorcycle permit: $55 a month, in the motorcycle corral on Level 2 of the garage building',
      '• Guest day passes for monthly parkers: a book of 5 for $40',
      'A new permit can start on any day of the month; the first month is prorated to the day.',
    ]);
    // A wrapped item whose next line opens with a name stays one item.
    expect(
      unwrapParagraph(
        '• Residents of the east wing park in the covered lot behind the office, next to\nBuilding C, with a permit.',
      ),
    ).toEqual([
      '• Residents of the east wing park in the covered lot behind the office, next to Building C, with a permit.',
    ]);
  });

  it('is stable when applied twice', () => {
    const once = unwrapText(HANDBOOK);
    expect(unwrapText(once)).toBe(once);
  });
});

describe('splitSentences', () => {
  it('never splits abbreviations, initials, times, amounts or phone numbers', () => {
    expect(
      splitSentences(
        'Call Dr. J. Lee at (555) 201-4477 ext. 3 before 8:30 a.m. Monday. Apt. 4B pays $1,200.50 a month. Dogs over 50 lbs. need approval.',
      ),
    ).toEqual([
      'Call Dr. J. Lee at (555) 201-4477 ext. 3 before 8:30 a.m. Monday.',
      'Apt. 4B pays $1,200.50 a month.',
      'Dogs over 50 lbs. need approval.',
    ]);
  });

  it('ends a sentence after a letter that names a place, not after an initial', () => {
    expect(splitSentences('Visitors park in lot B. Bags go behind Building C. Ask Mary J. Lee at the desk.')).toEqual([
      'Visitors park in lot B.',
      'Bags go behind Building C.',
      'Ask Mary J. Lee at the desk.',
    ]);
  });

  it('keeps a day named after a.m./p.m. in the sentence, abbreviated or not', () => {
    expect(
      splitSentences('The pool opens at 9 a.m. Mon.-Fri. and at 10 a.m. Sat. and Sun. Towels are provided.'),
    ).toEqual(['The pool opens at 9 a.m. Mon.-Fri. and at 10 a.m. Sat. and Sun.', 'Towels are provided.']);
  });

  it('reads an FAQ written "Q. … ? A. …" as a question and its answer', () => {
    expect(splitSentences('Q. Can I paint my walls? A. Yes, with written approval from the office.')).toEqual([
      'Q: Can I paint my walls?',
      'A: Yes, with written approval from the office.',
    ]);
    expect(splitSentences('A. Yes, the office keeps a spare key.')).toEqual(['A: Yes, the office keeps a spare key.']);
    // An outline letter is not an answer mark.
    expect(splitSentences('A. General Rules')).toEqual(['A. General Rules']);
  });

  it('ends a sentence after a.m./p.m. when a new sentence starts', () => {
    expect(splitSentences('Quiet hours start at 10 p.m. Please keep music low.')).toEqual([
      'Quiet hours start at 10 p.m.',
      'Please keep music low.',
    ]);
  });

  it('splits on question and exclamation marks and keeps e.g. together', () => {
    expect(splitSentences('Need a key? Visit the office, e.g. on Monday. Thanks!')).toEqual([
      'Need a key?',
      'Visit the office, e.g. on Monday.',
      'Thanks!',
    ]);
  });
});

describe('segmentText', () => {
  it('gives whole sentences from hard-wrapped Markdown', () => {
    const texts = sentencesOf(HANDBOOK);
    expect(texts).toContain(
      'For maintenance emergencies — flooding, no heat in winter, a gas smell or a power outage affecting the whole unit — call our 24-hour line at (555) 201-4477.',
    );
    expect(texts).toContain('The pool is open daily from 10:00 am to 8:00 pm, Memorial Day through Labor Day.');
    expect(texts).toContain('Each pet requires a refundable deposit of $300.00 and monthly pet rent of $35.');
    expect(texts).toContain('Dogs over 50 lbs. need written approval from the office.');
    expect(texts).toContain('the online resident portal (ACH or card, a 2.9% fee applies to cards)');
  });

  it('marks headings and list items', () => {
    const segments = segmentText(HANDBOOK);
    expect(segments.find((s) => s.text === 'Maintenance')?.kind).toBe('heading');
    expect(segments.find((s) => s.text === 'money order')?.kind).toBe('item');
  });

  it('reads PDF-style text where every printed line ends in a break', () => {
    const pdf = [
      'Fitness Center',
      'The fitness center on the second floor is open from 5:00 a.m. to 11:00',
      'p.m. every day. Residents need their key fob to enter, and guests under',
      'sixteen must be accompanied by an adult. Towels are provided at the front',
      'desk.',
    ].join('\n');
    expect(sentencesOf(pdf)).toEqual([
      'Fitness Center',
      'The fitness center on the second floor is open from 5:00 a.m. to 11:00 p.m. every day.',
      'Residents need their key fob to enter, and guests under sixteen must be accompanied by an adult.',
      'Towels are provided at the front desk.',
    ]);
  });
});

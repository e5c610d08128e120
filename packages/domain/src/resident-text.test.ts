import { residentMessages, SMS_BODY_MAX_CHARS } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import {
  cleanResidentText,
  composeResidentReply,
  displayTitle,
  renderResidentAnswer,
  residentFirstName,
  residentSources,
  splitQuestions,
  stripCitations,
} from './resident-text';

/** Nothing a resident should ever read. */
function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\[(?:Doc|Fact)\s*:/i);
  expect(text).not.toMatch(/\.(?:md|pdf|txt|docx)\b/i);
  expect(text).not.toMatch(/[[\]【】]/);
  expect(text).not.toMatch(/according to your documents|this workspace|taught me/i);
}

describe('stripCitations', () => {
  it.each([
    ['Rent is due on the 1st [Doc:Lease.md#2].', 'Rent is due on the 1st.'],
    [
      'Rent is due on the 1st [Doc:Lease.md#2] and late fees start on the 6th [Fact:Late fee].',
      'Rent is due on the 1st and late fees start on the 6th.',
    ],
    ['Cats are welcome.[Doc:pets.md#0][Doc:pets.md#1]', 'Cats are welcome.'],
    ['Parking is free [[Doc:Parking#3]].', 'Parking is free.'],
    ['Quiet hours start at 10 pm (Doc: House rules#1).', 'Quiet hours start at 10 pm.'],
    ['Laundry is in the basement [1][2, 3].', 'Laundry is in the basement.'],
    ['The pool opens in May【4:0†source】.', 'The pool opens in May.'],
    ['Bins go out on Monday [Source: recycling-guide.pdf]', 'Bins go out on Monday'],
    ['Trash pickup is Tuesday [doc : Trash.txt#0] .', 'Trash pickup is Tuesday.'],
    ['The gym is open 24/7 [Doc:Amenities#', 'The gym is open 24/7'],
    ['Stray ] bracket and [ another', 'Stray bracket and another'],
  ])('%s', (input, expected) => {
    expect(stripCitations(input)).toBe(expected);
  });
});

describe('displayTitle and residentSources', () => {
  it.each([
    ['maple-street-resident-handbook.md', 'Maple street resident handbook'],
    ['Office hours.txt', 'Office hours'],
    ['pet_policy.PDF', 'Pet policy'],
    ['uploads/2024/Lease Addendum.docx', 'Lease Addendum'],
    ['House Rules', 'House Rules'],
    ['This page (acme.zendesk.com)', 'This page (acme.zendesk.com)'],
    ['.md', 'Document'],
  ])('%s → %s', (input, expected) => {
    expect(displayTitle(input)).toBe(expected);
  });

  it('keeps documents only, as titles, each once in first-cited order', () => {
    expect(
      residentSources([
        { kind: 'document', title: 'maple-street-resident-handbook.md' },
        { kind: 'fact', title: 'Pet deposit' },
        { kind: 'document', title: 'Maple street resident handbook.pdf' },
        { kind: 'document', title: 'pet-policy.md' },
        { kind: 'document', title: 'maple-street-resident-handbook.md' },
      ]),
    ).toEqual(['Maple street resident handbook', 'Pet policy']);
  });
});

describe('cleanResidentText', () => {
  it('unwraps the offline quote and drops its lead-in and marker', () => {
    const text = cleanResidentText(
      'According to your documents: "Rent is due on the first of each month." [Doc:maple-street-resident-handbook.md#3]',
      ['maple-street-resident-handbook.md'],
    );
    expect(text).toBe('Rent is due on the first of each month.');
  });

  it('turns a quote list into plain bullets', () => {
    const text = cleanResidentText(
      'Here is what I found:\n\n- "Cats are welcome." [Doc:pets.md#0]\n- A $300 deposit applies per animal. [Fact:Pet deposit]',
    );
    expect(text).toBe('- Cats are welcome.\n- A $300 deposit applies per animal.');
  });

  it('cleans model-style text with markers mid-sentence, file names and source lines', () => {
    const model = [
      'Based on the documents, the security deposit is one month of rent [Doc:lease-terms.md#1], and it is returned within 21 days',
      '[Doc:lease-terms.md#4]. As described in maple-street-resident-handbook.md, rent is due on the 1st [Fact:Rent due].',
      '',
      'Sources: lease-terms.md, maple-street-resident-handbook.md',
    ].join(' ');
    const text = cleanResidentText(model, ['lease-terms.md', 'maple-street-resident-handbook.md']);
    expectNoInternals(text);
    expect(text).toContain('The security deposit is one month of rent, and it is returned within 21 days.');
    expect(text).toContain('As described in Maple street resident handbook, rent is due on the 1st.');
  });

  it('drops sentences about the assistant itself and keeps the rest', () => {
    const text = cleanResidentText(
      "Dogs under 30 lb are allowed [Doc:Pets#0]. I couldn't find more in this workspace's documents or in what your team has taught me.",
    );
    expect(text).toBe('Dogs under 30 lb are allowed.');
  });

  it('leaves addresses, links and ordinary brackets-free text alone', () => {
    const plain = 'Write to office@maple.example or see https://maple.example/rules.pdf for the rules.';
    expect(cleanResidentText(plain)).toBe(plain);
  });
});

describe('renderResidentAnswer', () => {
  const base = {
    text: 'According to your documents: "Office hours are 9 to 5." [Doc:Office hours.txt#0]',
    sources: [
      { kind: 'document', title: 'Office hours.txt' },
      { kind: 'document', title: 'Office hours.txt' },
    ],
    confidence: 0.9,
    taskNeeded: false,
    isQuestion: true,
    message: 'When is the office open?',
  };

  it('an answered question: clean text and one title', () => {
    expect(renderResidentAnswer(base)).toEqual({
      text: 'Office hours are 9 to 5.',
      sources: ['Office hours'],
      state: 'answered',
    });
  });

  it('unsure from the fields, whatever the wording', () => {
    // A model's confident-sounding text that cites nothing.
    const noSources = renderResidentAnswer({ ...base, text: 'The office is open on weekdays.', sources: [] });
    expect(noSources).toEqual({ text: residentMessages.unsure, sources: [], state: 'unsure' });
    expect(renderResidentAnswer({ ...base, taskNeeded: true }).state).toBe('unsure');
    expect(renderResidentAnswer({ ...base, confidence: 0.4 }).state).toBe('unsure');
    // The offline abstention: nothing cited.
    const abstain = renderResidentAnswer({
      ...base,
      text: "I don't know the answer to that yet: it is not in this workspace's documents or in what your team has taught me.",
      sources: [],
    });
    expect(abstain.text).toBe("I don't have that information yet — I've passed your question to our team.");
    // Only markers: nothing left to say.
    expect(renderResidentAnswer({ ...base, text: '[Doc:Office hours.txt#0]' }).state).toBe('unsure');
    expect(renderResidentAnswer({ ...base, sources: [], unsureText: 'Call us.' }).text).toBe('Call us.');
  });

  it('a greeting is answered as a greeting', () => {
    const hi = renderResidentAnswer({ ...base, sources: [], isQuestion: false, message: 'Hello there!' });
    expect(hi).toEqual({ text: residentMessages.greeting, sources: [], state: 'small_talk' });
    expect(renderResidentAnswer({ ...base, sources: [], isQuestion: false, message: 'Thanks!' }).text).toBe(
      residentMessages.thanks,
    );
  });
});

describe('splitQuestions', () => {
  it.each([
    [
      "What's the deposit and when is rent due? Can I have a cat?",
      ["What's the deposit?", 'When is rent due?', 'Can I have a cat?'],
    ],
    [
      'Hello, are small dogs allowed in the building, and is there a pet deposit?',
      ['Are small dogs allowed in the building?', 'Is there a pet deposit?'],
    ],
    [
      'Hi Tom here. I moved in last week. Please let me know the trash day. Thanks!',
      ['Please let me know the trash day.'],
    ],
    ['Pets at Maple Court\nHello, are dogs allowed?\n\n> old quoted text?', ['Are dogs allowed?']],
    ['I want a parking spot', ['I want a parking spot']],
    ['', []],
  ])('%s', (input, expected) => {
    expect(splitQuestions(input)).toEqual(expected);
  });
});

describe('residentFirstName', () => {
  it.each([
    ['Tenant Tom <tom@example.com>', 'Tom'],
    ['"Doe, Jane" <jane@example.org>', 'Jane'],
    ['Ann Lee <ann@example.com>', 'Ann'],
    ['tom@example.com', null],
    ['+15557654321', null],
    [null, null],
  ])('%s → %s', (from, expected) => {
    expect(residentFirstName(from)).toBe(expected);
  });
});

describe('composeResidentReply', () => {
  const parts = [
    { question: "What's the deposit?", answer: 'The security deposit is one month of rent.' },
    { question: 'Can I have a cat?', answer: null },
  ];
  const signature = { businessName: 'Maple Court', phone: '(555) 010-2030', email: 'office@maple.example' };

  it('an e-mail: greeting, opening, one paragraph per question, follow-up line, sign-off', () => {
    const text = composeResidentReply({
      channel: 'email',
      name: 'Tom',
      opening: 'Hi, thank you for your message.',
      parts,
      signature,
    });
    expect(text).toBe(
      [
        'Hi Tom,',
        'Thank you for your message.',
        'The security deposit is one month of rent.',
        `About "Can I have a cat?": I've passed this to our team and we'll follow up shortly.`,
        'Best regards,\nMaple Court\n(555) 010-2030 · office@maple.example',
      ].join('\n\n'),
    );
  });

  it('says a sentence that answers two questions once', () => {
    const same = 'Cats and small dogs are welcome with a $300 pet deposit.';
    const text = composeResidentReply({
      channel: 'email',
      name: 'Tom',
      parts: [
        { question: 'Are small dogs allowed?', answer: same },
        { question: 'Is there a pet deposit?', answer: `${same} Aquariums need no deposit.` },
      ],
      signature,
    });
    expect(text.split(same)).toHaveLength(2);
    expect(text).toContain(`${same}\n\nAquariums need no deposit.`);
  });

  it('no name and no business name: a plain greeting and the team', () => {
    const text = composeResidentReply({ channel: 'email', name: null, parts, signature: {} });
    expect(text.startsWith('Hello,\n\n')).toBe(true);
    expect(text.endsWith('Best regards,\nThe team')).toBe(true);
  });

  it('an SMS is compact and fits one message', () => {
    const text = composeResidentReply({ channel: 'sms', name: null, parts, signature });
    expect(text).toBe(
      [
        'Hello,',
        'The security deposit is one month of rent.',
        `About "Can I have a cat?": I've passed this to our team and we'll follow up shortly.`,
        '— Maple Court, (555) 010-2030',
      ].join('\n'),
    );
    const long = composeResidentReply({
      channel: 'sms',
      name: 'Tom',
      parts: [{ question: 'Rules?', answer: `${'Quiet hours start at 10 pm. '.repeat(80)}` }],
      signature,
    });
    expect(long.length).toBeLessThanOrEqual(SMS_BODY_MAX_CHARS);
    expect(long.endsWith('— Maple Court, (555) 010-2030')).toBe(true);
  });
});

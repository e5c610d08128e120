import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from './fake-openai';
import { bestQuotes, createOfflineProvider, missingProfileTopics, OFFLINE_ABSTAIN } from './offline-provider';
import { buildSystemMessage, createOpenAICompatibleProvider } from './openai-provider';
import { type Evidence, type GenerateRequest, generate } from './provider';

const doc = (title: string, index: number, text: string, similarity = 1): Evidence => ({
  kind: 'document',
  id: `${title}-${index}`,
  title,
  chunkIndex: index,
  citation: `[Doc:${title}#${index}]`,
  text,
  similarity,
  fromHuman: false,
});

const fact = (id: string, title: string, text: string, extra: Partial<Evidence> = {}): Evidence => ({
  kind: 'fact',
  id,
  title,
  chunkIndex: null,
  citation: `[Fact:${title}]`,
  text,
  similarity: 1,
  fromHuman: false,
  ...extra,
});

const request = (question: string, evidence: Evidence[], extra: Partial<GenerateRequest> = {}): GenerateRequest => ({
  mode: 'operational',
  systemPrompt: 'You are Helixis.',
  temperature: 0.2,
  history: [{ role: 'user', content: question }],
  evidence,
  businessContext: '',
  ...extra,
});

describe('offline provider', () => {
  const offline = createOfflineProvider();
  const evidence = [
    doc('Office Hours', 0, 'The office opens at 8am. It closes at 5pm on weekdays. Saturday hours are 10am to 2pm.'),
    doc('Parking', 2, 'Each unit has one assigned parking space. Visitors park on the street.', 0.4),
  ];

  it('quotes the sentences that answer the question with their citations, deterministically', async () => {
    const a = await generate(offline, request('What are the Saturday hours?', evidence));
    expect(a).toBe('According to your documents: "Saturday hours are 10am to 2pm." [Doc:Office Hours#0]');
    expect(await generate(offline, request('What are the Saturday hours?', evidence))).toBe(a);
  });

  it('quotes a second passage only when it answers another part of the question', async () => {
    const withVisitors = [...evidence, doc('Visitors', 1, 'Visitors park in lot B. Overnight guests need a permit.')];
    // One part: its best sentence, not every sentence about visitors.
    expect(await generate(offline, request('Do overnight guests need a permit?', withVisitors))).toBe(
      'According to your documents: "Overnight guests need a permit." [Doc:Visitors#1]',
    );
    // Two parts: one quote for each.
    const two = await generate(
      offline,
      request('When does the office close and do overnight guests need a permit?', withVisitors),
    );
    expect(two).toMatch(/^Here is what I found:\n\n- "[^"]*It closes at 5pm on weekdays." \[Doc:Office Hours#0\]/);
    expect(two).toContain('- "Overnight guests need a permit." [Doc:Visitors#1]');
  });

  it('quotes a runner-up that matches nearly as well as the best sentence, and nothing weaker', async () => {
    const phones = [
      doc(
        'Handbook',
        0,
        'Call the office at (555) 382-9100 for repairs during the day. For repairs at night, call (555) 382-9190. The pool has no phone.',
      ),
    ];
    // The question does not say when: the words cannot choose between the two lines, so both are shown.
    const tie = bestQuotes('what number do I call for a repair?', phones);
    expect(tie.map((q) => q.sentence)).toEqual([
      'Call the office at (555) 382-9100 for repairs during the day.',
      'For repairs at night, call (555) 382-9190.',
    ]);
    expect(await generate(offline, request('what number do I call for a repair?', phones))).toMatch(
      /^Here is what I found:\n\n- "Call the office at \(555\) 382-9100[^\n]*\n- "For repairs at night, call \(555\) 382-9190\." \[Doc:Handbook#0\]$/,
    );
    // The sentence naming the thing and the list item holding the day asked about are close: both are shown.
    const shuttle = [
      doc(
        'Guide',
        2,
        '## Shuttle to Campus\n\nThe Maple Flats shuttle runs from the stop in front of Building B to the Grant Library and the Student Union on campus.\n\n- Weekdays: every 20 minutes from 7:00 a.m. to 10:00 p.m.\n- Saturdays: every hour from 10:00 a.m. to 6:00 p.m.\n- No service on Sundays, on university holidays or in the summer.',
      ),
    ];
    expect(bestQuotes('does the campus shuttle run on sundays', shuttle).map((q) => q.sentence)).toContain(
      'No service on Sundays, on university holidays or in the summer.',
    );
    // A clear best stands alone: the visitors' lot, not the street parking of another passage.
    const withVisitors = [...evidence, doc('Visitors', 1, 'Visitors park in lot B. Overnight guests need a permit.')];
    expect(bestQuotes('Do overnight guests need a permit?', withVisitors).map((q) => q.sentence)).toEqual([
      'Overnight guests need a permit.',
    ]);
    // A fact read from the quoted sentence is the same words again, not a runner-up.
    const readFromIt = fact('f3', 'Late Fee', '$50 if rent is paid after the 5th');
    const lateFee = [
      doc('Rent', 3, 'A late fee of $50 if rent is paid after the 5th. Rent is due on the 1st.'),
      readFromIt,
    ];
    expect(bestQuotes('how much is the late fee?', lateFee).map((q) => q.sentence)).toEqual([
      'A late fee of $50 if rent is paid after the 5th.',
    ]);
    // What a person on the team taught is the answer alone, with no document sentence beside it.
    const taught = fact('f2', 'Office Phone', 'Call (555) 382-9111 for any repair.', {
      context: 'What number do I call for a repair?',
      fromHuman: true,
      answersTask: true,
    });
    expect(bestQuotes('what number do I call for a repair?', [...phones, taught]).map((q) => q.evidence.id)).toEqual([
      'f2',
    ]);
  });

  it('quotes the sentence next to the best one when it holds a word of the question, never an unrelated one', () => {
    const studio = doc(
      'Studio Guide',
      4,
      'Clay, plaster and paint solids must not go down studio sinks. Use the slop sinks with clay traps on each floor. The freight elevator holds 2,000 pounds.',
    );
    // The next sentence completes the rule (where the clay goes instead); the elevator is not asked about.
    // A neighbour related only through the thesaurus ("hours" for "close") is not quoted either.
    expect(bestQuotes('is it ok to rinse clay down the sink in my studio?', [studio]).map((q) => q.sentence)).toEqual([
      'Clay, plaster and paint solids must not go down studio sinks. Use the slop sinks with clay traps on each floor.',
    ]);
    const pool = doc('Rules', 1, 'Quiet hours start at 10 p.m. The pool closes at 9 p.m. in summer.');
    expect(bestQuotes('when does the pool close?', [pool]).map((q) => q.sentence)).toEqual([
      'The pool closes at 9 p.m. in summer.',
    ]);
  });

  it('says plainly when it does not know', async () => {
    expect(await generate(offline, request('Do you allow hot tubs on balconies?', evidence))).toBe(OFFLINE_ABSTAIN);
    expect(await generate(offline, request('What are the Saturday hours?', []))).toBe(OFFLINE_ABSTAIN);
  });

  it('prefers a fact a person taught when it covers the question as well', () => {
    const fact: Evidence = {
      kind: 'fact',
      id: 'f1',
      title: 'Saturday Hours',
      chunkIndex: null,
      citation: '[Fact:Saturday Hours]',
      text: 'From March on we are open 9am to 1pm on Saturdays.',
      context: 'What are the Saturday hours?',
      similarity: 1,
      fromHuman: true,
      answersTask: true,
    };
    const quotes = bestQuotes('What are the Saturday hours?', [...evidence, fact]);
    expect(quotes[0]?.evidence.id).toBe('f1');
  });

  it('onboarding: asks at most three questions about what is missing', async () => {
    const first = await generate(offline, request('hello', [], { mode: 'onboarding' }));
    expect(first.match(/^\d\. /gm)).toHaveLength(3);
    expect(
      missingProfileTopics('We are Acme Rentals, we manage apartments for landlords in Ohio. Call (555) 123-4567.').map(
        (t) => t.label,
      ),
    ).toEqual(['hours', 'payment methods', 'pricing']);
    const complete = await generate(
      offline,
      request('We accept ACH. Fees are 8 percent. Open weekdays 9am-5pm.', [], {
        mode: 'onboarding',
        businessContext: 'We are Acme Rentals, we manage apartments for landlords in Ohio. Call (555) 123-4567.',
      }),
    );
    // Without notes from the server nothing was stored, so the reply claims nothing.
    expect(complete).not.toMatch(/noted|I now know/);
    expect(complete).not.toMatch(/^\d\. /m);
  });

  it('onboarding: the reply names only what the server stored, then what is missing', async () => {
    const saved = await generate(
      offline,
      request('Maple Street Property Management. Office hours: Mon-Fri 9am-5pm', [], {
        mode: 'onboarding',
        onboarding: {
          saved: [
            { label: 'Business Name', value: 'Maple Street Property Management' },
            { label: 'Operating Hours', value: 'Mon-Fri 9am-5pm' },
          ],
          missing: [{ label: 'customers', question: 'Who are your customers?' }],
        },
      }),
    );
    expect(saved).toBe(
      "Thank you, I've noted your business name (Maple Street Property Management) and operating hours (Mon-Fri 9am-5pm). A few more questions:\n\n1. Who are your customers?",
    );
    const nothing = await generate(
      offline,
      request('We like our work.', [], {
        mode: 'onboarding',
        history: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Welcome!' },
          { role: 'user', content: 'We like our work.' },
        ],
        onboarding: {
          saved: [],
          missing: [{ label: 'business name', question: 'What is the name of your business?' }],
        },
      }),
    );
    expect(nothing).not.toMatch(/noted/);
    expect(nothing).toMatch(/^I didn't find business details to save in that message\./);
  });
});

describe('OpenAI-compatible provider against the fake server', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('streams the answer and sends the prompt, temperature, key, context and citation rules', async () => {
    const provider = createOpenAICompatibleProvider({ baseUrl: fake.url, apiKey: 'sk-local', model: 'helixis-test' });
    const pieces: string[] = [];
    for await (const p of provider.stream(
      request('What are the Saturday hours?', [doc('Office Hours', 0, 'Saturday hours are 10am to 2pm.')], {
        systemPrompt: 'You are the Harbor View assistant.',
        temperature: 0.7,
      }),
    )) {
      pieces.push(p);
    }
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe('Per our records, Saturday hours are 10am to 2pm. [Doc:Office Hours#0]');
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      model: 'helixis-test',
      temperature: 0.7,
      stream: true,
      authorization: 'Bearer sk-local',
    });
    const system = sent?.messages[0]?.content ?? '';
    expect(system.startsWith('You are the Harbor View assistant.')).toBe(true);
    expect(system).toContain('[Doc:Office Hours#0]\nSaturday hours are 10am to 2pm.');
    expect(system).toContain("I don't know");
    expect(sent?.messages.at(-1)).toEqual({ role: 'user', content: 'What are the Saturday hours?' });
  });

  it('retries a failing server and then answers', async () => {
    fake.failNext(500, 1);
    const provider = createOpenAICompatibleProvider({ baseUrl: fake.url, model: 'm', maxRetries: 2 });
    const before = fake.requests.length;
    expect(await generate(provider, request('hi', []))).toBe("I don't know. A person on the team will follow up.");
    expect(fake.requests.length - before).toBe(2);
  });

  it('surfaces a server that keeps failing as an error', async () => {
    fake.failNext(500, 5);
    const provider = createOpenAICompatibleProvider({ baseUrl: fake.url, model: 'm', maxRetries: 0 });
    await expect(generate(provider, request('hi', []))).rejects.toThrow();
    fake.failNext(500, 0);
  });

  it('onboarding system message limits questions to three', () => {
    const system = buildSystemMessage(request('hi', [], { mode: 'onboarding', businessContext: 'We rent boats.' }));
    expect(system).toContain('at most 3 short clarifying questions');
    expect(system).toContain('We rent boats.');
  });
});

import type { ChatWithContextOutput, MessageList, RagAnswerOutput, SearchOutput } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from '../../llm/fake-openai';
import { bestQuotes } from '../../llm/offline-provider';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { looksLikeFollowUp, REWRITE_PROMPT, rewriteOffline } from './followup';
import { ingestAndWait } from './test-helpers';

// "deposit" is said often in the other properties' sheets and once, in a longer text, in Maple Court's:
// the follow-up alone ranks the others first; carried over, "Maple Court" finds the right one.
const DOCS: Record<string, string> = {
  'Birch Lane lease terms.txt':
    'Birch Lane deposit: the deposit is $900. The deposit is returned within 30 days. Deposit questions go to the office.',
  'Cedar Plaza lease terms.txt':
    'Cedar Plaza deposit rules. The deposit equals one month. A deposit alternative exists. Deposit refunds take two weeks.',
  'Oak Street lease terms.txt':
    'Oak Street: deposit $700, pet deposit $200. The deposit is held in escrow. Deposit interest is paid yearly.',
  'Pine Ridge lease terms.txt':
    'Pine Ridge deposit: $650 deposit for studios, $850 deposit for two bedrooms. Deposit due at signing.',
  'Maple Court residents guide.txt':
    'Maple Court is a quiet community of forty apartments near the river. Cats and small dogs are welcome at Maple Court ' +
    'with a signed pet agreement; the pet policy allows two animals per apartment. Parking is assigned, laundry rooms are ' +
    'on every floor and quiet hours start at ten. Rent is due on the first. The security deposit at Maple Court is ' +
    '$1,450, returned within 21 days after move-out once the apartment has been inspected.',
};

let t: TestApp;
let fake: FakeOpenAI;
let tModel: TestApp;
let owner: TestUser;
let modelOwner: TestUser;
const docIds: Record<string, string> = {};

const turns = [
  { role: 'user' as const, content: 'What is the pet policy at Maple Court?' },
  { role: 'assistant' as const, content: 'Cats and small dogs are welcome with a signed pet agreement.' },
];
const FOLLOW_UP = 'and how much is the deposit there?';

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestApp();
  tModel = await startTestApp({ HELIXIS_LLM_BASE_URL: fake.url, HELIXIS_LLM_MODEL: 'fake-model' });
  owner = await createUserWithSession(t);
  modelOwner = await createUserWithSession(tModel);
  for (const [name, text] of Object.entries(DOCS)) {
    docIds[name] = (await ingestAndWait(t, owner.token, name, text)).id;
    await ingestAndWait(tModel, modelOwner.token, name, text);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await tModel?.close();
  await fake?.close();
});

const search = async (app: TestApp, token: string, body: object) => {
  const res = await api<SearchOutput>(app, 'POST', '/functions/v1/search', { token, body });
  expect(res.status).toBe(200);
  return res.body;
};

/** Each question reads as a follow-up. */
const expectFollowUps = (questions: readonly string[]) => {
  for (const q of questions) expect(looksLikeFollowUp(q), q).toBe(true);
};
/** Each question stands alone. */
const expectStandalone = (questions: readonly string[]) => {
  for (const q of questions) expect(looksLikeFollowUp(q), q).toBe(false);
};

describe('follow-up questions are rewritten with the recent turns', () => {
  it('alone the follow-up misses the answering chunk; rewritten offline it finds it in the top 3', async () => {
    const alone = await search(t, owner.token, { query: FOLLOW_UP, k: 3 });
    expect(alone.rewrite).toBeNull();
    expect(alone.results.map((r) => r.document_title)).not.toContain('Maple Court residents guide');

    const followed = await search(t, owner.token, { query: FOLLOW_UP, k: 3, recent_turns: turns });
    expect(followed.rewrite).toMatchObject({ original: FOLLOW_UP, method: 'offline' });
    expect(followed.rewrite?.rewritten).toContain('Maple');
    expect(followed.rewrite?.rewritten).toContain('Court');
    const top3 = followed.results.map((r) => r.document_id);
    expect(top3).toContain(docIds['Maple Court residents guide.txt']);
    // The hit explains itself: matched words, their places in the snippet, and the score's parts.
    const hit = followed.results.find((r) => r.document_id === docIds['Maple Court residents guide.txt']);
    expect(hit?.matched_terms).toEqual(expect.arrayContaining(['deposit', 'maple', 'court']));
    const marked = (hit?.highlights ?? []).map(([a, b]) => hit?.snippet.slice(a, b).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['maple', 'court']));
    for (const word of marked) expect(['deposit', 'maple', 'court', 'pet', 'policy']).toContain(word);
    expect(hit?.score_parts.lexical).toBeGreaterThan(0);
    expect(hit?.score).toBeCloseTo((hit?.score_parts.lexical ?? 0) + (hit?.score_parts.proximity ?? 0), 3);
  });

  it('rag-answer takes recent turns and reports the rewritten question', async () => {
    const res = await api<RagAnswerOutput>(t, 'POST', '/functions/v1/rag-answer', {
      token: owner.token,
      body: { query: FOLLOW_UP, recent_turns: turns },
    });
    expect(res.status).toBe(200);
    expect(res.body.rewrite?.rewritten).toContain('Maple');
    expect(res.body.sources.some((s) => s.title === 'Maple Court residents guide')).toBe(true);
  });

  it('chat rewrites the follow-up with the earlier turns and keeps the rewrite with the stored answer', async () => {
    const res = await api<ChatWithContextOutput>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: { messages: [...turns, { role: 'user', content: FOLLOW_UP }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.rewrite).toMatchObject({ original: FOLLOW_UP, method: 'offline' });
    expect(res.body.rewrite?.rewritten).toContain('Maple');
    expect(res.body.assistant_message.rewrite).toEqual(res.body.rewrite);
    expect(res.body.user_message.rewrite).toBeNull();
    // After a reload the thread's stored answer still says how the question was searched.
    const stored = await api<MessageList>(t, 'GET', `/api/v1/threads/${res.body.thread_id}/messages`, {
      token: owner.token,
    });
    expect(stored.status).toBe(200);
    const answer = stored.body.messages.find((m) => m.id === res.body.assistant_message.id);
    expect(answer?.rewrite).toEqual(res.body.rewrite);
    // A first question is searched as typed: nothing is stored.
    const first = await api<ChatWithContextOutput>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: { messages: [{ role: 'user', content: 'What is the pet policy at Maple Court?' }] },
    });
    expect(first.body.rewrite).toBeNull();
    expect(first.body.assistant_message.rewrite).toBeNull();
  });

  it('with a model endpoint, rewrites by the strict prompt; when the model fails, offline', async () => {
    fake.reply = (request) => {
      const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
      if (system === REWRITE_PROMPT) return 'security deposit amount at Maple Court';
      return 'unused';
    };
    const byModel = await search(tModel, modelOwner.token, { query: FOLLOW_UP, k: 3, recent_turns: turns });
    expect(byModel.rewrite).toEqual({
      original: FOLLOW_UP,
      rewritten: 'security deposit amount at Maple Court',
      method: 'model',
    });
    expect(byModel.results[0]?.document_title).toBe('Maple Court residents guide');
    const asked = fake.requests.at(-1);
    expect(asked?.messages[1]?.content).toContain('What is the pet policy at Maple Court?');

    fake.failNext(500, 10);
    const fallback = await search(tModel, modelOwner.token, { query: FOLLOW_UP, k: 3, recent_turns: turns });
    expect(fallback.rewrite?.method).toBe('offline');
    expect(fallback.results.map((r) => r.document_title)).toContain('Maple Court residents guide');
  });

  it('a follow-up that asks nothing of its own ("and dinner?") asks what the earlier question asked', () => {
    const lunch = [{ role: 'user' as const, content: 'What time is lunch in the dining room?' }];
    const rewrite = rewriteOffline('and dinner?', lunch);
    expect(rewrite?.rewritten).toBe('and dinner? what time lunch dining room');
    const meals = {
      kind: 'document' as const,
      id: 'meals',
      title: 'Dining',
      chunkIndex: 3,
      citation: '[Doc:Dining#3]',
      text: 'The main meal of the day is included in your monthly fee; you choose lunch or dinner each day.\n\n| Meal | Hours |\n|---|---|\n| Lunch | 11:30 a.m. to 1:30 p.m. |\n| Dinner | 4:45 p.m. to 6:45 p.m. |',
      similarity: 1,
      fromHuman: false,
    };
    const carried = rewrite?.rewritten.slice('and dinner?'.length).trim() ?? '';
    expect(bestQuotes('and dinner?', [meals], carried)[0]?.sentence).toContain('4:45 p.m. to 6:45 p.m.');
    // A follow-up with a question word of its own keeps its own kind of answer.
    expect(
      rewriteOffline('and when do I get it back?', [{ role: 'user', content: 'How much is the deposit?' }])?.rewritten,
    ).toBe('and when do I get it back? much deposit');
  });

  it('"what about …?" asks what the earlier question asked, and "how many … hours" a number of hours', () => {
    const flex = [{ role: 'user' as const, content: 'How many meeting room hours come with a flex desk?' }];
    const rewrite = rewriteOffline('what about with a private office?', flex);
    expect(rewrite?.rewritten.startsWith('what about with a private office? how many ')).toBe(true);
    const plans = {
      kind: 'document' as const,
      id: 'plans',
      title: 'Membership plans',
      chunkIndex: 2,
      citation: '[Doc:Membership plans#2]',
      text: 'Members on a dedicated desk or a private office have access 24 hours a day, 7 days a week with their key card. Flex desk members have access from 7 a.m. to 10 p.m.\n\nMonthly meeting room credits: flex desk 4 hours, dedicated desk 8 hours, private office 12 hours.',
      similarity: 1,
      fromHuman: false,
    };
    const carried = rewrite?.rewritten.slice('what about with a private office?'.length).trim() ?? '';
    expect(bestQuotes('what about with a private office?', [plans], carried)[0]?.sentence).toContain(
      'private office 12 hours',
    );
  });

  it('reads "ok and am I allowed to…?" with a subject of its own as a new question', () => {
    expect(looksLikeFollowUp('ok and am I allowed to use my gas grill on my patio?')).toBe(false);
    expect(looksLikeFollowUp('and am i allowed to do that?')).toBe(true);
  });

  it('reads a question naming only a procedure ("how do I apply?") as a follow-up, not "where can I fish?"', () => {
    const shed = [{ role: 'user' as const, content: 'Do I need approval to put up a shed?' }];
    expect(looksLikeFollowUp('how do i apply?')).toBe(true);
    expect(looksLikeFollowUp('Where do I sign up?')).toBe(true);
    expect(rewriteOffline('how do i apply?', shed)?.rewritten).toContain('shed');
    expect(looksLikeFollowUp('How do I apply for an apartment?')).toBe(false);
    expect(looksLikeFollowUp('Where can I fish?')).toBe(false);
  });

  it('reads a question naming only what a thing has ("what\'s the deadline?", "who do I pay?") as a follow-up', () => {
    const garden = [{ role: 'user' as const, content: 'Can I get a plot in the community garden next spring?' }];
    for (const q of [
      "what's the deadline?",
      'is there a waitlist?',
      'what are the rules?',
      'who do I pay?',
      'can I do that online?',
    ]) {
      expect(looksLikeFollowUp(q)).toBe(true);
    }
    expect(rewriteOffline('is there a waitlist?', garden)?.rewritten).toContain('garden');
    expect(looksLikeFollowUp('What is the deadline to renew my lease?')).toBe(false);
    expect(looksLikeFollowUp('What are the pool rules?')).toBe(false);
    expect(looksLikeFollowUp('Who do I pay the pet fee to?')).toBe(false);
    expect(looksLikeFollowUp('Can I do laundry after 10 pm?')).toBe(false);
  });

  it('reads "my own", coming and staying, asking someone, and what a procedure needs as follow-ups', () => {
    const pool = [{ role: 'user' as const, content: 'Is the pool open on weekends?' }];
    expectFollowUps([
      'can i bring my own?',
      'how early can i come?',
      'how late can I stay?',
      'what are the hours?',
      'who do I talk to?',
      'what documents do I need?',
      'is there a form?',
      'how many per unit?',
      'is there a cap?',
      'Do I get that back?',
      'is approval needed?',
      'how many people does it hold',
      'which bin does it go in?',
    ]);
    expect(rewriteOffline('how early can i come?', pool)?.rewritten).toContain('pool');
    expectStandalone([
      'What are the pool hours?',
      'How early can I move in on move-in day?',
      'Can I bring my own washer?',
      'Who do I talk to about a noise complaint?',
      'How many parking permits per unit?',
      'What is the late fee?',
      'What is the damage waiver and how much does it cost?',
    ]);
  });

  it('reads a price "on top", "per month", getting "that" back, a cutoff, asking ahead and "til when" as follow-ups (set S)', () => {
    expectFollowUps([
      'is there a fee on top of what i use',
      'cost per month?',
      'do i get that back when i move out',
      'whats the cutoff to get it in this weekend',
      'how far ahead do i need to ask',
      'til what time',
    ]);
    expectStandalone([
      'Is there a charge besides the rent?',
      'What is the weight limit for dogs?',
      'How much is the pet deposit per month?',
      'Do I get my security deposit back when I move out?',
      'What is the cutoff for the ceramics firing?',
    ]);
  });

  it('reads a question naming no thing of its own as a follow-up (sets U, V, X)', () => {
    expectFollowUps([
      'whats the fine if they catch me twice',
      "what's that run per month",
      'do i get anything for renewing early',
      'how long till someone shows up',
      'do you need anything from me first',
    ]);
    expectStandalone([
      'Can I smoke?',
      'What time does the gym close?',
      'Is parking free?',
      'when is rent due',
      'Are dogs allowed?',
    ]);
  });

  it('carries "how much notice", not "how much", into a follow-up about another plan', () => {
    const turns = [
      { role: 'user' as const, content: 'How much notice do I need to give to cancel my Open Desk membership?' },
    ];
    expect(rewriteOffline('what about for a private office', turns)?.rewritten).toMatch(/how much notice/);
  });

  it('reads a count of something unnamed and "does X count?" as follow-ups', () => {
    const pool = [{ role: 'user' as const, content: 'Can guests come to the pool?' }];
    expect(looksLikeFollowUp('how many can I bring?')).toBe(true);
    expect(rewriteOffline('how many can I bring?', pool)?.rewritten).toContain('guests');
    expect(looksLikeFollowUp('does no AC count')).toBe(true);
    expect(looksLikeFollowUp('would a broken fridge qualify?')).toBe(true);
    expect(looksLikeFollowUp('How many guests can I bring to the pool?')).toBe(false);
    expect(looksLikeFollowUp('How many parking spaces does each apartment get?')).toBe(false);
    expect(looksLikeFollowUp('How much money do I need to make to qualify?')).toBe(false);
  });

  it('leaves a question that stands alone as typed', () => {
    expect(looksLikeFollowUp('What is the security deposit for studios at Pine Ridge?')).toBe(false);
    expect(rewriteOffline('What is the security deposit for studios at Pine Ridge?', turns)).toBeNull();
    expect(looksLikeFollowUp('and parking?')).toBe(true);
  });

  it.each([
    'What day is trash picked up?',
    'Is there a gym in the building?',
    'Are there any parking spots for visitors?',
    'Is it possible to pay rent online?',
    'Is it ok to have a grill on my balcony?',
    'Can I smoke on my balcony?',
    'Who do I call for a maintenance emergency at night?',
    'How long until I get my security deposit back?',
    'Office hours?',
    'Do you accept cash for rent?',
    'What is the fee for a second parking permit?',
    'Until what time do we need to keep it quiet at night?',
    'How do I make it cooler in my apartment?',
    'Is the pool open to everyone?',
    'Can I get another parking permit for my second car?',
    'Good morning, what time does the office open?',
    'Can my kids go in the pool without an adult?',
    'What time can we get in on Friday?',
    // "And"/"also" before a question that names its own subject: a new question.
    'Also, can I paint my walls?',
    'And what is the wifi password policy for guests?',
    'also is bike storage free',
    'and is there a dog park on site?',
    'Also, where do packages get delivered?',
    // A new subject named before the question proper, and a question that names enough of its own to
    // carry a trailing "it".
    'What about smoking, can I smoke right outside the front entrance?',
    "What about packages, where do they end up if I'm not home?",
    'And if I want to host an evening meetup in the Commons, how far ahead do I need to book it?',
  ])('searches the complete question "%s" as asked', (question) => {
    expect(looksLikeFollowUp(question)).toBe(false);
  });

  it.each([
    'Is it refundable?',
    'Can I keep it in my unit?',
    'How much is that?',
    'Does that include utilities?',
    'Can I park there overnight?',
    'Do they need a leash?',
    'And for pets?',
    'What about weekends?',
    'For a second car?',
    'How much?',
    'When are those picked up?',
    'How much is the deposit for it?',
    'Can I stay later than that?',
    // How people go on in a chat: an acknowledgement first, "that" for what was said, "instead", "too",
    // "one", a fragment that opens with "even" or "including".
    'Okay, and the deposit?',
    'Thanks! What about cats?',
    'Is that per month?',
    'Can I pay online instead?',
    'Does the rule apply to renters too?',
    'Even on holidays?',
    'Including utilities?',
    'How do I apply for one?',
    'Can I get another one?',
    // The verb right before the pronoun is not what it stands for; "any …" asks more of the same.
    'Can I pay it online?',
    'Do I need to register them?',
    'Any exceptions?',
    'Really? Even for service animals?',
    // After "and", what follows still decides.
    'and when do I get it back?',
    'And is there a monthly charge too?',
    'and how much is the deposit?',
    'What about kids, do they need an adult with them?',
    'What about parking for motorcycles, is there a fee?',
    // Going in without saying where: into the place just talked about.
    'can my 12 year old go in by herself?',
    'Can guests come inside alone?',
  ])('rewrites the follow-up "%s"', (question) => {
    expect(looksLikeFollowUp(question)).toBe(true);
  });

  it('carries the numbers of the answer just given into a question about that answer ("Is that per pet?")', () => {
    const answered = [
      { role: 'user' as const, content: 'How much is the pet deposit?' },
      {
        role: 'assistant' as const,
        content: 'According to your documents: "Each pet needs a refundable pet deposit of $300." [Doc:Rules 2024#3]',
      },
    ];
    const rewritten = rewriteOffline('is that per pet', answered)?.rewritten ?? '';
    // As an amount: the answer matcher reads "$300" apart from a count of 300 things.
    expect(rewritten).toContain('$300');
    expect(rewritten).not.toMatch(/2024|\b3\b/);
    // A follow-up about something else ("and for a cat?") does not take the earlier amount with it.
    expect(rewriteOffline('and for a cat?', answered)?.rewritten).not.toContain('300');
  });

  it('refuses too many recent turns with a clear error', async () => {
    const many = Array.from({ length: 11 }, () => ({ role: 'user', content: 'hello' }));
    const res = await api<{ error: { code: string } }>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: FOLLOW_UP, recent_turns: many },
    });
    expect(res.status).toBe(400);
  });
});

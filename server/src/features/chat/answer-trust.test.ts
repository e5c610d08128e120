import { readFileSync } from 'node:fs';
import type { ChatWithContextOutput, TaskList } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';

/**
 * The assistant's core job on a hard-wrapped handbook (issue 25): paraphrased questions answered with
 * whole sentences and a citation, no task for a supported answer on an ordinary topic, a complete
 * question searched as asked after another one, and a taught answer found again by a paraphrase.
 */
const HANDBOOK = readFileSync(new URL('./fixtures/birchwood-handbook.md', import.meta.url), 'utf8');

let t: TestApp;
let owner: TestUser;
let title: string;

async function ask(
  content: string,
  earlier: { role: 'user' | 'assistant'; content: string }[] = [],
  threadId?: string,
) {
  const res = await api<ChatWithContextOutput>(t, 'POST', '/functions/v1/chat-with-context', {
    token: owner.token,
    body: { messages: [...earlier, { role: 'user', content }], ...(threadId ? { threadId } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
  const doc = await ingestAndWait(t, owner.token, 'birchwood-handbook.md', HANDBOOK);
  expect(doc.status).toBe('READY');
  title = doc.title;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('answers from a hard-wrapped handbook', () => {
  it.each([
    ['Can I pay my rent with cash?', 'We do not accept cash under any circumstances.'],
    [
      'How long until I get my security deposit back?',
      'is returned within 31 days by check mailed to your forwarding address.',
    ],
    ['How much does a parking permit for a second car cost?', 'A permit for a second vehicle costs $40 per month'],
    [
      'Who do I call for a maintenance emergency at night?',
      'call our 24-hour emergency line at (555) 201-4477, day or night.',
    ],
    [
      'Can I smoke on my balcony?',
      'Smoking and vaping are not permitted anywhere on the property, including balconies',
    ],
    ['When does the pool close?', 'The pool is open daily from 10:00 am to 8:00 pm, Memorial Day through Labor Day.'],
    [
      'What happens if my rent is late?',
      'A late fee of $75 is added when rent has not arrived by 11:59 pm on the 5th.',
    ],
    ['How many pets can I have?', 'Up to two pets are welcome per apartment.'],
  ])('"%s" → a whole cited sentence and no task', async (question, sentence) => {
    const body = await ask(question);
    expect(body.message).toContain(sentence);
    expect(body.message).toContain(`[Doc:${title}#`);
    expect(body.task).toBeNull();
    expect(body.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('does not cut a quote at a line break', async () => {
    const body = await ask('What does each pet cost?');
    expect(body.message).toContain('Each pet requires a refundable deposit of $300 and monthly pet rent of $35.');
  });

  it('says it does not know, with one task, when the handbook has no answer', async () => {
    const body = await ask('Is there a rooftop terrace with a hot tub?');
    expect(body.message).not.toMatch(/\$\d/);
    expect(body.task).not.toBeNull();
  });

  it("mends typing slips from the handbook's own words and says so, but keeps a word it simply lacks", async () => {
    const body = await ask('How much is the secuirty depositt?');
    expect(body.rewrite).toMatchObject({ method: 'spelling', original: 'How much is the secuirty depositt?' });
    expect(body.rewrite?.rewritten).toMatch(/security deposit/i);
    expect(body.message).toContain(`[Doc:${title}#`);
    expect(body.task).toBeNull();
    // "sauna" is a real word the handbook does not use: no guess ("santa"?), and no answer.
    const absent = await ask('Is there a sauna in the building?');
    expect(absent.rewrite).toBeNull();
    expect(absent.task).not.toBeNull();
  });

  it('quotes where a value is given out, and asks a person for the value itself', async () => {
    const password = await ask("what's the wifi password in the clubhouse?");
    expect(password.message).toContain('The clubhouse Wi-Fi password is posted inside the clubhouse door');
    expect(password.message).toContain(`[Doc:${title}#`);
    expect(password.task).not.toBeNull();
    // Asked where to find it, the same sentence is the whole answer.
    const where = await ask('Where can I find the clubhouse wifi password?');
    expect(where.message).toContain('posted inside the clubhouse door');
    expect(where.task).toBeNull();
  });

  it('hands a question to a person when no sentence names what it asks about or holds the kind of value asked', async () => {
    // "Is the pool heated?" shares "pool" with the opening hours, which say nothing of heating.
    for (const question of ['Is the pool heated?', 'Do you sell pool toys at the clubhouse?']) {
      const body = await ask(question);
      expect(body.message, question).not.toContain('The pool is open daily');
      expect(body.task, question).not.toBeNull();
    }
    // "How long" wants a length of time: the clubhouse sentence ("can be reserved…") has none.
    const wait = await ask('How long is the waiting list to reserve the clubhouse?');
    expect(wait.message).not.toContain('$100 refundable fee');
    expect(wait.task).not.toBeNull();
    // The same handbook still answers what it says: a pool's hours, an emergency's number.
    const hours = await ask('What time does the pool close?');
    expect(hours.message).toContain('8:00 pm');
    expect(hours.task).toBeNull();
    const heat = await ask("my heat isn't working and it's january, who do i call?");
    expect(heat.message).toContain('(555) 201-4477');
  });

  it('hands a sensitive question to a person even when it finds a passage', async () => {
    const body = await ask('What is my legal liability if my dog bites a neighbour?');
    expect(body.task).not.toBeNull();
  });

  it('searches a complete question as asked after another question', async () => {
    const first = await ask('Do I need renters insurance?');
    expect(first.message).toContain('renters insurance with at least $100,000 of liability coverage');
    const second = await ask(
      'What day is trash picked up?',
      [
        { role: 'user', content: 'Do I need renters insurance?' },
        { role: 'assistant', content: first.message },
      ],
      first.thread_id,
    );
    expect(second.rewrite).toBeNull();
    expect(second.message).toContain('Trash is collected every Tuesday and Friday morning.');
  });

  it('resolves a real follow-up with the earlier subject', async () => {
    const first = await ask('How much is the pet deposit?');
    const second = await ask(
      'Is it refundable?',
      [
        { role: 'user', content: 'How much is the pet deposit?' },
        { role: 'assistant', content: first.message },
      ],
      first.thread_id,
    );
    expect(second.rewrite?.rewritten).toMatch(/pet/i);
    expect(second.message).toContain('Each pet requires a refundable deposit of $300');
  });

  it('finds what a person taught through a task again when the question is paraphrased', async () => {
    const unknown = await ask('Can I install a satellite dish outside my window?');
    expect(unknown.task).not.toBeNull();
    const taskId = unknown.task?.id ?? '';
    const done = await api(t, 'PATCH', `/api/v1/tasks/${taskId}`, {
      token: owner.token,
      body: {
        status: 'completed',
        answer:
          'Satellite dishes and TV antennas may only be mounted inside your balcony railing, never on walls or the roof.',
      },
    });
    expect(done.status).toBe(200);
    const again = await ask('Am I allowed to put up a TV antenna?');
    expect(again.message).toContain('Satellite dishes and TV antennas may only be mounted inside your balcony railing');
    expect(again.message).toMatch(/\[Fact:/);
    expect(again.task).toBeNull();
    const open = await api<TaskList>(t, 'GET', '/api/v1/tasks?status=pending', { token: owner.token });
    expect(open.status).toBe(200);
  });
});

import { chatMessages } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';

const PET_POLICY = [
  'Pet Policy',
  '',
  'Dogs and cats are welcome in all Harbor View units. The pet deposit is $300 per pet and is refundable at move-out.',
  'Tenants may keep at most two pets per unit. Reptiles require written approval from the property manager.',
].join('\n');

const RENT_GUIDE = [
  'Rent Guide',
  '',
  'Rent is due on the first day of each month. A late fee of $50 applies after the fifth day.',
  'Payments are accepted through the tenant portal by ACH or card.',
].join('\n');

let t: TestApp;
let owner: TestUser;
let petTitle: string;
let rentTitle: string;

async function chat(user: TestUser, content: string, extra: Record<string, unknown> = {}) {
  return api<any>(t, 'POST', '/functions/v1/chat-with-context', {
    token: user.token,
    body: { messages: [{ role: 'user', content }], ...extra },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
  expect((await api(t, 'GET', '/api/v1/me', { token: owner.token })).status).toBe(200);
  const pet = await ingestAndWait(t, owner.token, 'Pet Policy.txt', PET_POLICY);
  expect(pet.status).toBe('READY');
  petTitle = pet.title;
  const rent = await ingestAndWait(t, owner.token, 'Rent Guide.txt', RENT_GUIDE);
  expect(rent.status).toBe('READY');
  rentTitle = rent.title;
});
afterAll(async () => {
  await t?.close();
});

describe('chat-with-context, offline provider, operational mode', () => {
  it('answers from an uploaded document, quoting the sentence with its [Doc:Title#Idx] citation', async () => {
    const res = await chat(owner, 'How much is the pet deposit?');
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('offline');
    const citation = `[Doc:${petTitle}#0]`;
    expect(res.body.message).toContain('The pet deposit is $300 per pet and is refundable at move-out.');
    expect(res.body.message).toContain(citation);
    expect(res.body.sources).toHaveLength(1);
    expect(res.body.sources[0]).toMatchObject({ kind: 'document', title: petTitle, chunk_index: 0, citation });
    expect(res.body.task).toBeNull();
    expect(res.body.confidence).toBeGreaterThanOrEqual(0.7);
    // Rent text was not cited for a pet question.
    expect(res.body.message).not.toContain('Rent Guide');
  });

  it('persists the thread and both messages with sources', async () => {
    const first = await chat(owner, 'When is rent due each month?');
    expect(first.status).toBe(200);
    expect(first.body.message).toContain('Rent is due on the first day of each month.');
    const threadId = first.body.thread_id;
    const second = await chat(owner, 'What is the late fee for rent?', { threadId });
    expect(second.body.thread_id).toBe(threadId);
    expect(second.body.message).toContain('A late fee of $50 applies after the fifth day.');

    const threads = await api<any>(t, 'GET', '/api/v1/threads', { token: owner.token });
    expect(threads.body.threads.map((x: { id: string }) => x.id)).toContain(threadId);
    const thread = threads.body.threads.find((x: { id: string }) => x.id === threadId);
    expect(thread.title).toBe('When is rent due each month?');
    const msgs = await api<any>(t, 'GET', `/api/v1/threads/${threadId}/messages`, { token: owner.token });
    expect(msgs.status).toBe(200);
    expect(msgs.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(msgs.body.messages[3].sources[0].citation).toBe(`[Doc:${rentTitle}#0]`);
    expect(msgs.body.messages[3].confidence).toBe(second.body.confidence);
  });

  it('a question nobody answered creates exactly one task; completing it with an answer teaches the assistant', async () => {
    const question = 'Is there a rooftop swimming pool?';
    const first = await chat(owner, question);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/I don't know/);
    expect(first.body.message).toContain(chatMessages.taskCreated);
    expect(first.body.sources).toEqual([]);
    expect(first.body.confidence).toBeLessThan(0.7);
    const task = first.body.task;
    expect(task).toMatchObject({
      status: 'pending',
      priority: 'medium',
      task_type: 'unanswered_question',
      question,
      assigned_to: owner.id,
      completed_at: null,
      thread_id: first.body.thread_id,
    });
    expect(task.description).toContain(question);
    expect(first.body.assistant_message.task_id).toBe(task.id);

    // Asking again while it is open does not make a second task.
    const again = await chat(owner, 'Is there a rooftop swimming pool?');
    expect(again.body.task.id).toBe(task.id);
    const open = await api<any>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    expect(open.status).toBe(200);
    expect(open.body.tasks).toHaveLength(1);

    // pending → in_progress → completed with the answer.
    const started = await api<any>(t, 'PATCH', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { status: 'in_progress' },
    });
    expect(started.status).toBe(200);
    expect(started.body.task).toMatchObject({ status: 'in_progress', completed_at: null });
    const answer = 'Yes, the rooftop swimming pool is open from 9am to 9pm between June and September.';
    const done = await api<any>(t, 'PATCH', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { status: 'completed', answer },
    });
    expect(done.status).toBe(200);
    expect(done.body.task.status).toBe('completed');
    expect(Date.parse(done.body.task.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(done.body.task.answer).toBe(answer);
    expect(done.body.task.fact_id).toBeTruthy();

    // The answer is a fact with provenance: conversation, the task id.
    const facts = await api<any>(t, 'GET', '/functions/v1/facts-ingest', { token: owner.token });
    const fact = facts.body.facts.find((f: { id: string }) => f.id === done.body.task.fact_id);
    expect(fact).toMatchObject({ value: answer, source: 'conversation' });
    expect(fact.provenance.source).toBe(`task:${task.id}`);

    // The next similar question is answered from it, citing it, and makes no task.
    const next = await chat(owner, 'When is the rooftop swimming pool open?');
    expect(next.status).toBe(200);
    expect(next.body.message).toContain(answer);
    expect(next.body.message).toContain(`[Fact:${fact.label}]`);
    expect(next.body.sources[0]).toMatchObject({ kind: 'fact', id: fact.id, citation: `[Fact:${fact.label}]` });
    expect(next.body.task).toBeNull();
    expect(next.body.confidence).toBeGreaterThanOrEqual(0.7);
    const after = await api<any>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    expect(after.body.tasks).toHaveLength(1);
  });

  it('hands legal, medical, financial, contract or liability questions to a person at high priority', async () => {
    const res = await chat(owner, 'What is the pet liability if a dog bites a neighbour?');
    expect(res.body.task).toMatchObject({ priority: 'high', task_type: 'sensitive_question' });
  });

  it('a greeting is answered without a task', async () => {
    const res = await chat(owner, 'Hello!');
    expect(res.body.task).toBeNull();
    expect(res.body.message).toMatch(/^Hello!/);
  });

  it('refuses bad input with a readable 400 and unknown threads with 404', async () => {
    const empty = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: { messages: [{ role: 'user', content: '   ' }] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('non-empty user message');
    const noMessages = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: { messages: [] },
    });
    expect(noMessages.status).toBe(400);
    const missing = await chat(owner, 'Hi', { threadId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('thread_not_found');
  });
});

describe('onboarding mode', () => {
  it('asks at most three questions about what the profile lacks, and moves on as it learns', async () => {
    const first = await chat(owner, 'Hi, I want to set up my assistant.', { assistantMode: 'onboarding' });
    expect(first.status).toBe(200);
    const asked = (text: string) => text.split('\n').filter((l) => /^\d\. /.test(l));
    expect(asked(first.body.message)).toEqual([
      '1. What is the name of your business?',
      '2. What services do you offer?',
      '3. Where are you located, and which areas do you serve?',
    ]);
    expect(first.body.task).toBeNull();
    const second = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: {
        assistantMode: 'onboarding',
        threadId: first.body.thread_id,
        messages: [
          { role: 'user', content: 'Hi, I want to set up my assistant.' },
          { role: 'assistant', content: first.body.message },
          {
            role: 'user',
            content: 'We are Harbor View Rentals. We provide property management for apartments in Tampa, FL.',
          },
        ],
      },
    });
    const next = asked(second.body.message);
    expect(next.length).toBeLessThanOrEqual(3);
    expect(next[0]).toBe('1. Who are your customers?');
    expect(second.body.message).toContain('business name');
  });
});

describe('tasks API', () => {
  it('filters by status and assignee, stamps and clears completed_at, and stays inside the workspace', async () => {
    const q = await chat(owner, 'Do you offer covered parking spaces?');
    const id = q.body.task.id;
    const pending = await api<any>(t, 'GET', '/api/v1/tasks?status=pending', { token: owner.token });
    expect(pending.body.tasks.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    expect(pending.body.tasks.map((x: { id: string }) => x.id)).toContain(id);
    const mine = await api<any>(t, 'GET', '/api/v1/tasks?assigned_to=me', { token: owner.token });
    expect(mine.body.tasks.every((x: { assigned_to: string }) => x.assigned_to === owner.id)).toBe(true);

    const done = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, {
      token: owner.token,
      body: { status: 'completed' },
    });
    expect(done.body.task.completed_at).not.toBeNull();
    const reopened = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, {
      token: owner.token,
      body: { status: 'pending', priority: 'low', due_date: '2030-01-31' },
    });
    expect(reopened.body.task).toMatchObject({
      status: 'pending',
      completed_at: null,
      priority: 'low',
      due_date: '2030-01-31',
    });

    const bad = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, { token: owner.token, body: { status: 'done' } });
    expect(bad.status).toBe(400);
    const answerWithoutCompleting = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, {
      token: owner.token,
      body: { answer: 'Yes.' },
    });
    expect(answerWithoutCompleting.status).toBe(400);
    expect(answerWithoutCompleting.body.error.message).toBe('An answer can only be given when completing the task.');
    const stranger = await createUserWithSession(t);
    const badAssignee = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, {
      token: owner.token,
      body: { assigned_to: stranger.id },
    });
    expect(badAssignee.status).toBe(400);

    // Another workspace sees none of it.
    expect((await api<any>(t, 'GET', '/api/v1/tasks', { token: stranger.token })).body.tasks).toEqual([]);
    const foreign = await api<any>(t, 'PATCH', `/api/v1/tasks/${id}`, {
      token: stranger.token,
      body: { status: 'completed' },
    });
    expect(foreign.status).toBe(404);
    const foreignThread = await api<any>(t, 'GET', `/api/v1/threads/${q.body.thread_id}/messages`, {
      token: stranger.token,
    });
    expect(foreignThread.status).toBe(404);
    // And its questions are not answered from this workspace's documents.
    const leak = await chat(stranger, 'How much is the pet deposit?');
    expect(leak.body.sources).toEqual([]);
  });

  it('employee view: own assigned tasks plus every pending one', async () => {
    const res = await api<any>(t, 'GET', '/api/v1/tasks?view=mine_and_pending', { token: owner.token });
    expect(res.status).toBe(200);
    expect(
      res.body.tasks.every(
        (x: { status: string; assigned_to: string }) => x.status === 'pending' || x.assigned_to === owner.id,
      ),
    ).toBe(true);
  });
});

describe('rag-answer', () => {
  it('reports answer, confidence, sources and whether a task would be created; none in test mode', async () => {
    const known = await api<any>(t, 'POST', '/functions/v1/rag-answer', {
      token: owner.token,
      body: { query: 'How many pets may tenants keep per unit?' },
    });
    expect(known.status).toBe(200);
    expect(known.body.answer).toContain('Tenants may keep at most two pets per unit.');
    expect(known.body.sources[0]).toMatchObject({ title: petTitle });
    expect(known.body.sources[0].similarity).toBeGreaterThan(0);
    expect(known.body.would_create_task).toBe(false);
    // Asked how things stand at one time: the rule is quoted, and a person confirms the present state.
    const now = await api<any>(t, 'POST', '/functions/v1/rag-answer', {
      token: owner.token,
      body: { query: 'How many pets may tenants keep per unit this year?' },
    });
    expect(now.body.answer).toContain('Tenants may keep at most two pets per unit.');
    expect(now.body.would_create_task).toBe(true);

    await api(t, 'POST', '/api/v1/assistants/test-copy', { token: owner.token, body: {} });
    const before = (await api<any>(t, 'GET', '/api/v1/tasks', { token: owner.token })).body.tasks.length;
    const unknown = await api<any>(t, 'POST', '/functions/v1/rag-answer', {
      token: owner.token,
      body: { query: 'Is there a sauna in the gym?', is_test: true },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.would_create_task).toBe(true);
    expect(unknown.body.task_id).toBeNull();
    expect((await api<any>(t, 'GET', '/api/v1/tasks', { token: owner.token })).body.tasks.length).toBe(before);

    const other = await api<any>(t, 'POST', '/functions/v1/rag-answer', {
      token: owner.token,
      body: { query: 'x', workspace_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.status).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFakeReply, type FakeChatRequest, type FakeOpenAI, startFakeOpenAI } from '../../llm/fake-openai';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';

let t: TestApp;
let fake: FakeOpenAI;
let owner: TestUser;
let employee: TestUser;
let manager: TestUser;
let workspaceId: string;

const QUESTIONS = ['What is the pet deposit?', 'How many pets may tenants keep?'];
const PET_POLICY =
  'Harbor View pet policy. The pet deposit is $300 per pet and is refundable at move-out. Tenants may keep at most two pets per unit.';
const TEST_PROMPT = 'TEST PROMPT: quote the pet policy exactly.';

async function member(role: 'MEMBER' | 'ADMIN'): Promise<TestUser> {
  const u = await createUserWithSession(t, `${role.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`);
  await t.database.query('insert into memberships (workspace_id, user_id, role) values ($1, $2, $3)', [
    workspaceId,
    u.id,
    role,
  ]);
  return u;
}

/** The model quotes the document only under the test prompt, so the two sides differ visibly. */
function replyByPrompt(request: FakeChatRequest): string {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  return system.startsWith('TEST PROMPT')
    ? `${defaultFakeReply(request)} That is exactly what the signed policy says for every unit.`
    : "I'm not sure, maybe ask the office.";
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.reply = replyByPrompt;
  t = await startTestApp({ HELIXIS_LLM_BASE_URL: fake.url, HELIXIS_LLM_MODEL: 'fake-model' });
  owner = await createUserWithSession(t);
  workspaceId = (await api<any>(t, 'GET', '/api/v1/me', { token: owner.token })).body.workspace.id;
  employee = await member('MEMBER');
  manager = await member('ADMIN');
  expect((await ingestAndWait(t, owner.token, 'Pet Policy.txt', PET_POLICY)).status).toBe('READY');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('saved question set (Test Assistant Mode)', () => {
  it('is owner/manager only on every endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/assistants/question-set'],
      ['PUT', '/api/v1/assistants/question-set'],
      ['POST', '/api/v1/assistants/comparisons'],
      ['GET', '/api/v1/assistants/comparisons/latest'],
    ] as const) {
      const body = method === 'PUT' ? { questions: ['Hi?'] } : method === 'POST' ? {} : undefined;
      const res = await api<any>(t, method, path, { token: employee.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await api<any>(t, method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    }
  });

  it('validates and persists the questions per workspace', async () => {
    const empty = await api<any>(t, 'GET', '/api/v1/assistants/question-set', { token: owner.token });
    expect(empty.body).toEqual({ questions: [], updated_at: null });
    const none = await api<any>(t, 'POST', '/api/v1/assistants/comparisons', { token: owner.token, body: {} });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe('Save at least one question before running the comparison.');

    for (const [questions, message] of [
      [[], 'Add at least one question.'],
      [['  '], 'A question cannot be empty.'],
      [['Same?', 'same?'], 'Each question may appear only once.'],
      [Array.from({ length: 21 }, (_, i) => `Question ${i}?`), 'Save at most 20 questions.'],
      [['x'.repeat(501)], 'Each question must be no more than 500 characters.'],
    ] as const) {
      const bad = await api<any>(t, 'PUT', '/api/v1/assistants/question-set', {
        token: owner.token,
        body: { questions },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.error)).toContain(message);
    }

    const saved = await api<any>(t, 'PUT', '/api/v1/assistants/question-set', {
      token: manager.token,
      body: { questions: QUESTIONS.map((q) => `  ${q} `) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.questions).toEqual(QUESTIONS);
    const read = await api<any>(t, 'GET', '/api/v1/assistants/question-set', { token: owner.token });
    expect(read.body.questions).toEqual(QUESTIONS);
    expect(read.body.updated_at).not.toBeNull();

    // Another workspace sees its own (empty) set.
    const stranger = await createUserWithSession(t, `stranger-${randomUUID().slice(0, 6)}@example.com`);
    await api(t, 'GET', '/api/v1/me', { token: stranger.token });
    const theirs = await api<any>(t, 'GET', '/api/v1/assistants/question-set', { token: stranger.token });
    expect(theirs.body.questions).toEqual([]);
  });

  it('answers every question with live and test side by side, creates no task, and reports staleness', async () => {
    const pair = await api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: owner.token, body: {} });
    await api(t, 'PATCH', `/api/v1/assistants/${pair.body.test.id}`, {
      token: owner.token,
      body: { system_prompt: TEST_PROMPT, temperature: 0.7 },
    });
    const before = fake.requests.length;
    const run = await api<any>(t, 'POST', '/api/v1/assistants/comparisons', { token: manager.token, body: {} });
    expect(run.status).toBe(200);
    const c = run.body;
    expect(c.results.map((r: { question: string }) => r.question)).toEqual(QUESTIONS);
    expect(c.test).toMatchObject({ system_prompt: TEST_PROMPT, temperature: 0.7 });
    expect(c.live.assistant_id).toBe(pair.body.live.id);

    // Each side reached the model with its own prompt and temperature.
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(4);
    expect(sent.filter((r) => r.messages[0]?.content.startsWith(TEST_PROMPT)).map((r) => r.temperature)).toEqual([
      0.7, 0.7,
    ]);
    expect(sent.filter((r) => !r.messages[0]?.content.startsWith(TEST_PROMPT))).toHaveLength(2);

    for (const r of c.results) {
      expect(r.live.answer).toContain("I'm not sure");
      // Quotes what the workspace knows from the uploaded policy, with its citation and source.
      expect(r.test.answer).toMatch(/\[(Doc|Fact):Pet Policy[^\]]*\]/);
      expect(r.test.sources[0]?.title).toContain('Pet Policy');
      expect(r.live.sources).toEqual([]);
      expect(r.test.confidence).toBeGreaterThan(r.live.confidence);
      expect(r.live.would_create_task).toBe(true);
      expect(r.test.would_create_task).toBe(false);
    }
    expect(c.summary.live_would_create_tasks).toBe(2);
    expect(c.summary.test_would_create_tasks).toBe(0);
    expect(c.summary.test_mean_confidence).toBeGreaterThan(c.summary.live_mean_confidence);
    expect(c.stale).toBe(false);
    // A comparison is a dry run: no task on either side.
    const tasks = await api<any>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    expect(tasks.body.tasks).toEqual([]);

    const latest = await api<any>(t, 'GET', '/api/v1/assistants/comparisons/latest', { token: owner.token });
    expect(latest.body.comparison).toMatchObject({ id: c.id, stale: false });
    // Applying the test copy changes the live assistant: the stored comparison is now stale.
    await api(t, 'POST', '/api/v1/assistants/test-copy/apply', { token: owner.token, body: {} });
    const after = await api<any>(t, 'GET', '/api/v1/assistants/comparisons/latest', { token: owner.token });
    expect(after.body.comparison).toMatchObject({ id: c.id, stale: true });
  });
});

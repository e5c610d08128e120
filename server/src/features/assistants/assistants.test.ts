import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { CHAT_STREAM_PATH, ChatStreamEvent } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFakeReply, type FakeChatRequest, type FakeOpenAI, startFakeOpenAI } from '../../llm/fake-openai';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { waitFor } from '../../test/wait';
import { ingestAndWait } from '../knowledge/test-helpers';

let t: TestApp;
let fake: FakeOpenAI;
let owner: TestUser;
let employee: TestUser;
let manager: TestUser;
let workspaceId: string;

/** A second member of the owner's workspace with the given membership role. */
async function member(role: 'MEMBER' | 'ADMIN'): Promise<TestUser> {
  const u = await createUserWithSession(t, `${role.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`);
  await t.database.query('insert into memberships (workspace_id, user_id, role) values ($1, $2, $3)', [
    workspaceId,
    u.id,
    role,
  ]);
  return u;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestApp({
    HELIXIS_LLM_BASE_URL: fake.url,
    HELIXIS_LLM_MODEL: 'fake-model',
    HELIXIS_LLM_API_KEY: 'sk-fake',
  });
  owner = await createUserWithSession(t);
  const me = await api<any>(t, 'GET', '/api/v1/me', { token: owner.token });
  workspaceId = me.body.workspace.id;
  employee = await member('MEMBER');
  manager = await member('ADMIN');
  expect((await api<any>(t, 'GET', '/api/v1/me', { token: employee.token })).body.businessRole).toBe('employee');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// The fake model quotes the first source: both questions are answered by the pet-deposit sentence.
const QUESTIONS = ['What is the pet deposit?', 'Is the pet deposit refundable?'];
const PET_POLICY =
  'Harbor View pet policy. The pet deposit is $300 per pet and is refundable at move-out. Tenants may keep at most two pets per unit.';
const COMPARE_PROMPT = 'COMPARE PROMPT: quote the pet policy exactly.';

/** The model quotes the workspace's knowledge only under the comparison's test prompt, so the sides differ. */
function replyByPrompt(request: FakeChatRequest): string {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  return system.startsWith('COMPARE PROMPT')
    ? `${defaultFakeReply(request)} That is exactly what the signed policy says for every unit.`
    : "I'm not sure, maybe ask the office.";
}

async function live() {
  const list = await api<any>(t, 'GET', '/api/v1/assistants', { token: owner.token });
  return list.body.assistants.find((a: { is_test_version: boolean }) => !a.is_test_version);
}

describe('admin assistant form (PATCH /api/v1/assistants/:id)', () => {
  it('a manager or owner saves name, description, prompt, temperature and RAG switch', async () => {
    const a = await live();
    const res = await api<any>(t, 'PATCH', `/api/v1/assistants/${a.id}`, {
      token: manager.token,
      body: {
        name: 'Harbor Helper',
        description: 'Answers tenants',
        system_prompt: 'Be brief.',
        temperature: 1.3,
        use_rag: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.assistant).toMatchObject({
      name: 'Harbor Helper',
      description: 'Answers tenants',
      system_prompt: 'Be brief.',
      temperature: 1.3,
      use_rag: false,
    });
    const back = await api<any>(t, 'PATCH', `/api/v1/assistants/${a.id}`, {
      token: owner.token,
      body: { use_rag: true, temperature: 0.4 },
    });
    expect(back.body.assistant).toMatchObject({ name: 'Harbor Helper', use_rag: true, temperature: 0.4 });
  });

  it('refuses employees, out-of-range temperature, empty names and other workspaces', async () => {
    const a = await live();
    const denied = await api<any>(t, 'PATCH', `/api/v1/assistants/${a.id}`, {
      token: employee.token,
      body: { name: 'Hacked' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('insufficient_role');
    const hot = await api<any>(t, 'PATCH', `/api/v1/assistants/${a.id}`, {
      token: owner.token,
      body: { temperature: 2.5 },
    });
    expect(hot.status).toBe(400);
    expect(hot.body.error.message).toContain('Temperature must be between 0 and 2.');
    const blank = await api<any>(t, 'PATCH', `/api/v1/assistants/${a.id}`, {
      token: owner.token,
      body: { name: '  ' },
    });
    expect(blank.status).toBe(400);
    const stranger = await createUserWithSession(t);
    const foreign = await api<any>(t, 'PATCH', `/api/v1/assistants/${a.id}`, {
      token: stranger.token,
      body: { name: 'Mine now' },
    });
    expect(foreign.status).toBe(404);
    expect((await live()).name).toBe('Harbor Helper');
  });
});

describe('test assistant', () => {
  it('creates the test copy once, lets managers edit it and apply it to live', async () => {
    const denied = await api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: employee.token, body: {} });
    expect(denied.status).toBe(403);
    const [one, two] = await Promise.all([
      api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: manager.token, body: {} }),
      api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: owner.token, body: {} }),
    ]);
    expect(one.status).toBe(200);
    expect(two.body.test.id).toBe(one.body.test.id);
    const { live: l, test } = one.body;
    expect(test).toMatchObject({
      name: `${l.name} (TEST)`,
      description: `Test version of ${l.name}`,
      is_test_version: true,
      parent_assistant_id: l.id,
      temperature: l.temperature,
      system_prompt: l.system_prompt,
    });
    const edit = await api<any>(t, 'PATCH', `/api/v1/assistants/${test.id}`, {
      token: manager.token,
      body: { system_prompt: 'TEST PROMPT: answer like a pirate.', temperature: 0.9 },
    });
    expect(edit.status).toBe(200);
    expect((await live()).system_prompt).toBe('Be brief.');

    // Test mode uses the test copy's prompt and temperature; live chat keeps the live ones.
    const testChat = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: manager.token,
      body: {
        messages: [{ role: 'user', content: 'What are the opening hours?' }],
        isTestMode: true,
        temperature: 0.1,
      },
    });
    expect(testChat.status).toBe(200);
    expect(testChat.body.provider).toBe('openai-compatible');
    let sent = fake.requests.at(-1);
    expect(sent?.temperature).toBe(0.9);
    expect(sent?.messages[0]?.content.startsWith('TEST PROMPT: answer like a pirate.')).toBe(true);
    // Unsure, but test mode creates no task.
    expect(testChat.body.task).toBeNull();

    const liveChat = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: employee.token,
      body: { messages: [{ role: 'user', content: 'What are the opening hours?' }] },
    });
    sent = fake.requests.at(-1);
    expect(sent?.temperature).toBe(0.4);
    expect(sent?.messages[0]?.content.startsWith('Be brief.')).toBe(true);
    expect(liveChat.body.task).not.toBeNull();

    const employeeTest = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: employee.token,
      body: { messages: [{ role: 'user', content: 'Hi' }], isTestMode: true },
    });
    expect(employeeTest.status).toBe(403);
    expect(employeeTest.body.error.message).toBe('Test Assistant Mode requires manager permissions');

    const applied = await api<any>(t, 'POST', '/api/v1/assistants/test-copy/apply', { token: owner.token, body: {} });
    expect(applied.status).toBe(200);
    expect(applied.body.live).toMatchObject({ system_prompt: 'TEST PROMPT: answer like a pirate.', temperature: 0.9 });
    expect(applied.body.live.name).toBe('Harbor Helper');
    expect(
      (await api<any>(t, 'POST', '/api/v1/assistants/test-copy/apply', { token: employee.token, body: {} })).status,
    ).toBe(403);
  });
});

describe('streaming chat and the model provider', () => {
  it('streams deltas as server-sent events and ends with the stored result', async () => {
    fake.reply = () => 'Streaming works [Doc:None#0] fine';
    const res = await fetch(`${t.url}${CHAT_STREAM_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello there' }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await res.text())
      .split('\n\n')
      .filter((b) => b.startsWith('data: '))
      .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') throw new Error('no done event');
    expect(deltas.map((d) => (d.type === 'delta' ? d.text : '')).join('')).toBe(done.result.message);
    expect(done.result.message.startsWith('Streaming works [Doc:None#0] fine')).toBe(true);
    // A marker that names no retrieved source is not a source.
    expect(done.result.sources).toEqual([]);
    const msgs = await api<any>(t, 'GET', `/api/v1/threads/${done.result.thread_id}/messages`, { token: owner.token });
    expect(msgs.body.messages).toHaveLength(2);
  });

  it('a failing model answers with the chat error text and keeps the user message', async () => {
    fake.failNext(500, 10);
    const res = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: { messages: [{ role: 'user', content: 'Will this be lost?' }] },
    });
    fake.failNext(500, 0);
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      code: 'llm_failed',
      message: "I'm sorry, I encountered an error. Please try again.",
    });
    const threads = await api<any>(t, 'GET', '/api/v1/threads', { token: owner.token });
    const saved = threads.body.threads.find((x: { title: string }) => x.title === 'Will this be lost?');
    expect(saved).toBeTruthy();
  });

  it('helixis-assistant answers one-shot through the chosen provider', async () => {
    fake.reply = () => 'One-shot answer.';
    const model = await api<any>(t, 'POST', '/functions/v1/helixis-assistant', {
      token: owner.token,
      body: { message: 'Hi' },
    });
    expect(model.body).toEqual({ text: 'One-shot answer.', provider: 'openai-compatible' });
    const offline = await api<any>(t, 'POST', '/functions/v1/helixis-assistant', {
      token: owner.token,
      body: { message: 'Hi', provider: 'offline' },
    });
    expect(offline.body.provider).toBe('offline');
  });
});

interface StreamRead {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** How many pieces the body arrived in. */
  reads: number;
  /** True when the whole message arrived, the terminating chunk included. */
  complete: boolean;
  events: ChatStreamEvent[];
}

/**
 * POSTs a question to the stream and reads the answer to its end. `holdMs` leaves the body unread that long
 * after the headers arrive, and `pauseMs` waits after each piece read: a slow reader.
 */
function readStream(question: string, options: { holdMs?: number; pauseMs?: number } = {}): Promise<StreamRead> {
  const url = new URL(CHAT_STREAM_PATH, t.url);
  const payload = JSON.stringify({ messages: [{ role: 'user', content: question }] });
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'content-length': Buffer.byteLength(payload),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      let reads = 0;
      res.setEncoding('utf8');
      res.on('data', (piece: string) => {
        body += piece;
        reads++;
        if (options.pauseMs) {
          res.pause();
          setTimeout(() => res.resume(), options.pauseMs);
        }
      });
      res.on('aborted', () => reject(new Error('the server closed the connection before the end of the body')));
      res.on('error', reject);
      res.on('end', () => {
        const events = body
          .split('\n\n')
          .filter((block) => block.startsWith('data: '))
          .map((block) => ChatStreamEvent.parse(JSON.parse(block.slice(6))));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, reads, complete: res.complete, events });
      });
      if (options.holdMs) {
        res.pause();
        setTimeout(() => res.resume(), options.holdMs);
      }
    });
    req.end(payload);
  });
}

function expectCleanEnd(read: StreamRead, answer: string): void {
  expect(read.status).toBe(200);
  expect(read.headers['content-type']).toContain('text/event-stream');
  expect(read.headers['transfer-encoding']).toBe('chunked');
  expect(read.complete).toBe(true);
  expect(read.body.endsWith('\n\n')).toBe(true);
  const done = read.events.at(-1);
  if (done?.type !== 'done') throw new Error(`the stream ended with ${JSON.stringify(done)}`);
  expect(read.events.filter((e) => e.type === 'done' || e.type === 'error')).toHaveLength(1);
  const deltas = read.events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));
  expect(deltas.join('')).toBe(done.result.message);
  // (A question nothing answers also gets the note that a task was created for the team.)
  expect(done.result.message.startsWith(answer)).toBe(true);
}

/**
 * Issue 28: the streamed chat answer ends cleanly. Read over a plain HTTP connection (not fetch) to see what
 * goes over the wire: the headers, how many reads the body took, and whether the chunked body ended with its
 * terminating chunk (`complete`) rather than a closed connection.
 */
describe('the chat stream ends cleanly', () => {
  it('under a slow answer: every piece, then `done`, then the end of the chunked body', async () => {
    const answer = 'The laundry room opens at seven in the morning and closes at ten at night.';
    fake.reply = () => answer;
    fake.pauseMs = 25;
    try {
      const read = await readStream('When does the laundry room open?');
      expectCleanEnd(read, answer);
      // It streamed: the answer came in several pieces, not one write at the end.
      expect(read.reads).toBeGreaterThan(5);
    } finally {
      fake.pauseMs = 0;
    }
  });

  it('to a client that reads late and slowly', async () => {
    const answer = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    fake.reply = () => answer;
    const read = await readStream('Tell me everything.', { holdMs: 400, pauseMs: 5 });
    expectCleanEnd(read, answer);
  });

  it('a client that leaves mid-answer finds the whole answer in its thread on coming back', async () => {
    const answer = Array.from({ length: 60 }, (_, i) => `part${i}`).join(' ');
    fake.reply = () => answer;
    fake.pauseMs = 10;
    const title = 'Leaving before the end?';
    try {
      await new Promise<void>((resolve, reject) => {
        const payload = JSON.stringify({ messages: [{ role: 'user', content: title }] });
        const req = httpRequest(new URL(CHAT_STREAM_PATH, t.url), {
          method: 'POST',
          headers: {
            authorization: `Bearer ${owner.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        });
        req.on('error', () => resolve());
        req.on('response', (res) => {
          // The first piece arrives, then the page goes away.
          res.once('data', () => {
            req.destroy();
            resolve();
          });
          res.on('error', () => resolve());
        });
        setTimeout(() => reject(new Error('no answer began')), 10_000);
        req.end(payload);
      });
      const stored = await waitFor(
        async () => {
          const threads = await api<any>(t, 'GET', '/api/v1/threads', { token: owner.token });
          const thread = threads.body.threads.find((x: { title: string }) => x.title === title);
          if (!thread) return null;
          const msgs = await api<any>(t, 'GET', `/api/v1/threads/${thread.id}/messages`, { token: owner.token });
          const reply = msgs.body.messages.find((m: { role: string }) => m.role === 'assistant');
          return reply ? (reply.content as string) : null;
        },
        (content) => content !== null,
      );
      expect(stored?.startsWith(answer)).toBe(true);
    } finally {
      fake.pauseMs = 0;
    }
  });

  it('says the answer may be stored but must be revalidated: no `no-store`', async () => {
    // Chromium reports a fetch whose `no-store` body the page reads through a stream reader as aborted
    // (net::ERR_ABORTED) even when the page read it to its end, depending on how the body's pieces arrive.
    fake.reply = () => 'A short answer.';
    const read = await readStream('Anything?');
    expectCleanEnd(read, 'A short answer.');
    expect(read.headers['cache-control']).toBe('no-cache');
  });
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
    expect((await ingestAndWait(t, owner.token, 'Pet Policy.txt', PET_POLICY)).status).toBe('READY');
    fake.reply = replyByPrompt;
    const tasksBefore = (await api<any>(t, 'GET', '/api/v1/tasks', { token: owner.token })).body.tasks.length;
    const pair = await api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: owner.token, body: {} });
    await api(t, 'PATCH', `/api/v1/assistants/${pair.body.test.id}`, {
      token: owner.token,
      body: { system_prompt: COMPARE_PROMPT, temperature: 0.7 },
    });
    const before = fake.requests.length;
    const run = await api<any>(t, 'POST', '/api/v1/assistants/comparisons', { token: manager.token, body: {} });
    expect(run.status).toBe(200);
    const c = run.body;
    expect(c.results.map((r: { question: string }) => r.question)).toEqual(QUESTIONS);
    expect(c.test).toMatchObject({ system_prompt: COMPARE_PROMPT, temperature: 0.7 });
    expect(c.live.assistant_id).toBe(pair.body.live.id);

    // Each side reached the model with its own prompt and temperature.
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(4);
    expect(sent.filter((r) => r.messages[0]?.content.startsWith(COMPARE_PROMPT)).map((r) => r.temperature)).toEqual([
      0.7, 0.7,
    ]);
    expect(sent.filter((r) => !r.messages[0]?.content.startsWith(COMPARE_PROMPT))).toHaveLength(2);

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
    expect(tasks.body.tasks).toHaveLength(tasksBefore);

    const latest = await api<any>(t, 'GET', '/api/v1/assistants/comparisons/latest', { token: owner.token });
    expect(latest.body.comparison).toMatchObject({ id: c.id, stale: false });
    // Applying the test copy changes the live assistant: the stored comparison is now stale.
    await api(t, 'POST', '/api/v1/assistants/test-copy/apply', { token: owner.token, body: {} });
    const after = await api<any>(t, 'GET', '/api/v1/assistants/comparisons/latest', { token: owner.token });
    expect(after.body.comparison).toMatchObject({ id: c.id, stale: true });
  });
});

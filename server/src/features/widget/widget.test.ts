import {
  residentMessages,
  type TaskList,
  WIDGET_CHAT_IP_LIMIT,
  WIDGET_TASKS_PER_HOUR,
  type WidgetChatOutput,
  type WidgetInfo,
} from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { correctSpellingWithin, ingestTexts, searchWorkspace } from '../knowledge';
import { ingestAndWait } from '../knowledge/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_TRUSTED_PROXIES: 'loopback' });
});
afterAll(async () => {
  await t?.close();
});

/** Each test speaks from its own client address (the server trusts x-forwarded-for from its loopback proxy). */
async function ask(
  workspace: string,
  message: string,
  ip: string,
): Promise<{
  status: number;
  body: WidgetChatOutput & { error?: { code: string; message: string } };
  cors: string | null;
}> {
  const res = await fetch(`${t.url}/functions/v1/widget-chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://owner-site.example', 'x-forwarded-for': ip },
    body: JSON.stringify({ workspace, message }),
  });
  return {
    status: res.status,
    body: (await res.json()) as never,
    cors: res.headers.get('access-control-allow-origin'),
  };
}

async function ownerWithDocs(): Promise<{ owner: TestUser; publicDoc: string; privateDoc: string }> {
  const owner = await createUserWithSession(t);
  const pub = await ingestAndWait(
    t,
    owner.token,
    'Office hours.txt',
    'Office hours: our leasing office is open Monday to Friday from 9 am to 5 pm.',
  );
  const priv = await ingestAndWait(
    t,
    owner.token,
    'Gate codes.txt',
    'Office gate code: the back gate code is 4411 and the office alarm code is 9038.',
  );
  expect(pub.public).toBe(false);
  const mark = await api<{ public: boolean }>(t, 'PUT', `/api/v1/documents/${pub.id}/public`, {
    token: owner.token,
    body: { public: true },
  });
  expect(mark.status).toBe(200);
  expect(mark.body.public).toBe(true);
  return { owner, publicDoc: pub.id, privateDoc: priv.id };
}

describe('embeddable chat widget', () => {
  it('answers from a public document, shown by its title, and never from a private one', async () => {
    const { owner, publicDoc } = await ownerWithDocs();
    const doc = await api<{ public: boolean }>(t, 'GET', `/api/v1/documents/${publicDoc}`, { token: owner.token });
    expect(doc.body.public).toBe(true);
    const widget = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    expect(widget.status).toBe(200);
    expect(widget.body.public_documents).toBe(1);
    // The id is stable until regenerated.
    const again = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    expect(again.body.public_id).toBe(widget.body.public_id);

    const hours = await ask(widget.body.public_id, 'When is the office open?', '203.0.113.10');
    expect(hours.status).toBe(200);
    expect(hours.cors).toBe('*');
    expect(hours.body.reply).toBe('Office hours: our leasing office is open Monday to Friday from 9 am to 5 pm.');
    expect(hours.body.sources).toEqual([
      { title: 'Office hours', url: `/p/${widget.body.public_id}/documents/${publicDoc}#passage-1` },
    ]);

    const secret = await ask(widget.body.public_id, 'What is the office gate code?', '203.0.113.10');
    expect(secret.status).toBe(200);
    expect(secret.body.reply).not.toContain('4411');
    expect(secret.body.sources.every((s) => s.title !== 'Gate codes')).toBe(true);

    // Made private again: the widget no longer answers from it.
    await api(t, 'PUT', `/api/v1/documents/${publicDoc}/public`, { token: owner.token, body: { public: false } });
    const closed = await ask(widget.body.public_id, 'When is the office open?', '203.0.113.10');
    expect(closed.body.reply).not.toContain('Monday to Friday');
    expect(closed.body.sources).toEqual([]);
  });

  it('finds a public document that a hundred private ones outrank', async () => {
    const { owner } = await ownerWithDocs();
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: owner.token });
    // 120 private notes about the office hours, each scoring higher than the public page on that query.
    const notes = Array.from({ length: 120 }, (_, i) => ({
      title: `Office hours staff note ${i}`,
      text: `Office hours note ${i}: office hours office hours, staff cover for office hours.`,
    }));
    const ids = await ingestTexts(
      { deps: t.deps, workspaceId: me.body.workspace.id, userId: owner.id, log: t.deps.log },
      notes,
    );
    expect(ids.every((id) => id !== null)).toBe(true);
    const search = await api<{ results: { document_title: string }[] }>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: 'When are the office hours?', k: 100 },
    });
    expect(search.body.results.map((r) => r.document_title)).not.toContain('Office hours');

    const { body } = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    const answer = await ask(body.public_id, 'When are the office hours?', '203.0.113.30');
    expect(answer.status).toBe(200);
    expect(answer.body.reply).toContain('Monday to Friday');
    expect(answer.body.sources.map((s) => s.title)).toEqual(['Office hours']);
    expect(answer.body.reply).not.toContain('Staff note');
  });

  it('finds a public passage in other words than the question, through its synonyms, as the chat does', async () => {
    const owner = await createUserWithSession(t);
    const doc = await ingestAndWait(
      t,
      owner.token,
      'Resident notes.txt',
      'Trash is picked up every Tuesday morning. Put your bins out after 6 pm on Monday. Packages are held at the leasing office.',
    );
    await api(t, 'PUT', `/api/v1/documents/${doc.id}/public`, { token: owner.token, body: { public: true } });
    const { body } = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    // "garbage" and "collected" are not in the notes; "trash" and "picked up" are.
    const answer = await ask(body.public_id, 'When does the garbage get collected?', '203.0.113.35');
    expect(answer.status).toBe(200);
    expect(answer.body.reply).toContain('Trash is picked up every Tuesday morning.');
    expect(answer.body.sources.map((s) => s.title)).toEqual(['Resident notes']);
    // A typing slip is mended from the public notes' words.
    const slip = await ask(body.public_id, 'Where are pakcages kept?', '203.0.113.36');
    expect(slip.body.reply).toContain('Packages are held at the leasing office.');
  });

  it("never mends a visitor's typing slip into a word only a private document holds", async () => {
    const { owner, publicDoc } = await ownerWithDocs();
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: owner.token });
    const scope = { deps: t.deps, workspaceId: me.body.workspace.id, userId: null };
    const inPublic = async (word: string) =>
      (await searchWorkspace(scope, { query: word, k: 1, documentIds: [publicDoc] })).length > 0;
    // "alarn" is one edit from "alarm", which only the private gate-code note uses; "ofice" from "office".
    expect(await correctSpellingWithin(scope, 'What is the ofice alarn code?', inPublic)).toBe(
      'What is the office alarn code?',
    );
    expect(await correctSpellingWithin(scope, 'What is the ofice alarn code?', async () => true)).toBe(
      'What is the office alarm code?',
    );
  });

  it('shows a visitor no citation markers or file names, and each source title once', async () => {
    const owner = await createUserWithSession(t);
    const section = (heading: string, body: string) =>
      `# ${heading}\n\n${body} ${'Residents can find more in the office.'.repeat(8)}`;
    const handbook = await ingestAndWait(
      t,
      owner.token,
      'maple-street-resident-handbook.md',
      [
        section('Rent', 'Rent is due on the first day of each month.'),
        section('Late rent', 'Rent that is still unpaid after the due date carries a late fee of $50.'),
      ].join('\n\n'),
    );
    const doc = await api<{ chunk_count: number }>(t, 'GET', `/api/v1/documents/${handbook.id}`, {
      token: owner.token,
    });
    expect(doc.body.chunk_count).toBe(2);
    await api(t, 'PUT', `/api/v1/documents/${handbook.id}/public`, { token: owner.token, body: { public: true } });
    const { body } = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    const res = await fetch(`${t.url}/functions/v1/widget-chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.40' },
      // Two questions, answered from two chunks of the same document: its title is listed once.
      body: JSON.stringify({ workspace: body.public_id, message: 'What day is rent due, and is there a late fee?' }),
    });
    const raw = await res.text();
    expect(res.status).toBe(200);
    for (const internal of ['[Doc:', '[Fact:', '.md', '.pdf', 'According to your documents', 'workspace']) {
      expect(raw).not.toContain(internal);
    }
    const answer = JSON.parse(raw) as WidgetChatOutput;
    expect(answer.reply).toContain('Rent is due on the first day of each month.');
    // Two chunks of the handbook answered: one title.
    expect(answer.reply).toContain('late fee of $50');
    expect(answer.sources).toEqual([
      {
        title: 'Maple street resident handbook',
        url: expect.stringMatching(`^/p/${body.public_id}/documents/${handbook.id}#passage-[12]$`),
      },
    ]);
  });

  it('when unsure, tells the visitor in resident wording and hands the question to the team', async () => {
    const { owner } = await ownerWithDocs();
    const { body } = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    const pool = await ask(body.public_id, 'Is there a swimming pool for residents?', '203.0.113.50');
    expect(pool.status).toBe(200);
    expect(pool.body).toEqual({ reply: residentMessages.unsure, sources: [] });
    expect(pool.body.reply).toBe("I don't have that information yet — I've passed your question to our team.");
    const tasks = await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    const task = tasks.body.tasks.find((k) => k.question === 'Is there a swimming pool for residents?');
    expect(task?.description).toContain('A visitor of your website asked the chat widget');
    // Asked again: still one open task.
    await ask(body.public_id, 'Is there a swimming pool for residents?', '203.0.113.50');
    const again = await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    expect(again.body.tasks.filter((k) => k.question === 'Is there a swimming pool for residents?')).toHaveLength(1);
    // A greeting is no question for the team.
    const hello = await ask(body.public_id, 'Hello!', '203.0.113.50');
    expect(hello.body).toEqual({ reply: residentMessages.greeting, sources: [] });
    const after = await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    expect(after.body.tasks).toHaveLength(1);
  });

  it('past the hourly cap of handed-over questions, asks the visitor to contact the office instead', async () => {
    const { owner } = await ownerWithDocs();
    const { body } = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    for (let i = 0; i < WIDGET_TASKS_PER_HOUR; i++) {
      const handed = await ask(body.public_id, `Is there a sauna on floor ${i}?`, `198.51.100.${100 + i}`);
      expect(handed.body.reply).toBe(residentMessages.unsure);
    }
    const capped = await ask(body.public_id, 'Is there a sauna on the roof?', '198.51.100.200');
    expect(capped.body).toEqual({ reply: residentMessages.unsureContact, sources: [] });
    const tasks = await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: owner.token });
    expect(tasks.body.tasks.map((k) => k.question)).not.toContain('Is there a sauna on the roof?');
  });

  it('a regenerated id refuses the old one', async () => {
    const { owner } = await ownerWithDocs();
    const first = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    const second = await api<WidgetInfo>(t, 'POST', '/api/v1/widget/regenerate', { token: owner.token, body: {} });
    expect(second.status).toBe(200);
    expect(second.body.public_id).not.toBe(first.body.public_id);
    const old = await ask(first.body.public_id, 'When is the office open?', '203.0.113.20');
    expect(old.status).toBe(404);
    expect(old.body.error?.code).toBe('widget_not_found');
    const fresh = await ask(second.body.public_id, 'When is the office open?', '203.0.113.20');
    expect(fresh.status).toBe(200);
    expect(fresh.body.reply).toContain('Monday to Friday');
  });

  it('limits each client address and keeps other addresses answering', async () => {
    const { owner } = await ownerWithDocs();
    const { body } = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
    for (let i = 0; i < WIDGET_CHAT_IP_LIMIT; i++) {
      expect((await ask(body.public_id, 'office hours?', '198.51.100.7')).status).toBe(200);
    }
    const limited = await fetch(`${t.url}/functions/v1/widget-chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ workspace: body.public_id, message: 'office hours?' }),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ask(body.public_id, 'office hours?', '198.51.100.8')).status).toBe(200);
  });

  it('serves the script and the CORS preflight to any origin; only owners/managers manage the widget', async () => {
    const script = await fetch(`${t.url}/widget.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('attachShadow');
    const preflight = await fetch(`${t.url}/functions/v1/widget-chat`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    // Other API routes send no CORS header.
    const other = await fetch(`${t.url}/healthz`, { headers: { origin: 'https://elsewhere.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    expect((await api(t, 'GET', '/api/v1/widget')).status).toBe(401);
    const bad = await ask('short', 'hi', '192.0.2.1');
    expect(bad.status).toBe(400);
  });
});

import {
  type ApplyCheck,
  type ChatWithContextOutput,
  type FactHistoryOutput,
  factLedgerMessages,
  type LedgerFact,
  type LedgerList,
  type TaskList,
} from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { changesOf, residentAnswer } from '../chat';
import { learnFromDocument } from './facts.service';

/**
 * The fact ledger and regression questions (issue 30 §1-2, decision 035), over HTTP on a real database:
 * sources, scope and expiry on every fact; disagreements kept with one task to settle them; expired
 * facts out of answers; completed tasks as regression questions that can block Apply to Live.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let employee: TestUser;
let ws: string;

const workspaceOf = async (user: TestUser): Promise<string> =>
  (await api<any>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;

async function ask(user: TestUser, content: string) {
  const res = await api<ChatWithContextOutput>(t, 'POST', '/functions/v1/chat-with-context', {
    token: user.token,
    body: { messages: [{ role: 'user', content }] },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const ledger = async (user: TestUser, query = '') => {
  const res = await api<LedgerList>(t, 'GET', `/api/v1/facts/ledger${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.facts;
};
const conflictTasks = async (user: TestUser) =>
  (await api<TaskList>(t, 'GET', '/api/v1/tasks', { token: user.token })).body.tasks.filter(
    (task) => task.task_type === 'fact_conflict',
  );
const learnDoc = (workspaceId: string, title: string, text: string) =>
  learnFromDocument({ deps: t.deps, workspaceId, userId: null }, { title, text });

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
  other = await createUserWithSession(t);
  employee = await createUserWithSession(t);
  ws = await workspaceOf(owner);
  await workspaceOf(other);
  await t.database.query(`insert into memberships (user_id, workspace_id, role) values ($1, $2, 'MEMBER')`, [
    employee.id,
    ws,
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('disagreeing sources', () => {
  it('keeps both values, answers from the newer one with a note, and opens one task per fact', async () => {
    await learnDoc(ws, 'House rules', 'Security deposit: one month of rent');
    let [deposit] = (await ledger(owner)).filter((f) => f.key === 'security_deposit');
    expect(deposit).toMatchObject({ value: 'one month of rent', status: 'active', conflict: null });
    expect(deposit?.detail).toMatchObject({
      kind: 'document',
      document: 'House rules',
      label: 'Document "House rules"',
    });
    expect(deposit?.scope).toEqual({ type: 'workspace', id: '', label: null });

    // The team says otherwise in chat: the newer, equally trusted value answers; the document's is kept.
    const said = await api<any>(t, 'POST', '/functions/v1/facts-ingest', {
      token: owner.token,
      body: { content: 'Security deposit: two months of rent', source: 'chat' },
    });
    expect(said.status).toBe(200);
    [deposit] = (await ledger(owner)).filter((f) => f.key === 'security_deposit');
    expect(deposit?.value).toBe('two months of rent');
    expect(deposit?.status).toBe('disputed');
    expect(deposit?.conflict?.current.value).toBe('two months of rent');
    expect(deposit?.conflict?.other).toMatchObject({ value: 'one month of rent', status: 'disputed' });
    expect(deposit?.conflict?.other.detail.label).toBe('Document "House rules"');
    let tasks = await conflictTasks(owner);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      status: 'pending',
      priority: 'high',
      title: 'Settle: two sources disagree on Security Deposit',
    });
    expect(tasks[0]?.description).toContain('"one month of rent"');

    // A third source disagreeing again updates the same conflict: still one task.
    await learnDoc(ws, 'Lease 2026', 'Security deposit: one and a half months of rent');
    await learnDoc(ws, 'House rules', 'Security deposit: one month of rent');
    tasks = await conflictTasks(owner);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.id).toBe(deposit?.conflict?.task_id);

    const history = await api<FactHistoryOutput>(t, 'GET', `/api/v1/facts/ledger/${deposit?.id}`, {
      token: owner.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.versions.map((v) => v.value).sort()).toEqual([
      'one and a half months of rent',
      'one month of rent',
      'two months of rent',
    ]);
    expect(history.body.conflicts).toHaveLength(1);

    // The assistant answers from the current value and says the other source disagrees.
    const answer = await ask(owner, 'How much is the security deposit?');
    const current = (await ledger(owner)).find((f) => f.key === 'security_deposit');
    expect(answer.message).toContain(current?.value ?? '?');
    expect(answer.message).toMatch(/Note: .+ says otherwise about Security Deposit/);
  });

  it('settles through the task: one value answers, the others are kept as rejected, and it joins the regression set', async () => {
    const [task] = await conflictTasks(owner);
    const done = await api<any>(t, 'PATCH', `/api/v1/tasks/${task?.id}`, {
      token: owner.token,
      body: { status: 'completed', answer: 'Two months of rent' },
    });
    expect(done.status).toBe(200);
    expect(done.body.task).toMatchObject({ status: 'completed', answer: 'Two months of rent' });
    const deposit = (await ledger(owner)).find((f) => f.key === 'security_deposit');
    expect(deposit).toMatchObject({ value: 'Two months of rent', status: 'active', conflict: null, confidence: 95 });
    const history = await api<FactHistoryOutput>(t, 'GET', `/api/v1/facts/ledger/${deposit?.id}`, {
      token: owner.token,
    });
    const byValue = new Map(history.body.versions.map((v) => [v.value, v.status]));
    expect(byValue.get('one month of rent')).toBe('rejected');
    expect(byValue.get('Two months of rent')).toBe('current');
    expect(history.body.conflicts[0]).toMatchObject({ status: 'resolved', resolved_value: 'Two months of rent' });

    // The document stating its rejected value again raises nothing new.
    await learnDoc(ws, 'House rules', 'Security deposit: one month of rent');
    expect((await conflictTasks(owner)).filter((x) => x.status !== 'completed')).toHaveLength(0);
    expect((await ledger(owner)).find((f) => f.key === 'security_deposit')?.value).toBe('Two months of rent');

    const set = await api<any>(t, 'GET', '/api/v1/assistants/regression-set', { token: owner.token });
    expect(set.body.questions).toContainEqual(
      expect.objectContaining({ question: 'What is the security deposit?', expected_answer: 'Two months of rent' }),
    );
  });

  it('settles on the facts page; a settled conflict cannot be settled twice; employees may not', async () => {
    await learnDoc(ws, 'Welcome letter', 'Office phone: (555) 100-2000');
    await api(t, 'POST', '/functions/v1/facts-ingest', {
      token: owner.token,
      body: { content: 'Office phone: (555) 300-4000', source: 'chat' },
    });
    const phone = (await ledger(owner, '?status=disputed')).find((f) => f.conflict?.other.value.includes('100-2000'));
    expect(phone).toBeDefined();
    const conflictId = phone?.conflict?.id;
    const denied = await api(t, 'POST', `/api/v1/facts/conflicts/${conflictId}/resolve`, {
      token: employee.token,
      body: { value: '(555) 100-2000' },
    });
    expect(denied.status).toBe(403);
    const settled = await api<LedgerFact>(t, 'POST', `/api/v1/facts/conflicts/${conflictId}/resolve`, {
      token: owner.token,
      body: { value: '(555) 100-2000' },
    });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ value: '(555) 100-2000', status: 'active', conflict: null });
    const task = (await conflictTasks(owner)).find((x) => x.id === phone?.conflict?.task_id);
    expect(task).toMatchObject({ status: 'completed', answer: '(555) 100-2000' });
    const again = await api<any>(t, 'POST', `/api/v1/facts/conflicts/${conflictId}/resolve`, {
      token: owner.token,
      body: { value: 'x' },
    });
    expect([again.status, again.body.error.code]).toEqual([404, 'fact_conflict_not_found']);
  });

  it('settles with the value answered from now when the conflict task is marked done', async () => {
    const fresh = await createUserWithSession(t);
    const freshWs = await workspaceOf(fresh);
    await learnDoc(freshWs, 'Old flyer', 'Laundry hours: 8 am to 8 pm');
    await api(t, 'POST', '/functions/v1/facts-ingest', {
      token: fresh.token,
      body: { content: 'Laundry hours: 7 am to 10 pm', source: 'chat' },
    });
    const [task] = await conflictTasks(fresh);
    const done = await api<any>(t, 'PATCH', `/api/v1/tasks/${task?.id}`, {
      token: fresh.token,
      body: { status: 'completed' },
    });
    expect(done.body.task).toMatchObject({ status: 'completed', answer: '7 am to 10 pm' });
    expect((await ledger(fresh))[0]).toMatchObject({ value: '7 am to 10 pm', status: 'active', conflict: null });
  });

  it('treats a team member changing their own statement as an update, not a conflict', async () => {
    const fresh = await createUserWithSession(t);
    await workspaceOf(fresh);
    for (const content of ['Parking policy: one space per unit', 'Parking policy: two spaces per unit']) {
      await api(t, 'POST', '/functions/v1/facts-ingest', { token: fresh.token, body: { content, source: 'chat' } });
    }
    const [parking] = await ledger(fresh);
    expect(parking).toMatchObject({ value: 'two spaces per unit', status: 'active', conflict: null });
    expect(await conflictTasks(fresh)).toHaveLength(0);
  });
});

describe('scope, expiry and filters', () => {
  it('stores property facts by scope, filters by scope, source kind and status', async () => {
    const added = await api<LedgerFact>(t, 'POST', '/api/v1/facts/ledger', {
      token: owner.token,
      body: {
        key: 'Trash day',
        value: 'Trash is collected on Mondays',
        scope_type: 'property',
        scope_id: 'p-17',
        scope_label: 'Maple Court',
      },
    });
    expect(added.status).toBe(200);
    expect(added.body.scope).toEqual({ type: 'property', id: 'p-17', label: 'Maple Court' });
    expect(added.body.detail.kind).toBe('manual');
    // The same key for the workspace is another fact, not a disagreement.
    await api(t, 'POST', '/api/v1/facts/ledger', {
      token: owner.token,
      body: { key: 'Trash day', value: 'Trash is collected on Fridays' },
    });
    const trash = (await ledger(owner)).filter((f) => f.key === 'trash_day');
    expect(trash.map((f) => [f.scope.type, f.value, f.status]).sort()).toEqual([
      ['property', 'Trash is collected on Mondays', 'active'],
      ['workspace', 'Trash is collected on Fridays', 'active'],
    ]);
    expect((await ledger(owner, '?scope_type=property')).map((f) => f.key)).toEqual(['trash_day']);
    await learnDoc(ws, 'Pet guide', 'Pet policy: cats only');
    const docs = await ledger(owner, '?source_kind=document');
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((f) => f.detail.kind === 'document')).toBe(true);
    const bad = await api(t, 'POST', '/api/v1/facts/ledger', {
      token: owner.token,
      body: { key: 'Trash day', value: 'x', scope_type: 'unit' },
    });
    expect(bad.status).toBe(400);
    const denied = await api(t, 'POST', '/api/v1/facts/ledger', {
      token: employee.token,
      body: { key: 'Trash day', value: 'x' },
    });
    expect(denied.status).toBe(403);
  });

  it('leaves an expired fact out of answers and search and lists it as needs review', async () => {
    const pool = await api<LedgerFact>(t, 'POST', '/api/v1/facts/ledger', {
      token: owner.token,
      body: {
        key: 'Pool hours',
        value: 'The pool is open from 9 am to 9 pm',
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(pool.body.status).toBe('active');
    expect((await ask(owner, 'When is the pool open?')).message).toContain('9 am to 9 pm');
    const expired = await api<LedgerFact>(t, 'PATCH', `/api/v1/facts/ledger/${pool.body.id}`, {
      token: owner.token,
      body: { expires_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(expired.status).toBe(200);
    expect(expired.body.status).toBe('needs_review');
    expect((await ledger(owner, '?status=needs_review')).map((f) => f.key)).toEqual(['pool_hours']);
    expect((await ask(owner, 'When is the pool open?')).message).not.toContain('9 am to 9 pm');
    const search = await api<any>(t, 'GET', '/api/v1/facts/search?query=pool%20hours', { token: owner.token });
    expect(search.body.facts.map((f: any) => f.key)).not.toContain('pool_hours');
    // Nor does it become an FAQ answer.
    const faq = await api<any>(t, 'POST', '/functions/v1/knowledge-actions', {
      token: owner.token,
      body: { action: 'generate_faq' },
    });
    expect(faq.status).toBe(200);
    expect(faq.body.faqs.map((p: any) => p.answer)).not.toContain('The pool is open from 9 am to 9 pm');
    // Cleared expiry: used again.
    await api(t, 'PATCH', `/api/v1/facts/ledger/${pool.body.id}`, { token: owner.token, body: { expires_at: null } });
    expect((await ask(owner, 'When is the pool open?')).message).toContain('9 am to 9 pm');
    // A correction of an expired fact is a review: it answers again.
    await api(t, 'PATCH', `/api/v1/facts/ledger/${pool.body.id}`, {
      token: owner.token,
      body: { expires_at: new Date(Date.now() - 60_000).toISOString() },
    });
    const corrected = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: owner.token,
      body: { key: 'Pool hours', newValue: 'The pool is open from 8 am to 10 pm' },
    });
    expect(corrected.status).toBe(200);
    const reviewed = (await ledger(owner)).find((f) => f.id === pool.body.id);
    expect(reviewed).toMatchObject({
      status: 'active',
      expires_at: null,
      value: 'The pool is open from 8 am to 10 pm',
    });
  });

  it("keeps another workspace's ledger out of reach", async () => {
    const [mine] = await ledger(owner);
    const res = await api(t, 'GET', `/api/v1/facts/ledger/${mine?.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(await ledger(other)).toEqual([]);
    const patch = await api(t, 'PATCH', `/api/v1/facts/ledger/${mine?.id}`, {
      token: other.token,
      body: { expires_at: null },
    });
    expect(patch.status).toBe(404);
  });
});

describe('resolved tasks as regression questions before Apply to Live', () => {
  it('adds a completed task, passes while the answer holds, blocks once it lost its citation unless confirmed', async () => {
    const fresh = await createUserWithSession(t);
    await workspaceOf(fresh);
    const unknown = await ask(fresh, 'Can I install a satellite dish on my balcony?');
    expect(unknown.task).not.toBeNull();
    const answer = 'Satellite dishes may only be mounted inside the balcony railing.';
    await api(t, 'PATCH', `/api/v1/tasks/${unknown.task?.id}`, {
      token: fresh.token,
      body: { status: 'completed', answer },
    });
    const set = await api<any>(t, 'GET', '/api/v1/assistants/regression-set', { token: fresh.token });
    expect(set.body.questions).toHaveLength(1);
    const [item] = set.body.questions;
    expect(item).toMatchObject({ question: 'Can I install a satellite dish on my balcony?', expected_answer: answer });
    expect(item.fact_id).toMatch(/^[0-9a-f-]{36}$/);

    const clean = await api<ApplyCheck>(t, 'POST', '/api/v1/assistants/test-copy/apply-check', {
      token: fresh.token,
      body: {},
    });
    expect(clean.status).toBe(200);
    expect(clean.body.blocking).toBe(0);
    expect(clean.body.items[0]).toMatchObject({ kind: 'regression', blocking: false, expected_answer: answer });
    expect(clean.body.items[0]?.test.answer).toContain(answer);
    const applied = await api(t, 'POST', '/api/v1/assistants/test-copy/apply', {
      token: fresh.token,
      body: { check_id: clean.body.id },
    });
    expect(applied.status).toBe(200);

    // The taught fact expires: the test copy no longer cites it, so the apply is blocked.
    await api(t, 'PATCH', `/api/v1/facts/ledger/${item.fact_id}`, {
      token: fresh.token,
      body: { expires_at: new Date(Date.now() - 1_000).toISOString() },
    });
    const blocked = await api<ApplyCheck>(t, 'POST', '/api/v1/assistants/test-copy/apply-check', {
      token: fresh.token,
      body: {},
    });
    expect(blocked.body.blocking).toBe(1);
    expect(blocked.body.items[0]?.changes).toEqual(expect.arrayContaining(['lost_citation', 'facts_changed']));
    const refused = await api<any>(t, 'POST', '/api/v1/assistants/test-copy/apply', {
      token: fresh.token,
      body: { check_id: blocked.body.id },
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'apply_blocked']);
    // Without a check id the server runs the check itself and refuses the same way.
    const unchecked = await api<any>(t, 'POST', '/api/v1/assistants/test-copy/apply', { token: fresh.token, body: {} });
    expect([unchecked.status, unchecked.body.error.code]).toEqual([409, 'apply_blocked']);
    const confirmed = await api(t, 'POST', '/api/v1/assistants/test-copy/apply', {
      token: fresh.token,
      body: { check_id: blocked.body.id, confirm: true },
    });
    expect(confirmed.status).toBe(200);

    // A check run before the test copy changed cannot be used to apply.
    const pair = await api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: fresh.token, body: {} });
    await api(t, 'PATCH', `/api/v1/assistants/${pair.body.test.id}`, {
      token: fresh.token,
      body: { system_prompt: 'Answer briefly.' },
    });
    const stale = await api<any>(t, 'POST', '/api/v1/assistants/test-copy/apply', {
      token: fresh.token,
      body: { check_id: blocked.body.id, confirm: true },
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'apply_check_stale']);
  });

  it('blocks a saved question whose test answer loses its document citation', async () => {
    const fresh = await createUserWithSession(t);
    await workspaceOf(fresh);
    await api(t, 'POST', '/api/v1/facts/teach-text', {
      token: fresh.token,
      body: { title: 'Laundry', text: 'The laundry room in the basement is open every day from 7 am to 10 pm.' },
    });
    await api(t, 'PUT', '/api/v1/assistants/question-set', {
      token: fresh.token,
      body: { questions: ['When is the laundry room open?'] },
    });
    const pair = await api<any>(t, 'POST', '/api/v1/assistants/test-copy', { token: fresh.token, body: {} });
    await api(t, 'PATCH', `/api/v1/assistants/${pair.body.test.id}`, { token: fresh.token, body: { use_rag: false } });
    // Wait for the teach-text document to be searchable.
    let check: ApplyCheck | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await api<ApplyCheck>(t, 'POST', '/api/v1/assistants/test-copy/apply-check', {
        token: fresh.token,
        body: {},
      });
      check = res.body;
      if (check.items[0]?.live.sources.some((s) => s.kind === 'document')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(check?.items[0]?.kind).toBe('saved');
    expect(check?.items[0]?.changes).toContain('lost_citation');
    expect(check?.blocking).toBe(1);
    const employeeCheck = await api(t, 'POST', '/api/v1/assistants/test-copy/apply-check', {
      token: employee.token,
      body: {},
    });
    expect(employeeCheck.status).toBe(403);
  });
});

describe('changesOf (what blocks an apply)', () => {
  const source = (kind: 'fact' | 'document', id: string, snippet = 'x') => ({
    kind,
    id,
    title: id,
    chunk_index: null,
    similarity: 1,
    citation: `[${kind}:${id}]`,
    snippet,
  });
  const answer = (sources: ReturnType<typeof source>[], text = 'a') => ({
    answer: text,
    confidence: 0.8,
    sources,
    would_create_task: false,
  });
  it('blocks lost citations and different facts, not an answer that found more', () => {
    expect(changesOf(answer([source('document', 'd1')]), answer([]), null)).toEqual(['lost_citation']);
    expect(changesOf(answer([]), answer([source('fact', 'f1')], 'b'), null)).toEqual(['answer_changed']);
    expect(
      changesOf(answer([source('fact', 'f1')]), answer([source('fact', 'f1'), source('fact', 'f2')]), null),
    ).toEqual(['facts_changed']);
    expect(changesOf(answer([source('fact', 'f1')]), answer([source('fact', 'f1')]), null)).toEqual([]);
    const expected = { factId: 'f1', answer: 'Yes, until May', factValue: 'No longer' };
    expect(changesOf(answer([source('fact', 'f1')]), answer([source('fact', 'f1')]), expected)).toEqual([
      'facts_changed',
    ]);
    expect(changesOf(answer([]), answer([]), { ...expected, factValue: 'yes until may' })).toEqual(['lost_citation']);
    // Stating the person's answer with another citation (the document that says it) keeps it.
    const doc = [source('document', 'd1')];
    expect(
      changesOf(answer(doc, 'Yes, until May [d1]'), answer(doc, 'Yes, until May [d1]'), {
        ...expected,
        factValue: 'Yes, until May',
      }),
    ).toEqual([]);
  });
});

describe('residents and the disagreement note', () => {
  it('keeps the note for the team and leaves it out of what a resident reads', () => {
    const note = factLedgerMessages.disagreementNote('Security Deposit', 'one month of rent', 'Document "House rules"');
    const shown = residentAnswer('How much is the security deposit?', {
      text: `The security deposit is two months of rent. [Fact:Security Deposit]\n\n${note}`,
      sources: [
        {
          kind: 'fact',
          id: '00000000-0000-4000-8000-000000000001',
          title: 'Security Deposit',
          chunk_index: null,
          similarity: 1,
          citation: '[Fact:Security Deposit]',
          snippet: 'two months of rent',
        },
      ],
      confidence: 0.9,
      taskNeeded: false,
      disagreementNotes: [note],
    });
    expect(shown.state).toBe('answered');
    expect(shown.text).toContain('two months of rent');
    expect(shown.text).not.toContain('House rules');
    expect(shown.text).not.toContain('Note:');
  });
});

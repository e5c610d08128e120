import { FACTS_INGEST_PATH, REALTIME_PATH, type RealtimeEvent, type RealtimeMessage } from '@helixis/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerRealtime } from '../../platform/realtime';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, ownerContext, type TestUser } from '../../test/factories';
import { getDocument, ingestText } from '../knowledge';
import { ingestAndWait } from '../knowledge/test-helpers';
import { resolveWorkspace } from '../workspaces';
import { registerFactsRealtime } from './facts.routes';
import { findFacts, learnFromDocument, upsertFact } from './facts.service';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let other: TestUser;
let wsA: string;
let wsB: string;
const sockets: WebSocket[] = [];

async function workspaceOf(user: TestUser): Promise<string> {
  return (await api<any>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;
}

function listen(
  user: TestUser,
  path = REALTIME_PATH,
  baseUrl = t.url,
): { events: RealtimeEvent[]; ready: Promise<void> } {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}?access_token=${user.token}`);
  sockets.push(ws);
  const events: RealtimeEvent[] = [];
  const ready = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeMessage;
      if (message.kind === 'ready') resolve();
      if (message.kind === 'event') events.push(message.event);
    });
  });
  return { events, ready };
}

async function waitFor(probe: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ingest = (user: TestUser, content: string, extra: Record<string, unknown> = {}) =>
  api<any>(t, 'POST', '/functions/v1/facts-ingest', { token: user.token, body: { content, source: 'chat', ...extra } });
const factsOf = async (user: TestUser) =>
  (await api<any>(t, 'GET', '/functions/v1/facts-ingest', { token: user.token })).body.facts as any[];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
  other = await createUserWithSession(t);
  wsA = await workspaceOf(owner);
  wsB = await workspaceOf(other);
  // A team member (employee) of workspace A.
  member = await createUserWithSession(t);
  await t.database.query(`insert into memberships (user_id, workspace_id, role) values ($1, $2, 'MEMBER')`, [
    member.id,
    wsA,
  ]);
  expect(await workspaceOf(member)).toBe(wsA);
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await t?.close();
});

describe('facts-ingest', () => {
  it('extracts facts from chat text, upserts them at confidence 85 with provenance, and lists them', async () => {
    const res = await ingest(
      owner,
      'Business phone: (555) 010-2030\nYou can also write to help@oakridge-pm.com. Dogs under 30 lb are allowed with a $250 deposit.',
      { workspaceId: wsA },
    );
    expect(res.status).toBe(200);
    expect(res.body.extracted).toBe(3);
    const facts = await factsOf(owner);
    const byKey = Object.fromEntries(facts.map((f) => [f.key, f]));
    expect(Object.keys(byKey).sort()).toEqual(['business_phone', 'pet_policy', 'support_email']);
    expect(byKey.business_phone).toMatchObject({
      label: 'Business Phone',
      value: '(555) 010-2030',
      confidence: 85,
      source: 'conversation',
      corrections: [],
      provenance: {
        type: 'chat',
        source: `user:${owner.id}`,
        method: 'extraction',
        context: 'Business phone: (555) 010-2030',
      },
    });
    expect(Date.parse(byKey.business_phone.provenance.timestamp)).not.toBeNaN();
    expect(byKey.support_email.value).toBe('help@oakridge-pm.com');
  });

  it('refuses empty content and another workspace with a readable error', async () => {
    const empty = await ingest(owner, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('Content is required');
    const foreign = await ingest(owner, 'Phone: 555-111-2222', { workspaceId: wsB });
    expect(foreign.status).toBe(403);
    const list = await api<any>(t, 'GET', `/functions/v1/facts-ingest?workspaceId=${wsB}`, { token: owner.token });
    expect(list.status).toBe(403);
    expect((await factsOf(other)).length).toBe(0);
  });
});

describe('teach-text (Add Content → free text)', () => {
  it('stores the text as a document and learns its facts as manual entries; employees may not', async () => {
    const fresh = await createUserWithSession(t);
    const res = await api<any>(t, 'POST', '/api/v1/facts/teach-text', {
      token: fresh.token,
      body: { title: 'Office notes', text: 'Late fee: $45 after the 5th\nWe accept ACH and Check for rent.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.extracted).toBe(2);
    expect(res.body.facts.map((f: any) => [f.key, f.source, f.confidence])).toEqual([
      ['late_fee', 'manual', 85],
      ['payment_methods', 'manual', 85],
    ]);
    const doc = await api<any>(t, 'GET', `/api/v1/documents/${res.body.document_id}`, { token: fresh.token });
    expect(doc.body.title).toBe('Office notes');
    const employee = await api<any>(t, 'POST', '/api/v1/facts/teach-text', {
      token: member.token,
      body: { text: 'Late fee: $1' },
    });
    expect(employee.status).toBe(403);
  });
});

describe('confidence values through the service other features call', () => {
  it('stores 75 migrated, 80 description, 85 default, 90 integration; explicit values are kept', async () => {
    const ctx = ownerContext(t, owner, wsA);
    const cases = [
      { key: 'Service area', method: 'migration', source: 'manual', expected: 75 },
      { key: 'Booking process', method: 'description', source: 'conversation', expected: 80 },
      { key: 'Parking policy', method: 'extraction', source: 'document', expected: 85 },
      { key: 'Payment methods', method: 'sync', source: 'integration', expected: 90 },
    ] as const;
    for (const c of cases) {
      const fact = await upsertFact(ctx, {
        key: c.key,
        value: `${c.key} value`,
        source: c.source,
        provenance: { type: c.source, source: 'test', method: c.method },
      });
      expect([fact.key, fact.confidence]).toEqual([fact.key, c.expected]);
    }
    const low = await upsertFact(ctx, {
      key: 'Late fee',
      value: 'maybe $50?',
      source: 'conversation',
      confidence: 60,
      provenance: { type: 'chat', source: 'test', method: 'extraction' },
    });
    expect(low.confidence).toBe(60);
    expect((await findFacts(ctx, 'how can tenants pay?', 3)).map((f) => f.key)).toEqual(['payment_methods']);
  });

  it('does not let a less confident value replace a more confident one', async () => {
    const ctx = ownerContext(t, owner, wsA);
    const kept = await upsertFact(ctx, {
      key: 'payment_methods',
      value: 'Cash only',
      source: 'conversation',
      provenance: { type: 'chat', source: 'test', method: 'extraction' },
    });
    expect([kept.value, kept.confidence]).toEqual(['Payment methods value', 90]);
  });
});

describe('facts from documents and concurrent learning', () => {
  it("learns a document's facts with source document and the document as provenance", async () => {
    const fresh = await createUserWithSession(t);
    const ws = await workspaceOf(fresh);
    const facts = await learnFromDocument(
      { deps: t.deps, workspaceId: ws, userId: null },
      { title: 'Lease Addendum 2026', text: 'Security deposit: one month of rent\nLate fees apply after the 5th.' },
    );
    expect(facts.map((f) => [f.key, f.source, f.confidence, f.provenance.type, f.provenance.source])).toEqual([
      ['security_deposit', 'document', 85, 'document', 'Lease Addendum 2026'],
      ['late_fee', 'document', 85, 'document', 'Lease Addendum 2026'],
    ]);
    expect((await factsOf(fresh)).length).toBe(2);
  });

  it('learns the facts of a file uploaded through ingest once it is READY', async () => {
    const fresh = await createUserWithSession(t);
    await workspaceOf(fresh);
    const doc = await ingestAndWait(
      t,
      fresh.token,
      'house-rules.txt',
      'House rules\n\nSecurity deposit: two months of rent\nQuiet hours are from 10pm to 7am.',
    );
    expect(doc.status).toBe('READY');
    // The facts are learned right after the document turns READY, in the same job.
    const deadline = Date.now() + 10_000;
    let deposit: any;
    while (!deposit && Date.now() < deadline) {
      deposit = (await factsOf(fresh)).find((f) => f.key === 'security_deposit');
      if (!deposit) await new Promise((r) => setTimeout(r, 50));
    }
    expect(deposit).toMatchObject({ value: 'two months of rent', source: 'document' });
    // A .txt file names itself nothing: the document is titled by its file name without the extension.
    expect(deposit.provenance.source).toBe('house rules');
  });

  it('keeps one fact per key when the same key is learned many times at once', async () => {
    const fresh = await createUserWithSession(t);
    await workspaceOf(fresh);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ingest(fresh, `Parking policy: ${i + 1} spaces per unit`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const parking = (await factsOf(fresh)).filter((f) => f.key === 'parking_policy');
    expect(parking).toHaveLength(1);
    expect(parking[0].value).toMatch(/^\d spaces per unit$/);
  });
});

describe('knowledge-correct', () => {
  it('records corrections at 95 and keeps the whole history; chat cannot undo them', async () => {
    const first = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: owner.token,
      body: { key: 'Business Phone', newValue: '(555) 010-9999', provenanceRef: 'msg-1', reason: 'New office line' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      key: 'business_phone',
      value: '(555) 010-9999',
      confidence: 95,
      source: 'manual',
      provenance: { type: 'correction', source: 'msg-1', method: 'correction', context: 'New office line' },
    });
    const second = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: owner.token,
      body: { key: 'phone', newValue: '(555) 010-7777' },
    });
    expect(second.body.corrections.map((c: any) => [c.originalValue, c.correctedValue, c.confidence])).toEqual([
      ['(555) 010-2030', '(555) 010-9999', 95],
      ['(555) 010-9999', '(555) 010-7777', 95],
    ]);
    expect(second.body.corrections[0].reason).toBe('New office line');

    await ingest(owner, 'Phone: 555-000-0000');
    const phone = (await factsOf(owner)).find((f) => f.key === 'business_phone');
    expect([phone.value, phone.confidence]).toEqual(['(555) 010-7777', 95]);
  });

  it('answers 404 for an unknown key, 400 for an empty value, and 403 for an employee', async () => {
    const unknown = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: owner.token,
      body: { key: 'Favourite colour', newValue: 'blue' },
    });
    expect(unknown.status).toBe(404);
    const empty = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: owner.token,
      body: { key: 'phone', newValue: ' ' },
    });
    expect(empty.status).toBe(400);
    const employee = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: member.token,
      body: { key: 'phone', newValue: '1' },
    });
    expect(employee.status).toBe(403);
    // Another workspace's fact is invisible: correcting it there is a 404, and A's value is untouched.
    const cross = await api<any>(t, 'POST', '/functions/v1/knowledge-correct', {
      token: other.token,
      body: { key: 'phone', newValue: '1' },
    });
    expect(cross.status).toBe(404);
    expect((await factsOf(owner)).find((f) => f.key === 'business_phone').value).toBe('(555) 010-7777');
  });
});

describe('fact profile and suggestions', () => {
  it('computes completeness over the 10 essential keys and records a gap below 70', async () => {
    const res = await api<any>(t, 'GET', '/api/v1/facts/profile', { token: owner.token });
    expect(res.status).toBe(200);
    const p = res.body;
    // business_phone, support_email, service_area, booking_process, payment_methods
    expect(p.completeness).toBe(50);
    expect(p.essentialFacts.filter((e: any) => e.present).map((e: any) => e.key)).toEqual([
      'business_phone',
      'support_email',
      'service_area',
      'payment_methods',
      'booking_process',
    ]);
    const essentialGaps = p.knowledgeGaps.filter((g: any) => g.category === 'essential');
    expect(essentialGaps.map((g: any) => g.field).sort()).toEqual(
      [
        'emergency_contact',
        'operating_hours',
        'preferred_voice_tone',
        'pricing_structure',
        'primary_contact_name',
      ].sort(),
    );
    expect(essentialGaps.every((g: any) => g.priority === 8 && g.suggestedActions.length > 0)).toBe(true);
    expect(
      p.knowledgeGaps.filter((g: any) => g.category === 'low_confidence').map((g: any) => [g.field, g.priority]),
    ).toEqual([['late_fee', 6]]);
    expect(p.integrationStatus).toEqual({ connected: true, integrationFacts: 1 });
    expect(p.workspaceId).toBe(wsA);

    const empty = (await api<any>(t, 'GET', '/api/v1/facts/profile', { token: other.token })).body;
    expect(empty.completeness).toBe(0);
    expect(empty.facts).toEqual([]);
  });

  it('lists the top 3 pending suggestions by priority; accept/dismiss; dismissed ones stay dismissed', async () => {
    const top = (await api<any>(t, 'GET', '/api/v1/suggestions', { token: other.token })).body.suggestions;
    expect(top.map((s: any) => [s.type, s.priority, s.status])).toEqual([
      ['missing_integration', 9, 'pending'],
      ['incomplete_profile', 8, 'pending'],
      ['incomplete_profile', 8, 'pending'],
    ]);
    const dismissed = await api<any>(t, 'PATCH', `/api/v1/suggestions/${top[0].id}`, {
      token: other.token,
      body: { status: 'dismissed' },
    });
    expect(dismissed.body.status).toBe('dismissed');
    const accepted = await api<any>(t, 'PATCH', `/api/v1/suggestions/${top[1].id}`, {
      token: other.token,
      body: { status: 'accepted' },
    });
    expect(accepted.body.status).toBe('accepted');
    const reversed = await api<any>(t, 'PATCH', `/api/v1/suggestions/${top[1].id}`, {
      token: other.token,
      body: { status: 'dismissed' },
    });
    expect(reversed.status).toBe(409);
    const next = (await api<any>(t, 'GET', '/api/v1/suggestions', { token: other.token })).body.suggestions;
    expect(next.map((s: any) => s.priority)).toEqual([8, 8, 8]);
    expect(next.some((s: any) => s.id === top[0].id || s.id === top[1].id)).toBe(false);
    const gone = (await api<any>(t, 'GET', '/api/v1/suggestions?status=dismissed', { token: other.token })).body;
    expect(gone.suggestions.map((s: any) => s.id)).toEqual([top[0].id]);
    // Workspace A cannot see or decide B's suggestions.
    const cross = await api<any>(t, 'PATCH', `/api/v1/suggestions/${top[2].id}`, {
      token: owner.token,
      body: { status: 'dismissed' },
    });
    expect(cross.status).toBe(404);
  });

  it('withdraws a pending gap suggestion once the fact is known, and suggests automation after 3 of >5 questions', async () => {
    const all = async () =>
      (await api<any>(t, 'GET', '/api/v1/suggestions?limit=50', { token: other.token })).body.suggestions as any[];
    expect((await all()).some((s) => s.triggers.includes('operating_hours missing'))).toBe(true);
    await ingest(other, 'Hours: Mon-Fri 9am-5pm');
    expect((await all()).some((s) => s.triggers.includes('operating_hours missing'))).toBe(false);

    const questions = [
      'How do I submit a maintenance request?',
      'My kitchen sink has a leak, who will fix it?',
      'Is maintenance available on weekends?',
      'Are pets allowed?',
      'When is the office open?',
    ];
    for (const q of questions) await ingest(other, q);
    expect((await all()).some((s) => s.type === 'automation_opportunity')).toBe(false);
    await ingest(other, 'Can I see the unit tomorrow?');
    const automation = (await all()).filter((s) => s.type === 'automation_opportunity');
    expect(automation.map((s) => [s.priority, s.title])).toEqual([[7, 'Automate answers about maintenance requests']]);
  });
});

describe('Business Summary refresh', () => {
  it('rebuilds the summary through the profile feature; employees may not', async () => {
    const first = await api<any>(t, 'POST', '/api/v1/teach/business-summary/refresh', { token: owner.token, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.summary_json.text.length).toBeGreaterThan(0);
    expect(Date.parse(first.body.last_refreshed_at)).not.toBeNaN();
    const again = await api<any>(t, 'POST', '/api/v1/teach/business-summary/refresh', { token: owner.token, body: {} });
    expect(Date.parse(again.body.last_refreshed_at)).toBeGreaterThanOrEqual(Date.parse(first.body.last_refreshed_at));
    const employee = await api<any>(t, 'POST', '/api/v1/teach/business-summary/refresh', {
      token: member.token,
      body: {},
    });
    expect(employee.status).toBe(403);
  });
});

describe('knowledge-actions generate_faq', () => {
  it('adds FAQ pairs from the facts once, and none for a workspace that knows nothing', async () => {
    const first = await api<any>(t, 'POST', '/functions/v1/knowledge-actions', {
      token: owner.token,
      body: { action: 'generate_faq', workspace_id: wsA },
    });
    expect(first.status).toBe(200);
    const byQuestion = Object.fromEntries(first.body.faqs.map((f: any) => [f.question, f]));
    expect(byQuestion['What is your phone number?']).toEqual({
      question: 'What is your phone number?',
      answer: '(555) 010-7777',
      source: 'fact:business_phone',
    });
    expect(byQuestion['Are pets allowed?'].answer).toContain('$250 deposit');
    expect(first.body.total).toBe(first.body.faqs.length);
    const again = await api<any>(t, 'POST', '/functions/v1/knowledge-actions', {
      token: owner.token,
      body: { action: 'generate_faq' },
    });
    expect(again.body.faqs).toEqual([]);
    expect(again.body.total).toBe(first.body.faqs.length);
    expect((await api<any>(t, 'GET', '/api/v1/facts/profile', { token: owner.token })).body.faqCount).toBe(
      first.body.faqs.length,
    );

    const fresh = await createUserWithSession(t);
    const none = await api<any>(t, 'POST', '/functions/v1/knowledge-actions', {
      token: fresh.token,
      body: { action: 'generate_faq' },
    });
    expect(none.body).toEqual({ faqs: [], total: 0 });
    const bad = await api<any>(t, 'POST', '/functions/v1/knowledge-actions', {
      token: owner.token,
      body: { action: 'summarise' },
    });
    expect(bad.status).toBe(400);
  });
  it('answers common tenant questions from what the documents taught, and leaves out what they do not say', async () => {
    const fresh = await createUserWithSession(t);
    const ws = await workspaceOf(fresh);
    const ctx = ownerContext(t, fresh, ws);
    const doc = await ingestText(ctx, {
      title: 'Resident Handbook',
      text: [
        'Welcome to Maple Court. Parking is available in the rear lot; each unit has one assigned parking space.',
        'To submit a maintenance request, use the resident portal or call the office. Emergencies are handled 24/7.',
        'Our laundry room is open daily from 7am to 10pm.',
      ].join('\n\n'),
      source: 'manual',
    });
    // The ingest job indexes the document, then learns its facts; wait for both.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const current = await getDocument({ ctx, input: { id: doc.document_id } });
      const keys = (await factsOf(fresh)).map((f) => f.key);
      if (current.status === 'READY' && keys.includes('parking_policy') && keys.includes('maintenance_requests')) break;
      if (current.status === 'failed' || Date.now() > deadline) throw new Error(`document ${current.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await api<any>(t, 'POST', '/functions/v1/knowledge-actions', {
      token: fresh.token,
      body: { action: 'generate_faq' },
    });
    expect(res.status).toBe(200);
    const byQuestion = Object.fromEntries(res.body.faqs.map((f: any) => [f.question, f]));
    expect(byQuestion['Is parking available?']).toMatchObject({
      source: 'fact:parking_policy',
      answer: 'Parking is available in the rear lot; each unit has one assigned parking space.',
    });
    expect(byQuestion['How do I submit a maintenance request?']?.answer).toContain('resident portal');
    // The facts behind those answers point back at the handbook.
    const parking = (await factsOf(fresh)).find((f) => f.key === 'parking_policy');
    expect(parking?.provenance.source).toBe('Resident Handbook');
    // Questions the handbook does not answer are left out rather than answered with a weak match.
    expect(byQuestion['Are pets allowed?']).toBeUndefined();
    expect(byQuestion['How much is the security deposit?']).toBeUndefined();
  });
});

describe('realtime facts events', () => {
  it('reach every client of the workspace and no other', async () => {
    const a1 = listen(owner);
    const a2 = listen(member);
    const b1 = listen(other);
    await Promise.all([a1.ready, a2.ready, b1.ready]);

    const res = await ingest(member, 'Emergency line: 555-911-0000\nTone: friendly and professional');
    expect(res.status).toBe(200);
    await waitFor(() => a1.events.length >= 3 && a2.events.length >= 3);
    for (const s of [a1, a2]) {
      const upserts = s.events.filter((e) => e.type === 'facts:upsert');
      expect(upserts.map((e) => e.type === 'facts:upsert' && [e.workspaceId, e.fact.key, e.fact.value])).toEqual([
        [wsA, 'emergency_contact', '555-911-0000'],
        [wsA, 'preferred_voice_tone', 'friendly and professional'],
      ]);
      const update = s.events.find((e) => e.type === 'facts:update');
      expect(update).toMatchObject({
        workspaceId: wsA,
        facts: [{ key: 'emergency_contact' }, { key: 'preferred_voice_tone' }],
      });
    }

    // B hears its own change; by then A's earlier events would have reached it if they leaked.
    await ingest(other, 'Support email: office@b-homes.example');
    await waitFor(() => b1.events.length >= 2);
    expect(b1.events.every((e) => e.workspaceId === wsB)).toBe(true);
    expect(a1.events.every((e) => e.workspaceId === wsA)).toBe(true);
    // Nothing is announced when nothing changed.
    const before = a1.events.length;
    await ingest(owner, 'Emergency line: 555-911-0000');
    await ingest(other, 'Support email: office@b-homes.example');
    await waitFor(() => b1.events.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(a1.events.length).toBe(before);
  });
});

describe('the facts-ingest WebSocket (same path as GET facts-ingest)', () => {
  it('pushes facts events only, to the workspace only, also from another server on the same database', async () => {
    // A second server: its own realtime listener on the same database, as a second process would have.
    const second = Fastify();
    const realtime = await registerRealtime(second, t.deps, resolveWorkspace);
    registerFactsRealtime(second, realtime.acceptSocket);
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const a = listen(owner, FACTS_INGEST_PATH);
      const aElsewhere = listen(member, FACTS_INGEST_PATH, secondUrl);
      const b = listen(other, FACTS_INGEST_PATH, secondUrl);
      await Promise.all([a.ready, aElsewhere.ready, b.ready]);

      // Not a facts event: the facts socket stays quiet (the general socket would carry it).
      await t.database.query('delete from assistants where workspace_id = $1', [wsA]);
      await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: owner.token, body: {} });
      await ingest(owner, 'Booking process: Book a showing online at oakridge-pm.com/tours');
      await waitFor(() => a.events.length >= 2 && aElsewhere.events.length >= 2);
      for (const s of [a, aElsewhere]) {
        expect(s.events.map((e) => e.type)).toEqual(['facts:upsert', 'facts:update']);
        expect(s.events[0]).toMatchObject({ workspaceId: wsA, fact: { key: 'booking_process', confidence: 85 } });
      }
      await ingest(other, 'Booking process: Call us');
      await waitFor(() => b.events.length >= 2);
      expect(b.events.every((e) => e.workspaceId === wsB)).toBe(true);
      expect(a.events).toHaveLength(2);

      // Plain HTTP on the same path is still the facts list.
      const list = await api<any>(t, 'GET', FACTS_INGEST_PATH, { token: owner.token });
      expect(list.body.facts.some((f: any) => f.key === 'booking_process')).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('facts search', () => {
  it('finds facts by key and value words, in the caller workspace only', async () => {
    const res = await api<any>(t, 'GET', '/api/v1/facts/search?query=office%20phone&limit=2', { token: owner.token });
    expect(res.status).toBe(200);
    // The business phone first; the emergency contact (a phone number too) may follow.
    expect(res.body.facts[0].key).toBe('business_phone');
    const b = await api<any>(t, 'GET', '/api/v1/facts/search?query=emergency', { token: other.token });
    expect(b.body.facts).toEqual([]);
  });
});

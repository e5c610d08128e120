import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';
import { uploadFile, waitForDocument } from '../knowledge/test-helpers';
import { noteLabel } from './onboarding.facts';

/** Issue 25 §5-6: what the owner says in onboarding becomes facts that chat cites and completeness counts. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { signedIn } = testHttp(() => t);

const saveRound = (u: TestUser, round: number, answers: string[]) =>
  api<any>(t, 'POST', `/api/v1/onboarding/rounds/${round}`, { token: u.token, body: { answers, complete: true } });
const factsOf = async (u: TestUser) =>
  (await api<any>(t, 'GET', '/functions/v1/facts-ingest', { token: u.token })).body.facts as any[];
const factProfile = async (u: TestUser) => (await api<any>(t, 'GET', '/api/v1/facts/profile', { token: u.token })).body;
const profileOf = async (u: TestUser) =>
  (await api<any>(t, 'POST', '/functions/v1/business-profile', { token: u.token, body: { action: 'get' } })).body;
const chat = (u: TestUser, content: string, assistantMode: 'onboarding' | 'operational' = 'operational') =>
  api<any>(t, 'POST', '/functions/v1/chat-with-context', {
    token: u.token,
    body: { messages: [{ role: 'user', content }], assistantMode },
  });

const MAPLE_ROUNDS = [
  [
    'Maple Street Property Management. We manage 120 residential units in Springfield.',
    'Springfield and Shelbyville',
    'Owners of single-family rentals and their tenants',
  ],
  [
    'Leasing, rent collection and maintenance coordination for 8% of collected rent. To book a showing, prospects fill in the form on our website.',
    'Dana Reyes, Owner, dana@maplestreet.test',
    'Buildium and Gmail',
  ],
  [
    'When is rent due? Can I have a cat?',
    'We answer by phone at (555) 010-2030 and by e-mail at help@maplestreet.test, Mon-Fri 9am-5pm. For emergencies call (555) 010-9999 any time. Tenants pay rent by ACH or check.',
  ],
];

describe('onboarding rounds become facts', () => {
  let u: TestUser & { workspaceId: string };
  beforeAll(async () => {
    u = await signedIn();
    for (const [i, answers] of MAPLE_ROUNDS.entries()) expect((await saveRound(u, i + 1, answers)).status).toBe(200);
  });

  it('a plain-sentence answer to "What is your business called?" fills Business Name and Industry', async () => {
    const { profile } = await profileOf(u);
    expect(profile.business_data.officialName).toBe('Maple Street Property Management');
    expect(profile.business_data.industry).toBe('Property management');
  });

  it('every field given is a fact with provenance, listed by the facts API', async () => {
    const facts = await factsOf(u);
    const byKey = new Map(facts.map((f) => [f.key, f]));
    const expected: Record<string, [string, string]> = {
      business_name: ['Maple Street Property Management', 'onboarding round 1'],
      industry: ['Property management', 'onboarding round 1'],
      service_area: ['Springfield and Shelbyville', 'onboarding round 1'],
      customers: ['Owners of single-family rentals and their tenants', 'onboarding round 1'],
      primary_contact_name: ['Dana Reyes (Owner)', 'onboarding round 2'],
      primary_contact_email: ['dana@maplestreet.test', 'onboarding round 2'],
      pricing_structure: ['8% of collected rent', 'onboarding round 2'],
      booking_process: ['To book a showing, prospects fill in the form on our website.', 'onboarding round 2'],
      business_phone: ['(555) 010-2030', 'onboarding round 3'],
      support_email: ['help@maplestreet.test', 'onboarding round 3'],
      operating_hours: ['Mon-Fri 9am-5pm', 'onboarding round 3'],
      emergency_contact: ['(555) 010-9999', 'onboarding round 3'],
      payment_methods: ['Pay by ACH or Check', 'onboarding round 3'],
    };
    for (const [key, [value, source]] of Object.entries(expected)) {
      const fact = byKey.get(key);
      expect(fact, key).toBeDefined();
      expect(fact.value, key).toBe(value);
      expect(fact.provenance, key).toMatchObject({ type: 'onboarding', source });
      expect(Number.isNaN(Date.parse(fact.provenance.timestamp)), key).toBe(false);
    }
    // The owner's sentence a profile value was read from is kept with it (it helps find the fact); a value
    // the owner did not write as such (the industry, a category) has none.
    expect(byKey.get('business_name').provenance.context).toBe('Maple Street Property Management.');
    expect(byKey.get('industry').provenance.context).toBeUndefined();
    // What customers ask (round 3, question 1) are questions, not facts about the business.
    expect(byKey.has('rent_payment')).toBe(false);
    expect(byKey.has('pet_policy')).toBe(false);
  });

  it('Knowledge Completeness counts them (9 of the 10 essential facts; no voice tone was given)', async () => {
    const profile = await factProfile(u);
    expect(profile.completeness).toBe(90);
    expect(profile.essentialFacts.filter((e: any) => !e.present).map((e: any) => e.key)).toEqual([
      'preferred_voice_tone',
    ]);
    const overview = await api<any>(t, 'POST', '/functions/v1/dashboard-overview', { token: u.token, body: {} });
    expect(overview.body.setup.knowledge_percent).toBe(90);
  });

  it.each([
    ['What are your office hours?', 'Mon-Fri 9am-5pm', '[Fact:Operating Hours]'],
    ["What's your phone number?", '(555) 010-2030', '[Fact:Business Phone]'],
    ['Who do I call for an emergency?', '(555) 010-9999', '[Fact:Emergency Contact]'],
    ['Which areas do you serve?', 'Springfield and Shelbyville', '[Fact:Service Area]'],
    ['How do I pay?', 'Pay by ACH or Check', '[Fact:Payment Methods]'],
    ['What is your business called?', 'Maple Street Property Management', '[Fact:Business Name]'],
  ])('chat answers "%s" from the facts, citing them', async (question, value, citation) => {
    for (const mode of ['operational', 'onboarding'] as const) {
      const res = await chat(u, question, mode);
      expect(res.status).toBe(200);
      expect(res.body.message, mode).toContain(value);
      expect(res.body.message, mode).toContain(citation);
      expect(
        res.body.sources.map((s: any) => s.citation),
        mode,
      ).toContain(citation);
    }
  });
});

describe('what the contact and tools answers say beyond their fields is knowledge too', () => {
  it('"we don\'t take credit cards" and the owner\'s cell answer questions; a sentence the contact fields hold is not kept again', async () => {
    const u = await signedIn();
    expect((await saveRound(u, 1, MAPLE_ROUNDS[0] ?? [])).status).toBe(200);
    const round = await saveRound(u, 2, [
      'Leasing and maintenance for 8% of collected rent.',
      "I'm Harlan Vesey, the owner. Tenants can call or text my cell at (555) 604-2218; the office line is (555) 604-2200.",
      "We keep the books in QuickBooks and bill on the 25th.\nTenants pay by ACH bank transfer or by check; we don't take credit cards.",
    ]);
    expect(round.status).toBe(200);
    const values = (await factsOf(u)).map((f: any) => f.value);
    expect(values).toContain("Tenants pay by ACH bank transfer or by check; we don't take credit cards.");
    expect(values).not.toContain("I'm Harlan Vesey, the owner.");
    const card = await chat(u, 'Can I pay my rent with a credit card?');
    expect(card.body.message).toContain("we don't take credit cards");
    expect(card.body.task).toBeNull();
    const cell = await chat(u, "what's the owner's cell number?");
    expect(cell.body.message).toContain('(555) 604-2218');
  });
});

describe('what customers ask, answered in round 3, is kept sentence by sentence', () => {
  it('a statement no fact rule reads is a fact of its own, found by a paraphrase; the questions are not', async () => {
    const u = await signedIn();
    for (const i of [0, 1]) expect((await saveRound(u, i + 1, MAPLE_ROUNDS[i] ?? [])).status).toBe(200);
    const round = await saveRound(u, 3, [
      'Mostly whether they can see the place first. Anyone thinking of joining can come for a tour on Tuesdays and\nThursdays at 10 a.m. or 3 p.m. Do you take walk-ins?',
      'By e-mail, weekdays 9-5.',
    ]);
    expect(round.status).toBe(200);
    const facts = await factsOf(u);
    const tour = facts.find((f) => f.value.includes('tour'));
    expect(tour).toMatchObject({
      // Labelled by what it is about, not by its first words ("Anyone Thinking Joining Come Tour").
      label: 'Tour',
      value: 'Anyone thinking of joining can come for a tour on Tuesdays and Thursdays at 10 a.m. or 3 p.m.',
      provenance: { type: 'onboarding', source: 'onboarding round 3' },
    });
    // A question, and a list of what customers ask, are not knowledge.
    expect(facts.some((f) => f.value.includes('walk-ins'))).toBe(false);
    expect(facts.some((f) => f.value.includes('see the place'))).toBe(false);
    // Said again, the same sentence updates its fact rather than adding another.
    expect(
      (await saveRound(u, 3, ['Anyone thinking of joining can come for a tour on Tuesdays.', 'By e-mail.'])).status,
    ).toBe(200);
    const again = (await factsOf(u)).filter((f) => f.key === tour.key);
    expect(again.map((f) => f.value)).toEqual(['Anyone thinking of joining can come for a tour on Tuesdays.']);
    const res = await chat(u, 'what days can I come and take a tour before I join?');
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Tuesdays');
    expect(res.body.sources.map((s: any) => s.citation)).toContain('[Fact:Tour]');
  });

  it('a kept statement is labelled by its topic noun, or by its first words when none reads as one', () => {
    const labels = [
      ["We don't take credit cards.", 'Credit Cards'],
      ['People book a tour on our website or by calling the office.', 'Tour'],
      ['Rent is due on the first of the month.', 'Rent'],
      ['The gate code changes every month.', 'Gate Code'],
      ['We answer messages and e-mails every day, usually within a few hours.', 'Messages'],
      ['Smoking is not allowed anywhere on the property.', 'Smoking'],
      ['We offer a 10% discount for a year paid up front.', 'Discount'],
    ];
    for (const [sentence, label] of labels) expect(noteLabel(sentence ?? ''), sentence).toBe(label);
    expect(noteLabel('Anyone can come any day of the week.')).toBe('Anyone can come any day…');
  });
});

describe("the owner's own sentence finds a profile fact", () => {
  it('"What\'s the name of the park?" is answered with the name from "We\'re …, a family-owned RV park", not a document sentence with "name" in it', async () => {
    const u = await signedIn();
    const rules = [
      '# Arrival',
      '',
      'Late arrivals will find their packet with their name in the box by the',
      'office door, and can settle up the next morning.',
    ].join('\n');
    const upload = await uploadFile(t, u.token, 'Arrival.md', rules);
    expect(upload.status).toBe(202);
    await waitForDocument(t, u.token, upload.body.document.id);
    const round = await saveRound(u, 1, [
      "We're Sagebrush Flats RV Resort, a family-owned RV park with 142 sites on the Salado River.",
      'Outside Tierra Verde.',
      'Snowbirds and families on road trips.',
    ]);
    expect(round.status).toBe(200);
    const res = await chat(u, "What's the name of the park?");
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Sagebrush Flats RV Resort');
    expect(res.body.message).toContain('[Fact:Business Name]');
  });
});

describe('the summary dialog', () => {
  it('a field saved in the business profile dialog is a fact with the profile as its provenance', async () => {
    const u = await signedIn();
    const res = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: u.token,
      body: {
        action: 'upsert',
        profile: { business_data: { officialName: 'Lakeside Homes', serviceArea: 'Erie, PA' } },
      },
    });
    expect(res.status).toBe(200);
    const facts = await factsOf(u);
    expect(facts.find((f) => f.key === 'business_name')).toMatchObject({
      value: 'Lakeside Homes',
      provenance: { type: 'profile', source: 'business profile' },
    });
    expect(facts.find((f) => f.key === 'service_area')?.value).toBe('Erie, PA');
    // Changing one field stores that field only; the others keep their provenance time.
    const before = facts.find((f) => f.key === 'business_name').provenance.timestamp;
    await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: u.token,
      body: { action: 'upsert', profile: { business_data: { serviceArea: 'Erie and Meadville, PA' } } },
    });
    const after = await factsOf(u);
    expect(after.find((f) => f.key === 'service_area')?.value).toBe('Erie and Meadville, PA');
    expect(after.find((f) => f.key === 'business_name').provenance.timestamp).toBe(before);
  });
});

describe('the onboarding chat', () => {
  it('stores what a natural message says and replies with exactly that', async () => {
    const u = await signedIn();
    const res = await chat(
      u,
      'Maple Street Property Management. We manage 120 residential units in Springfield. Our office is open Mon-Fri 9am-5pm.',
      'onboarding',
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(
      /^Thank you, I've noted your business name \(Maple Street Property Management\), industry \(Property management\), service area \(Springfield\), properties managed \(We manage 120 residential units\) and operating hours \(Mon-Fri 9am-5pm\)\./,
    );
    expect(res.body.task).toBeNull();
    const { profile } = await profileOf(u);
    expect(profile.business_data).toMatchObject({
      officialName: 'Maple Street Property Management',
      industry: 'Property management',
      serviceArea: 'Springfield',
    });
    const facts = await factsOf(u);
    expect(facts.map((f) => f.key).sort()).toEqual([
      'business_name',
      'industry',
      'operating_hours',
      'properties_managed',
      'service_area',
    ]);
    for (const f of facts) expect(f.provenance).toMatchObject({ type: 'onboarding', source: 'onboarding chat' });
    expect((await factProfile(u)).completeness).toBe(20);
  });

  it('a message with nothing to store says so and claims nothing', async () => {
    const u = await signedIn();
    await chat(u, 'Hello there.', 'onboarding');
    const res = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: u.token,
      body: {
        assistantMode: 'onboarding',
        messages: [
          { role: 'user', content: 'Hello there.' },
          { role: 'assistant', content: 'Welcome!' },
          { role: 'user', content: 'It has been a busy year for us.' },
        ],
      },
    });
    expect(res.body.message).not.toMatch(/noted/);
    expect(res.body.message).toMatch(/^I didn't find business details to save in that message\./);
    expect(await factsOf(u)).toEqual([]);
  });

  it('a question is answered, never stored as a profile statement', async () => {
    const u = await signedIn();
    await chat(u, 'Office hours: Mon-Fri 8am-4pm', 'onboarding');
    const profileBefore = (await profileOf(u)).profile;
    const factsBefore = await factsOf(u);
    for (const question of [
      'How many rentals do we manage?',
      'What are your office hours?',
      'Is Maple Street Property Management a good name?',
    ]) {
      const res = await chat(u, question, 'onboarding');
      expect(res.status).toBe(200);
      expect(res.body.message).not.toMatch(/noted/);
      expect(res.body.task).toBeNull();
    }
    const hours = await chat(u, 'What are your office hours?', 'onboarding');
    expect(hours.body.message).toContain('Mon-Fri 8am-4pm [Fact:Operating Hours]');
    // One onboarding prompt follows the answer.
    expect(hours.body.message).toContain(
      "When you're ready to continue setting up: What is the name of your business?",
    );
    expect(await factsOf(u)).toEqual(factsBefore);
    const profileAfter = (await profileOf(u)).profile;
    expect(profileAfter.business_data).toEqual(profileBefore.business_data);
    expect(profileAfter.essential_info).toEqual(profileBefore.essential_info);
  });
});

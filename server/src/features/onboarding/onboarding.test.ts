import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { signedIn } = testHttp(() => t);

const saveRound = (u: TestUser, round: number, answers: string[], complete = true) =>
  api<any>(t, 'POST', `/api/v1/onboarding/rounds/${round}`, { token: u.token, body: { answers, complete } });
const summary = (u: TestUser, body: Record<string, unknown> = {}) =>
  api<any>(t, 'POST', '/functions/v1/onboarding-summary', { token: u.token, body });

const PROPERTY_MANAGER = [
  [
    'Business name: Harbor Lane Property Management\nWe manage 140 single-family rentals and handle maintenance requests for owners.',
    'Columbus, OH and Pittsburgh, PA',
    'Owners of single-family rentals and their tenants',
  ],
  [
    'Leasing, rent collection and maintenance coordination for 8% of collected rent',
    'Dana Reyes, Operations Manager, dana@harborlane.com',
    'Buildium, Gmail and Google Calendar',
  ],
  ['When rent is due and how to submit a maintenance request', 'E-mail and phone on weekdays, emergencies 24/7'],
];

const LANDSCAPER = [
  ['Business name: Greenway Lawn Co\nWe mow lawns and design gardens.', 'Tampa, FL', 'Homeowners in gated communities'],
  ['Weekly mowing and garden design; we accept Visa and Mastercard', '', ''],
  ['Do you work in the rain?', ''],
];

describe('onboarding rounds', () => {
  it('lists three rounds (3, 3 and 2 questions) starting at round 1', async () => {
    const u = await signedIn();
    const res = await api<any>(t, 'GET', '/api/v1/onboarding/rounds', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.rounds.map((r: any) => [r.roundNumber, r.title, r.questions.length, r.completed])).toEqual([
      [1, 'Business Foundation', 3, false],
      [2, 'Operations & Team', 3, false],
      [3, 'Customer Interaction', 2, false],
    ]);
    expect(res.body.progress.currentRound).toBe(1);
  });

  it('persists answers, advances on completion and feeds the profile', async () => {
    const u = await signedIn();
    const ahead = await saveRound(u, 2, ['skipping ahead']);
    expect(ahead.status).toBe(400);
    expect(ahead.body.error.message).toBe('Finish round 1 before round 2.');

    const r1 = await saveRound(u, 1, PROPERTY_MANAGER[0] as string[]);
    expect(r1.status).toBe(200);
    expect(r1.body.progress.currentRound).toBe(2);
    expect(r1.body.rounds[0]).toMatchObject({ completed: true, answers: PROPERTY_MANAGER[0] });
    const p1 = r1.body.result.profile;
    expect(p1.business_data.officialName).toBe('Harbor Lane Property Management');
    expect(p1.business_data.serviceArea).toBe('Columbus, OH and Pittsburgh, PA');
    expect(p1.business_data.businessDescription).toBe(
      'We manage 140 single-family rentals and handle maintenance requests for owners.',
    );
    expect(p1.business_data._sources.officialName).toBe('onboarding');
    expect(p1.essential_info.target_audience).toBe('Owners of single-family rentals and their tenants');

    const r2 = await saveRound(u, 2, PROPERTY_MANAGER[1] as string[]);
    expect(r2.body.progress.currentRound).toBe(3);
    const p2 = r2.body.result.profile;
    expect(p2.business_data.primaryContact).toEqual({
      name: 'Dana Reyes',
      role: 'Operations Manager',
      email: 'dana@harborlane.com',
    });
    expect(p2.essential_info.services).toMatch(/^Leasing/);
    expect(p2.essential_info.pricingModel).toBe('8% of collected rent');
    expect(r2.body.result.confidence.score).toBeGreaterThan(r1.body.result.confidence.score);

    // A draft (complete=false) keeps the round open.
    const draft = await saveRound(u, 3, ['When is rent due?'], false);
    expect(draft.body.progress.currentRound).toBe(3);
    expect(draft.body.rounds[2]).toMatchObject({ completed: false, answers: ['When is rent due?', ''] });

    const r3 = await saveRound(u, 3, PROPERTY_MANAGER[2] as string[]);
    expect(r3.body.progress.currentRound).toBe(4);
    expect(r3.body.rounds.every((r: any) => r.completed)).toBe(true);

    const again = await api<any>(t, 'GET', '/api/v1/onboarding/rounds', { token: u.token });
    expect(again.body.rounds[1].answers).toEqual(PROPERTY_MANAGER[1]);
  });

  it('refuses an empty round, too many answers and a round that does not exist', async () => {
    const u = await signedIn();
    expect((await saveRound(u, 1, ['', ' ', ''])).body.error.message).toBe(
      'Answer at least one question to finish this round.',
    );
    expect((await saveRound(u, 3, ['a', 'b', 'c'])).status).toBe(400);
    expect((await saveRound(u, 4, ['a'])).status).toBe(400);
  });
});

describe('onboarding-summary', () => {
  it('lists the five required fields as gaps for an empty profile and suggests nothing canned', async () => {
    const u = await signedIn();
    const res = await summary(u);
    expect(res.status).toBe(200);
    expect(res.body.gaps.filter((g: any) => g.required).map((g: any) => g.field)).toEqual([
      'officialName',
      'industry',
      'businessDescription',
      'serviceArea',
      'primaryContact',
    ]);
    expect(res.body.what_we_learned).toEqual([]);
    expect(res.body.suggested_automations).toEqual([]);
    expect(res.body.operating_profile.industry).toBeNull();
  });

  it('gives two different businesses different summaries, each from its own answers', async () => {
    const pm = await signedIn();
    const lawn = await signedIn();
    for (const [i, answers] of PROPERTY_MANAGER.entries()) await saveRound(pm, i + 1, answers);
    for (const [i, answers] of LANDSCAPER.entries()) await saveRound(lawn, i + 1, answers);

    const a = (await summary(pm)).body;
    const b = (await summary(lawn)).body;

    expect(a.operating_profile).toEqual({ industry: 'Property management', name: 'Harbor Lane Property Management' });
    expect(b.operating_profile).toEqual({ industry: 'Landscaping', name: 'Greenway Lawn Co' });
    expect(a.summary_text).not.toBe(b.summary_text);

    const learnedA = a.what_we_learned.map((l: any) => l.text);
    expect(learnedA).toContain('Primary contact: Dana Reyes (Operations Manager) <dana@harborlane.com>.');
    expect(learnedA).toContain('You serve Columbus, OH and Pittsburgh, PA.');
    const titlesA = a.suggested_automations.map((s: any) => s.title);
    expect(titlesA).toEqual(
      expect.arrayContaining([
        'Rent reminder drafts',
        'Maintenance request triage',
        'Email Drafts',
        'After-hours responder',
      ]),
    );
    expect(titlesA).toContain('Route requests by location');
    // The industry is read from the answers' sentences ('We manage 140 single-family rentals') and stored
    // in the profile (issue 25 §5), so no required field is left to ask about.
    expect(a.gaps.filter((g: any) => g.required)).toEqual([]);

    const titlesB = b.suggested_automations.map((s: any) => s.title);
    expect(titlesB).toContain('Payment confirmation replies');
    expect(titlesB).not.toContain('Rent reminder drafts');
    expect(b.what_we_learned.map((l: any) => l.text)).toContain('You accept Visa and Mastercard.');
    expect(b.gaps.filter((g: any) => g.required).map((g: any) => g.field)).toEqual(['primaryContact']);
    for (const s of [...a.suggested_automations, ...b.suggested_automations]) {
      expect(s.why.length).toBeGreaterThan(10);
      expect(s.requires_scope).toMatch(/^[a-z_]+:[a-z]+$/);
    }
  });

  it('reads the workspace facts and documents into what it learned', async () => {
    const u = await signedIn();
    const before = (await summary(u)).body;
    expect(before.sources.documents).toBe(0);
    expect(before.sources.facts).toBe(0);
    expect(before.gaps.map((g: any) => g.message)).toContain(
      'Upload a document such as your policies or price list so I can answer from it.',
    );
    const taught = await api<any>(t, 'POST', '/api/v1/facts/teach-text', {
      token: u.token,
      body: {
        title: 'Office policies',
        text: 'Our business hours are Monday to Friday, 9am to 5pm. Contact email: office@ridgeline-rentals.com. Phone: (614) 555-0142.',
      },
    });
    expect(taught.status).toBe(200);
    const after = (await summary(u)).body;
    expect(after.sources.documents).toBeGreaterThanOrEqual(1);
    const learned = after.what_we_learned.map((l: any) => l.text).join('\n');
    expect(learned).toMatch(/document.*uploaded.*"Office policies"/);
    expect(after.sources.facts).toBeGreaterThan(0);
    expect(learned).toMatch(/office@ridgeline-rentals\.com|555-0142|9am/i);
    expect(after.gaps.map((g: any) => g.message)).not.toContain(
      'Upload a document such as your policies or price list so I can answer from it.',
    );
  });

  it('uses the industry the caller gives when the profile has none', async () => {
    const u = await signedIn();
    const res = await summary(u, { industry: 'Insurance' });
    expect(res.body.operating_profile.industry).toBe('Insurance');
  });
});

describe('completing and resetting onboarding', () => {
  it('logs onboarding_completed once with the business context and switches the assistant to operational', async () => {
    const u = await signedIn();
    for (const [i, answers] of PROPERTY_MANAGER.entries()) await saveRound(u, i + 1, answers);
    const done = await api<any>(t, 'POST', '/api/v1/onboarding/complete', { token: u.token, body: {} });
    expect(done.status).toBe(200);
    expect(done.body.mode).toBe('operational');
    expect(done.body.logged).toBe(true);
    expect(done.body.result.profile.onboarding_completed).toBe(true);
    const again = await api<any>(t, 'POST', '/api/v1/onboarding/complete', { token: u.token, body: {} });
    expect(again.body.logged).toBe(false);

    const logs = await t.database.query<{ workspace_id: string; event_type: string; event_data: any }>(
      'select workspace_id, event_type, event_data from activity_logs where user_id = $1',
      [u.id],
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.workspace_id).toBe(u.workspaceId);
    expect(logs[0]?.event_type).toBe('onboarding_completed');
    expect(logs[0]?.event_data.business_context.officialName).toBe('Harbor Lane Property Management');
    expect(new Date(logs[0]?.event_data.completed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stays in onboarding mode when completed with a short description', async () => {
    const u = await signedIn();
    await saveRound(u, 1, ['Tiny shop', '', '']);
    const done = await api<any>(t, 'POST', '/api/v1/onboarding/complete', { token: u.token, body: {} });
    expect(done.body.mode).toBe('onboarding');
  });

  it("reset_user_onboarding clears the user's onboarding data and refuses another user's id", async () => {
    const u = await signedIn();
    const other = await signedIn();
    await saveRound(u, 1, PROPERTY_MANAGER[0] as string[]);
    await api(t, 'POST', '/api/v1/onboarding/complete', { token: u.token, body: {} });
    const refused = await api<any>(t, 'POST', '/functions/v1/reset-user-onboarding', {
      token: u.token,
      body: { user_uuid: other.id },
    });
    expect(refused.status).toBe(403);
    const res = await api<any>(t, 'POST', '/functions/v1/reset-user-onboarding', {
      token: u.token,
      body: { user_uuid: u.id },
    });
    expect(res.status).toBe(200);
    const profile = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: u.token,
      body: { action: 'get' },
    });
    expect(profile.body.profile).toMatchObject({
      business_description: null,
      business_data: {},
      essential_info: {},
      onboarding_completed: false,
      onboarding_progress: { currentRound: 1, rounds: [] },
    });
    expect(profile.body.mode).toBe('onboarding');
  });
});

describe('bootstrap-account', () => {
  it('sets up the business profile and summary once and is safe to call repeatedly', async () => {
    const u = await createUserWithSession(t);
    const first = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.repaired).toEqual(
      expect.arrayContaining(['workspace', 'membership', 'assistant', 'business_profile', 'business_summary']),
    );
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} }),
      ),
    );
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.repaired).toEqual([]);
      expect(r.body.workspace.id).toBe(first.body.workspace.id);
    }
    const counts = await t.database.query<{ p: string; s: string }>(
      `select (select count(*) from business_profiles where user_id = $1)::text as p,
              (select count(*) from business_profiles_v3 where workspace_id = $2)::text as s`,
      [u.id, first.body.workspace.id],
    );
    expect(counts[0]).toEqual({ p: '1', s: '1' });
    // The first suggestions were generated once (an empty workspace lacks integrations and essentials).
    const suggestions = await t.database.query<{ n: string }>(
      'select count(*)::text as n from fact_suggestions where workspace_id = $1',
      [first.body.workspace.id],
    );
    expect(Number(suggestions[0]?.n)).toBeGreaterThan(0);
    const stored = await api<any>(t, 'POST', '/functions/v1/save-business-summary', {
      token: u.token,
      body: { action: 'get' },
    });
    expect(stored.body.summary_json.gaps.length).toBeGreaterThanOrEqual(5);

    // A lost summary is recreated, nothing else is touched.
    await t.database.query('delete from business_profiles_v3 where workspace_id = $1', [first.body.workspace.id]);
    const repaired = await api<any>(t, 'POST', '/functions/v1/bootstrap-account', { token: u.token, body: {} });
    expect(repaired.body.repaired).toEqual(['business_summary']);
  });
});

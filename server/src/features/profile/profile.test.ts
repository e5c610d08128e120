import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { testHttp } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { signedIn } = testHttp(() => t);

const call = (u: TestUser, body: unknown) =>
  api<any>(t, 'POST', '/functions/v1/business-profile', { token: u.token, body });

describe('business-profile (get / upsert)', () => {
  it('answers no profile before the first save, with the lowest tier and onboarding mode', async () => {
    const u = await signedIn();
    // getMe bootstraps an empty profile row; a brand new user without one still reads cleanly.
    await t.database.query('delete from business_profiles where user_id = $1', [u.id]);
    const res = await call(u, { action: 'get' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toBeNull();
    expect(res.body.confidence).toEqual({
      score: 0,
      tier: 'I barely know anything about your business.',
      contradictions: [],
    });
    expect(res.body.mode).toBe('onboarding');
  });

  it('upserts on the user: a second upsert merges into the same row and keeps the mirrored fields in step', async () => {
    const u = await signedIn();
    const first = await call(u, {
      action: 'upsert',
      workspace_id: u.workspaceId,
      profile: {
        user_id: u.id,
        business_data: { officialName: 'Harbor Lane Property Management', industry: 'Property management' },
      },
    });
    expect(first.status).toBe(200);
    const p1 = first.body.profile;
    expect(p1.user_id).toBe(u.id);
    expect(p1.workspace_id).toBe(u.workspaceId);
    expect(p1.essential_info).toMatchObject({
      business_name: 'Harbor Lane Property Management',
      officialName: 'Harbor Lane Property Management',
      business_type: 'Property management',
    });
    expect(p1.business_data._sources).toEqual({ officialName: 'manual', industry: 'manual' });
    // name +8, type +8
    expect(first.body.confidence.score).toBe(16);

    const second = await call(u, {
      action: 'upsert',
      profile: {
        business_data: {
          serviceArea: 'Columbus, OH',
          primaryContact: { name: 'Dana Reyes', role: 'Owner', email: 'dana@harborlane.com' },
          _sources: { serviceArea: 'chat' },
        },
        essential_info: { services: 'Leasing and rent collection', target_audience: 'Single-family rental owners' },
      },
    });
    expect(second.status).toBe(200);
    const p2 = second.body.profile;
    expect(p2.id).toBe(p1.id);
    expect(p2.business_data.officialName).toBe('Harbor Lane Property Management');
    expect(p2.essential_info.location).toBe('Columbus, OH');
    expect(p2.essential_info.primaryContact).toEqual({
      name: 'Dana Reyes',
      role: 'Owner',
      email: 'dana@harborlane.com',
    });
    expect(p2.business_data._sources.serviceArea).toBe('chat');
    expect(p2.business_data._sources.primaryContact).toBe('manual');
    // name 8 + type 8 + location 12 + services 15 + audience 12 + all four 10
    expect(second.body.confidence.score).toBe(65);
    expect(second.body.confidence.tier).toBe('Getting a better picture.');

    const rows = await t.database.query('select id from business_profiles where user_id = $1', [u.id]);
    expect(rows).toHaveLength(1);
    const read = await call(u, { action: 'get' });
    expect(read.body.profile.id).toBe(p1.id);
  });

  it('recomputes contradictions from the description and scores them; a client cannot send its own', async () => {
    const u = await signedIn();
    const res = await call(u, {
      action: 'upsert',
      profile: {
        business_description: 'We are a small local company with large nationwide ambitions.',
        essential_info: { contradictions: [] },
      },
    });
    expect(res.status).toBe(200);
    const types = res.body.confidence.contradictions.map((c: { type: string }) => c.type);
    expect(types).toEqual(['service_area', 'semantic']);
    expect(res.body.profile.essential_info.contradictions).toHaveLength(2);
    expect(res.body.confidence.score).toBe(0);
  });

  it('answers the save codes: invalid_user_id for a local id, invalid_workspace_id, another user, no session', async () => {
    const u = await signedIn();
    const local = await call(u, { action: 'upsert', profile: { user_id: 'local_abc123', business_description: 'x' } });
    expect(local.status).toBe(400);
    expect(local.body.error).toMatchObject({
      code: 'invalid_user_id',
      message: 'Authentication required to save changes',
    });

    const badWs = await call(u, { action: 'get', workspace_id: 'session_42' });
    expect(badWs.status).toBe(400);
    expect(badWs.body.error.code).toBe('invalid_workspace_id');
    expect(badWs.body.error.message).toBe(
      'Invalid ID for workspace: session_42. Must be a valid UUID, not a local session ID.',
    );

    const other = await signedIn();
    const foreignWs = await call(u, { action: 'get', workspace_id: other.workspaceId });
    expect(foreignWs.status).toBe(403);
    expect(foreignWs.body.error.code).toBe('permission_denied');

    const foreignUser = await call(u, { action: 'upsert', profile: { user_id: other.id } });
    expect(foreignUser.status).toBe(403);

    const anonymous = await api<any>(t, 'POST', '/functions/v1/business-profile', { body: { action: 'get' } });
    expect(anonymous.status).toBe(401);
    const forged = await api<any>(t, 'POST', '/functions/v1/business-profile', {
      token: `${u.token.slice(0, -4)}AAAA`,
      body: { action: 'get' },
    });
    expect(forged.body.error.code).toBe('authentication_invalid');

    const badAction = await call(u, { action: 'delete' });
    expect(badAction.status).toBe(400);
    expect(badAction.body.error.code).toBe('validation_failed');
  });

  it("keeps each user's profile to their own workspace", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await call(a, { action: 'upsert', profile: { business_data: { officialName: 'Alpha Rentals' } } });
    const readB = await call(b, { action: 'get' });
    expect(readB.body.profile?.business_data.officialName).toBeUndefined();
  });
});

describe('update by id (auto-save)', () => {
  it('updates business_data by id; saving a description sets onboarding_completed and the mode follows', async () => {
    const u = await signedIn();
    const created = await call(u, { action: 'upsert', profile: { business_data: { officialName: 'Ridge HOA' } } });
    const id = created.body.profile.id;
    const patched = await api<any>(t, 'PATCH', `/api/v1/business-profiles/${id}`, {
      token: u.token,
      body: { business_data: { industry: 'HOA management', officialName: '' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.profile.business_data.industry).toBe('HOA management');
    expect(patched.body.profile.business_data.officialName).toBeUndefined();
    expect(patched.body.profile.essential_info.business_name).toBeUndefined();
    expect(patched.body.profile.onboarding_completed).toBe(false);

    const described = await api<any>(t, 'PATCH', `/api/v1/business-profiles/${id}`, {
      token: u.token,
      body: { business_description: 'We manage three homeowner associations near Pittsburgh, PA for 400 owners.' },
    });
    expect(described.body.profile.onboarding_completed).toBe(true);
    expect(described.body.profile.business_data.businessDescription).toMatch(/three homeowner associations/);
    expect(described.body.mode).toBe('operational');
    const logs = await t.database.query<{ event_type: string }>(
      'select event_type from activity_logs where user_id = $1',
      [u.id],
    );
    expect(logs.map((l) => l.event_type)).toEqual(['onboarding_completed']);
  });

  it('refuses a local id, an unknown id and a profile of another user', async () => {
    const u = await signedIn();
    const other = await signedIn();
    const theirs = await call(other, { action: 'upsert', profile: { business_data: { officialName: 'Theirs' } } });
    const local = await api<any>(t, 'PATCH', '/api/v1/business-profiles/local_123', { token: u.token, body: {} });
    expect(local.status).toBe(400);
    expect(local.body.error.message).toBe(
      'Invalid ID for business profile: local_123. Must be a valid UUID, not a local session ID.',
    );
    const foreign = await api<any>(t, 'PATCH', `/api/v1/business-profiles/${theirs.body.profile.id}`, {
      token: u.token,
      body: { business_data: { officialName: 'Hijacked' } },
    });
    expect(foreign.status).toBe(404);
    const still = await call(other, { action: 'get' });
    expect(still.body.profile.business_data.officialName).toBe('Theirs');
  });
});

describe('save-business-summary', () => {
  it('returns the summary and refreshes it when the profile changes', async () => {
    const u = await signedIn();
    const before = await api<any>(t, 'POST', '/functions/v1/save-business-summary', {
      token: u.token,
      body: { action: 'get' },
    });
    expect(before.status).toBe(200);
    expect(before.body.summary_json.text).toMatch(/don't know enough/);
    await call(u, {
      action: 'upsert',
      profile: {
        business_data: { officialName: 'Lakeview Lofts', industry: 'Property management', serviceArea: 'Tampa, FL' },
      },
    });
    const after = await api<any>(t, 'POST', '/functions/v1/save-business-summary', {
      token: u.token,
      body: { action: 'get', workspace_id: u.workspaceId },
    });
    expect(after.body.summary_json.text).toBe('Lakeview Lofts is a property management business serving Tampa, FL.');
    expect(after.body.summary_json.industry).toBe('Property management');
    expect(new Date(after.body.last_refreshed_at).getTime()).toBeGreaterThanOrEqual(
      new Date(before.body.last_refreshed_at).getTime(),
    );
  });
});

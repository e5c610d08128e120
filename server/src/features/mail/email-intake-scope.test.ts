import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ownerWithProfile() {
  const owner = await createUserWithSession(t);
  const me = await api<any>(t, 'GET', '/api/v1/me', { token: owner.token });
  const profile = await api<any>(t, 'POST', '/functions/v1/business-profile', {
    token: owner.token,
    body: { action: 'upsert', profile: { business_description: 'Harbor Homes rents 40 flats in Portland, Maine.' } },
  });
  return { owner, workspaceId: me.body.workspace.id as string, profileId: profile.body.profile.id as string };
}

describe('email-intake business_id', () => {
  it("answers 403 for another workspace's business, like every other endpoint", async () => {
    const mine = await ownerWithProfile();
    const theirs = await ownerWithProfile();
    for (const business_id of [theirs.workspaceId, theirs.profileId]) {
      const res = await api<any>(t, 'POST', '/functions/v1/email-intake', {
        token: mine.owner.token,
        body: { business_id },
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('permission_denied');
    }
    for (const business_id of [mine.workspaceId, mine.profileId, undefined]) {
      const res = await api<any>(t, 'POST', '/functions/v1/email-intake', {
        token: mine.owner.token,
        body: business_id ? { business_id } : {},
      });
      expect(res.status).toBe(200);
    }
  });
});

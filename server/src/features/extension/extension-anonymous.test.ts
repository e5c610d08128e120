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

describe('extension tokens and anonymous sessions', () => {
  it('an anonymous session cannot create an extension token; an account can', async () => {
    const anonymous = await api<any>(t, 'POST', '/auth/v1/signup', { body: {} });
    expect(anonymous.body.user.is_anonymous).toBe(true);
    const token: string = anonymous.body.access_token;
    const me = await api<any>(t, 'GET', '/api/v1/me', { token });
    expect(me.body.role).toBe('OWNER');

    const refused = await api<any>(t, 'POST', '/functions/v1/ext-bootstrap', { token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Create an account with your e-mail address to do this.');
    const stored = await t.database.query('select 1 from extension_tokens where workspace_id = $1', [
      me.body.workspace.id,
    ]);
    expect(stored).toHaveLength(0);

    const user = await createUserWithSession(t);
    const issued = await api<any>(t, 'POST', '/functions/v1/ext-bootstrap', { token: user.token, body: {} });
    expect(issued.status).toBe(200);
    expect(issued.body.tenantJwt).toMatch(/^hxe_/);
  });
});

import { type EndpointName, endpoints, WORKSPACE_ID_FIELDS, workspaceErrors } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, startTestApp, type TestApp } from '../test/app';
import { createUserWithSession, type TestUser } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function member(): Promise<TestUser & { workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  return { ...user, workspaceId: me.body.workspace.id };
}

/** A sample of endpoints that name the workspace, one per feature, each with a body it accepts. */
const SAMPLE: Array<{ name: EndpointName; field: string; body: Record<string, unknown> }> = [
  { name: 'search', field: 'workspace_id', body: { query: 'boiler' } },
  { name: 'ragAnswer', field: 'workspaceId', body: { query: 'When is rent due?' } },
  { name: 'businessProfile', field: 'workspace_id', body: { action: 'get' } },
  { name: 'onboardingSummary', field: 'workspace_id', body: {} },
  { name: 'integrationsStatus', field: 'workspaceId', body: {} },
  { name: 'createEmailAlias', field: 'workspace_id', body: {} },
  { name: 'extBootstrap', field: 'businessId', body: {} },
];

function call(user: TestUser, name: EndpointName, body: Record<string, unknown>) {
  const endpoint = endpoints[name];
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams(body as Record<string, string>).toString();
    return api<any>(t, 'GET', `${endpoint.path}?${query}`, { token: user.token });
  }
  return api<any>(t, endpoint.method, endpoint.path, { token: user.token, body });
}

describe('the named workspace is yours (declared on the endpoint, checked by the platform)', () => {
  it("refuses another workspace's id with permission_denied and one message on every sampled endpoint", async () => {
    const mine = await member();
    const theirs = await member();
    for (const { name, field, body } of SAMPLE) {
      const res = await call(mine, name, { ...body, [field]: theirs.workspaceId });
      expect({ name, status: res.status, error: res.body.error }).toEqual({
        name,
        status: 403,
        error: { code: 'permission_denied', message: workspaceErrors.notYours },
      });
    }
  });

  it("accepts the caller's own id and an absent one", async () => {
    const mine = await member();
    for (const { name, field, body } of SAMPLE) {
      for (const named of [{ [field]: mine.workspaceId }, {}]) {
        const res = await call(mine, name, { ...body, ...named });
        expect({ name, named, status: res.status }).toEqual({ name, named, status: 200 });
      }
    }
  });

  it('answers invalid_workspace_id for an id that is not a UUID (the spec save code)', async () => {
    const mine = await member();
    const res = await call(mine, 'businessProfile', { action: 'get', workspace_id: 'session_42' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_workspace_id');
  });

  it('applies the same check on the hand-registered upload route (query parameter)', async () => {
    const mine = await member();
    const theirs = await member();
    const res = await api<any>(t, 'POST', `/functions/v1/ingest?workspace_id=${theirs.workspaceId}`, {
      token: mine.token,
      body: { url: 'https://example.com/' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'permission_denied', message: workspaceErrors.notYours });
  });

  it('every endpoint whose input has a workspace id field declares it', () => {
    const undeclared: string[] = [];
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const fields = inputKeys(endpoint.input).filter((key) =>
        (WORKSPACE_ID_FIELDS as readonly string[]).includes(key),
      );
      const declared: readonly string[] = ('namesWorkspace' in endpoint && endpoint.namesWorkspace) || [];
      for (const field of fields) if (!declared.includes(field)) undeclared.push(`${name}.${field}`);
    }
    expect(undeclared).toEqual([]);
  });
});

/** Top-level keys of an input schema, through objects, unions and wrappers. */
function inputKeys(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  const keys: string[] = [];
  if (def.type === 'object') keys.push(...Object.keys((schema as unknown as { shape: object }).shape));
  for (const inner of ['innerType', 'schema', 'in', 'out', 'left', 'right']) {
    if (def[inner]) keys.push(...inputKeys(def[inner] as z.ZodType, seen));
  }
  if (Array.isArray(def.options)) for (const option of def.options) keys.push(...inputKeys(option as z.ZodType, seen));
  return keys;
}

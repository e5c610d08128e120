import { DASHBOARD_CARD_IDS } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardPrefs } from '../../db/schema';
import { withTenant } from '../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession } from '../../test/factories';
import { normalizeCards } from './dashboard.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Prefs {
  cards: { id: string; visible: boolean }[];
  saved: boolean;
}
const PATH = '/api/v1/dashboard/prefs';
const DEFAULT_ORDER: string[] = [...DASHBOARD_CARD_IDS];

async function workspaceOf(token: string): Promise<string> {
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token });
  expect(me.status).toBe(200);
  return me.body.workspace.id;
}

describe('dashboard prefs', () => {
  it('returns the default layout until the user saves one, then the saved layout', async () => {
    const u = await createUserWithSession(t);
    const first = await api<Prefs>(t, 'GET', PATH, { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body.saved).toBe(false);
    expect(first.body.cards.map((c) => c.id)).toEqual(DEFAULT_ORDER);
    expect(first.body.cards.every((c) => c.visible)).toBe(true);

    // Reversed, with one card hidden.
    const layout = [...DEFAULT_ORDER].reverse().map((id) => ({ id, visible: id !== 'knowledge' }));
    const put = await api<Prefs>(t, 'PUT', PATH, { token: u.token, body: { cards: layout } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ cards: layout, saved: true });

    const again = await api<Prefs>(t, 'GET', PATH, { token: u.token });
    expect(again.body).toEqual({ cards: layout, saved: true });

    // A second save replaces the first (upsert, one row per user and workspace).
    const all = DEFAULT_ORDER.map((id) => ({ id, visible: id !== 'kpis' }));
    await api(t, 'PUT', PATH, { token: u.token, body: { cards: all } });
    const after = await api<Prefs>(t, 'GET', PATH, { token: u.token });
    expect(after.body.cards).toEqual(all);
    const rows = await t.database.query<{ n: string }>(
      'select count(*)::text as n from dashboard_prefs where user_id = $1',
      [u.id],
    );
    expect(rows[0]?.n).toBe('1');
  });

  it('keeps layouts per user: another member of the same workspace keeps the default', async () => {
    const owner = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    const workspaceId = await workspaceOf(owner.token);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      workspaceId,
      member.id,
    ]);
    const hidden = DEFAULT_ORDER.map((id) => ({ id, visible: id === 'tasks' }));
    expect((await api(t, 'PUT', PATH, { token: owner.token, body: { cards: hidden } })).status).toBe(200);

    const memberView = await api<Prefs>(t, 'GET', PATH, { token: member.token });
    expect(memberView.status).toBe(200);
    expect(memberView.body.saved).toBe(false);
    expect(memberView.body.cards.every((c) => c.visible)).toBe(true);
    const ownerView = await api<Prefs>(t, 'GET', PATH, { token: owner.token });
    expect(ownerView.body.cards).toEqual(hidden);
  });

  it("row-level security hides and refuses other workspaces' layouts", async () => {
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const wsA = await workspaceOf(a.token);
    const wsB = await workspaceOf(b.token);
    const cards = DEFAULT_ORDER.map((id) => ({ id, visible: true }));
    await api(t, 'PUT', PATH, { token: a.token, body: { cards } });
    await api(t, 'PUT', PATH, { token: b.token, body: { cards } });

    const seenByB = await withTenant(t.database, { workspaceId: wsB, userId: b.id }, (tx) =>
      tx.select().from(dashboardPrefs),
    );
    expect(seenByB.map((r) => r.workspaceId)).toEqual([wsB]);
    await expect(
      withTenant(t.database, { workspaceId: wsB, userId: b.id }, (tx) =>
        tx.insert(dashboardPrefs).values({ workspaceId: wsA, userId: b.id, cards: [] }),
      ),
    ).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('refuses bad layouts with a readable 400 and keeps what was saved', async () => {
    const u = await createUserWithSession(t);
    const good = DEFAULT_ORDER.map((id) => ({ id, visible: true }));
    await api(t, 'PUT', PATH, { token: u.token, body: { cards: good } });

    const bad: [unknown, RegExp][] = [
      [{ cards: good.slice(0, 3) }, /exactly once/],
      [{ cards: [...good.slice(0, -1), { id: 'kpis', visible: true }] }, /only once/],
      [{ cards: [...good.slice(0, -1), { id: 'weather', visible: true }] }, /.+/],
      [{ cards: good.map((c) => ({ ...c, visible: 'yes' })) }, /.+/],
      [{}, /.+/],
    ];
    for (const [body, message] of bad) {
      const res = await api<{ error: { code: string; message: string } }>(t, 'PUT', PATH, { token: u.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.message).toMatch(message);
    }
    const kept = await api<Prefs>(t, 'GET', PATH, { token: u.token });
    expect(kept.body.cards).toEqual(good);
  });

  it('requires a signed-in user', async () => {
    expect((await api(t, 'GET', PATH)).status).toBe(401);
    expect((await api(t, 'PUT', PATH, { body: { cards: [] } })).status).toBe(401);
  });

  it('makes a stored layout whole: unknown cards dropped, new cards appended visible', () => {
    expect(
      normalizeCards([
        { id: 'documents', visible: false },
        // a card removed in a later release, and a duplicate
        { id: 'weather' as 'kpis', visible: true },
        { id: 'documents', visible: true },
      ]),
    ).toEqual([
      { id: 'documents', visible: false },
      ...DEFAULT_ORDER.filter((id) => id !== 'documents').map((id) => ({ id, visible: true })),
    ]);
  });
});

import { DEFAULT_WIDGET_APPEARANCE, type WidgetAppearance, type WidgetInfo } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function owner(): Promise<{ user: TestUser; workspaceId: string }> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  expect(me.status).toBe(200);
  return { user, workspaceId: me.body.workspace.id };
}

const styled: WidgetAppearance = {
  greeting: 'Welcome to Harbor Road Rentals! Ask about viewings, rent or repairs.',
  accent_color: '#0F766E',
  suggested_questions: ['When is the leasing office open?', 'How do I report a repair?'],
  position: 'bottom-left',
};

async function config(publicId: string) {
  const res = await fetch(`${t.url}/functions/v1/widget-config?workspace=${encodeURIComponent(publicId)}`, {
    headers: { origin: 'https://owner-site.example' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

describe('widget appearance', () => {
  it('starts with the defaults, saves what an owner sets and serves only those display settings publicly', async () => {
    const { user } = await owner();
    const before = await api<WidgetAppearance>(t, 'GET', '/api/v1/widget/appearance', { token: user.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual(DEFAULT_WIDGET_APPEARANCE);

    const saved = await api<WidgetAppearance>(t, 'PUT', '/api/v1/widget/appearance', {
      token: user.token,
      body: { ...styled, greeting: `  ${styled.greeting}  ` },
    });
    expect(saved.status).toBe(200);
    // Trimmed, and the colour stored in one spelling.
    expect(saved.body).toEqual({ ...styled, accent_color: '#0f766e' });
    const again = await api<WidgetAppearance>(t, 'GET', '/api/v1/widget/appearance', { token: user.token });
    expect(again.body).toEqual(saved.body);

    // Saving created the widget id; the public config answers for it, to any origin, with nothing else.
    const widget = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: user.token });
    const pub = await config(widget.body.public_id);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
    expect(pub.body).toEqual(saved.body);
    expect(Object.keys(pub.body).sort()).toEqual(['accent_color', 'greeting', 'position', 'suggested_questions']);

    // Fewer questions later: the list is replaced, not merged.
    const fewer = await api<WidgetAppearance>(t, 'PUT', '/api/v1/widget/appearance', {
      token: user.token,
      body: { ...styled, suggested_questions: [] },
    });
    expect(fewer.body.suggested_questions).toEqual([]);
    expect((await config(widget.body.public_id)).body.suggested_questions).toEqual([]);
  });

  it('refuses a colour that is not #rrggbb, more than four questions, a long question and an unknown position', async () => {
    const { user } = await owner();
    const bad: [Partial<WidgetAppearance> & Record<string, unknown>, string][] = [
      [{ accent_color: 'red' }, 'accent_color'],
      [{ accent_color: '#12345' }, 'accent_color'],
      [{ accent_color: '#1d4ed8;background:url(//evil.example)' }, 'accent_color'],
      [{ suggested_questions: ['a?', 'b?', 'c?', 'd?', 'e?'] }, 'suggested_questions'],
      [{ suggested_questions: [`${'x'.repeat(120)}?`] }, 'suggested_questions'],
      [{ suggested_questions: ['   '] }, 'suggested_questions'],
      [{ position: 'top-left' as never }, 'position'],
      [{ greeting: '' }, 'greeting'],
      [{ greeting: 'g'.repeat(301) }, 'greeting'],
    ];
    for (const [change, field] of bad) {
      const res = await api<{ error: { code: string; details?: unknown } }>(t, 'PUT', '/api/v1/widget/appearance', {
        token: user.token,
        body: { ...styled, ...change },
      });
      expect(res.status, `${field}: ${JSON.stringify(change).slice(0, 60)}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    // Exactly four questions of 120 characters are fine.
    const edge = await api<WidgetAppearance>(t, 'PUT', '/api/v1/widget/appearance', {
      token: user.token,
      body: { ...styled, suggested_questions: Array.from({ length: 4 }, (_, i) => `${i}${'q'.repeat(119)}`) },
    });
    expect(edge.status).toBe(200);
    expect(edge.body.suggested_questions).toHaveLength(4);
    // Nothing of the refused attempts was stored.
    const stored = await api<WidgetAppearance>(t, 'GET', '/api/v1/widget/appearance', { token: user.token });
    expect(stored.body.accent_color).toBe('#0f766e');
  });

  it('lets owners and admins change it, not employees; each workspace keeps its own', async () => {
    const { user: boss, workspaceId } = await owner();
    const admin = await createUserWithSession(t);
    const employee = await createUserWithSession(t);
    await t.database.query(
      `insert into memberships (workspace_id, user_id, role) values ($1, $2, 'ADMIN'), ($1, $3, 'MEMBER')`,
      [workspaceId, admin.id, employee.id],
    );
    expect((await api(t, 'GET', '/api/v1/widget/appearance', { token: employee.token })).status).toBe(403);
    const refused = await api(t, 'PUT', '/api/v1/widget/appearance', { token: employee.token, body: styled });
    expect(refused.status).toBe(403);
    expect((await api(t, 'PUT', '/api/v1/widget/appearance', { body: styled })).status).toBe(401);

    const byAdmin = await api<WidgetAppearance>(t, 'PUT', '/api/v1/widget/appearance', {
      token: admin.token,
      body: styled,
    });
    expect(byAdmin.status).toBe(200);
    const seenByOwner = await api<WidgetAppearance>(t, 'GET', '/api/v1/widget/appearance', { token: boss.token });
    expect(seenByOwner.body.greeting).toBe(styled.greeting);

    // Another workspace: untouched defaults, and its public id serves its own settings.
    const { user: other } = await owner();
    const theirs = await api<WidgetAppearance>(t, 'GET', '/api/v1/widget/appearance', { token: other.token });
    expect(theirs.body).toEqual(DEFAULT_WIDGET_APPEARANCE);
    const theirWidget = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: other.token });
    expect((await config(theirWidget.body.public_id)).body).toEqual(DEFAULT_WIDGET_APPEARANCE);
  });

  it('answers widget_not_found for an unknown or replaced id, and follows a regenerated one', async () => {
    const { user } = await owner();
    await api(t, 'PUT', '/api/v1/widget/appearance', { token: user.token, body: styled });
    const first = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: user.token });
    const second = await api<WidgetInfo>(t, 'POST', '/api/v1/widget/regenerate', { token: user.token, body: {} });
    const old = await config(first.body.public_id);
    expect(old.status).toBe(404);
    expect((old.body.error as { code: string }).code).toBe('widget_not_found');
    expect((await config(second.body.public_id)).body.greeting).toBe(styled.greeting);
    expect((await config('hxw_does-not-exist')).status).toBe(404);
    expect((await config('short')).status).toBe(400);
    // The script fetches it cross-site: the preflight allows GET.
    const preflight = await fetch(`${t.url}/functions/v1/widget-chat`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('serves a script that applies the settings without inline styles in its markup', async () => {
    const script = await (await fetch(`${t.url}/widget.js`)).text();
    expect(script).toContain('/functions/v1/widget-config');
    expect(script).toContain('adoptedStyleSheets');
    expect(script).not.toMatch(/style="/);
  });
});

import {
  PUBLIC_DOCUMENT_UNAVAILABLE,
  WIDGET_DOCUMENT_IP_LIMIT,
  type WidgetChatOutput,
  type WidgetDocument,
  type WidgetInfo,
} from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestAndWait } from '../knowledge/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HELIXIS_TRUSTED_PROXIES: 'loopback' });
});
afterAll(async () => {
  await t?.close();
});

const HANDBOOK = [
  `# Rent\n\nRent is due on the first day of each month. ${'Residents can ask the office about payment plans. '.repeat(8)}`,
  `# Repairs\n\nReport a repair through the resident portal; urgent leaks are fixed the same day. ${'The maintenance team works weekdays. '.repeat(8)}`,
].join('\n\n');

/** GET /functions/v1/widget-document from a client address of its own (the test server trusts its proxy). */
async function read(workspace: string, document: string, ip: string) {
  const query = new URLSearchParams({ workspace, document });
  const res = await fetch(`${t.url}/functions/v1/widget-document?${query}`, { headers: { 'x-forwarded-for': ip } });
  const raw = await res.text();
  return { status: res.status, raw, body: JSON.parse(raw) as WidgetDocument & { error?: { message: string } } };
}

async function ownerWithWidget(): Promise<{ owner: TestUser; widget: string; publicDoc: string; privateDoc: string }> {
  const owner = await createUserWithSession(t);
  const handbook = await ingestAndWait(t, owner.token, 'maple-street-resident-handbook.md', HANDBOOK);
  const codes = await ingestAndWait(t, owner.token, 'Gate codes.txt', 'The back gate code is 4411.');
  const mark = await api(t, 'PUT', `/api/v1/documents/${handbook.id}/public`, {
    token: owner.token,
    body: { public: true },
  });
  expect(mark.status).toBe(200);
  const widget = await api<WidgetInfo>(t, 'GET', '/api/v1/widget', { token: owner.token });
  return { owner, widget: widget.body.public_id, publicDoc: handbook.id, privateDoc: codes.id };
}

describe('public passage view (widget sources)', () => {
  it('a widget source links to the cited passage of a public document, which anyone can read without internals', async () => {
    const { owner, widget, publicDoc } = await ownerWithWidget();
    const res = await fetch(`${t.url}/functions/v1/widget-chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ workspace: widget, message: 'How do I report a repair?' }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as WidgetChatOutput;
    // The repairs section is the handbook's second passage.
    expect(answer.sources).toEqual([
      { title: 'Maple street resident handbook', url: `/p/${widget}/documents/${publicDoc}#passage-2` },
    ]);

    const page = await read(widget, publicDoc, '198.51.100.1');
    expect(page.status).toBe(200);
    expect(page.body.title).toBe('Maple street resident handbook');
    // The sign-up default name is made from the owner's e-mail: not shown to visitors.
    expect(page.body.business_name).toBeNull();
    expect(page.body.passages.map((p) => p.number)).toEqual([1, 2]);
    expect(page.body.passages[1]?.heading_path).toEqual(['Repairs']);
    expect(page.body.passages[1]?.content).toContain('urgent leaks are fixed the same day');
    expect(Object.keys(page.body).sort()).toEqual(['business_name', 'passages', 'title']);
    expect(Object.keys(page.body.passages[0] ?? {}).sort()).toEqual(['content', 'heading_path', 'number']);
    for (const internal of ['maple-street-resident-handbook', '.md', '[Doc:', 'chunk', owner.email]) {
      expect(page.raw).not.toContain(internal);
    }

    // Once the owner names the business, visitors see that name.
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: owner.token });
    const renamed = await api(t, 'PATCH', `/api/v1/workspaces/${me.body.workspace.id}`, {
      token: owner.token,
      body: { name: 'Maple Street Homes' },
    });
    expect(renamed.status).toBe(200);
    expect((await read(widget, publicDoc, '198.51.100.1')).body.business_name).toBe('Maple Street Homes');
  });

  it('a private, foreign, unknown or malformed document and an unknown widget all answer the same 404', async () => {
    const mine = await ownerWithWidget();
    const other = await ownerWithWidget();
    const ip = '198.51.100.2';
    const missing = await read(mine.widget, '00000000-0000-4000-8000-000000000000', ip);
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(PUBLIC_DOCUMENT_UNAVAILABLE);
    const refusals = [
      await read(mine.widget, mine.privateDoc, ip),
      // Another workspace's public document through this widget's id.
      await read(mine.widget, other.publicDoc, ip),
      await read(mine.widget, 'not-a-document-id', ip),
      await read('hxw_no_such_widget_id', mine.publicDoc, ip),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    // Switched back to private, the public document is gone from the view too.
    await api(t, 'PUT', `/api/v1/documents/${mine.publicDoc}/public`, {
      token: mine.owner.token,
      body: { public: false },
    });
    const closed = await read(mine.widget, mine.publicDoc, ip);
    expect(closed.status).toBe(404);
    expect(closed.body).toEqual(missing.body);
    // A replaced widget id no longer opens documents.
    await api(t, 'PUT', `/api/v1/documents/${other.publicDoc}/public`, {
      token: other.owner.token,
      body: { public: true },
    });
    await api(t, 'POST', '/api/v1/widget/regenerate', { token: other.owner.token });
    expect((await read(other.widget, other.publicDoc, ip)).status).toBe(404);
  });

  it('is rate-limited per client address like the widget chat', async () => {
    const { widget, publicDoc } = await ownerWithWidget();
    const ip = '198.51.100.3';
    for (let i = 0; i < WIDGET_DOCUMENT_IP_LIMIT; i++) {
      expect((await read(widget, publicDoc, ip)).status).toBe(200);
    }
    const limited = await fetch(
      `${t.url}/functions/v1/widget-document?${new URLSearchParams({ workspace: widget, document: publicDoc })}`,
      { headers: { 'x-forwarded-for': ip } },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await read(widget, publicDoc, '198.51.100.4')).status).toBe(200);
  });
});

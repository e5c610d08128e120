import { type DocumentPassages, passageHref, passageNumber } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { ingestAndWait, searchFor, uploadFile } from '../test-helpers';

// Three sections, each long enough to be its own passage: the third holds the words searched and asked.
const HANDBOOK = [
  '# Maple Court handbook',
  '',
  '## Office hours',
  '',
  `${'The leasing office is open Monday to Friday from 9am to 5pm and on Saturday mornings. '.repeat(8)}`,
  '',
  '## Parking',
  '',
  `${'Each apartment includes one covered carport; visitors park on the street after 6pm. '.repeat(8)}`,
  '',
  '## Laundry',
  '',
  'The laundry room on the ground floor opens at 7am. Each wash costs $2.50 and each dryer cycle costs $1.75.',
].join('\n');

let t: TestApp;
let owner: TestUser;
let workspaceId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUserWithSession(t);
  workspaceId = (await api<any>(t, 'GET', '/api/v1/me', { token: owner.token })).body.workspace.id;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/documents/:id/passages (the document viewer, decision 033)', () => {
  it("returns the document's text in passage order with headings, numbered as search and chat number them", async () => {
    const doc = await ingestAndWait(t, owner.token, 'maple-court-handbook.md', HANDBOOK);
    expect(doc.status).toBe('READY');
    expect(doc.chunk_count).toBeGreaterThanOrEqual(3);

    const res = await api<DocumentPassages>(t, 'GET', `/api/v1/documents/${doc.id}/passages`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ id: doc.id, title: doc.title, status: 'READY' });
    const { passages } = res.body;
    expect(passages).toHaveLength(doc.chunk_count);
    expect(passages.map((p) => p.number)).toEqual(passages.map((_, i) => i + 1));
    expect(passages.map((p) => p.chunk_index)).toEqual(passages.map((_, i) => i));
    expect(passages[0]?.content).toContain('leasing office');
    const laundry = passages.find((p) => p.content.includes('dryer cycle costs $1.75'));
    expect(laundry?.heading_path.at(-1)).toBe('Laundry');

    // Search names the same passage with the same number.
    const [hit] = await searchFor(t, owner.token, 'dryer cycle');
    expect(hit?.document_id).toBe(doc.id);
    expect(passageNumber(hit?.chunk_index ?? -1)).toBe(laundry?.number);

    // A chat answer's source carries the document id; its chunk index opens the same passage.
    const chat = await api<any>(t, 'POST', '/functions/v1/chat-with-context', {
      token: owner.token,
      body: { messages: [{ role: 'user', content: 'How much does a dryer cycle cost?' }] },
    });
    expect(chat.status).toBe(200);
    const source = chat.body.sources.find((s: any) => s.kind === 'document');
    expect(source).toMatchObject({ document_id: doc.id, chunk_index: laundry?.chunk_index });
    expect(passageHref(source.document_id, source.chunk_index)).toBe(`/documents/${doc.id}?passage=${laundry?.number}`);
    // And the stored message keeps it (the thread reloads with working links).
    const stored = await api<any>(t, 'GET', `/api/v1/threads/${chat.body.thread_id}/messages`, { token: owner.token });
    expect(stored.body.messages.at(-1).sources[0].document_id).toBe(doc.id);
  });

  it('a document that failed has no passages, and says why', async () => {
    const res = await uploadFile(t, owner.token, 'empty.txt', '   ');
    expect(res.status).toBe(202);
    const id = res.body.document_id;
    const deadline = Date.now() + 20_000;
    let body: DocumentPassages;
    for (;;) {
      body = (await api<DocumentPassages>(t, 'GET', `/api/v1/documents/${id}/passages`, { token: owner.token })).body;
      if (body.document.status !== 'PENDING' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(body.document.status).toBe('failed');
    expect(body.document.error).toBeTruthy();
    expect(body.passages).toEqual([]);
  });

  it('lets any member read it, but no one outside the workspace, and no one signed out', async () => {
    const [doc] = (await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token })).body.documents;
    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      workspaceId,
      employee.id,
    ]);
    const asEmployee = await api<DocumentPassages>(t, 'GET', `/api/v1/documents/${doc.id}/passages`, {
      token: employee.token,
      headers: { 'x-workspace-id': workspaceId },
    });
    expect(asEmployee.status).toBe(200);
    expect(asEmployee.body.document.id).toBe(doc.id);

    const stranger = await createUserWithSession(t);
    expect((await api(t, 'GET', '/api/v1/me', { token: stranger.token })).status).toBe(200);
    const other = await api<any>(t, 'GET', `/api/v1/documents/${doc.id}/passages`, { token: stranger.token });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Maple Court');

    expect((await api(t, 'GET', `/api/v1/documents/${doc.id}/passages`)).status).toBe(401);
    expect((await api(t, 'GET', '/api/v1/documents/not-a-uuid/passages', { token: owner.token })).status).toBe(400);
  });
});

import type { KnowledgeDocument, RagAnswerOutput } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { makeDocx, makePdf } from '../test-files';
import { ingestAndWait, searchFor } from '../test-helpers';
import { coreXmlTitle, parseDocument, titleFromFileName } from './parsers';

describe('the title a document gives itself', () => {
  it('Markdown: the first level-1 heading, else the first heading', async () => {
    const md = (text: string) => parseDocument('md', Buffer.from(text));
    expect((await md('Intro line\n\n## Contents\n\n# Maple **Court** Handbook\n\nText.')).title).toBe(
      'Maple Court Handbook',
    );
    expect((await md('## Pet rules\n\nCats welcome.\n\n### Dogs\n\nSmall ones.')).title).toBe('Pet rules');
    expect((await md('Just text, no heading.')).title).toBeUndefined();
  });

  it("PDF: the metadata Title; Word's export prefix and placeholders are not titles", async () => {
    const pages = [['Quiet hours run from 10 pm to 7 am.']];
    expect((await parseDocument('pdf', await makePdf(pages, { title: 'Resident Handbook 2026' }))).title).toBe(
      'Resident Handbook 2026',
    );
    expect(
      (await parseDocument('pdf', await makePdf(pages, { title: 'Microsoft Word - pet_policy-final.docx' }))).title,
    ).toBe('pet policy final');
    expect((await parseDocument('pdf', await makePdf(pages, { title: 'Untitled' }))).title).toBeUndefined();
    expect((await parseDocument('pdf', await makePdf(pages))).title).toBeUndefined();
  });

  it('DOCX: docProps/core.xml dc:title, else the first heading', async () => {
    const paragraphs = [{ heading: 1 as const, text: 'Office guide' }, { text: 'The office opens at 9 am.' }];
    expect((await parseDocument('docx', makeDocx(paragraphs, { title: 'Leasing & Office Guide' }))).title).toBe(
      'Leasing & Office Guide',
    );
    expect((await parseDocument('docx', makeDocx(paragraphs))).title).toBe('Office guide');
    expect((await parseDocument('docx', makeDocx([{ text: 'No headings here.' }]))).title).toBeUndefined();
    expect(coreXmlTitle('<cp:x><dc:title>Caf&#233; &amp; &lt;Pool&gt; rules</dc:title></cp:x>')).toBe(
      'Café & <Pool> rules',
    );
    expect(coreXmlTitle('<cp:x><dc:title></dc:title></cp:x>')).toBeUndefined();
  });

  it('otherwise the file name without its extension, readable', () => {
    expect(titleFromFileName('resident_handbook-2026.pdf')).toBe('resident handbook 2026');
    expect(titleFromFileName('Pet Policy.txt')).toBe('Pet Policy');
    expect(titleFromFileName('C:\\docs\\rent rules.md')).toBe('rent rules');
    expect(titleFromFileName('.txt')).toBe('.txt');
  });
});

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

const rename = (id: string, body: unknown, token = owner.token) =>
  api<KnowledgeDocument & { error: { code: string; message: string } }>(t, 'PATCH', `/api/v1/documents/${id}`, {
    token,
    body,
  });

describe('uploads are titled by their contents', () => {
  it('names Markdown, PDF and Word files by their heading or metadata, plain text by its file name', async () => {
    const md = await ingestAndWait(
      t,
      owner.token,
      'handbook_v3.md',
      '# Larkspur Gardens Handbook\n\nThe laundry room opens at 6 am.\n',
    );
    expect(md).toMatchObject({ status: 'READY', title: 'Larkspur Gardens Handbook' });
    const pdf = await ingestAndWait(
      t,
      owner.token,
      'scan0042.pdf',
      await makePdf([['Bicycles are stored in the basement cage.']], { title: 'Bicycle Storage Rules' }),
    );
    expect(pdf).toMatchObject({ status: 'READY', title: 'Bicycle Storage Rules' });
    const docx = await ingestAndWait(
      t,
      owner.token,
      'Document1.docx',
      makeDocx([{ text: 'Recycling goes out on Thursday evenings.' }], { title: 'Recycling Schedule' }),
    );
    expect(docx).toMatchObject({ status: 'READY', title: 'Recycling Schedule' });
    const txt = await ingestAndWait(t, owner.token, 'snow_removal-plan.txt', 'Snow is cleared from paths by 8 am.');
    expect(txt).toMatchObject({ status: 'READY', title: 'snow removal plan' });

    // The title is what the ranking's title weight sees: its words find the document.
    const [hit] = await searchFor(t, owner.token, 'larkspur');
    expect(hit).toMatchObject({ document_id: md.id, document_title: 'Larkspur Gardens Handbook' });
    expect(hit?.matched_terms).toEqual(['larkspur']);
  });
});

describe('PATCH /api/v1/documents/:id renames a document', () => {
  it('re-indexes the title: search ranks and answers cite by the new title, the old one is gone', async () => {
    const doc = await ingestAndWait(
      t,
      owner.token,
      'notes.txt',
      'Residents may reserve the rooftop terrace for private events with two weeks notice.',
    );
    expect(doc.title).toBe('notes');
    const [before] = await t.database.query<{ chunks: string; length: string }>(
      'select chunk_count::text as chunks, total_length::text as length from knowledge_stats where workspace_id = $1',
      [workspaceId],
    );
    expect(await searchFor(t, owner.token, 'quokka')).toEqual([]);

    const res = await rename(doc.id, { title: '  Quokka Terrace Booking  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: doc.id, title: 'Quokka Terrace Booking', status: 'READY', chunk_count: 1 });

    // Search: the new title's words now match (title weight 3), the old title's no longer do.
    const [hit] = await searchFor(t, owner.token, 'quokka');
    expect(hit).toMatchObject({ document_id: doc.id, document_title: 'Quokka Terrace Booking', chunk_index: 0 });
    expect(await searchFor(t, owner.token, 'notes')).toEqual([]);
    // Statistics stay exact: same chunk count; the length changes by the title's terms × 3.
    const [after] = await t.database.query<{ chunks: string; length: string }>(
      'select chunk_count::text as chunks, total_length::text as length from knowledge_stats where workspace_id = $1',
      [workspaceId],
    );
    expect(after?.chunks).toBe(before?.chunks);
    expect(Number(after?.length) - Number(before?.length)).toBe((3 - 1) * 3);
    const [df] = await t.database.query<{ quokka: number; note: number | null }>(
      `select (select df from knowledge_terms where workspace_id = $1 and lexeme = 'quokka') as quokka,
              (select df from knowledge_terms where workspace_id = $1 and lexeme = 'note') as note`,
      [workspaceId],
    );
    expect(df).toEqual({ quokka: 1, note: null });

    // Answers cite the document under its new title.
    const answer = await api<RagAnswerOutput>(t, 'POST', '/functions/v1/rag-answer', {
      token: owner.token,
      body: { query: 'Can residents reserve the rooftop terrace?' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.sources.map((s) => s.title)).toContain('Quokka Terrace Booking');
    expect(JSON.stringify(answer.body)).not.toContain('notes');

    // The list shows it; renaming to the same title changes nothing.
    const list = await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token });
    expect(list.body.documents.find((d: KnowledgeDocument) => d.id === doc.id)?.title).toBe('Quokka Terrace Booking');
    expect((await rename(doc.id, { title: 'Quokka Terrace Booking' })).status).toBe(200);
  });

  it('refuses an empty or too long title with a clear 400, and an unknown document with 404', async () => {
    const doc = await ingestAndWait(t, owner.token, 'short.txt', 'The gym opens at 5 am.');
    const empty = await rename(doc.id, { title: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'validation_failed', message: 'title: A title is required.' });
    const long = await rename(doc.id, { title: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('title: A title can have at most 200 characters.');
    expect((await rename(doc.id, {})).status).toBe(400);
    expect((await rename(doc.id, { title: 'Gym', extra: true })).status).toBe(400);
    expect((await rename('7a4b6b52-4f5e-4f6a-9d55-2f4c3c1a0b11', { title: 'Gym' })).status).toBe(404);
    expect((await rename(doc.id, { title: 'y'.repeat(200) })).status).toBe(200);
  });

  it('is for managers and owners of the workspace only', async () => {
    const doc = await ingestAndWait(t, owner.token, 'members.txt', 'Package lockers are in the lobby.');
    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      workspaceId,
      employee.id,
    ]);
    const refused = await rename(doc.id, { title: 'Lockers' }, employee.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_role');

    // Another workspace's owner cannot reach the document at all.
    const stranger = await createUserWithSession(t);
    await api(t, 'GET', '/api/v1/me', { token: stranger.token });
    expect((await rename(doc.id, { title: 'Lockers' }, stranger.token)).status).toBe(404);
    const [row] = await t.database.query<{ title: string }>('select title from documents where id = $1', [doc.id]);
    expect(row?.title).toBe('members');
  });
});

describe('a PDF page break', () => {
  it('joins a sentence broken by the end of a page, and keeps a paragraph that ended with its page apart', async () => {
    const pdf = await makePdf([
      ['Payments', 'You can pay by card in the portal. We do not'],
      ['accept cash, personal checks or money orders at our office.', 'Keys are cut at the office.'],
      ['Laundry rooms close at 10 pm.'],
    ]);
    const { blocks } = await parseDocument('pdf', pdf);
    const texts = blocks.filter((b) => b.kind === 'text').map((b) => b.text);
    const joined = texts.join('\n');
    expect(joined).toContain('We do not accept cash, personal checks or money orders at our office.');
    expect(texts.some((t) => /^accept cash/.test(t))).toBe(false);
    expect(texts.some((t) => t.startsWith('Laundry rooms close'))).toBe(true);
  });
});

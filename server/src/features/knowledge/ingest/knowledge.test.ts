import { KNOWLEDGE_LIMITS, REALTIME_PATH, type RealtimeEvent, type RealtimeMessage } from '@helixis/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { makeDocx, makePdf, makeXlsx, makeZipBombDocx } from '../test-files';
import { ingestAndWait, searchFor, uploadFile, waitForDocument } from '../test-helpers';
import { ingestTexts } from './bulk';
import { ingestTextForWorkspace } from './requests';

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

async function indexCounts(ws: string) {
  const [row] = await t.database.query<Record<string, string>>(
    `select (select count(*) from documents where workspace_id = $1)::text as documents,
            (select count(*) from document_uploads where workspace_id = $1)::text as uploads,
            (select count(*) from document_chunks where workspace_id = $1)::text as chunks,
            (select coalesce(sum(cardinality(chunk_ids)), 0) from posting_blocks where workspace_id = $1)::text as postings,
            (select count(*) from knowledge_terms where workspace_id = $1)::text as terms,
            (select coalesce(sum(df), 0) from knowledge_terms where workspace_id = $1)::text as df_sum,
            (select coalesce(max(chunk_count), 0) from knowledge_stats where workspace_id = $1)::text as stat_chunks,
            (select coalesce(max(total_length), 0) from knowledge_stats where workspace_id = $1)::text as stat_length`,
    [ws],
  );
  return row;
}

describe('ingest: every format becomes searchable chunks', () => {
  it('reads a PDF text layer, page by page', async () => {
    const pdf = await makePdf([
      ['Pet policy', 'Cats and dogs under 30 lbs are welcome with a refundable deposit.'],
      ['Parking', 'Each unit includes one covered carport for residents.'],
    ]);
    const res = await uploadFile(t, owner.token, 'Resident Handbook.pdf', pdf, { contentType: 'application/pdf' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'PENDING', chunks: 0, error: null });
    expect(res.body.document).toMatchObject({ title: 'Resident Handbook.pdf', bytes: pdf.length, status: 'PENDING' });

    const doc = await waitForDocument(t, owner.token, res.body.document_id);
    // A PDF without a metadata title is named by its file, without the extension.
    expect(doc).toMatchObject({ status: 'READY', error: null, title: 'Resident Handbook' });
    expect(doc.chunk_count).toBeGreaterThanOrEqual(1);

    const [hit] = await searchFor(t, owner.token, 'covered carport');
    expect(hit).toMatchObject({
      document_id: doc.id,
      document_title: 'Resident Handbook',
      matched_terms: ['covered', 'carport'],
    });
    expect(hit?.heading_path[0]).toMatch(/^Page [12]$/);
    expect(hit?.snippet).toContain('carport');
  });

  it('makes words a PDF hyphenated at the end of a line whole again, so search finds them', async () => {
    const pdf = await makePdf([
      [
        'Service requests',
        'Submit every plumbing mainte-',
        'nance request through the res-',
        'ident portal; the on-',
        'call technician answers within the hour. Only members of your househ-',
        'old may use the parking permit.',
      ],
    ]);
    const doc = await ingestAndWait(t, owner.token, 'Hyphenated Guide.pdf', pdf);
    expect(doc.status).toBe('READY');
    const [hit] = await searchFor(t, owner.token, 'plumbing maintenance resident portal');
    expect(hit).toMatchObject({ document_id: doc.id });
    expect(hit?.matched_terms).toEqual(expect.arrayContaining(['plumbing', 'maintenance', 'resident', 'portal']));
    expect(hit?.snippet).toContain('maintenance request through the resident portal; the on-call technician');
    // "old" also closes compounds ("30-year-old"), but the dictionary knows "household" as one word.
    const [permit] = await searchFor(t, owner.token, 'household parking permit');
    expect(permit?.matched_terms).toEqual(expect.arrayContaining(['household', 'parking', 'permit']));
  });

  it("mends a typing slip in a search from the workspace's own words and says so", async () => {
    const owner2 = await createUserWithSession(t);
    await ingestAndWait(
      t,
      owner2.token,
      'Laundry.txt',
      'The laundry room in Building B opens at 7 a.m. every day. Report broken machines to maintenance.',
    );
    const res = await api<{ results: { document_title: string }[]; rewrite: unknown }>(
      t,
      'POST',
      '/functions/v1/search',
      {
        token: owner2.token,
        body: { query: 'laundyr room hours' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.rewrite).toEqual({
      original: 'laundyr room hours',
      rewritten: 'laundry room hours',
      method: 'spelling',
    });
    expect(res.body.results[0]?.document_title).toBe('Laundry');
    const mend = async (query: string) =>
      (
        await api<{ rewrite: { rewritten: string } | null }>(t, 'POST', '/functions/v1/search', {
          token: owner2.token,
          body: { query },
        })
      ).body.rewrite?.rewritten;
    // Two letters off, but one edit from the same stem: written as the document writes it.
    expect(await mend('call maintanence')).toBe('call maintenance');
    // A word the documents never use, one swap from a dictionary word.
    expect(await mend('the washer wieghs a lot')).toBe('the washer weighs a lot');
    // A word the documents lack and no slip of a known word stays as typed.
    expect(await mend('jacuzzi hours')).toBeUndefined();
    // A long question is not searched for slips beyond its first four (each costs hundreds of lookups).
    expect(await mend('laundyr biulding evrey mahcines brokne')).toBe('laundry building every machines brokne');
    // Words WordNet knows only through an irregular form are not "mended" into made-up ones.
    expect(await mend('we underpaid for the tomatoes')).toBeUndefined();
    // …nor irregular past forms and "-ever" words, which WordNet's index leaves out.
    expect(await mend('what happens if i get caught smoking')).toBeUndefined();
    expect(await mend('can maintenance come in whenever they want')).toBeUndefined();
    // Chat shorthand is written out: no document says "wknds".
    expect(await mend('any wknds i cant move')).toBe('any weekends i cant move');
    // …and so are bedrooms: "2br" is a two-bedroom.
    expect(await mend('how much for a 2br')).toBe('how much for a 2-bedroom');
  });

  it('reads a DOCX with its heading structure', async () => {
    const docx = makeDocx([
      { heading: 1, text: 'Office hours' },
      { text: 'The leasing office is open Monday to Friday from 9am to 5pm. '.repeat(6) },
      { heading: 2, text: 'Emergencies' },
      { text: 'After hours, call the zephyr hotline for burst pipes and lockouts.' },
    ]);
    const doc = await ingestAndWait(t, owner.token, 'Office Guide.docx', docx);
    expect(doc.status).toBe('READY');
    expect(doc.chunk_count).toBe(2);
    const [hit] = await searchFor(t, owner.token, 'zephyr hotline');
    expect(hit).toMatchObject({
      document_id: doc.id,
      chunk_index: 1,
      heading_path: ['Office hours', 'Emergencies'],
      matched_terms: ['zephyr', 'hotline'],
    });
  });

  it('reads an XLSX sheet by sheet, rows with their headers', async () => {
    const xlsx = await makeXlsx({
      Units: [
        ['Unit', 'Rent', 'Bedrooms'],
        ['Maplewood 101', 1200, 2],
        ['Maplewood 102', 1500, 3],
      ],
      Fees: [
        ['Fee', 'Amount'],
        ['Quokka late fee', 50],
      ],
    });
    const doc = await ingestAndWait(t, owner.token, 'Rent Roll.xlsx', xlsx);
    expect(doc.status).toBe('READY');
    const [hit] = await searchFor(t, owner.token, 'quokka');
    expect(hit?.document_id).toBe(doc.id);
    expect(hit?.snippet).toContain('Fee: Quokka late fee; Amount: 50');
    const [rent] = await searchFor(t, owner.token, 'maplewood 1,500');
    expect(rent?.snippet).toContain('Unit: Maplewood 102; Rent: 1500; Bedrooms: 3');
  });

  it('reads CSV, Markdown and plain text', async () => {
    const csv = await ingestAndWait(
      t,
      owner.token,
      'vendors.csv',
      'Vendor,Phone\nWombat Plumbing,555-0101\nKiwi Electric,555-0102\n',
    );
    const md = await ingestAndWait(
      t,
      owner.token,
      'faq.md',
      '# FAQ\n\n## Deposits\n\nThe security deposit equals one month of rent and is held in a narwhal escrow account.\n',
    );
    const txt = await ingestAndWait(
      t,
      owner.token,
      'notes.txt',
      'Trash pickup is on Tuesdays.\n\nRecycling on axolotl Thursdays.',
    );
    for (const doc of [csv, md, txt]) expect(doc.status).toBe('READY');

    expect((await searchFor(t, owner.token, 'wombat'))[0]).toMatchObject({ document_id: csv.id });
    expect((await searchFor(t, owner.token, 'narwhal escrow'))[0]).toMatchObject({
      document_id: md.id,
      heading_path: ['FAQ', 'Deposits'],
    });
    expect((await searchFor(t, owner.token, 'axolotl recycling'))[0]).toMatchObject({ document_id: txt.id });
  });

  it('adds a text from another feature through the same path (ingestText)', async () => {
    const out = await ingestTextForWorkspace(
      { deps: t.deps, workspaceId, userId: owner.id, log: t.deps.log },
      { title: 'Owner notes', text: 'Our pangolin policy: no exotic pets without approval.', source: 'facts' },
    );
    const doc = await waitForDocument(t, owner.token, out.document_id);
    expect(doc).toMatchObject({ title: 'Owner notes', status: 'READY', chunk_count: 1 });
    expect((await searchFor(t, owner.token, 'pangolin'))[0]?.document_title).toBe('Owner notes');
  });
});

describe('ingest: bad input is refused clearly and leaves nothing half-written', () => {
  it('marks an unreadable PDF failed with a reason, with no chunks, postings or statistics', async () => {
    const before = await indexCounts(workspaceId);
    const res = await uploadFile(t, owner.token, 'broken.pdf', Buffer.from('%PDF-1.7\nthis is not really a pdf'));
    expect(res.status).toBe(202);
    const doc = await waitForDocument(t, owner.token, res.body.document_id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toBe('This PDF could not be read. It may be damaged or password-protected.');
    expect(doc.chunk_count).toBe(0);
    const after = await indexCounts(workspaceId);
    expect(after).toEqual({ ...before, documents: String(Number(before?.documents) + 1) });
  });

  it('fails a PDF without a text layer with a hint', async () => {
    const doc = await ingestAndWait(t, owner.token, 'scan.pdf', await makePdf([[]]));
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/no text layer/);
  });

  it('refuses a DOCX zip bomb before it is inflated by the parser', async () => {
    const before = await indexCounts(workspaceId);
    const bomb = makeZipBombDocx();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const doc = await ingestAndWait(t, owner.token, 'bomb.docx', bomb);
    expect(doc.status).toBe('failed');
    expect(doc.error).toBe(
      `This file unpacks to more than ${KNOWLEDGE_LIMITS.maxUnzippedBytes / 1024 / 1024} MB and was not processed.`,
    );
    const after = await indexCounts(workspaceId);
    expect(after?.chunks).toBe(before?.chunks);
    expect(after?.uploads).toBe('0');
  });

  it('refuses a file over the upload cap with 413 and stores nothing', async () => {
    const before = await indexCounts(workspaceId);
    const res = await uploadFile(t, owner.token, 'huge.txt', Buffer.alloc(KNOWLEDGE_LIMITS.maxUploadBytes + 1, 'a'));
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'file_too_large',
      message: 'This file is too large. The largest file you can upload is 20 MB.',
    });
    expect(await indexCounts(workspaceId)).toEqual(before);
  });

  it('refuses images and unknown types with 400 before storing anything', async () => {
    const before = await indexCounts(workspaceId);
    const png = await uploadFile(t, owner.token, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), {
      contentType: 'image/png',
    });
    expect(png.status).toBe(400);
    expect(png.body.error.code).toBe('images_not_supported');
    expect(png.body.error.message).toMatch(/^Images are not supported yet/);
    const exe = await uploadFile(t, owner.token, 'setup.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect(exe.body.error).toMatchObject({ code: 'unsupported_file_type' });
    expect(exe.body.error.message).toContain('".exe"');
    const wrongField = await uploadFile(t, owner.token, 'a.txt', 'hello', { field: 'upload' });
    expect(wrongField.status).toBe(400);
    const empty = await uploadFile(t, owner.token, 'empty.txt', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('This file is empty.');
    expect(await indexCounts(workspaceId)).toEqual(before);
  });

  it('fails a corrupt .doc with a readable reason', async () => {
    const doc = await ingestAndWait(t, owner.token, 'old.doc', Buffer.from('definitely not an OLE2 compound file'));
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/could not be read/);
  });

  it('refuses a JSON ingest without a url, and a workspace id that is not the caller’s', async () => {
    const empty = await api<any>(t, 'POST', '/functions/v1/ingest', { token: owner.token, body: { url: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('URL ingestion needs a non-empty value.');
    const other = await uploadFile(t, owner.token, 'a.txt', 'hello', {
      query: '?workspaceId=00000000-0000-4000-8000-000000000001',
    });
    expect(other.status).toBe(403);
  });
});

describe('documents list and delete', () => {
  it('lists the workspace’s documents newest first with size, status, chunk count and error', async () => {
    const res = await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token });
    expect(res.status).toBe(200);
    const docs = res.body.documents as any[];
    expect(res.body.total).toBe(docs.length);
    const times = docs.map((d) => Date.parse(d.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const failed = docs.find((d) => d.title === 'broken.pdf');
    expect(failed).toMatchObject({ status: 'failed', chunk_count: 0 });
    expect(failed.error).toMatch(/could not be read/);
    expect(docs.find((d) => d.title === 'notes')).toMatchObject({ status: 'READY', bytes: 61, chunk_count: 1 });
  });

  it('removes chunks, postings, document frequencies and statistics exactly as they were before the upload', async () => {
    const before = await indexCounts(workspaceId);
    const doc = await ingestAndWait(
      t,
      owner.token,
      'temporary.md',
      `${'# Temporary\n\nThe rent for maplewood includes water. '.repeat(3)}\n\n## Other\n\nUnique capybara term.`,
    );
    const during = await indexCounts(workspaceId);
    expect(Number(during?.chunks)).toBeGreaterThan(Number(before?.chunks));
    expect(Number(during?.terms)).toBeGreaterThan(Number(before?.terms));
    expect((await searchFor(t, owner.token, 'capybara')).map((h) => h.document_id)).toEqual([doc.id]);

    const del = await api<any>(t, 'DELETE', `/api/v1/documents/${doc.id}`, { token: owner.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: doc.id, deleted: true });
    expect(await indexCounts(workspaceId)).toEqual(before);
    expect(await searchFor(t, owner.token, 'capybara')).toEqual([]);
    expect((await api(t, 'GET', `/api/v1/documents/${doc.id}`, { token: owner.token })).status).toBe(404);
    expect((await api(t, 'DELETE', `/api/v1/documents/${doc.id}`, { token: owner.token })).status).toBe(404);
  });

  it('lets employees search but not list, upload or delete (managers and owners manage documents)', async () => {
    const employee = await createUserWithSession(t);
    await t.database.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      workspaceId,
      employee.id,
    ]);
    const list = await api<any>(t, 'GET', '/api/v1/documents', { token: employee.token });
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('insufficient_role');
    expect((await uploadFile(t, employee.token, 'x.txt', 'hello')).status).toBe(403);
    const [any] = (await api<any>(t, 'GET', '/api/v1/documents', { token: owner.token })).body.documents;
    expect((await api(t, 'DELETE', `/api/v1/documents/${any.id}`, { token: employee.token })).status).toBe(403);
    expect((await searchFor(t, employee.token, 'wombat'))[0]?.document_title).toBe('vendors');
  });

  it('needs a signed-in user', async () => {
    expect((await api(t, 'GET', '/api/v1/documents')).status).toBe(401);
    expect((await api(t, 'POST', '/functions/v1/search', { body: { query: 'x' } })).status).toBe(401);
    const res = await fetch(`${t.url}/functions/v1/ingest`, { method: 'POST', body: new FormData() });
    expect(res.status).toBe(401);
  });
});

describe('quotas', () => {
  it('refuses a new document once the workspace holds the maximum number of documents', async () => {
    const user = await createUserWithSession(t);
    const ws = (await api<any>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;
    await t.database.query(
      `insert into documents (workspace_id, title, format, source, status)
       select $1, 'filler ' || g, 'txt', 'upload', 'READY' from generate_series(1, $2::int) g`,
      [ws, KNOWLEDGE_LIMITS.maxDocumentsPerWorkspace],
    );
    const res = await uploadFile(t, user.token, 'one-more.txt', 'hello');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('knowledge_quota_exceeded');
    expect((await indexCounts(ws))?.documents).toBe(String(KNOWLEDGE_LIMITS.maxDocumentsPerWorkspace));
  });

  it('fails a document that would take the workspace past its chunk quota, writing nothing', async () => {
    const user = await createUserWithSession(t);
    const ws = (await api<any>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;
    await t.database.query(`insert into knowledge_stats (workspace_id, chunk_count, total_length) values ($1, $2, 0)`, [
      ws,
      KNOWLEDGE_LIMITS.maxChunksPerWorkspace,
    ]);
    const doc = await ingestAndWait(t, user.token, 'over.txt', 'One more chunk about gerbils.');
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/limit of 500,000 chunks/);
    expect(await indexCounts(ws)).toMatchObject({ chunks: '0', postings: '0', terms: '0' });
  });
});

describe('realtime', () => {
  it('publishes document.status PENDING → READY and document.deleted to the workspace', async () => {
    const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}${REALTIME_PATH}?access_token=${owner.token}`);
    const messages: RealtimeMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    const events = () => messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
    const waitFor = async (probe: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!probe()) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    try {
      await waitFor(() => messages.some((m) => m.kind === 'ready'));
      const doc = await ingestAndWait(t, owner.token, 'live.txt', 'Realtime test document about ocelots.');
      const mine = (e: RealtimeEvent) => 'documentId' in e && e.documentId === doc.id;
      await waitFor(() => events().filter(mine).length >= 2);
      expect(events().filter(mine)).toEqual([
        { type: 'document.status', workspaceId, documentId: doc.id, status: 'PENDING', chunkCount: 0 },
        { type: 'document.status', workspaceId, documentId: doc.id, status: 'READY', chunkCount: 1 },
      ]);
      await api(t, 'DELETE', `/api/v1/documents/${doc.id}`, { token: owner.token });
      await waitFor(() => events().filter(mine).length >= 3);
      expect(events().filter(mine)[2]).toEqual({ type: 'document.deleted', workspaceId, documentId: doc.id });

      // A bulk import publishes every document's READY in one statement: each one still arrives.
      const scope = { deps: t.deps, workspaceId, userId: null, log: t.deps.log };
      const texts = ['Lynx notes.', 'Caracal notes, longer.', 'Serval notes, the longest of the three.'];
      const ids = await ingestTexts(
        scope,
        texts.map((text, i) => ({ title: `bulk ${i}`, text })),
        { source: 'test' },
      );
      const ready = () =>
        events().filter((e) => e.type === 'document.status' && e.status === 'READY' && ids.includes(e.documentId));
      await waitFor(() => ready().length >= 3);
      expect(ready()).toEqual(
        ids.map((id) => ({ type: 'document.status', workspaceId, documentId: id, status: 'READY', chunkCount: 1 })),
      );
    } finally {
      ws.terminate();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEmbeddings } from '../../../llm/fake-embeddings';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, ownerContext, type TestUser } from '../../../test/factories';
import { ingestAndWait, searchFor } from '../test-helpers';
import { hasVectorColumn } from './embeddings.repo';
import { EMBED_BATCH, vectorSearch } from './embeddings.service';

/**
 * A local OpenAI-compatible /v1/embeddings with deterministic vectors: how often each topic word
 * occurs, plus a small constant so no vector is zero.
 */
const TOPICS = ['boiler', 'heating', 'rent', 'pets'];
function fakeVector(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [...TOPICS.map((t) => words.filter((w) => w === t).length), 0.1];
}

let fake: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let fakeUrl: string;
const requests: string[][] = [];

const DOCS_A = {
  'boiler.txt': 'The boiler is serviced every autumn. Boiler trouble goes to the contractor.',
  'heating.txt': 'Heating runs from October to April; heating complaints go to maintenance.',
  'rent.txt': 'Rent is due on the first. Late rent costs a fee.',
};
const DOCS_B = { 'pets.txt': 'Pets are welcome with a deposit. The boiler room is closed.' };

async function workspaceOf(t: TestApp, user: TestUser): Promise<string> {
  return (await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;
}

async function embeddedCount(t: TestApp, documentId: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>(
    'select count(*)::int as n from chunk_embeddings where document_id = $1',
    [documentId],
  );
  return rows[0]?.n ?? 0;
}

async function waitForEmbeddings(t: TestApp, documentId: string, expected: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await embeddedCount(t, documentId)) < expected) {
    if (Date.now() > deadline) throw new Error(`document ${documentId} has no vectors after 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function embedJobs(t: TestApp): Promise<number> {
  const rows = await t.database.query<{ n: number }>(
    `select count(*)::int as n from job_status where name = 'knowledge.embed'`,
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  fake = await startFakeEmbeddings(fakeVector, { onRequest: (r) => requests.push(r.input) });
  fakeUrl = fake.baseUrl;
});
afterAll(() => {
  fake?.close();
});

describe('chunk embeddings when a model is configured', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let workspaceA: string;
  let workspaceB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ HELIXIS_LLM_BASE_URL: fakeUrl, HELIXIS_EMBEDDING_MODEL: 'fake-embed' });
    a = await createUserWithSession(t);
    b = await createUserWithSession(t);
    workspaceA = await workspaceOf(t, a);
    workspaceB = await workspaceOf(t, b);
    for (const [name, text] of Object.entries(DOCS_A)) {
      const doc = await ingestAndWait(t, a.token, name, text);
      expect(doc.status).toBe('READY');
      ids[name] = doc.id;
    }
    for (const [name, text] of Object.entries(DOCS_B)) ids[name] = (await ingestAndWait(t, b.token, name, text)).id;
    for (const id of Object.values(ids)) await waitForEmbeddings(t, id, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('computes vectors in a separate job after READY, in batches, and stores them per chunk', async () => {
    expect(await embedJobs(t)).toBe(Object.keys(ids).length);
    const rows = await t.database.query<{ workspace_id: string; model: string; dims: number; embedding: number[] }>(
      'select workspace_id, model, dims, embedding from chunk_embeddings where document_id = $1',
      [ids['boiler.txt']],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ workspace_id: workspaceA, model: 'fake-embed', dims: 5 });
    // title + text, as indexed: "boiler.txt" contributes one more "boiler"
    expect(rows[0]?.embedding.map((x) => Math.round(Number(x) * 10) / 10)).toEqual([3, 0, 0, 0, 0.1]);
    expect(requests.length).toBeGreaterThan(0);
    for (const input of requests) expect(input.length).toBeLessThanOrEqual(EMBED_BATCH);
  });

  it('finds the nearest chunks of the own workspace by cosine, with pgvector where installed and in the application', async () => {
    const available = await t.database.query<{ found: boolean }>(
      `select exists (select 1 from pg_available_extensions where name = 'vector') as found`,
    );
    const pgvector = await hasVectorColumn(t.database);
    expect(pgvector).toBe(available[0]?.found === true);
    // PGlite ships pgvector; Debian's PostgreSQL 15 here does not.
    if (t.database.kind === 'pglite') expect(pgvector).toBe(true);

    const ctx = ownerContext(t, a, workspaceA);
    const app = await vectorSearch(ctx, 'heating', 3, { path: 'application' });
    expect(app).toHaveLength(3);
    // boiler.txt and rent.txt tie far below: only the constant component is shared
    expect(new Set(app.slice(1).map((h) => h.document_title))).toEqual(new Set(['boiler', 'rent']));
    expect(app[0]).toMatchObject({ document_id: ids['heating.txt'], chunk_index: 0, content: DOCS_A['heating.txt'] });
    expect(app[0]?.score).toBeGreaterThan(0.99);
    expect(app[1]?.score).toBeLessThan(0.1);

    const auto = await vectorSearch(ctx, 'heating', 3);
    expect(auto.map((h) => h.chunk_id)[0]).toBe(app[0]?.chunk_id);
    if (pgvector) {
      const viaSql = await vectorSearch(ctx, 'heating', 3, { path: 'pgvector' });
      expect(viaSql[0]).toMatchObject({ document_id: ids['heating.txt'], document_title: 'heating' });
      expect(viaSql.map((h) => h.score)).toEqual(app.map((h) => h.score));
      expect(viaSql.map((h) => h.chunk_id).sort()).toEqual(app.map((h) => h.chunk_id).sort());
      // rows written with the vector column filled
      const filled = await t.database.query<{ n: number }>(
        'select count(*)::int as n from chunk_embeddings where vec is not null',
      );
      expect(filled[0]?.n).toBe(Object.keys(ids).length);
    }

    const rent = await vectorSearch(ctx, 'rent rent', 1);
    expect(rent).toHaveLength(1);
    expect(rent[0]?.document_title).toBe('rent');
  });

  it('keeps workspaces apart', async () => {
    for (const path of [
      'application',
      ...((await hasVectorColumn(t.database)) ? ['pgvector' as const] : []),
    ] as const) {
      const hits = await vectorSearch(ownerContext(t, b, workspaceB), 'boiler heating rent', 10, { path });
      expect(hits.map((h) => h.document_title)).toEqual(['pets']);
    }
  });

  it('lets search find only lexical matches (vectors reorder them, never add others)', async () => {
    // vector search ranks something for any query; BM25 finds no "pets" in workspace A
    expect(await searchFor(t, a.token, 'pets')).toEqual([]);
    expect((await searchFor(t, a.token, 'heating')).map((r) => r.document_title)).toEqual(['heating']);
  });

  it('embeds a long document in several batches', async () => {
    const paragraph = (n: number) =>
      `Section ${n} about the rent. ${'The tenant pays on time every month. '.repeat(24)}`;
    const text = Array.from({ length: EMBED_BATCH + 8 }, (_, n) => paragraph(n)).join('\n\n');
    const before = requests.length;
    const doc = await ingestAndWait(t, a.token, 'long.txt', text);
    expect(doc.status).toBe('READY');
    expect(doc.chunk_count).toBeGreaterThan(EMBED_BATCH);
    await waitForEmbeddings(t, doc.id, doc.chunk_count);
    expect(await embeddedCount(t, doc.id)).toBe(doc.chunk_count);
    const batches = requests.slice(before);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.reduce((n, b) => n + b.length, 0)).toBe(doc.chunk_count);
    for (const input of batches) expect(input.length).toBeLessThanOrEqual(EMBED_BATCH);
    await api(t, 'DELETE', `/api/v1/documents/${doc.id}`, { token: a.token });
  });

  it('removes the vectors with the document', async () => {
    const doc = await ingestAndWait(t, a.token, 'gone.txt', 'Pets and pets again.');
    await waitForEmbeddings(t, doc.id, 1);
    const del = await api(t, 'DELETE', `/api/v1/documents/${doc.id}`, { token: a.token });
    expect(del.status).toBe(200);
    expect(await embeddedCount(t, doc.id)).toBe(0);
  });
});

describe('chunk embeddings without configuration', () => {
  it('enqueues nothing, stores nothing and vector search answers empty', async () => {
    const t = await startTestApp();
    try {
      const user = await createUserWithSession(t);
      const workspaceId = await workspaceOf(t, user);
      const before = requests.length;
      const doc = await ingestAndWait(t, user.token, 'boiler.txt', DOCS_A['boiler.txt']);
      expect(doc.status).toBe('READY');
      await new Promise((r) => setTimeout(r, 700));
      expect(await embedJobs(t)).toBe(0);
      const stored = await t.database.query<{ n: number }>('select count(*)::int as n from chunk_embeddings');
      expect(stored[0]?.n).toBe(0);
      expect(await vectorSearch(ownerContext(t, user, workspaceId), 'boiler', 5)).toEqual([]);
      expect(requests.length).toBe(before);
      expect((await searchFor(t, user.token, 'boiler')).map((r) => r.document_title)).toEqual(['boiler']);
    } finally {
      await t.close();
    }
  });
});

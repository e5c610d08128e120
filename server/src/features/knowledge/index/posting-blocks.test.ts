/**
 * Posting blocks (decision 027): one row per lexeme and ingest holds that ingest's postings as arrays.
 * Deleting documents that share blocks with others must leave exactly the postings of the chunks that
 * remain, and the ranking must be the one a workspace holding only those documents gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession } from '../../../test/factories';
import { ingestTexts } from '../ingest/bulk';
import { deleteDocumentIndex, lockWorkspaceIndex, type RankedChunk, rankChunks } from '../knowledge.repo';
import type { KnowledgeScope } from '../scope';
import { corpus, queries } from './ranking-test-support';
import { WRITE_BATCH_POSTINGS } from './write';

let t: TestApp;

async function newScope(): Promise<KnowledgeScope> {
  const user = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
  return { deps: t.deps, workspaceId: me.body.workspace.id, userId: null, log: t.deps.log };
}

function inWorkspace<T>(scope: KnowledgeScope, fn: Parameters<typeof withTenant<T>>[2]): Promise<T> {
  return withTenant(t.deps.database, { workspaceId: scope.workspaceId, userId: null }, fn);
}

async function deleteDocuments(scope: KnowledgeScope, ids: readonly string[]) {
  for (const id of ids) {
    await inWorkspace(scope, async (tx) => {
      await lockWorkspaceIndex(tx, scope.workspaceId);
      await deleteDocumentIndex(tx, scope.workspaceId, id);
    });
  }
}

/** The index as the chunks' own terms say it should be, and as the blocks and df rows hold it. */
async function indexState(scope: KnowledgeScope) {
  const ws = scope.workspaceId;
  const [fromChunks, fromBlocks, dfs, shapes] = await Promise.all([
    t.deps.database.query<{ chunk: string; lexeme: string; tf: number; dl: number }>(
      `select c.id as chunk, t.key as lexeme, t.value::int as tf, c.token_count as dl
         from document_chunks c, jsonb_each(c.terms) t where c.workspace_id = $1`,
      [ws],
    ),
    t.deps.database.query<{ chunk: string; lexeme: string; tf: number; dl: number }>(
      `select u.chunk, b.lexeme, u.tf, u.dl
         from posting_blocks b, unnest(b.chunk_ids, b.tfs, b.dls) as u(chunk, tf, dl) where b.workspace_id = $1`,
      [ws],
    ),
    t.deps.database.query<{ lexeme: string; df: number }>(
      'select lexeme, df from knowledge_terms where workspace_id = $1',
      [ws],
    ),
    t.deps.database.query<{ rows: number; blocks: number; empty: number }>(
      `select count(*)::int as rows, count(distinct block)::int as blocks,
              count(*) filter (where cardinality(chunk_ids) = 0)::int as empty
         from posting_blocks where workspace_id = $1`,
      [ws],
    ),
  ]);
  const key = (r: { chunk: string; lexeme: string; tf: number; dl: number }) =>
    `${r.chunk} ${r.lexeme} ${r.tf} ${r.dl}`;
  const df = new Map<string, number>();
  for (const r of fromChunks) df.set(r.lexeme, (df.get(r.lexeme) ?? 0) + 1);
  return {
    expected: fromChunks.map(key).sort(),
    stored: fromBlocks.map(key).sort(),
    expectedDf: [...df.entries()].map(([l, n]) => `${l} ${n}`).sort(),
    storedDf: dfs.map((r) => `${r.lexeme} ${r.df}`).sort(),
    shape: shapes[0],
  };
}

/** A ranking by what it returns, not by chunk ids (two workspaces hold the same texts under other ids). */
function byContent(ranked: RankedChunk[]) {
  return ranked.map((r) => ({ score: r.score, content: r.content, matched: [...r.matched].sort() }));
}

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('posting blocks', () => {
  const texts = corpus(31, 240);
  let shared: KnowledgeScope;
  let ids: string[] = [];
  let blocks = 0;

  it('writes one row per lexeme and ingest, holding exactly the chunks’ postings', async () => {
    shared = await newScope();
    // Three ingests of 80 documents, each written in transactions of about WRITE_BATCH_POSTINGS
    // postings (decision 031): a block per transaction, shared by the dozens of documents it wrote.
    ids = (await ingestTexts(shared, texts, { source: 'test', batch: 80 })) as string[];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    const state = await indexState(shared);
    expect(state.stored).toEqual(state.expected);
    expect(state.storedDf).toEqual(state.expectedDf);
    const [chunks] = await t.deps.database.query<{ blocks: number }>(
      'select count(distinct block)::int as blocks from document_chunks where workspace_id = $1',
      [shared.workspaceId],
    );
    blocks = state.shape?.blocks ?? 0;
    expect(blocks).toBe(chunks?.blocks);
    expect(blocks).toBeGreaterThanOrEqual(3);
    expect(blocks).toBeLessThanOrEqual(2 * Math.ceil(state.expected.length / WRITE_BATCH_POSTINGS) + 3);
    // Rows hold several postings each (fewer per row than with one block per 80 documents: the price of
    // short transactions, decision 031).
    expect(state.shape?.rows).toBeLessThan(state.expected.length / 2);
  });

  it('deleting some documents of shared blocks leaves exactly the other chunks’ postings', async () => {
    const gone = ids.filter((_, i) => i % 7 === 3 || (i >= 80 && i < 100));
    await deleteDocuments(shared, gone);
    const state = await indexState(shared);
    expect(state.stored).toEqual(state.expected);
    expect(state.storedDf).toEqual(state.expectedDf);
    expect(state.shape?.empty).toBe(0);
    expect(state.shape?.blocks).toBe(blocks);
  });

  it('ranks exactly as a workspace that only ever held the remaining documents', async () => {
    const kept = texts.filter((_, i) => !(i % 7 === 3 || (i >= 80 && i < 100)));
    const fresh = await newScope();
    // Other blocks: documents one ingest of 37 at a time.
    await ingestTexts(fresh, kept, { source: 'test', batch: 37 });
    for (const [i, query] of queries(32, 120).entries()) {
      const k = i % 3 === 0 ? 50 : 10;
      const a = await inWorkspace(shared, (tx) => rankChunks(tx, shared.workspaceId, query, k));
      const b = await inWorkspace(fresh, (tx) => rankChunks(tx, fresh.workspaceId, query, k));
      const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
      expect(a.map((r) => r.score)).toHaveLength(b.length);
      for (const [j, r] of a.entries()) {
        expect(close(r.score, (b[j] as RankedChunk).score), `query ${i} place ${j}`).toBe(true);
      }
      // Chunk ids differ between the workspaces, so ties are ordered differently: compare all but the cut.
      const cut = b.at(-1)?.score ?? 0;
      const above = (rs: RankedChunk[]) =>
        byContent(rs.filter((r) => !close(r.score, cut))).sort((x, y) => x.content.localeCompare(y.content));
      expect(above(a).map((r) => [r.content, r.matched])).toEqual(above(b).map((r) => [r.content, r.matched]));
    }
  });

  it('deleting every document removes every block and term', async () => {
    const rest = ids.filter((_, i) => !(i % 7 === 3 || (i >= 80 && i < 100)));
    await deleteDocuments(shared, rest);
    const state = await indexState(shared);
    expect(state.stored).toEqual([]);
    expect(state.storedDf).toEqual([]);
    expect(state.shape?.rows).toBe(0);
  });
});

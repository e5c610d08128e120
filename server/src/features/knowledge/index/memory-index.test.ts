/**
 * The in-memory term index (decision 026) must rank exactly as the BM25 statement in SQL does, be used
 * only while it matches the database's generation, catch up after ingests and deletes, keep
 * workspaces apart and stay within its budget of postings.
 */
import type { SearchOutput } from '@helixis/contract';
import { tokenize } from '@helixis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { waitFor } from '../../../test/wait';
import { ingestTexts } from '../ingest/bulk';
import { deleteDocumentIndex, lockWorkspaceIndex, rankChunks, readStats } from '../knowledge.repo';
import type { KnowledgeScope } from '../scope';
import { rankFromMemory, TermIndexes, termIndexesOf } from './memory-index';
import { corpus, expectSameRanking, queries } from './ranking-test-support';

let t: TestApp;
let owner: TestUser;
let scope: KnowledgeScope;
let indexes: TermIndexes;
const BM25 = { k1: 0.9, b: 0.4 };

function inWorkspace<T>(
  workspaceId: string,
  fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>,
): Promise<T> {
  return withTenant(t.deps.database, { workspaceId, userId: null }, fn);
}

/** Ranks every query from the copy and in SQL, in one transaction each; returns how many the copy answered. */
async function compareMany(seed: number, count: number, documentIds?: string[]): Promise<number> {
  let fromMemory = 0;
  for (const [i, query] of queries(seed, count).entries()) {
    const k = i % 3 === 0 ? 100 : 10;
    const params = i % 7 === 0 ? { k1: 1.2, b: 0.75 } : { k1: 0.9, b: 0.4 };
    await inWorkspace(scope.workspaceId, async (tx) => {
      const stats = await readStats(tx, scope.workspaceId);
      const copy = indexes.lookup(scope, stats);
      expect(copy, 'the copy is current').not.toBeNull();
      if (!copy) return;
      const memory = await rankFromMemory(tx, scope.workspaceId, copy, stats, query, k, params, documentIds);
      const full = await rankChunks(tx, scope.workspaceId, query, k, params, documentIds);
      expect(memory).not.toBeNull();
      expectSameRanking(memory ?? [], full);
      fromMemory++;
    });
  }
  return fromMemory;
}

async function deleteDocuments(ids: readonly (string | null)[]) {
  for (const id of ids) {
    if (!id) continue;
    await inWorkspace(scope.workspaceId, async (tx) => {
      await lockWorkspaceIndex(tx, scope.workspaceId);
      await deleteDocumentIndex(tx, scope.workspaceId, id);
    });
  }
}

beforeAll(async () => {
  t = await startTestApp({ HELIXIS_SEARCH_MEMORY_MIN_CHUNKS: '500' });
  owner = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: owner.token });
  scope = { deps: t.deps, workspaceId: me.body.workspace.id, userId: null, log: t.deps.log };
  indexes = termIndexesOf(t.deps.database, t.deps.config.searchMemory);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('in-memory term index', () => {
  let ids: (string | null)[] = [];

  it('is not used below the size threshold, and ranks exactly as SQL once built', async () => {
    ids = await ingestTexts(scope, corpus(1, 400), { source: 'test' });
    expect(await indexes.refreshNow(scope)).toBeNull();

    ids.push(...(await ingestTexts(scope, corpus(2, 1_600), { source: 'test' })));
    const copy = await indexes.refreshNow(scope);
    expect(copy).not.toBeNull();
    const [{ n } = { n: 0 }] = await t.deps.database.query<{ n: number }>(
      'select sum(cardinality(chunk_ids))::int as n from posting_blocks where workspace_id = $1',
      [scope.workspaceId],
    );
    expect(copy?.postings).toBe(n);
    expect(await compareMany(21, 200)).toBe(200);
    // Restricted to some documents (the widget's public ones), statistics still the workspace's.
    expect(
      await compareMany(
        22,
        40,
        ids.slice(0, 300).filter((id): id is string => id !== null),
      ),
    ).toBe(40);
  }, 300_000);

  it('is stale after a write, and catches up with deletes and additions', async () => {
    const before = await inWorkspace(scope.workspaceId, (tx) => readStats(tx, scope.workspaceId));
    await deleteDocuments(ids.slice(0, 250));
    await ingestTexts(
      scope,
      corpus(3, 500).map((d) => ({ ...d, text: `${d.text} ${d.text}` })),
      { source: 'test' },
    );
    const after = await inWorkspace(scope.workspaceId, (tx) => readStats(tx, scope.workspaceId));
    expect(after.generation).toBeGreaterThan(before.generation);
    // The copy of the old generation is not used for the new one.
    const copy = indexes.lookup(scope, after);
    expect(copy === null || copy.generation === after.generation).toBe(true);
    const fresh = await indexes.refreshNow(scope);
    expect(fresh?.generation).toBe(after.generation);
    // A search that looked the copy up before the refresh applied does not rank with the moved copy.
    const [someQuery] = queries(25, 1);
    if (fresh && someQuery) {
      expect(
        await rankFromMemory(t.deps.database.db, scope.workspaceId, fresh, before, someQuery, 10, BM25),
      ).toBeNull();
    }
    const gone = await t.deps.database.query<{ id: string }>(
      'select id from document_chunks where workspace_id = $1 and document_id = any($2::uuid[])',
      [scope.workspaceId, ids.slice(0, 250)],
    );
    expect(gone).toHaveLength(0);
    expect(await compareMany(23, 160)).toBe(160);
  }, 300_000);

  it('serves search over HTTP; a write elsewhere makes the copy stale and search runs in SQL until it catches up', async () => {
    await indexes.refreshNow(scope);
    const word = 'zqxvelloquium';
    const res = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: `${word} kalomi`, k: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.some((r) => r.snippet.includes(word))).toBe(false);

    // A just-written document is found by the very next search, whichever path answers it.
    await ingestTexts(scope, [{ title: 'Fresh note', text: `The ${word} is stored in the basement.` }], {
      source: 'test',
    });
    const found = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: word, k: 5 },
    });
    expect(found.body.results[0]?.document_title).toBe('Fresh note');
    expect(found.body.results[0]?.matched_terms).toEqual([word]);

    // Once current, the copy answers with the same hit and the same score.
    const copy = await indexes.refreshNow(scope);
    expect(copy).not.toBeNull();
    const served = indexes.counts.hits;
    const again = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: word, k: 5 },
    });
    expect(indexes.counts.hits).toBe(served + 1);
    expect(again.body.results.map((r) => [r.chunk_id, r.score])).toEqual(
      found.body.results.map((r) => [r.chunk_id, r.score]),
    );

    // Another process's write moves the generation without telling this one: its copy is not used.
    await t.deps.database.query('update knowledge_stats set generation = generation + 1 where workspace_id = $1', [
      scope.workspaceId,
    ]);
    const { hits, misses } = indexes.counts;
    const viaSql = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: word, k: 5 },
    });
    expect(indexes.counts).toEqual({ hits, misses: misses + 1 });
    expect(viaSql.body.results.map((r) => [r.chunk_id, r.score])).toEqual(
      found.body.results.map((r) => [r.chunk_id, r.score]),
    );

    // Operators see it: lookups by outcome and the postings held, on /metrics.
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toMatch(/helixis_search_memory_lookups_total\{outcome="hit"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/helixis_search_memory_lookups_total\{outcome="miss"[^}]*\} [1-9]/);
    const held = Number(/helixis_search_memory_postings(?:\{[^}]*\})? (\d+)/.exec(metrics)?.[1]);
    expect(held).toBeGreaterThanOrEqual(copy?.postings ?? 1);

    // A small addition is appended to the copy without packing it again; rankings still equal SQL's.
    // The ingest itself starts the refresh: the copy catches up without any search asking for it.
    const packedBefore = copy?.postings ?? 0;
    await ingestTexts(scope, corpus(5, 60), { source: 'test' });
    const current = await inWorkspace(scope.workspaceId, (tx) => readStats(tx, scope.workspaceId));
    const { misses: missesBefore } = indexes.counts;
    await waitFor(
      async () => copy?.generation,
      (g) => g === current.generation,
    );
    expect(indexes.counts.misses).toBe(missesBefore);
    const appended = await indexes.refreshNow(scope);
    expect(appended).toBe(copy);
    expect(appended?.postings).toBeGreaterThan(packedBefore);
    expect(await compareMany(24, 60)).toBe(60);
  }, 120_000);

  it('catches up with a rename: the new title terms rank from memory exactly as in SQL', async () => {
    await indexes.refreshNow(scope);
    const renamed = ids.slice(300, 310).filter((id): id is string => id !== null);
    for (const [i, id] of renamed.entries()) {
      const res = await api(t, 'PATCH', `/api/v1/documents/${id}`, {
        token: owner.token,
        body: { title: `Wombatine handbook ${i}` },
      });
      expect(res.status).toBe(200);
    }
    const copy = await indexes.refreshNow(scope);
    expect(copy).not.toBeNull();
    await inWorkspace(scope.workspaceId, async (tx) => {
      const stats = await readStats(tx, scope.workspaceId);
      const query = new Map(tokenize('Wombatine').map((token) => [token.lexeme, 1]));
      const memory = await rankFromMemory(
        tx,
        scope.workspaceId,
        copy as NonNullable<typeof copy>,
        stats,
        query,
        20,
        BM25,
      );
      const full = await rankChunks(tx, scope.workspaceId, query, 20, BM25);
      expect(new Set(full.map((r) => r.document_id))).toEqual(new Set(renamed));
      expectSameRanking(memory ?? [], full);
    });
    expect(await compareMany(26, 40)).toBe(40);
  }, 120_000);

  it('keeps workspaces apart and within the budget of postings', async () => {
    const other = await createUserWithSession(t);
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: other.token });
    const otherScope = { ...scope, workspaceId: me.body.workspace.id };
    await ingestTexts(
      otherScope,
      corpus(4, 600).map((d) => ({ ...d, text: `${d.text} qqotherworkspace` })),
      { source: 'test' },
    );
    const mine = await indexes.refreshNow(scope);
    const theirs = await indexes.refreshNow(otherScope);
    expect(mine).not.toBeNull();
    expect(theirs).not.toBeNull();
    expect(theirs).not.toBe(mine);

    // The other workspace's marker word is in none of this workspace's results, and vice versa.
    const res = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
      token: owner.token,
      body: { query: 'qqotherworkspace', k: 10 },
    });
    expect(res.body.results).toEqual([]);
    const theirsRes = await api<SearchOutput>(t, 'POST', '/functions/v1/search', {
      token: other.token,
      body: { query: 'qqotherworkspace', k: 10 },
    });
    expect(theirsRes.body.results).toHaveLength(10);

    // A budget that fits one copy: refreshing one evicts the least recently searched other.
    const small = new TermIndexes(t.deps.database, {
      minChunks: 500,
      maxPostings: (mine?.postings ?? 0) + 1,
    });
    expect(await small.refreshNow(scope)).not.toBeNull();
    expect(small.totalPostings()).toBe(mine?.postings);
    // The other workspace fits alone: it is loaded and this one is evicted.
    expect(await small.refreshNow(otherScope)).not.toBeNull();
    expect(small.totalPostings()).toBe(theirs?.postings);
    // A budget below one workspace's postings: no copy, searched in SQL.
    const tiny = new TermIndexes(t.deps.database, { minChunks: 500, maxPostings: 10 });
    expect(await tiny.refreshNow(scope)).toBeNull();
    expect(tiny.totalPostings()).toBe(0);
  }, 300_000);
});

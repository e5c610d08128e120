/**
 * The pruned ranking (impact-ordered postings, decision 021 §8) must return what the full BM25
 * statement returns: the same chunks with the same scores, in the same order except among equal
 * scores. A generated corpus (Zipf-distributed made-up words, a few thousand chunks) goes through the
 * product's bulk ingestion; hundreds of generated queries — common words, rare words, mixes, weighted
 * lexemes — are ranked both ways, before and after documents are deleted and more are added (which
 * moves the average chunk length away from the one the stored impacts were computed with).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant';
import { api, startTestApp, type TestApp } from '../../test/app';
import { createUserWithSession, type TestUser } from '../../test/factories';
import { ingestTexts } from './bulk';
import { deleteDocumentIndex, lockWorkspaceIndex, rankChunksExhaustive, rankChunksPruned } from './knowledge.repo';
import type { KnowledgeScope } from './knowledge.service';
import { corpus, expectSameRanking, queries } from './ranking-test-support';

let t: TestApp;
let scope: KnowledgeScope;

function inWorkspace<T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>): Promise<T> {
  return withTenant(t.deps.database, { workspaceId: scope.workspaceId, userId: null }, fn);
}

async function compareMany(seed: number, count: number): Promise<{ pruned: number; fellBack: number }> {
  let pruned = 0;
  let fellBack = 0;
  for (const [i, query] of queries(seed, count).entries()) {
    const k = i % 3 === 0 ? 100 : 10;
    const fast = await inWorkspace((tx) => rankChunksPruned(tx, scope.workspaceId, query, k, { minPostings: 0 }));
    const full = await inWorkspace((tx) => rankChunksExhaustive(tx, scope.workspaceId, query, k));
    if (fast === null) {
      fellBack++;
      continue;
    }
    pruned++;
    expectSameRanking(fast, full);
  }
  return { pruned, fellBack };
}

beforeAll(async () => {
  t = await startTestApp();
  const owner: TestUser = await createUserWithSession(t);
  const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: owner.token });
  scope = { deps: t.deps, workspaceId: me.body.workspace.id, userId: null, log: t.deps.log };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('pruned ranking equals the full BM25 statement', () => {
  it('on a generated corpus of thousands of chunks, for hundreds of queries, before and after deletes', async () => {
    const ids = await ingestTexts(scope, corpus(1, 3_000), { source: 'test' });
    const [{ n } = { n: 0 }] = await t.deps.database.query<{ n: number }>(
      'select count(*)::int as n from document_chunks where workspace_id = $1',
      [scope.workspaceId],
    );
    expect(n).toBeGreaterThanOrEqual(3_000);

    const first = await compareMany(11, 240);
    // The pruned path must actually answer (not fall back to the full statement) for most queries.
    expect(first.pruned, `pruned answers ${first.pruned}, full statement ${first.fellBack}`).toBeGreaterThan(200);

    // Deleting long documents lowers the average length; adding others changes it again.
    for (const id of ids.slice(0, 300)) {
      if (!id) continue;
      await inWorkspace(async (tx) => {
        await lockWorkspaceIndex(tx, scope.workspaceId);
        await deleteDocumentIndex(tx, scope.workspaceId, id);
      });
    }
    await ingestTexts(
      scope,
      corpus(2, 600).map((d) => ({ ...d, text: `${d.text} ${d.text}` })),
      { source: 'test' },
    );
    const second = await compareMany(12, 160);
    // More give-ups here (measured 115 of 160): the proof more often costs more than the full statement.
    expect(second.pruned, `pruned answers ${second.pruned}, full statement ${second.fellBack}`).toBeGreaterThan(100);
  }, 300_000);
});

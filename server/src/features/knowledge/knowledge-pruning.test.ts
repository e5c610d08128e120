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
import {
  deleteDocumentIndex,
  lockWorkspaceIndex,
  type RankedChunk,
  rankChunksExhaustive,
  rankChunksPruned,
} from './knowledge.repo';
import type { KnowledgeScope } from './knowledge.service';
import { termFrequencies } from './tokenizer';

let t: TestApp;
let scope: KnowledgeScope;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'tu', 'ne', 'sa', 'ri', 'po', 've', 'zu', 'da', 'fe', 'gi', 'ho', 'ju'];
/** 1,500 made-up words that the tokenizer keeps as distinct lexemes. */
const VOCABULARY = (() => {
  const words = new Set<string>();
  const rnd = random(7);
  while (words.size < 1_500) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = 'x';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    const lexemes = [...termFrequencies(w).tf.keys()];
    if (lexemes.length === 1 && lexemes[0] === w) words.add(w);
  }
  return [...words];
})();

/** A word drawn by Zipf's law over the vocabulary (a few words are in most texts, most are rare). */
function zipfWord(rnd: () => number): string {
  const rank = Math.floor(VOCABULARY.length ** rnd()) - 1;
  return VOCABULARY[Math.min(rank, VOCABULARY.length - 1)] as string;
}

function corpus(seed: number, count: number): { title: string; text: string }[] {
  const rnd = random(seed);
  return Array.from({ length: count }, () => {
    const length = 10 + Math.floor(rnd() * rnd() * 160);
    const words = Array.from({ length }, () => zipfWord(rnd));
    return { title: `${zipfWord(rnd)} ${zipfWord(rnd)}`, text: `${words.join(' ')}.` };
  });
}

function queries(seed: number, count: number): Map<string, number>[] {
  const rnd = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const q = new Map<string, number>();
    const size = 1 + Math.floor(rnd() * 8);
    while (q.size < size) {
      // Some queries only common words (the hard case for pruning), others mixed.
      const word = i % 4 === 0 ? (VOCABULARY[Math.floor(rnd() * 12)] as string) : zipfWord(rnd);
      q.set(word, i % 5 === 0 ? 0.2 + rnd() : 1);
    }
    return q;
  });
}

function inWorkspace<T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>): Promise<T> {
  return withTenant(t.deps.database, { workspaceId: scope.workspaceId, userId: null }, fn);
}

/** Same scores position by position; the same chunks except where scores tie at the cut. */
function expectSameRanking(pruned: RankedChunk[], full: RankedChunk[]) {
  expect(pruned.map((r) => r.score)).toHaveLength(full.length);
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  for (const [i, f] of full.entries()) {
    const p = pruned[i] as RankedChunk;
    expect(close(p.score, f.score), `score at ${i}: ${p.score} vs ${f.score}`).toBe(true);
    // A different chunk at this place must tie with the one the full statement put there.
    if (p.chunk_id !== f.chunk_id)
      expect(full.some((x) => x.chunk_id === p.chunk_id) || close(p.score, f.score)).toBe(true);
  }
  const last = full.at(-1)?.score ?? 0;
  const fullIds = new Set(full.filter((r) => !close(r.score, last)).map((r) => r.chunk_id));
  const prunedIds = new Set(pruned.filter((r) => !close(r.score, last)).map((r) => r.chunk_id));
  expect(prunedIds).toEqual(fullIds);
  for (const p of pruned) {
    const f = full.find((x) => x.chunk_id === p.chunk_id);
    if (f) {
      expect([...p.matched].sort()).toEqual([...f.matched].sort());
      expect(p.content).toBe(f.content);
      expect(p.document_id).toBe(f.document_id);
    }
  }
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

/**
 * Vectors in the ranking (issue 17, decision record 021 section 9): with an OpenAI-compatible
 * embeddings endpoint configured, rankWorkspace reorders its lexical candidates by
 * `(1 − w)·lexical + w·cosine` (min-max normalised, w = SHIPPED_RANKING.vectorWeight) and fills
 * score_parts.vector; without one, search is lexical alone.
 *
 * The endpoint is a local fake /v1/embeddings answering deterministic hashed n-gram vectors
 * (bench/hashed-embedding.ts), the same vectors the weight was chosen with (quality-sweep.ts --fusion,
 * odd-numbered SciFact test queries).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedEmbedding } from '../../../../bench/knowledge/hashed-embedding';
import { assertDatasets, DATASETS_DIR, loadScorer, type Qrels } from '../../../../bench/knowledge/scorer';
import { startFakeEmbeddings } from '../../../llm/fake-embeddings';
import { withTenant } from '../../../platform/tenant';
import { api, startTestApp, type TestApp, testConfig } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { ingestTexts } from '../ingest/bulk';
import { indexedText } from '../ingest/prepare';
import type { KnowledgeScope } from '../scope';
import { fuseScores, SHIPPED_RANKING } from '../search/ranking';
import { searchWorkspace } from '../search/search';
import { ingestAndWait, searchFor, waitForVectors } from '../test-helpers';
import { createOpenAIEmbedder } from './embeddings';
import { hasVectorColumn, upsertEmbeddings } from './embeddings.repo';

const MODEL = 'hashed-256';
let fake: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let fakeUrl: string;
let embedded = 0;

beforeAll(async () => {
  fake = await startFakeEmbeddings(hashedEmbedding, {
    onRequest: (r) => {
      embedded += r.input.length;
    },
  });
  fakeUrl = fake.baseUrl;
});
afterAll(() => {
  fake?.close();
});

async function workspaceOf(t: TestApp, user: TestUser): Promise<string> {
  return (await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token })).body.workspace.id;
}

describe('fuseScores', () => {
  it('sums min-max normalised lexical and vector scores by the weight, and keeps lexical alone without a vector', () => {
    const fused = fuseScores(
      [
        { id: 'a', lexical: 10, proximity: 0, vector: 0.1 },
        { id: 'b', lexical: 8, proximity: 0, vector: 0.9 },
        { id: 'c', lexical: 6, proximity: 0, vector: 0.5 },
        { id: 'd', lexical: 9, proximity: 1, vector: null },
      ],
      0.4,
    );
    const byId = new Map(fused.map((f) => [f.id, f]));
    // lexical: (x − 6) / (10 − 6); vector: (v − 0.1) / (0.9 − 0.1)
    expect(byId.get('a')?.score).toBeCloseTo(0.6 * 1 + 0.4 * 0);
    expect(byId.get('b')?.score).toBeCloseTo(0.6 * 0.5 + 0.4 * 1);
    expect(byId.get('c')?.score).toBeCloseTo(0.6 * 0 + 0.4 * 0.5);
    expect(byId.get('d')?.parts.vector).toBe(0);
    expect(byId.get('d')?.score).toBeCloseTo(0.6 * 1);
    // the lexical share is split between lexical and proximity in their raw proportion
    expect(byId.get('d')?.parts.proximity).toBeCloseTo(0.06);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'd', 'c']);
    for (const f of fused) expect(f.parts.lexical + f.parts.proximity + f.parts.vector).toBeCloseTo(f.score);
  });

  it('is the lexical order at weight 0 and the vector order at weight 1', () => {
    const candidates = [
      { id: 'x', lexical: 3, proximity: 0, vector: 0.2 },
      { id: 'y', lexical: 2, proximity: 0, vector: 0.8 },
      { id: 'z', lexical: 1, proximity: 0, vector: 0.5 },
    ];
    expect(fuseScores(candidates, 0).map((f) => f.id)).toEqual(['x', 'y', 'z']);
    expect(fuseScores(candidates, 1).map((f) => f.id)).toEqual(['y', 'z', 'x']);
    expect(fuseScores([], 0.5)).toEqual([]);
  });
});

const DOCS = {
  'boiler.txt': 'The boiler is serviced every autumn. Boiler trouble goes to the heating contractor.',
  'heating.txt': 'Heating runs from October to April; complaints about the heating go to maintenance.',
  'rent.txt': 'Rent is due on the first. Late rent costs a fee; heating is included in the rent.',
};

describe('search with an embeddings endpoint configured', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ HELIXIS_LLM_BASE_URL: fakeUrl, HELIXIS_EMBEDDING_MODEL: MODEL });
    user = await createUserWithSession(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fills score_parts.vector once chunks have vectors, and is lexical alone for chunks without', async () => {
    const workspaceId = await workspaceOf(t, user);
    for (const [name, text] of Object.entries(DOCS)) {
      expect((await ingestAndWait(t, user.token, name, text)).status).toBe('READY');
    }
    expect(await waitForVectors(t, workspaceId, 30_000)).toBe(3);
    const fused = await searchFor(t, user.token, 'heating');
    expect(fused.length).toBe(3);
    expect(fused.some((h) => h.score_parts.vector > 0)).toBe(true);
    for (const hit of fused) {
      expect(hit.score_parts.vector).toBeGreaterThanOrEqual(0);
      expect(hit.score_parts.vector).toBeLessThanOrEqual(SHIPPED_RANKING.vectorWeight + 1e-4);
      expect(hit.score).toBeCloseTo(hit.score_parts.lexical + hit.score_parts.vector + hit.score_parts.proximity, 3);
    }
    // Fused scores are normalised: the best lexical candidate's lexical share is 1 − w.
    expect(Math.max(...fused.map((h) => h.score_parts.lexical + h.score_parts.proximity))).toBeCloseTo(
      1 - SHIPPED_RANKING.vectorWeight,
      3,
    );

    // Without vectors (a document not embedded yet, or another model's): the lexical ranking, unchanged.
    await t.database.query('delete from chunk_embeddings where workspace_id = $1', [workspaceId]);
    const lexical = await searchFor(t, user.token, 'heating');
    expect(lexical.map((h) => h.chunk_id).sort()).toEqual(fused.map((h) => h.chunk_id).sort());
    for (const hit of lexical) {
      expect(hit.score_parts.vector).toBe(0);
      expect(hit.score).toBeCloseTo(hit.score_parts.lexical + hit.score_parts.proximity, 3);
    }
    // raw BM25 again, not the fused 0..1 scale
    expect(lexical[0]?.score).not.toBeCloseTo(fused[0]?.score ?? 0, 3);
  });
});

describe('search without an embeddings endpoint', () => {
  it('is lexical alone: vector part 0, raw BM25 scores, nothing sent anywhere', async () => {
    const t = await startTestApp();
    try {
      const user = await createUserWithSession(t);
      const sent = embedded;
      for (const [name, text] of Object.entries(DOCS)) await ingestAndWait(t, user.token, name, text);
      const hits = await searchFor(t, user.token, 'heating');
      expect(hits.length).toBe(3);
      for (const hit of hits) {
        expect(hit.score_parts.vector).toBe(0);
        expect(hit.score).toBeCloseTo(hit.score_parts.lexical + hit.score_parts.proximity, 3);
      }
      // raw BM25, not normalised to 0..1 scores
      expect(hits[0]?.score).toBeGreaterThan(0);
      expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
      expect(embedded).toBe(sent);
    } finally {
      await t.close();
    }
  });
});

/**
 * The benchmark the weight was chosen on, on a subset that fits npm test: every SciFact document that
 * is relevant to a test query plus every fifth other document, ingested through the product
 * (ingestTexts → processDocuments); every chunk embedded from the fake endpoint as the embed job does
 * (title + text, as indexed), written in one transaction — the job queue takes one transaction pair
 * per document, minutes for this many on PGlite; the odd-numbered test queries (the selection half)
 * through searchWorkspace with the endpoint configured, fused and lexical alone. Fused must not score
 * below lexical.
 */
describe('fusion on a SciFact subset (odd-numbered test queries)', () => {
  let t: TestApp;
  let scope: KnowledgeScope;

  beforeAll(async () => {
    assertDatasets(['bm25-baseline.mjs', 'scifact/corpus.jsonl', 'scifact/queries.jsonl', 'scifact/qrels-test.tsv']);
    // Ingested without an embeddings model (no embed jobs); searched with one (fusedScope).
    t = await startTestApp();
    const user = await createUserWithSession(t);
    scope = { deps: t.deps, workspaceId: await workspaceOf(t, user), userId: null, log: t.deps.log };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('never ranks below lexical alone (nDCG@10) at the shipped weight', async () => {
    const scorer = await loadScorer();
    const data = scorer.loadData(path.join(DATASETS_DIR, 'scifact'));
    const relevant = new Set([...data.qrels.values()].flatMap((docs) => [...docs.keys()]));
    const subset = data.corpus.filter((d, i) => relevant.has(d._id) || i % 5 === 0);
    const ids = await ingestTexts(
      scope,
      subset.map((d) => ({ title: d.title, text: d.text })),
      { source: 'test' },
    );
    const keyOf = new Map<string, string>();
    for (const [i, id] of ids.entries()) if (id) keyOf.set(id, subset[i]?._id ?? '');
    expect(keyOf.size).toBe(subset.length);
    const chunks = await t.database.query<{ id: string; document_id: string; title: string; content: string }>(
      'select id, document_id, title, content from document_chunks where workspace_id = $1',
      [scope.workspaceId],
    );
    const embedder = createOpenAIEmbedder({ baseUrl: fakeUrl, model: MODEL, batchSize: 256 });
    const vectors = await embedder.embed(chunks.map((c) => indexedText(c.title, c.content)));
    const byDocument = new Map<string, { chunkId: string; vector: number[] }[]>();
    chunks.forEach((c, i) => {
      const list = byDocument.get(c.document_id) ?? [];
      list.push({ chunkId: c.id, vector: vectors[i] ?? [] });
      byDocument.set(c.document_id, list);
    });
    const withVector = await hasVectorColumn(t.database);
    await withTenant(t.database, { workspaceId: scope.workspaceId, userId: null }, async (tx) => {
      for (const [documentId, items] of byDocument) {
        await upsertEmbeddings(tx, scope.workspaceId, documentId, MODEL, items, withVector);
      }
    });
    expect(await waitForVectors(t, scope.workspaceId, 1_000)).toBe(chunks.length);
    const fusedScope = {
      ...scope,
      deps: { ...t.deps, config: testConfig({ HELIXIS_LLM_BASE_URL: fakeUrl, HELIXIS_EMBEDDING_MODEL: MODEL }) },
    };

    const odd = new Map([...data.qrels].filter(([qid]) => Number(qid) % 2 === 1)) as Qrels;
    const lexicalOnly = { ...SHIPPED_RANKING, vectorWeight: 0 };
    const runs = { lexical: new Map<string, [string, number][]>(), fused: new Map<string, [string, number][]>() };
    let withVectorPart = 0;
    for (const qid of odd.keys()) {
      const query = data.queries.get(qid) ?? '';
      for (const kind of ['lexical', 'fused'] as const) {
        const hits = await searchWorkspace(kind === 'lexical' ? scope : fusedScope, {
          query,
          k: 100,
          ...(kind === 'lexical' ? { ranking: lexicalOnly } : {}),
        });
        if (kind === 'fused' && hits.some((h) => h.score_parts.vector > 0)) withVectorPart++;
        const best = new Map<string, number>();
        for (const hit of hits) {
          const key = keyOf.get(hit.document_id);
          if (key && !best.has(key)) best.set(key, hit.score);
        }
        runs[kind].set(qid, [...best]);
      }
    }
    const lexical = scorer.evaluate(scorer.rankRun(runs.lexical), odd);
    const fused = scorer.evaluate(scorer.rankRun(runs.fused), odd);
    console.log(
      `SciFact subset (${subset.length} documents, ${odd.size} odd queries): nDCG@10 lexical ${lexical.ndcg10.toFixed(4)}, ` +
        `fused (w ${SHIPPED_RANKING.vectorWeight}) ${fused.ndcg10.toFixed(4)}`,
    );
    expect(withVectorPart).toBe(odd.size);
    expect(fused.ndcg10).toBeGreaterThanOrEqual(lexical.ndcg10);
  }, 900_000);
});

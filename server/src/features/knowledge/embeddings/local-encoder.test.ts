/**
 * The offline sentence encoder (HELIXIS_LOCAL_ENCODER=use-lite, decision 021 §11): packaged weights,
 * no network; with it on, documents get vectors from the embed job and search fuses them at the
 * weight measured for it, so a chunk that means what the question asks overtakes one that only
 * repeats its words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp, testConfig } from '../../../test/app';
import { createUserWithSession, type TestUser } from '../../../test/factories';
import { ingestAndWait, searchFor, waitForVectors } from '../test-helpers';
import { cosineSimilarity, embedderFromConfig, vectorWeightFor } from './embeddings';
import { createLocalEncoder, LOCAL_ENCODER_MODEL, LOCAL_ENCODER_WEIGHT } from './local-encoder';

const PETS = 'Pets: each apartment may keep one dog or one cat. Pets over 30 pounds need written approval.';
const SNACKS = 'The pool snack bar sells hot dogs, hot dogs with chili and cold drinks to apartment residents.';

describe('offline sentence encoder', () => {
  it('encodes texts into 512 numbers that put related sentences closer than unrelated ones', async () => {
    const [question, pets, snacks, taxes] = await createLocalEncoder().embed([
      'Is a dog allowed in my apartment?',
      PETS,
      SNACKS,
      'Quarterly tax filings are due at the end of April.',
    ]);
    expect(question).toHaveLength(512);
    const q = question as number[];
    expect(cosineSimilarity(q, pets as number[])).toBeGreaterThan(cosineSimilarity(q, snacks as number[]));
    expect(cosineSimilarity(q, snacks as number[])).toBeGreaterThan(cosineSimilarity(q, taxes as number[]));
  });

  it('is chosen only when set and no embeddings endpoint is configured, with its measured weight', () => {
    expect(embedderFromConfig(testConfig())).toBeNull();
    const local = testConfig({ HELIXIS_LOCAL_ENCODER: 'use-lite' });
    expect(embedderFromConfig(local)?.model).toBe(LOCAL_ENCODER_MODEL);
    expect(vectorWeightFor(local, 0.04)).toBe(LOCAL_ENCODER_WEIGHT);
    expect(
      vectorWeightFor(testConfig({ HELIXIS_LOCAL_ENCODER: 'use-lite', HELIXIS_EMBEDDING_WEIGHT: '0.2' }), 0.04),
    ).toBe(0.2);
    const endpoint = testConfig({
      HELIXIS_LOCAL_ENCODER: 'use-lite',
      HELIXIS_LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      HELIXIS_EMBEDDING_MODEL: 'tiny-embed',
    });
    expect(embedderFromConfig(endpoint)?.model).toBe('tiny-embed');
    expect(vectorWeightFor(endpoint, 0.04)).toBe(0.04);
  });
});

describe('search with the offline encoder on', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ HELIXIS_LOCAL_ENCODER: 'use-lite' });
    user = await createUserWithSession(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('embeds uploaded documents and ranks the one that answers above the one that repeats the words', async () => {
    const me = await api<{ workspace: { id: string } }>(t, 'GET', '/api/v1/me', { token: user.token });
    for (const [name, text] of [
      ['house-rules.txt', PETS],
      ['pool.txt', SNACKS],
      ['parking.txt', 'Apartment parking spaces are assigned by lottery every January.'],
      ['laundry.txt', 'The laundry room on the ground floor of each apartment block opens at 7 am.'],
      ['rent.txt', 'Rent for every apartment is due on the first day of the month.'],
    ]) {
      expect((await ingestAndWait(t, user.token, name as string, text as string)).status).toBe('READY');
    }
    expect(await waitForVectors(t, me.body.workspace.id, 60_000)).toBe(5);
    const hits = await searchFor(t, user.token, 'Is a dog allowed in my apartment?');
    expect(hits.map((h) => h.document_title).slice(0, 2)).toEqual(['house rules', 'pool']);
    const [rules, pool] = hits as [(typeof hits)[number], (typeof hits)[number]];
    // Words alone put the snack bar first ("dogs" twice); the meaning puts the house rules first.
    expect(pool.score_parts.lexical).toBeGreaterThan(rules.score_parts.lexical);
    expect(rules.score_parts.vector).toBeGreaterThan(pool.score_parts.vector);
    expect(rules.score_parts.vector).toBeLessThanOrEqual(LOCAL_ENCODER_WEIGHT + 1e-4);
    for (const hit of hits) {
      expect(hit.score).toBeCloseTo(hit.score_parts.lexical + hit.score_parts.vector + hit.score_parts.proximity, 3);
    }
  });
});

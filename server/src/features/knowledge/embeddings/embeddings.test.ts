import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEmbeddings } from '../../../llm/fake-embeddings';
import { testConfig } from '../../../test/app';
import { cosineSimilarity, createOpenAIEmbedder, embedderFromConfig } from './embeddings';

/** A local OpenAI-compatible /v1/embeddings: a 3-d vector from letter counts, answered out of order. */
let server: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let baseUrl: string;
const requests: { model: string; input: string[]; authorization?: string }[] = [];

beforeAll(async () => {
  server = await startFakeEmbeddings(
    (text) => [(text.match(/a/g) ?? []).length, (text.match(/b/g) ?? []).length, text.length],
    { reverse: true, onRequest: (r) => requests.push(r) },
  );
  baseUrl = server.baseUrl;
});
afterAll(() => {
  server?.close();
});

describe('embeddings', () => {
  it('calls an OpenAI-compatible endpoint in batches and returns vectors in input order', async () => {
    const embedder = createOpenAIEmbedder({ baseUrl, apiKey: 'sk-test', model: 'tiny-embed', batchSize: 2 });
    const vectors = await embedder.embed(['aa', 'b', 'abab']);
    expect(vectors).toEqual([
      [2, 0, 2],
      [0, 1, 1],
      [2, 2, 4],
    ]);
    expect(requests.map((r) => r.input)).toEqual([['aa', 'b'], ['abab']]);
    expect(requests[0]).toMatchObject({ model: 'tiny-embed', authorization: 'Bearer sk-test' });
  });

  it('is configured from HELIXIS_LLM_BASE_URL and HELIXIS_EMBEDDING_MODEL, and absent otherwise', () => {
    expect(embedderFromConfig(testConfig())).toBeNull();
    expect(embedderFromConfig(testConfig({ HELIXIS_LLM_BASE_URL: baseUrl }))).toBeNull();
    expect(
      embedderFromConfig(testConfig({ HELIXIS_LLM_BASE_URL: baseUrl, HELIXIS_EMBEDDING_MODEL: 'tiny-embed' }))?.model,
    ).toBe('tiny-embed');
  });

  it('compares vectors by cosine', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBe(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(/sizes differ/);
  });
});

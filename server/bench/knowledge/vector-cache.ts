/**
 * Vectors of a real embeddings model for the quality sweeps, kept in a JSON-lines file of
 * `{ k: sha1(text), v: vector }` so a rerun embeds nothing twice (quality-sweep.ts --fusion and
 * rerank-features.ts combo / sentences share one file; decision 021 §11–12).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createOpenAIEmbedder } from '../../src/features/knowledge/embeddings/embeddings';

export const textKey = (text: string) => createHash('sha1').update(text).digest('hex');

export class VectorCache {
  readonly vectors = new Map<string, number[]>();

  /** Loads `file` when it exists; without a file the vectors live in memory only. */
  constructor(readonly file?: string) {
    if (!file || !existsSync(file)) return;
    // Line by line from the bytes: a cache of every sentence outgrows the longest string V8 allows.
    const bytes = readFileSync(file);
    for (let start = 0; start < bytes.length; ) {
      const end = bytes.indexOf(10, start);
      const row = bytes.toString('utf8', start, end < 0 ? bytes.length : end);
      start = end < 0 ? bytes.length : end + 1;
      if (!row.trim()) continue;
      const { k, v } = JSON.parse(row) as { k: string; v: number[] };
      this.vectors.set(k, v);
    }
  }

  get size(): number {
    return this.vectors.size;
  }

  get(text: string): number[] {
    const v = this.vectors.get(textKey(text));
    if (!v) throw new Error(`no cached vector for "${text.slice(0, 60)}"`);
    return v;
  }

  /**
   * Embeds the texts not yet cached through OpenAI-compatible endpoints (several URLs are asked in
   * parallel, one batch each at a time) and appends them to the file.
   */
  async embedMissing(texts: Iterable<string>, urls: readonly string[], model: string, batchSize = 64) {
    const missing = [...new Set(texts)].filter((t) => !this.vectors.has(textKey(t)));
    if (missing.length === 0 || urls.length === 0) return;
    let next = 0;
    let done = 0;
    await Promise.all(
      urls.map(async (baseUrl) => {
        const embedder = createOpenAIEmbedder({ baseUrl, model, timeoutMs: 600_000 });
        for (;;) {
          const batch = missing.slice(next, next + batchSize);
          next += batchSize;
          if (batch.length === 0) return;
          const vectors = await embedder.embed(batch);
          for (const [j, text] of batch.entries()) this.vectors.set(textKey(text), vectors[j] as number[]);
          if (this.file) {
            const rows = batch.map((t, j) => `${JSON.stringify({ k: textKey(t), v: vectors[j] })}\n`);
            appendFileSync(this.file, rows.join(''));
          }
          done += batch.length;
          console.error(`embedded ${done} of ${missing.length}`);
        }
      }),
    );
  }
}

/**
 * Deterministic "embeddings" for tests and offline sweeps: the product's lexemes of a text, their
 * adjacent pairs and the character 4-grams of its words, hashed (FNV-1a, with a sign bit) into
 * HASHED_DIMS dimensions and normalised to length 1. No model, no corpus statistics: a weak semantic
 * signal (shared word pieces across different word forms), served by the local fake
 * OpenAI-compatible /v1/embeddings of the tests and used by quality-sweep.ts --fusion to choose the
 * fusion weight on the same vectors.
 */
import { tokenize } from '@helixis/domain';

export const HASHED_DIMS = 256;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function add(vector: number[], feature: string, weight: number): void {
  const h = fnv1a(feature);
  const slot = h % HASHED_DIMS;
  vector[slot] = (vector[slot] ?? 0) + (h & 0x80000000 ? -weight : weight);
}

export function hashedEmbedding(text: string): number[] {
  const vector = new Array<number>(HASHED_DIMS).fill(0);
  const tokens = tokenize(text);
  tokens.forEach((t, i) => {
    add(vector, `w:${t.lexeme}`, 1);
    const next = tokens[i + 1];
    if (next) add(vector, `b:${t.lexeme} ${next.lexeme}`, 0.5);
    const padded = `<${t.word}>`;
    for (let j = 0; j + 4 <= padded.length; j++) add(vector, `c:${padded.slice(j, j + 4)}`, 0.2);
  });
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  // A text without indexable words still gets a valid (non-zero) vector.
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((x) => x / norm);
}

/**
 * Shared by the ranking equivalence tests (memory-index, posting-blocks): a generated corpus of
 * made-up Zipf-distributed words, generated queries, and the comparison of two rankings.
 */

import { termFrequencies } from '@helixis/domain';
import { expect } from 'vitest';
import type { RankedChunk } from '../knowledge.repo';

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number): () => number {
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

export function corpus(seed: number, count: number): { title: string; text: string }[] {
  const rnd = random(seed);
  return Array.from({ length: count }, () => {
    const length = 10 + Math.floor(rnd() * rnd() * 160);
    const words = Array.from({ length }, () => zipfWord(rnd));
    return { title: `${zipfWord(rnd)} ${zipfWord(rnd)}`, text: `${words.join(' ')}.` };
  });
}

export function queries(seed: number, count: number): Map<string, number>[] {
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

/** Same scores position by position; the same chunks except where scores tie at the cut. */
export function expectSameRanking(fast: RankedChunk[], full: RankedChunk[]) {
  expect(fast.map((r) => r.score)).toHaveLength(full.length);
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  for (const [i, f] of full.entries()) {
    const p = fast[i] as RankedChunk;
    expect(close(p.score, f.score), `score at ${i}: ${p.score} vs ${f.score}`).toBe(true);
    // A different chunk at this place must tie with the one the full statement put there.
    if (p.chunk_id !== f.chunk_id)
      expect(full.some((x) => x.chunk_id === p.chunk_id) || close(p.score, f.score)).toBe(true);
  }
  const last = full.at(-1)?.score ?? 0;
  const fullIds = new Set(full.filter((r) => !close(r.score, last)).map((r) => r.chunk_id));
  const fastIds = new Set(fast.filter((r) => !close(r.score, last)).map((r) => r.chunk_id));
  expect(fastIds).toEqual(fullIds);
  for (const p of fast) {
    const f = full.find((x) => x.chunk_id === p.chunk_id);
    if (f) {
      expect([...p.matched].sort()).toEqual([...f.matched].sort());
      expect(p.content).toBe(f.content);
      expect(p.document_id).toBe(f.document_id);
    }
  }
}

import { describe, expect, it } from 'vitest';
import { SYNONYM_CHUNKS, synonymSearchDepth, withSynonymHits } from './retrieval';

const hit = (id: string, score: number) => ({ chunk_id: id, score });

describe('passages found through synonyms', () => {
  it('searches as deep as the question itself, so passages the question already found do not crowd out new ones', () => {
    expect(synonymSearchDepth(5)).toBe(5);
    expect(synonymSearchDepth(1)).toBe(SYNONYM_CHUNKS);
  });

  it('adds at most SYNONYM_CHUNKS new passages after the own ones, ranked below the last of them', () => {
    const own = [hit('guests', 2.8), hit('pets', 2.6), hit('apartment', 2.5), hit('parking', 2.3), hit('smoking', 1.1)];
    // The synonym search's fifth passage ("Income") is new; three of its first four the question found itself.
    const viaSynonyms = [
      hit('winter', 8.3),
      hit('apartment', 5.2),
      hit('parking', 4.9),
      hit('guests', 4.9),
      hit('income', 4.8),
      hit('criteria', 3.7),
      hit('charging', 3.0),
    ];
    const merged = withSynonymHits(own, viaSynonyms);
    expect(merged.map((c) => c.chunk_id)).toEqual([
      'guests',
      'pets',
      'apartment',
      'parking',
      'smoking',
      'winter',
      'income',
      'criteria',
    ]);
    expect(merged.slice(5).every((c) => c.score < 1.1)).toBe(true);
  });
});

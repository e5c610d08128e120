import { describe, expect, it } from 'vitest';
import { porter2Stem } from './porter2';

/**
 * Expected stems are PostgreSQL 15's `ts_lexize('english_stem', word)` (the Snowball English stemmer).
 * The full check (41,615 words of SciFact and rag-mini-wikipedia, all identical) is in decision 021 §9.
 */
const EXPECTED: Record<string, string> = {
  generously: 'generous',
  generate: 'generat',
  generalization: 'general',
  communication: 'communic',
  emergency: 'emerg',
  university: 'univers',
  organizations: 'organ',
  arsenal: 'arsenal',
  skies: 'sky',
  sky: 'sky',
  dying: 'die',
  lying: 'lie',
  crying: 'cri',
  cries: 'cri',
  ties: 'tie',
  ponies: 'poni',
  caresses: 'caress',
  dogs: 'dog',
  us: 'us',
  gas: 'gas',
  bias: 'bias',
  cosmos: 'cosmos',
  news: 'news',
  running: 'run',
  hopping: 'hop',
  fizzed: 'fizz',
  agreed: 'agre',
  agreedly: 'agre',
  feed: 'feed',
  exceed: 'exceed',
  succeeding: 'succeed',
  innings: 'inning',
  happily: 'happili',
  fluently: 'fluentli',
  gently: 'gentl',
  ugly: 'ugli',
  probably: 'probabl',
  hopeful: 'hope',
  hopefulness: 'hope',
  effectiveness: 'effect',
  relational: 'relat',
  conditionally: 'condit',
  formality: 'formal',
};

describe('porter2Stem (Snowball English)', () => {
  it('stems as PostgreSQL english_stem does', () => {
    const got = Object.fromEntries(Object.keys(EXPECTED).map((w) => [w, porter2Stem(w)]));
    expect(got).toEqual(EXPECTED);
  });

  it('leaves short words and non-letters alone', () => {
    expect(porter2Stem('at')).toBe('at');
    expect(porter2Stem('covid19')).toBe('covid19');
    expect(porter2Stem('café')).toBe('café');
  });
});

import { describe, expect, it } from 'vitest';
import { makeSnippet } from './snippets';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('makeSnippet', () => {
  it('returns a short chunk whole, with runs of whitespace folded', () => {
    expect(makeSnippet('  The pool\n\nopens   at 9.  ', ['pool'])).toBe('The pool opens at 9.');
  });

  it('centres on the first word that starts a word, case-insensitively', () => {
    const text = `${filler(60)} The Gazebo may be reserved for parties. ${filler(60)}`;
    const snippet = makeSnippet(text, ['gazebo']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('The Gazebo may be reserved for parties.');
    expect(snippet.length).toBeLessThanOrEqual(242);
  });

  it('skips occurrences inside another word and takes the earliest of several words', () => {
    const text = `${filler(40)} unpaid rent ${filler(40)} paid deposit ${filler(40)}`;
    // "paid" inside "unpaid" does not count; "deposit" comes after the standalone "paid".
    const snippet = makeSnippet(text, ['deposit', 'paid']);
    expect(snippet).toContain('paid deposit');
    expect(snippet).not.toContain('unpaid rent');
  });

  it('finds accented text from unaccented words, and words inside non-Latin text', () => {
    const text = `${filler(60)} Le café ouvre à huit heures. ${filler(60)}`;
    expect(makeSnippet(text, ['cafe'])).toContain('Le café ouvre');
    const greek = `${filler(60)} Η ΠΙΣΙΝΑ ανοίγει νωρίς. ${filler(60)}`;
    expect(makeSnippet(greek, ['πισινα'])).toContain('Η ΠΙΣΙΝΑ ανοίγει');
  });

  it('starts at the beginning when no word occurs', () => {
    const text = filler(100);
    const snippet = makeSnippet(text, ['absent']);
    expect(snippet.startsWith('word0 ')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });
});

import type { ChatSource } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { linkCitations, passageBody, passageLabel, requestedPassage, sourceHref } from './passages';

const DOC_ID = '6f1c2a52-8f0e-4a57-9a55-2f7d3c1b9e10';
const source: ChatSource = {
  kind: 'document',
  id: 'c1',
  document_id: DOC_ID,
  title: 'Pet [draft] policy',
  chunk_index: 2,
  similarity: 1,
  citation: '[Doc:Pet [draft] policy#2]',
  snippet: 'The deposit is $300.',
};

describe('passage numbering and links', () => {
  it('numbers a passage as its index + 1, the same in search, chat and the viewer', () => {
    expect(passageLabel('Pet policy', 2)).toBe('Pet policy · passage 3');
    expect(sourceHref(source)).toBe(`/documents/${DOC_ID}?passage=3`);
  });

  it('turns every marker of a cited document into a link with an escaped label', () => {
    const text = `The deposit is $300 ${source.citation}. Pets need approval ${source.citation}.`;
    const linked = linkCitations(text, [source]);
    expect(linked).not.toContain('[Doc:');
    expect(linked.split(`(/documents/${DOC_ID}?passage=3)`)).toHaveLength(3);
    expect(linked).toContain('[Pet \\[draft\\] policy, passage 3]');
  });

  it('leaves markers alone when the source has no document id (older messages) and facts', () => {
    const old = { ...source, document_id: undefined };
    const fact: ChatSource = { ...source, kind: 'fact', chunk_index: null, citation: '[Fact:Hours]' };
    expect(linkCitations(`A ${source.citation} B [Fact:Hours]`, [old, fact])).toBe(
      `A ${source.citation} B [Fact:Hours]`,
    );
    expect(sourceHref(fact)).toBeNull();
  });

  it('reads the passage from ?passage=N or #passage-N and ignores anything else', () => {
    expect(requestedPassage('?passage=3', '')).toBe(3);
    expect(requestedPassage('', '#passage-12')).toBe(12);
    expect(requestedPassage('?passage=0', '')).toBeNull();
    expect(requestedPassage('?passage=abc', '#passage-2')).toBeNull();
    expect(requestedPassage('', '#top')).toBeNull();
  });
});

describe('passageBody', () => {
  it('drops the heading lines a passage starts with, keeping the text', () => {
    const content = 'Maple Court handbook\n\nLaundry\n\nThe laundry room opens at 7am.\nLaundry is shared.';
    expect(passageBody(content, ['Maple Court handbook', 'Laundry'])).toBe(
      'The laundry room opens at 7am.\nLaundry is shared.',
    );
    expect(passageBody('## Laundry\nOpen at 7am.', ['Laundry'])).toBe('Open at 7am.');
    expect(passageBody('No headings here.', [])).toBe('No headings here.');
    // A passage that is only a heading keeps it, rather than showing nothing.
    expect(passageBody('Laundry', ['Laundry'])).toBe('Laundry');
  });
});

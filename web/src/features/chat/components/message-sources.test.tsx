import type { ChatSource } from '@helixis/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageSources } from './message-sources';

afterEach(cleanup);

const documentSource: ChatSource = {
  kind: 'document',
  id: 'c1',
  title: 'Maple Court guide.txt',
  chunk_index: 0,
  similarity: 1,
  citation: '[Doc:Maple Court guide.txt#0]',
  snippet: 'The security deposit is $1,450.',
  matched_terms: ['security', 'deposit'],
  highlights: [
    [4, 12],
    [13, 20],
  ],
  score_parts: { lexical: 2.345, vector: 0, proximity: 0.5 },
};
const factSource: ChatSource = {
  kind: 'fact',
  id: 'f1',
  title: 'Office hours',
  chunk_index: null,
  similarity: 0.5,
  citation: '[Fact:Office hours]',
  snippet: '9 to 5',
};

describe('MessageSources', () => {
  it('opens a document source to show why it was chosen: marked words, matched words, score parts', () => {
    render(<MessageSources sources={[documentSource, factSource]} />);
    fireEvent.click(screen.getByText('· why?'));
    const marks = [...document.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['security', 'deposit']);
    expect(screen.getByTestId('hit-snippet').textContent).toBe('The security deposit is $1,450.');
    const reasons = screen.getByTestId('hit-reasons').textContent ?? '';
    expect(reasons).toContain('Matched words: security, deposit');
    expect(reasons).toContain('keywords 2.35');
    expect(reasons).toContain('words close together 0.5');
    // A fact has no explanation to open.
    expect(screen.getAllByTestId('source-details')).toHaveLength(1);
    expect(screen.getByText('[Fact:Office hours]')).toBeTruthy();
  });

  it('ignores highlight ranges outside the snippet and never renders its text as HTML', () => {
    render(
      <MessageSources
        sources={[
          {
            ...documentSource,
            snippet: '<b>deposit</b>',
            highlights: [
              [3, 10],
              [50, 60],
            ],
          },
        ]}
      />,
    );
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['deposit']);
    expect(document.querySelector('b')).toBeNull();
  });

  it('says how a rewritten follow-up was searched, even when nothing was found', () => {
    render(
      <MessageSources
        sources={[]}
        rewrite={{
          original: 'and the deposit there?',
          rewritten: 'and the deposit there? Maple Court pet policy',
          method: 'offline',
        }}
      />,
    );
    const line = screen.getByTestId('message-rewrite').textContent ?? '';
    expect(line).toContain('Searched for “and the deposit there? Maple Court pet policy”');
    expect(line).toContain('completed from the earlier messages');
    expect(line).toContain('you asked “and the deposit there?”');
    expect(screen.queryByText('Sources')).toBeNull();
  });

  it('says when a typing slip was mended before the search', () => {
    render(
      <MessageSources
        sources={[]}
        rewrite={{ original: 'when is the pool clsoed?', rewritten: 'when is the pool closed?', method: 'spelling' }}
      />,
    );
    const line = screen.getByTestId('message-rewrite').textContent ?? '';
    expect(line).toContain(
      'Searched for “when is the pool closed?” (spelling corrected — you asked “when is the pool clsoed?”)',
    );
  });

  it('shows nothing for an answer without sources or rewrite', () => {
    const { container } = render(<MessageSources sources={[]} rewrite={null} />);
    expect(container.textContent).toBe('');
  });
});

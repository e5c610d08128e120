import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../llm/provider';
import { inQuietHours, relevantToQuestion } from './automations.drafting';
import { replyAddress } from './pipeline';

describe('inQuietHours (UTC)', () => {
  const at = (hm: string) => new Date(`2026-11-23T${hm}:00Z`);
  it.each([
    ['21:00', '08:00', '22:30', true],
    ['21:00', '08:00', '07:59', true],
    ['21:00', '08:00', '08:00', false],
    ['21:00', '08:00', '12:00', false],
    ['12:00', '14:00', '13:00', true],
    ['12:00', '14:00', '14:00', false],
    ['09:00', '09:00', '09:00', false],
  ])('%s–%s at %s → %s', (start, end, now, expected) => {
    expect(inQuietHours({ start, end }, at(now))).toBe(expected);
  });
  it('no quiet hours never holds', () => {
    expect(inQuietHours(null, at('03:00'))).toBe(false);
  });
});

describe('replyAddress', () => {
  it.each([
    ['Tenant Tom <tom@example.com>', 'tom@example.com'],
    ['tom@example.com', 'tom@example.com'],
    ['"Doe, Jane" <jane@example.org>', 'jane@example.org'],
    ['Nobody', null],
    [null, null],
  ])('%s → %s', (from, expected) => {
    expect(replyAddress(from)).toBe(expected);
  });
});

describe('relevantToQuestion', () => {
  const evidence = (text: string): Evidence => ({
    kind: 'document',
    id: 'c1',
    title: 'handbook.md',
    chunkIndex: 0,
    citation: '[Doc:handbook.md#0]',
    text,
    similarity: 1,
    fromHuman: false,
  });
  const handbook = evidence(
    'Deposits\n\nThe security deposit is one month of rent. Before you move out, book the final inspection with the office.',
  );

  it('drops quoted sentences and headings that do not answer the question', () => {
    const answer =
      '- Deposits\n- The security deposit is one month of rent.\n- Before you move out, book the final inspection with the office.';
    expect(relevantToQuestion("What's the deposit?", answer, [handbook])).toBe(
      'The security deposit is one month of rent.',
    );
  });

  it("keeps the answer's own words (not quoted from a source)", () => {
    const answer = 'Yes. The security deposit is one month of rent.';
    expect(relevantToQuestion("What's the deposit?", answer, [handbook])).toBe(answer);
  });
});

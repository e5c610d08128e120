import { describe, expect, it } from 'vitest';
import { displayStatus, formatKb, titleProblem } from './format';

describe('formatKb', () => {
  it.each([
    [0, '0.0 KB'],
    [61, '0.1 KB'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [20 * 1024 * 1024, '20480.0 KB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatKb(bytes)).toBe(text);
  });
});

describe('displayStatus', () => {
  it('keeps READY and PENDING and treats anything else as failed', () => {
    expect(displayStatus('READY')).toBe('READY');
    expect(displayStatus('PENDING')).toBe('PENDING');
    expect(displayStatus('failed')).toBe('failed');
    expect(displayStatus('ERROR')).toBe('failed');
  });
});

describe('titleProblem', () => {
  it('wants 1-200 characters once trimmed, with the server’s wording', () => {
    expect(titleProblem('  ')).toBe('A title is required.');
    expect(titleProblem(` ${'x'.repeat(200)} `)).toBeNull();
    expect(titleProblem('x'.repeat(201))).toBe('A title can have at most 200 characters.');
    expect(titleProblem('Pet policy')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { inQuietHours } from './automations.drafting';
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

import { expect, test } from 'vitest';

test('passes, or fails when FIXTURE_FAIL is set', () => {
  expect(process.env.FIXTURE_FAIL ?? '').toBe('');
});

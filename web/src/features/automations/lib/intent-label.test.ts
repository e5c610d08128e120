import { describe, expect, it } from 'vitest';
import { intentLabel } from './intent-label';

describe('intentLabel', () => {
  it('shows an intent identifier as words with a capital', () => {
    expect(intentLabel('pricing_question')).toBe('Pricing question');
    expect(intentLabel('maintenance_request')).toBe('Maintenance request');
    expect(intentLabel('general')).toBe('General');
    expect(intentLabel('reschedule__request')).toBe('Reschedule request');
  });
});

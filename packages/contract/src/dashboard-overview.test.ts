import { describe, expect, it } from 'vitest';
import { isValidHelixisApiUrl } from './dashboard-overview';

describe('isValidHelixisApiUrl (Configure Integration)', () => {
  it.each([
    ['https://api.helixis.example', true],
    ['http://localhost:3000/api', true],
    ['https://10.0.0.5:8443/v1?x=1', true],
    ['http://[::1]:3000', true],
    ['  https://api.example.com/  ', true],
    ['api.example.com', false],
    ['ftp://api.example.com', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidHelixisApiUrl(value)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { offersSecretsStep } from './secrets-host';

describe('offersSecretsStep', () => {
  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['192.168.1.20', true],
    ['[::1]', true],
    ['preview--harbor.example.app', true],
    ['harbor.preview.example.app', true],
    ['helixis.example.com', false],
    ['previewer.example.com', false],
    ['app.helixis.com', false],
  ])('%s → %s', (host, expected) => {
    expect(offersSecretsStep(host)).toBe(expected);
  });
});

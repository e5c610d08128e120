import { describe, expect, it } from 'vitest';
import { assertDbId, isUuid, isVersionedUuid } from './ids';
import { defaultWorkspaceName } from './workspace-name';

describe('ids', () => {
  it('accepts UUIDs and refuses everything else', () => {
    expect(isUuid('3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('3F2B8C1E-9D4A-4B7E-8F00-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('3f2b8c1e9d4a4b7e8f001a2b3c4d5e6f')).toBe(false);
    expect(isUuid('local_123')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
  it('versioned UUIDs need a version digit 1-5', () => {
    expect(isVersionedUuid('3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f')).toBe(true);
    expect(isVersionedUuid('00000000-0000-0000-0000-000000000000')).toBe(false);
  });
  it('refuses local_ and session_ ids with the exact text', () => {
    expect(() => assertDbId('local_abc', 'profile')).toThrow(
      'Invalid ID for profile: local_abc. Must be a valid UUID, not a local session ID.',
    );
    expect(() => assertDbId('session_xyz', 'user')).toThrow(
      'Invalid ID for user: session_xyz. Must be a valid UUID, not a local session ID.',
    );
    expect(assertDbId('3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f', 'user')).toBe('3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f');
  });
});

describe('defaultWorkspaceName', () => {
  it.each([
    ['maria@example.com', 'maria Workspace'],
    ['', 'User Workspace'],
    [null, 'User Workspace'],
    ['@example.com', 'User Workspace'],
  ])('%s → %s', (email, expected) => {
    expect(defaultWorkspaceName(email)).toBe(expected);
  });
});

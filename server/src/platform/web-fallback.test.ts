import { describe, expect, it } from 'vitest';
import { isApiPath } from '../app';

describe('isApiPath (which unknown GETs are the web app’s pages)', () => {
  it.each(['/api/v1/nope', '/functions/v1/nope', '/auth/v1/nope', '/healthz', '/metrics', '/ws'])(
    '%s belongs to the API',
    (url) => {
      expect(isApiPath(url)).toBe(true);
    },
  );

  it.each(['/auth', '/auth?mode=signup', '/auth-redirect', '/signin', '/dashboard', '/authors', '/apis'])(
    '%s is a page of the web app',
    (url) => {
      expect(isApiPath(url)).toBe(false);
    },
  );
});

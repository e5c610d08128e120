// @vitest-environment jsdom
import { errorCatalogue, workspaceErrors } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { needsSignIn, workspaceErrorMessage } from './workspace-errors';

describe('workspaceErrorMessage', () => {
  it.each([
    [new ApiError('invalid_id', 'Invalid ID', 400), 'Invalid user ID format - please sign in again'],
    [new ApiError('authentication_invalid', 'x', 401), 'Authentication error - please sign in again'],
    [new ApiError('session_not_found', 'x', 401), 'Authentication error - please sign in again'],
    [new ApiError('not_authenticated', 'x', 401), 'Please sign in again to continue'],
    [new ApiError('workspace_missing', 'x', 500), 'Your workspace is missing or corrupted...'],
    [new ApiError('invalid_response', 'x', 200), 'RPC returned no workspace - check function logs'],
    [
      new ApiError('workspace_create_failed', 'Failed to create workspace: name taken', 500),
      'Failed to create workspace: name taken',
    ],
    [
      new ApiError('service_unavailable', errorCatalogue.service_unavailable.message, 0),
      `Failed to check workspace membership: ${errorCatalogue.service_unavailable.message}`,
    ],
    [
      new ApiError('unknown_error', 'An unexpected error occurred. Please try again.', 500),
      'Failed to fetch workspace: An unexpected error occurred. Please try again.',
    ],
    [new TypeError('boom'), 'Failed to fetch workspace: boom'],
  ])('%s → %s', (error, message) => {
    expect(workspaceErrorMessage(error)).toBe(message);
  });

  it('uses only catalogue prefixes', () => {
    const texts = Object.values(workspaceErrors);
    const produced = workspaceErrorMessage(new ApiError('rate_limited', 'slow down', 429));
    expect(texts.some((t) => produced.startsWith(t))).toBe(true);
  });

  it('offers sign-in for session problems only', () => {
    expect(needsSignIn(new ApiError('session_not_found', 'x', 401))).toBe(true);
    expect(needsSignIn(new ApiError('invalid_id', 'x', 400))).toBe(true);
    expect(needsSignIn(new ApiError('workspace_missing', 'x', 500))).toBe(false);
  });
});

/** Why the user was sent to sign in (the `reason` query values of /signin), in plain words. */
export const signInReasons: Record<string, string> = {
  session_expired: 'Your session has expired. Please sign in again to continue.',
  invalid_session: 'Your session is no longer valid. Please sign in again.',
  invalid_token: 'Your sign-in could not be verified. Please sign in again.',
  corrupt_token: 'Your saved sign-in data was damaged and has been cleared. Please sign in again.',
  validation_error: 'We could not confirm your session. Please sign in again.',
  invalid_auth_state: 'Your sign-in state got out of step and has been reset. Please sign in again.',
  error_boundary: 'Something went wrong, so we started a fresh session. Please sign in again.',
};

export type AuthMode = 'signin' | 'signup';

export function isAuthMode(value: string | null): value is AuthMode {
  return value === 'signin' || value === 'signup';
}

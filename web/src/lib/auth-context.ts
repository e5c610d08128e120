import type { AuthError, Session, User } from '@supabase/auth-js';
import { createContext, useContext } from 'react';

export interface AuthResult {
  session: Session | null;
  error: AuthError | null;
}

export interface SignOutOptions {
  /** Where to go afterwards; false stays on the current page. Default '/signin'. */
  redirectTo?: string | false;
}

export interface AuthState {
  /** False until an auth event, a session read or the fallback timeout arrives. */
  authReady: boolean;
  session: Session | null;
  user: User | null;
  /** True once the user signed out on purpose, until the next sign-in: guards then skip the return path. */
  signedOutByUser: boolean;
  /**
   * True when the session ended without the user asking (revoked, expired beyond refresh), until the next
   * sign-in: guards then say why on the sign-in screen (reason=session_expired). Optional for test doubles.
   */
  sessionLost?: boolean;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string) => Promise<AuthResult>;
  /** Global sign-out, then stored auth, token entries and session storage are cleared. */
  signOut: (options?: SignOutOptions) => Promise<void>;
  /** Drops the session on this device only (the `clearauth=true` entry). */
  clearAuth: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

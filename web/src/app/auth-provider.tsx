import { AUTH_FALLBACK_TIMEOUT_MS, SESSION_READ_RETRIES, SESSION_READ_RETRY_DELAY_MS } from '@helixis/contract';
import type { AuthError, Session } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pendingInvitation } from '../features/team/lib/pending-invitation';
import { authClient, sessionRecovery } from '../lib/auth-client';
import { AuthContext, type AuthResult, type AuthState, type SignOutOptions } from '../lib/auth-context';
import { emitAuthEvent } from '../lib/auth-events';
import { clearStoredAuth, recordSignUp } from '../lib/auth-storage';
import { delay } from '../lib/delay';
import { useRealtimeInvalidation } from '../lib/realtime';

/** Reads the stored session, retrying a failed read. Undefined when every attempt failed. */
async function readSession(isActive: () => boolean): Promise<Session | null | undefined> {
  for (let attempt = 0; attempt <= SESSION_READ_RETRIES && isActive(); attempt++) {
    if (attempt > 0) await delay(SESSION_READ_RETRY_DELAY_MS);
    try {
      const { data, error } = await authClient.getSession();
      if (!error) return data.session;
    } catch {
      // A thrown read counts as a failed attempt, like a returned error.
    }
  }
  return undefined;
}

function unexpected(error: unknown): AuthResult {
  const message = error instanceof Error ? error.message : String(error);
  return { session: null, error: { name: 'AuthError', message } as AuthError };
}

/** Owns the app's auth state; the auth client's events are the only source of truth for the session. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [authReady, setAuthReady] = useState(false);
  const [session, setSession] = useState<Session | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [sessionLost, setSessionLost] = useState(false);
  // Read inside the auth client's listener, which outlives renders: refs, not state.
  const deliberateSignOut = useRef(false);
  const hadSession = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    let eventSeen = false;
    const {
      data: { subscription },
    } = authClient.onAuthStateChange((event, next) => {
      if (!active) return;
      eventSeen = true;
      if (event === 'SIGNED_IN') {
        setSignedOutByUser(false);
        setSessionLost(false);
        deliberateSignOut.current = false;
        sessionRecovery.reset();
      }
      if (event === 'SIGNED_OUT' && hadSession.current && !deliberateSignOut.current) setSessionLost(true);
      hadSession.current = next !== null;
      emitAuthEvent(event, next);
      setSession(next);
      setAuthReady(true);
    });
    void readSession(() => active && !eventSeen).then((stored) => {
      // An event is newer than this read, so the read only counts when no event has arrived yet.
      if (!active || eventSeen || stored === undefined) return;
      hadSession.current = stored !== null;
      setSession(stored);
      setAuthReady(true);
    });
    const fallback = setTimeout(() => {
      if (active) setAuthReady(true);
    }, AUTH_FALLBACK_TIMEOUT_MS);
    return () => {
      active = false;
      subscription.unsubscribe();
      clearTimeout(fallback);
    };
  }, []);

  // Server state belongs to one user: drop the cache whenever the signed-in user changes.
  const userId = session?.user.id ?? null;
  const previousUserId = useRef<string | null>(null);
  useEffect(() => {
    if (previousUserId.current && previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [userId, queryClient]);

  useRealtimeInvalidation(userId);

  const signIn = useCallback(async (email: string, password: string): Promise<AuthResult> => {
    try {
      const { data, error } = await authClient.signInWithPassword({ email, password });
      return { session: data.session, error };
    } catch (error) {
      return unexpected(error);
    }
  }, []);

  const signUp = useCallback(async (email: string, password: string): Promise<AuthResult> => {
    try {
      const invitation = pendingInvitation.read();
      const { data, error } = await authClient.signUp({
        email,
        password,
        options: {
          emailRedirectTo: `${globalThis.location.origin}/onboarding?step=integrations`,
          // Signing up from an invitation link: the server confirms the invited address through the link.
          data: invitation ? { invitation_token: invitation } : undefined,
        },
      });
      if (!error) recordSignUp();
      return { session: data.session, error };
    } catch (error) {
      return unexpected(error);
    }
  }, []);

  const signOut = useCallback(
    async ({ redirectTo = '/signin' }: SignOutOptions = {}) => {
      deliberateSignOut.current = true;
      setSignedOutByUser(true);
      try {
        const { error } = await authClient.signOut({ scope: 'global' });
        // When the server could not be told, still end the session on this device.
        if (error) await authClient.signOut({ scope: 'local' });
      } catch {
        await authClient.signOut({ scope: 'local' }).catch(() => undefined);
      }
      clearStoredAuth();
      setSession(null);
      queryClient.clear();
      if (redirectTo !== false) navigate(redirectTo, { replace: true });
    },
    [navigate, queryClient],
  );

  const clearAuth = useCallback(async () => {
    deliberateSignOut.current = true;
    setSignedOutByUser(true);
    await authClient.signOut({ scope: 'local' }).catch(() => undefined);
    clearStoredAuth();
    setSession(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      authReady,
      session,
      user: session?.user ?? null,
      signedOutByUser,
      sessionLost,
      signIn,
      signUp,
      signOut,
      clearAuth,
    }),
    [authReady, session, signedOutByUser, sessionLost, signIn, signUp, signOut, clearAuth],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

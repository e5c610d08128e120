import type { AuthChangeEvent, Session } from '@supabase/auth-js';

/** Every auth event (INITIAL_SESSION … MFA_CHALLENGE_VERIFIED), for whoever wants to know. */
export type AuthEventListener = (event: AuthChangeEvent, session: Session | null) => void;

const listeners = new Set<AuthEventListener>();

export function onAuthEvent(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the AuthProvider for each event of the auth client. A failing listener does not stop the others. */
export function emitAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  for (const listener of listeners) {
    try {
      listener(event, session);
    } catch {
      // One broken listener must not hide the event from the rest.
    }
  }
}

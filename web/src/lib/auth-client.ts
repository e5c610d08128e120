import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from './auth-storage';
import { createSessionRecovery } from './session-recovery';

/**
 * The one auth client of the app. It speaks the GoTrue protocol to the server's /auth/v1 on the same
 * origin, keeps the session in localStorage and refreshes tokens itself; the app only listens to its events.
 */
export const authClient = new GoTrueClient({
  url: new URL('/auth/v1', globalThis.location.origin).toString(),
  storageKey: AUTH_STORAGE_KEY,
  storage: globalThis.localStorage,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: false,
});

/** The current access token, or null when signed out (the client refreshes it first when it is about to expire). */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}

/** Recovery of a session the server refused (doc 1 §4); the AuthProvider resets it on sign-in. */
export const sessionRecovery = createSessionRecovery(authClient);

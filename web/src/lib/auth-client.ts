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
  // Only the fragment a mailed link (recovery, sign-in link, e-mail change) lands with is read; any other
  // address is left alone. The client then emits PASSWORD_RECOVERY or SIGNED_IN.
  detectSessionInUrl: (_url, params) => Boolean(params.access_token && params.refresh_token && params.type),
});

let recoveryOpened = false;
// Registered before the client finishes reading the address, so the event is never missed by a page
// that mounts later: the recovery link's session may only set a new password.
authClient.onAuthStateChange((event) => {
  if (event === 'PASSWORD_RECOVERY') recoveryOpened = true;
  else if (event === 'SIGNED_OUT') recoveryOpened = false;
});

/** True once a recovery link was opened in this tab (PASSWORD_RECOVERY), until sign-out. */
export function recoveryLinkOpened(): boolean {
  return recoveryOpened;
}

/** The current access token, or null when signed out (the client refreshes it first when it is about to expire). */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}

/** Recovery of a session the server refused (doc 1 §4); the AuthProvider resets it on sign-in. */
export const sessionRecovery = createSessionRecovery(authClient);

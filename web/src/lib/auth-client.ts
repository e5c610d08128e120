import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from './auth-storage';
import { createSessionRecovery } from './session-recovery';

let client: Promise<GoTrueClient> | undefined;

/**
 * The one auth client of the app. It speaks the GoTrue protocol to the server's /auth/v1 on the same
 * origin, keeps the session in localStorage and refreshes tokens itself; the app only listens to its events.
 * Its library is loaded on first use (the AuthProvider asks for the session as the app starts) rather
 * than with the first screen's code.
 */
let recoveryOpened = false;

export function loadAuthClient(): Promise<GoTrueClient> {
  client ??= import('@supabase/auth-js').then(({ GoTrueClient }) => {
    const loaded = new GoTrueClient({
      url: new URL('/auth/v1', globalThis.location.origin).toString(),
      storageKey: AUTH_STORAGE_KEY,
      storage: globalThis.localStorage,
      persistSession: true,
      autoRefreshToken: true,
      // Only the fragment a mailed link (recovery, sign-in link, e-mail change) lands with is read; any other
      // address is left alone. The client then emits PASSWORD_RECOVERY or SIGNED_IN.
      detectSessionInUrl: (_url, params) => Boolean(params.access_token && params.refresh_token && params.type),
    });
    // Registered before the client finishes reading the address, so the event is never missed by a page
    // that mounts later: the recovery link's session may only set a new password.
    loaded.onAuthStateChange((event) => {
      if (event === 'PASSWORD_RECOVERY') recoveryOpened = true;
      else if (event === 'SIGNED_OUT') recoveryOpened = false;
    });
    return loaded;
  });
  return client;
}

type Client = GoTrueClient;

/** The auth client's calls the app makes, each waiting for the client to load. */
export const authClient = {
  getSession: async (): ReturnType<Client['getSession']> => (await loadAuthClient()).getSession(),
  getUser: async (jwt?: string): ReturnType<Client['getUser']> => (await loadAuthClient()).getUser(jwt),
  refreshSession: async (): ReturnType<Client['refreshSession']> => (await loadAuthClient()).refreshSession(),
  signInWithPassword: async (
    credentials: Parameters<Client['signInWithPassword']>[0],
  ): ReturnType<Client['signInWithPassword']> => (await loadAuthClient()).signInWithPassword(credentials),
  signInWithOtp: async (credentials: Parameters<Client['signInWithOtp']>[0]): ReturnType<Client['signInWithOtp']> =>
    (await loadAuthClient()).signInWithOtp(credentials),
  resetPasswordForEmail: async (
    ...args: Parameters<Client['resetPasswordForEmail']>
  ): ReturnType<Client['resetPasswordForEmail']> => (await loadAuthClient()).resetPasswordForEmail(...args),
  updateUser: async (...args: Parameters<Client['updateUser']>): ReturnType<Client['updateUser']> =>
    (await loadAuthClient()).updateUser(...args),
  signUp: async (credentials: Parameters<Client['signUp']>[0]): ReturnType<Client['signUp']> =>
    (await loadAuthClient()).signUp(credentials),
  signOut: async (options?: Parameters<Client['signOut']>[0]): ReturnType<Client['signOut']> =>
    (await loadAuthClient()).signOut(options),
  /** Subscribes once the client has loaded; unsubscribing before that cancels the subscription. */
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void) {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    void loadAuthClient().then((loaded) => {
      if (cancelled) return;
      const { subscription } = loaded.onAuthStateChange(callback).data;
      unsubscribe = () => subscription.unsubscribe();
    });
    return {
      data: {
        subscription: {
          unsubscribe() {
            cancelled = true;
            unsubscribe?.();
          },
        },
      },
    };
  },
};

/** True once a recovery link was opened in this tab (PASSWORD_RECOVERY), until sign-out. */
export function recoveryLinkOpened(): boolean {
  return recoveryOpened;
}

/** The current access token, or null when signed out (the client refreshes it first when it is about to expire). */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}

/** Recovery of a session the server refused; the AuthProvider resets it on sign-in. */
export const sessionRecovery = createSessionRecovery(authClient);

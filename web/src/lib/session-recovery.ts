import { authMessages, SESSION_RECOVERY_ATTEMPTS } from '@helixis/contract';
import type { Session } from '@supabase/auth-js';
import { clearStoredAuth } from './auth-storage';

/** The calls recovery needs from the auth client (an interface so tests can drive it). */
export interface RecoverableAuthClient {
  refreshSession(): Promise<{ data: { session: Session | null }; error: unknown }>;
  getSession(): Promise<{ data: { session: Session | null }; error: unknown }>;
  signOut(options: { scope: 'local' }): Promise<unknown>;
}

function usable(session: Session | null, now: number): boolean {
  return session !== null && (session.expires_at ?? 0) * 1000 > now;
}

/**
 * Session recovery: when the server refuses the token, up to SESSION_RECOVERY_ATTEMPTS
 * attempts each refresh the session, then read the stored one; when all fail, the corrupted auth data is
 * cleared and the user is told to sign in again. The counter resets on sign-in (`reset`) and on success.
 */
export function createSessionRecovery(client: RecoverableAuthClient) {
  let attempts = 0;
  let running: Promise<boolean> | null = null;

  async function once(): Promise<boolean> {
    try {
      const refreshed = await client.refreshSession();
      if (!refreshed.error && usable(refreshed.data.session, Date.now())) return true;
    } catch {
      // fall through to reading the stored session
    }
    try {
      const read = await client.getSession();
      if (!read.error && usable(read.data.session, Date.now())) return true;
    } catch {
      // fall through to the next attempt
    }
    return false;
  }

  async function run(): Promise<boolean> {
    while (attempts < SESSION_RECOVERY_ATTEMPTS) {
      attempts++;
      if (await once()) {
        attempts = 0;
        return true;
      }
    }
    await client.signOut({ scope: 'local' }).catch(() => undefined);
    clearStoredAuth();
    // Loaded here: the toast library is not part of the first screen (the Toaster itself loads lazily).
    const { toast } = await import('sonner');
    toast.error(authMessages.recoveryFailed);
    return false;
  }

  return {
    /** Up to the remaining attempts; concurrent callers share one run. True when a usable session exists again. */
    recover(): Promise<boolean> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    reset(): void {
      attempts = 0;
    },
    get attempts(): number {
      return attempts;
    },
  };
}

/**
 * Browser storage the auth flow owns: the auth library's session entry and the last sign-up marker.
 * Kept free of the auth client itself so it can be used (and tested) without a network client.
 */

/** 'sb-<first label of the backend host>-auth-token', the entry name the spec's auth library derives. */
export const AUTH_STORAGE_KEY = `sb-${globalThis.location.hostname.split('.')[0] || 'local'}-auth-token`;

/** When the user last signed up (epoch ms); drives the sign-up grace periods. */
export const LAST_SIGN_UP_KEY = 'last_sign_up_at';
/** Set with the timestamp at sign-up; the landing page consumes it once (a flag plus a timestamp). */
export const RECENT_SIGN_UP_FLAG = 'recent_sign_up';

const AUTH_TOKEN_ENTRY = /^sb-.+-auth-token(-.+)?$/;

export function recordSignUp(now: number = Date.now()): void {
  globalThis.localStorage.setItem(LAST_SIGN_UP_KEY, String(now));
  globalThis.localStorage.setItem(RECENT_SIGN_UP_FLAG, 'true');
}

/** True (once) when the flag is set and the sign-up happened within `windowMs`; the flag is removed either way. */
export function consumeRecentSignUp(windowMs: number, now: number = Date.now()): boolean {
  const flagged = globalThis.localStorage.getItem(RECENT_SIGN_UP_FLAG) === 'true';
  globalThis.localStorage.removeItem(RECENT_SIGN_UP_FLAG);
  return flagged && signedUpWithin(windowMs, now);
}

export function lastSignUpAt(): number | null {
  const raw = globalThis.localStorage.getItem(LAST_SIGN_UP_KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** True while the last sign-up happened less than `windowMs` ago. */
export function signedUpWithin(windowMs: number, now: number = Date.now()): boolean {
  const at = lastSignUpAt();
  return at !== null && now - at >= 0 && now - at < windowMs;
}

/** Removes every stored auth and token entry (ours and any stale one) and the whole session storage. */
export function clearStoredAuth(): void {
  const storage = globalThis.localStorage;
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (
      key &&
      (key.startsWith(AUTH_STORAGE_KEY) ||
        AUTH_TOKEN_ENTRY.test(key) ||
        key === LAST_SIGN_UP_KEY ||
        key === RECENT_SIGN_UP_FLAG)
    ) {
      doomed.push(key);
    }
  }
  for (const key of doomed) storage.removeItem(key);
  globalThis.sessionStorage.clear();
}

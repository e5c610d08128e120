import { ROUTE_GUARD_DELAY_MS } from '@helixis/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { useAuth } from '../../lib/auth-context';
import { AUTH_STORAGE_KEY, lastSignUpAt } from '../../lib/auth-storage';
import { activeGrace } from '../../lib/grace-windows';
import {
  classifyUserCheck,
  isCorruptedEntry,
  reasonForCode,
  type SessionCode,
  skipReason,
} from './session-guard-rules';

/** How long the current-user check may take before it counts as a temporary error. */
const CHECK_TIMEOUT_MS = 10_000;

async function checkSession(): Promise<SessionCode | null> {
  if (isCorruptedEntry(globalThis.localStorage.getItem(AUTH_STORAGE_KEY))) return 'authentication_corrupted';
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new DOMException('session check timed out', 'TimeoutError')), CHECK_TIMEOUT_MS),
    );
    const { data, error } = await Promise.race([authClient.getUser(), timeout]);
    if (error) return classifyUserCheck(error);
    return data.user ? null : 'not_authenticated';
  } catch (error) {
    return classifyUserCheck(error);
  }
}

/**
 * The route guard: a second after each navigation of a signed-in user, the session is
 * checked with the auth service; a session it refuses sends the user to sign in with a reason.
 * Auth and onboarding pages, the minutes after sign-up and the grace windows are skipped.
 */
export function SessionGuard() {
  const { authReady, session, clearAuth } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = session !== null;

  useEffect(() => {
    if (!authReady || !signedIn) return;
    const input = {
      pathname: location.pathname,
      now: Date.now(),
      lastSignUpAt: lastSignUpAt(),
      grace: activeGrace(),
    };
    if (skipReason(input)) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const code = await checkSession();
      if (cancelled || code === null) return;
      const reason = reasonForCode[code];
      if (!reason) return;
      // When the auth client already dropped the session (the server said it is gone), the protected
      // route's own redirect explains it (reason=session_expired); nothing more to do here.
      const { data } = await authClient.getSession();
      if (cancelled || !data.session) return;
      // Leave the page first, so its guard does not redirect again without the reason; then drop the session.
      const next = encodeURIComponent(location.pathname + location.search);
      navigate(`/signin?reason=${reason}&next=${next}`, { replace: true });
      await clearAuth();
    }, ROUTE_GUARD_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [authReady, signedIn, location.pathname, location.search, clearAuth, navigate]);

  return null;
}

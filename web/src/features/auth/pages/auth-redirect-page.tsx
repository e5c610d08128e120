import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { useAuth } from '../../../lib/auth-context';
import { safeNextPath, signInPathFor } from '../../../lib/safe-next';

const DEFAULT_TARGET = '/onboarding';

/** /auth-redirect: waits for the auth state, then forwards to the target or to sign-in. */
export function AuthRedirectPage() {
  const { authReady, session } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));

  useEffect(() => {
    if (!authReady) return;
    navigate(session ? (next ?? DEFAULT_TARGET) : signInPathFor(next ?? DEFAULT_TARGET), { replace: true });
  }, [authReady, session, next, navigate]);

  return <PageStatus fullScreen label="Checking authentication..." />;
}

import {
  type BusinessRole,
  errorCatalogue,
  SIGNUP_GRACE_PROTECTED_ROUTE_MS,
  WORKSPACE_SETUP_TOO_LONG_MS,
  WORKSPACE_SLOW_SETUP_MS,
} from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageStatus } from '../../components/page-status';
import { useMe } from '../../features/workspaces/api/get-me';
import { WorkspaceSetupFailedCard } from '../../features/workspaces/components/workspace-setup-failed-card';
import { useAuth } from '../../lib/auth-context';
import { lastSignUpAt } from '../../lib/auth-storage';
import { signInPathFor } from '../../lib/safe-next';
import { AccessRestrictedCard, SetupTooLongCard } from './guard-cards';

interface RequireAuthProps {
  /** Wait for the workspace (GET /api/v1/me bootstraps it) before rendering the page. */
  needsWorkspace?: boolean;
  /** Minimum business role; implies the workspace check. */
  requireRole?: BusinessRole;
}

/** Route guard: a signed-in user, and optionally a ready workspace and a minimum role. */
export function RequireAuth({ needsWorkspace = false, requireRole }: RequireAuthProps) {
  const { authReady, user, signedOutByUser, sessionLost } = useAuth();
  if (!authReady) return <PageStatus fullScreen label="Loading" />;
  // After a deliberate sign-out the next person should not land on the previous user's page.
  if (!user && signedOutByUser && !sessionLost) return <Navigate replace to="/signin" />;
  if (!user) return <SignedOutGate />;
  if (!needsWorkspace && !requireRole) return <Outlet />;
  return <WorkspaceGate requireRole={requireRole} />;
}

/** Sends a visitor to sign in, except right after sign-up, while the new session is still arriving. */
function SignedOutGate() {
  const location = useLocation();
  const { sessionLost } = useAuth();
  const [now, setNow] = useState(() => Date.now());
  const signedUpAt = lastSignUpAt();
  const graceLeft = signedUpAt === null ? 0 : signedUpAt + SIGNUP_GRACE_PROTECTED_ROUTE_MS - now;

  useEffect(() => {
    if (graceLeft <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), graceLeft);
    return () => clearTimeout(timer);
  }, [graceLeft]);

  if (graceLeft > 0) return <PageStatus fullScreen label="Completing sign up..." />;
  const signIn = signInPathFor(location.pathname + location.search);
  // A session that ended on its own (revoked elsewhere, refresh refused) is explained on the sign-in screen.
  return <Navigate replace to={sessionLost ? `${signIn}&reason=session_expired` : signIn} />;
}

type SetupStage = 'normal' | 'slow' | 'stuck';

function WorkspaceGate({ requireRole }: { requireRole?: BusinessRole }) {
  const me = useMe();
  const [stage, setStage] = useState<SetupStage>('normal');
  const waiting = me.isPending;

  useEffect(() => {
    if (!waiting) {
      setStage('normal');
      return;
    }
    const slow = setTimeout(() => setStage('slow'), WORKSPACE_SLOW_SETUP_MS);
    const stuck = setTimeout(() => setStage('stuck'), WORKSPACE_SETUP_TOO_LONG_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(stuck);
    };
  }, [waiting]);

  // Once loaded, the workspace stays usable even if a background refresh fails.
  if (!me.data) {
    if (me.isError) {
      return <WorkspaceSetupFailedCard error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
    }
    if (stage === 'stuck') return <SetupTooLongCard />;
    return (
      <PageStatus
        label="Preparing your workspace..."
        detail={stage === 'slow' ? 'This is taking longer than usual...' : undefined}
      />
    );
  }
  if (requireRole && !hasRole(me.data.businessRole, requireRole)) {
    return <AccessRestrictedCard role={requireRole} note={errorCatalogue.insufficient_role.message} />;
  }
  return <Outlet />;
}

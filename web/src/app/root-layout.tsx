import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageStatus } from '../components/page-status';
import { AuthProvider } from './auth-provider';
import { SessionGuard } from './guards/session-guard';
import { SkipLink, useFocusHeadingOnNavigation } from './route-focus';

/**
 * Root route: the auth state for every page, a thin progress bar while a lazy page loads, the skip
 * link, and focus on the new page's heading after each route change.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useFocusHeadingOnNavigation();
  return (
    <AuthProvider>
      <SkipLink />
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
        />
      ) : null}
      <SessionGuard />
      <Outlet />
      <ScrollRestoration />
    </AuthProvider>
  );
}

/** Shown while the first page's code loads. */
export function RootHydrateFallback() {
  return <PageStatus fullScreen label="Loading" />;
}

import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { clearStoredAuth } from '../lib/auth-storage';
import { crashReport, reportCrash } from '../lib/client-log';
import { classifyError, ErrorScreen, errorText } from './error-screen';

/** What every boundary does with a caught error: auth errors drop the stored sign-in, all are reported. */
export function handleCaughtError(error: unknown, boundary: 'top-level' | 'route', componentStack?: string | null) {
  const kind = classifyError(errorText(error));
  if (kind === 'auth') clearStoredAuth();
  reportCrash(crashReport(error, kind, boundary, componentStack));
}

/** Last line of defence around the whole app, including the router and providers. */
export class TopLevelErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The browser console is the crashed client's own log; the server keeps a copy.
    console.error('Helixis crashed', error, info.componentStack);
    handleCaughtError(error, 'top-level', info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** The router's error element: errors thrown while loading or rendering a route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    handleCaughtError(error, 'route');
  }, [error]);
  return <ErrorScreen error={error} />;
}

import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { handleCaughtError } from '../lib/caught-error';
import { ErrorScreen } from './error-screen';

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

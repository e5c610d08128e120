import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** Last line of defence around the whole app, including the router and providers. */
export class TopLevelErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The browser console is the only log a crashed client has.
    console.error('Helixis crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** The router's error element: errors thrown while loading or rendering a route. */
export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />;
}

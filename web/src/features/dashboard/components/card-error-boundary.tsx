import { Component, type ErrorInfo, type ReactNode } from 'react';
import { handleCaughtError } from '../../../app/error-boundary';
import { classifyError, errorText } from '../../../app/error-screen';
import { Button, buttonVariants } from '../../../components/ui/button';

interface Props {
  title: string;
  children: ReactNode;
}

const HEADINGS = { auth: 'Authentication Error', integration: 'Integration Error', general: 'Something went wrong.' };

/**
 * Keeps one failing card from taking the whole dashboard down, with the three error screens in small:
 * Authentication Error (Sign In Again, Refresh Page), Integration Error (Try Again, Check Integration
 * Settings → /settings) and Something went wrong (Try Again). The crash is reported like any other.
 */
export class CardErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    handleCaughtError(error, 'route', info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const message = errorText(this.state.error);
    const kind = classifyError(message);
    const retry = (
      <Button size="sm" variant="outline" onClick={() => this.setState({ error: null })}>
        Try Again
      </Button>
    );
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-destructive/40 p-4" data-error-kind={kind}>
        <p className="font-medium text-destructive text-sm">{HEADINGS[kind]}</p>
        <p className="text-muted-foreground text-sm">
          {this.props.title} could not be shown: {message}
        </p>
        <div className="flex flex-wrap gap-2">
          {kind === 'auth' ? (
            <>
              <a className={buttonVariants({ size: 'sm' })} href="/signin?clearauth=true&reason=error_boundary">
                Sign In Again
              </a>
              <Button size="sm" variant="outline" onClick={() => globalThis.location.reload()}>
                Refresh Page
              </Button>
            </>
          ) : kind === 'integration' ? (
            <>
              {retry}
              <a className={buttonVariants({ size: 'sm', variant: 'outline' })} href="/settings">
                Check Integration Settings
              </a>
            </>
          ) : (
            retry
          )}
        </div>
      </div>
    );
  }
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { handleCaughtError } from '../../../app/error-boundary';
import { Button } from '../../../components/ui/button';

interface Props {
  title: string;
  children: ReactNode;
}

/** Keeps one failing card from taking the whole dashboard down; the crash is reported like any other. */
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
    return (
      <div role="alert" className="flex items-center justify-between gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="text-destructive text-sm">{this.props.title} could not be shown.</p>
        <Button size="sm" variant="outline" onClick={() => this.setState({ error: null })}>
          Try again
        </Button>
      </div>
    );
  }
}

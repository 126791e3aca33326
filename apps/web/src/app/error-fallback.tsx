import { Trans } from '@lingui/react/macro';
import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function ErrorFallback({ onReset }: { onReset: () => void }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6" role="alert">
      <div className="max-w-md text-center">
        <AlertTriangle className="mx-auto mb-4 size-12 text-destructive" aria-hidden />
        <h1 className="mb-2 text-2xl font-semibold">
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="mb-6 text-muted-foreground">
          <Trans>We encountered an unexpected error. Please try refreshing the page.</Trans>
        </p>
        <div className="flex justify-center gap-3">
          <Button onClick={onReset}>
            <Trans>Try Again</Trans>
          </Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            <Trans>Go Home</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What Try Again does instead of re-rendering the same children (e.g. reload the page). */
  onReset?: () => void;
}

/** Catches rendering errors below it; Try Again re-renders the same children (or onReset). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Rendering error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      const { onReset } = this.props;
      return <ErrorFallback onReset={onReset ?? (() => this.setState({ error: null }))} />;
    }
    return this.props.children;
  }
}

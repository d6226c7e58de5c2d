import * as React from 'react';
import { useRouteError } from 'react-router';
import { RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { MAX_ERROR_RETRIES } from '@shared/constants';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { StatusScreen } from '@/components/status-screen';
import { newErrorId, reportFrontendError } from '@/components/component-error-boundary';

const m = messages.errorScreen;

interface State {
  error: Error | null;
  errorId: string | null;
  componentStack: string | null;
  retryCount: number;
}

function debugEnabled(): boolean {
  try {
    return new URLSearchParams(window.location.search).get('debug') === 'true';
  } catch {
    return false;
  }
}

/**
 * Global error screen (spec §2 Other screens, §4 Error screen): up to MAX_ERROR_RETRIES retries, then a
 * retry reloads the page. Shows an Error ID; technical details only with ?debug=true. Every caught
 * error is reported to the audit log (FRONTEND_ERROR).
 */
export class GlobalErrorBoundary extends React.Component<{ children: React.ReactNode }, State> {
  state: State = { error: null, errorId: null, componentStack: null, retryCount: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, errorId: newErrorId(error), componentStack: null };
  }

  componentDidCatch(error: Error, info: React.ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    reportFrontendError({
      errorId: this.state.errorId ?? newErrorId(),
      error,
      componentStack: info.componentStack,
      retryCount: this.state.retryCount,
    });
  }

  private retry = () => {
    if (this.state.retryCount >= MAX_ERROR_RETRIES) {
      window.location.reload();
      return;
    }
    this.setState((s) => ({ error: null, errorId: null, componentStack: null, retryCount: s.retryCount + 1 }));
  };

  render() {
    const { error, errorId, componentStack, retryCount } = this.state;
    if (!error) return this.props.children;
    const left = Math.max(0, MAX_ERROR_RETRIES - retryCount);
    const exhausted = left === 0;
    return (
      <StatusScreen
        icon={TriangleAlert}
        title={m.title}
        text={m.text}
        actions={
          <>
            <Button onClick={this.retry}>
              <RotateCcw /> {m.tryAgain(left)}
            </Button>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw /> {m.reload}
            </Button>
          </>
        }
      >
        {exhausted && (
          <p className="mt-4 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">{m.multiple}</p>
        )}
        {errorId && (
          <p className="mt-4 text-xs text-muted-foreground">
            {m.errorId}: <span className="font-mono text-foreground/80" data-testid="error-id">{errorId}</span>
          </p>
        )}
        {debugEnabled() && (
          <details className="mt-4 rounded-md border bg-muted/50 p-3 text-xs" open>
            <summary className="cursor-pointer font-medium">{m.details}</summary>
            <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words font-mono text-[11px] leading-relaxed text-muted-foreground">
              {error.message}
              {error.stack ? `\n\n${error.stack}` : ''}
              {componentStack ? `\n\nComponent stack:${componentStack}` : ''}
            </pre>
          </details>
        )}
      </StatusScreen>
    );
  }
}

/**
 * For a route's `errorElement`: React Router catches render errors of route elements and would show
 * its own developer screen; rethrowing hands the error to the GlobalErrorBoundary around the router.
 */
export function RouteErrorBoundary(): React.ReactNode {
  throw useRouteError();
}

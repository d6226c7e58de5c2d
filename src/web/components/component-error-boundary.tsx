import * as React from 'react';
import { Home, RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { StatusCard } from '@/components/status-screen';
import { ApiError } from '@/lib/api';

const m = messages.errorScreen;

/**
 * An id the user can quote to support; the same id is recorded in the audit log. When the error is an
 * API answer that carries the server's request id (issue 37 §3), that id is used, so support finds the
 * request in the server's logs (each log line carries it as `requestId`).
 */
export function newErrorId(error?: unknown): string {
  if (error instanceof ApiError && error.requestId) return error.requestId;
  const rand = Math.random().toString(36).slice(2, 8);
  return `ERR-${Date.now().toString(36)}-${rand}`.toUpperCase();
}

function clip(s: string | null | undefined, max: number): string | undefined {
  if (!s) return undefined;
  return s.length > max ? s.slice(0, max) : s;
}

/**
 * Reports a caught render error to POST /api/errors/frontend (spec §3 Error audit record). Fire and
 * forget: never throws, never awaits.
 */
export function reportFrontendError(input: { errorId: string; error: unknown; componentStack?: string | null; retryCount?: number }): void {
  try {
    const err = input.error instanceof Error ? input.error : new Error(String(input.error));
    const body = {
      errorId: clip(input.errorId, 100) ?? 'unknown',
      message: clip(err.message || String(err), 2000) ?? 'Unknown error',
      stack: clip(err.stack, 20_000),
      componentStack: clip(input.componentStack ?? undefined, 20_000),
      retryCount: Math.min(100, Math.max(0, input.retryCount ?? 0)),
      userAgent: clip(navigator.userAgent, 1000),
      url: clip(window.location.href, 2000),
    };
    void fetch('/api/errors/frontend', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Reporting must never break the error screen.
  }
}

interface Props {
  children: React.ReactNode;
  /** When this value changes the boundary clears its error (e.g. the active section). */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  errorId: string | null;
  prevResetKey: unknown;
}

/**
 * Component error screen of spec §2: "Something went wrong" / "An unexpected error occurred while
 * loading this component." with Try Again, Go to Home (to /) and Refresh Page. Each error is reported.
 */
export class ComponentErrorBoundary extends React.Component<Props, State> {
  state: State = { error: null, errorId: null, prevResetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, errorId: newErrorId(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.prevResetKey) return { prevResetKey: props.resetKey, error: null, errorId: null };
    return null;
  }

  componentDidCatch(error: Error, info: React.ErrorInfo) {
    reportFrontendError({ errorId: this.state.errorId ?? newErrorId(), error, componentStack: info.componentStack });
  }

  private retry = () => this.setState({ error: null, errorId: null });

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="flex justify-center py-10">
        <StatusCard
          icon={TriangleAlert}
          title={m.componentTitle}
          text={m.componentText}
          actions={
            <>
              <Button onClick={this.retry}>
                <RotateCcw /> {messages.shell.tryAgain}
              </Button>
              <Button variant="outline" onClick={() => window.location.assign('/')}>
                <Home /> {m.goHome}
              </Button>
              <Button variant="outline" onClick={() => window.location.reload()}>
                <RefreshCw /> {m.refresh}
              </Button>
            </>
          }
        >
          {this.state.errorId && (
            <p className="mt-3 text-xs text-muted-foreground">
              {m.errorId}: <span className="font-mono">{this.state.errorId}</span>
            </p>
          )}
        </StatusCard>
      </div>
    );
  }
}

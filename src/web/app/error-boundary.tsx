import * as React from 'react';

/** Global error screen (spec §2 Other screens). Placeholder: the shell work fills in retries, Error ID and reporting. */
export class GlobalErrorBoundary extends React.Component<{ children: React.ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) return <p role="alert">Something went wrong</p>;
    return this.props.children;
  }
}

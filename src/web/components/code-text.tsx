import type * as React from 'react';

/** A code in a list (invoice, admission or adjustment number): monospace, a little smaller, on one line. */
export function CodeText({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <span className="font-mono text-[13px] whitespace-nowrap" data-testid={testId}>
      {children}
    </span>
  );
}

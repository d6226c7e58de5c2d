import type * as React from 'react';

/**
 * One figure of a dashboard card's `<dl>`: a small muted label over its value (`children`) in a tinted
 * tile that may shrink. `valueClassName` styles the value (truncated, medium weight by default);
 * `testId` goes on the value.
 */
export function FactTile({ label, testId, valueClassName = 'truncate font-medium', children }: { label: React.ReactNode; testId?: string; valueClassName?: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-muted/50 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * One labelled figure of a `<dl>` (a settings card's or an invoice's facts): a small muted label over its
 * value, truncated on one line. `className` sizes the cell (e.g. a grid span); `testId` goes on the cell.
 */
export function Fact({ label, children, className, testId }: { label: string; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <div className={cn('min-w-0', className)} data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate font-medium">{children}</dd>
    </div>
  );
}

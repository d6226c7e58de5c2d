import * as React from 'react';
import { cn } from '@/lib/utils';
import { useDensity } from '@/lib/density';

/** A table that scrolls sideways on narrow screens; `minWidth` keeps its columns readable. */
export function PlainTable({ children, minWidth = 520, className, testId }: { children: React.ReactNode; minWidth?: number; className?: string; testId?: string }) {
  return (
    <div className={cn('-mx-1 overflow-x-auto px-1', className)} data-testid={testId}>
      <table className="w-full border-separate border-spacing-0 text-sm" style={{ minWidth }}>
        {children}
      </table>
    </div>
  );
}

export function Th({ children, className }: { children?: React.ReactNode; className?: string }) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b bg-muted/50 px-2 py-2 sm:px-3 text-left text-xs font-medium whitespace-nowrap text-muted-foreground first:rounded-l-md last:rounded-r-md',
        className,
      )}
    >
      {children}
    </th>
  );
}

export function Td({ children, className }: { children?: React.ReactNode; className?: string }) {
  const { compact } = useDensity();
  return <td className={cn('border-b px-2 align-middle sm:px-3 [tr:last-child_&]:border-b-0', compact ? 'py-1.5' : 'py-2.5', className)}>{children}</td>;
}

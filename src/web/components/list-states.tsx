import type * as React from 'react';
import { AlertTriangle, RefreshCw, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusCard } from '@/components/status-screen';
import { cn } from '@/lib/utils';

/**
 * A screen's "could not load" card (spec §8's error titles, e.g. "Error Loading Users") with a
 * Try Again button that refetches. `detail` is the server's or network's reason.
 */
export function LoadErrorCard({
  title,
  text,
  detail,
  retryLabel,
  onRetry,
  testId,
  retryTestId,
}: {
  title: string;
  text?: string;
  detail?: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
  retryTestId?: string;
}) {
  return (
    <div className="flex justify-center py-6 sm:py-10" data-testid={testId}>
      <StatusCard
        icon={AlertTriangle}
        title={title}
        text={text}
        detail={detail}
        className="shadow-none"
        actions={
          <Button onClick={onRetry} data-testid={retryTestId}>
            <RefreshCw aria-hidden />
            {retryLabel}
          </Button>
        }
      />
    </div>
  );
}

/**
 * The dashed "nothing here" panel of an empty list, with an optional hint and action button.
 * `className` adjusts the panel (e.g. `py-10` for a shorter one).
 */
export function EmptyListState({
  icon: Icon,
  title,
  hint,
  action,
  testId,
  className,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  action?: React.ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center rounded-lg border border-dashed px-6 py-12 text-center', className)} data-testid={testId}>
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="mt-4 font-medium">{title}</p>
      {hint && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{hint}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

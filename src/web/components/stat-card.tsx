import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useDensity } from '@/lib/density';

/** Accent of a stat card's icon, one per chart colour. */
export type Accent = 1 | 2 | 3 | 4 | 5;

const accents: Record<Accent, string> = {
  1: 'bg-[color-mix(in_oklab,var(--color-chart-1)_14%,transparent)] text-[var(--color-chart-1)]',
  2: 'bg-[color-mix(in_oklab,var(--color-chart-2)_14%,transparent)] text-[var(--color-chart-2)]',
  3: 'bg-[color-mix(in_oklab,var(--color-chart-3)_14%,transparent)] text-[var(--color-chart-3)]',
  4: 'bg-[color-mix(in_oklab,var(--color-chart-4)_18%,transparent)] text-[color-mix(in_oklab,var(--color-chart-4)_75%,var(--color-foreground))]',
  5: 'bg-[color-mix(in_oklab,var(--color-chart-5)_14%,transparent)] text-[var(--color-chart-5)]',
};

/** A headline figure: label, value, icon and a short hint; label and hint wrap rather than cut off (issue 34). */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  accent = 1,
  badge,
  testId,
  className,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon: LucideIcon;
  accent?: Accent;
  badge?: React.ReactNode;
  testId?: string;
  /** Grid placement, e.g. a full row on phones. */
  className?: string;
}) {
  const { compact } = useDensity();
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-xl border bg-card text-card-foreground shadow-sm sm:flex-row sm:items-start sm:gap-3',
        compact ? 'p-3' : 'p-3.5 sm:p-5',
        className,
      )}
      data-testid={testId}
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <p className="min-w-0 text-[13px] font-medium break-words text-muted-foreground" data-testid={testId ? `${testId}-label` : undefined}>
            {label}
          </p>
          {badge}
        </div>
        <p className={cn('mt-1 break-words font-semibold tracking-tight tabular-nums', compact ? 'text-xl' : 'text-[22px] leading-7 sm:text-[28px] sm:leading-9')} data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </p>
        {hint && (
          <p className="mt-1 text-xs break-words text-muted-foreground" data-testid={testId ? `${testId}-hint` : undefined}>
            {hint}
          </p>
        )}
      </div>
      <span className={cn('order-first flex shrink-0 items-center justify-center rounded-lg sm:order-last', compact ? 'size-8' : 'size-8 sm:size-10', accents[accent])}>
        <Icon className={compact ? 'size-4' : 'size-4 sm:size-5'} aria-hidden />
      </span>
    </div>
  );
}

import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useDensity } from '@/lib/density';
import { PageTitle } from '@/components/page-header';

/**
 * What every dashboard shows under its title row (the staff self check-in card): the app shell
 * provides it, so this kit knows no feature.
 */
export const DashboardBannerContext = React.createContext<React.ReactNode>(null);

/** The dashboard page: a title row, the shell's dashboard banner, and blocks spaced by density. */
export function DashboardPage({
  title,
  subtitle,
  icon: Icon,
  aside,
  kind,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  icon: LucideIcon;
  aside?: React.ReactNode;
  kind: string;
  children: React.ReactNode;
}) {
  const { gap, compact } = useDensity();
  const banner = React.useContext(DashboardBannerContext);
  return (
    <section className={cn('flex min-w-0 flex-col', gap)} data-testid="dashboard" data-kind={kind} data-compact={compact || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle icon={<Icon className="size-5" aria-hidden />} title={title} subtitle={subtitle} subtitleClassName="mt-0.5 line-clamp-2 text-sm text-muted-foreground sm:truncate" />
        {aside}
      </div>
      {banner}
      {children}
    </section>
  );
}

/** A row of stat cards: 2 columns on phones and tablets, 4 on wide screens. */
export function StatGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  const { compact } = useDensity();
  return <div className={cn('grid grid-cols-2 xl:grid-cols-4', compact ? 'gap-2.5 sm:gap-3' : 'gap-3 sm:gap-4', className)}>{children}</div>;
}

/** Two-up (or custom) grid of panels. */
export function PanelGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  const { gap } = useDensity();
  return <div className={cn('grid min-w-0 grid-cols-1 lg:grid-cols-3', gap, className)}>{children}</div>;
}

/** A titled card for a chart, a table or a list. */
export function Panel({
  title,
  description,
  action,
  className,
  bodyClassName,
  children,
  testId,
}: {
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
  bodyClassName?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  const { pad, compact } = useDensity();
  return (
    <div className={cn('flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-sm', className)} data-testid={testId}>
      <div className={cn('flex flex-wrap items-start justify-between gap-x-3 gap-y-2', pad, compact ? 'pb-2 sm:pb-2' : 'pb-3 sm:pb-3')}>
        <div className="min-w-48 flex-1">
          <h2 className="text-[15px] font-semibold leading-tight tracking-tight">{title}</h2>
          {description && <p className="mt-1 text-xs text-muted-foreground sm:text-[13px]">{description}</p>}
        </div>
        {action}
      </div>
      <div className={cn('min-w-0 flex-1', pad, 'pt-0 sm:pt-0', bodyClassName)}>{children}</div>
    </div>
  );
}

/** A muted empty-state line inside a panel. */
export function EmptyNote({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{children}</p>;
}


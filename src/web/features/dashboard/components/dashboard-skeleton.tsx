import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useDensity } from '@/lib/density';
import { LeadSkeleton } from '@/components/lead-skeleton';

/** Placeholder in the dashboard's shape while figures load. */
export function DashboardSkeleton() {
  const { gap } = useDensity();
  return (
    <div className={cn('flex flex-col', gap)} aria-busy="true" aria-live="polite" data-testid="dashboard-loading">
      <LeadSkeleton lead="size-10 rounded-xl" lines={['h-6 w-48', 'h-4 w-64 max-w-[60vw]']} />
      <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-start justify-between rounded-xl border bg-card p-5 shadow-sm">
            <div className="flex flex-col gap-2.5">
              <Skeleton className="h-3.5 w-20" />
              <Skeleton className="h-7 w-16" />
              <Skeleton className="h-3 w-28" />
            </div>
            <Skeleton className="size-10 rounded-lg" />
          </div>
        ))}
      </div>
      <div className={cn('grid grid-cols-1 lg:grid-cols-3', gap)}>
        <div className="rounded-xl border bg-card p-5 shadow-sm lg:col-span-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-2 h-3 w-56" />
          <div className="mt-6 flex h-56 items-end gap-3">
            {[40, 65, 55, 80, 70, 90, 60, 75, 50, 85].map((h, i) => (
              <div key={i} className="flex-1 animate-pulse rounded-t-md bg-muted" style={{ height: `${h}%` }} />
            ))}
          </div>
        </div>
        <div className="flex flex-col items-center rounded-xl border bg-card p-5 shadow-sm">
          <Skeleton className="h-4 w-32 self-start" />
          <Skeleton className="mt-8 size-40 rounded-full" />
        </div>
      </div>
    </div>
  );
}

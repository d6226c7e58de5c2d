import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The placeholder of a heading row while it loads: a leading block (an icon or avatar: `lead` gives its
 * size and rounding) and, beside it, grey bars stacked in a column (`lines`, each bar's height and width
 * classes). `className` adds to the row's classes, `linesClassName` replaces the column's.
 */
export function LeadSkeleton({ lead, lines, className, linesClassName = 'flex flex-col gap-2' }: { lead: string; lines: readonly string[]; className?: string; linesClassName?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Skeleton className={lead} />
      <div className={linesClassName}>
        {lines.map((line, i) => (
          <Skeleton key={i} className={line} />
        ))}
      </div>
    </div>
  );
}

import { Skeleton } from '@/components/ui/skeleton';

/** One bar of a `SkeletonStack` (its Tailwind classes: height, width, rounding), or a row of bars side by side in a grid (`grid` the grid's classes). */
export type SkeletonCell = string | { grid: string; cells: readonly string[] };

/**
 * A list's or screen's loading placeholder: skeleton bars in a busy (`aria-busy`) container, in the
 * shape of what is loading. `className` is the container's classes (default a column with a 16 px
 * gap); each of `cells` is one bar, or a grid row of bars.
 */
export function SkeletonStack({ cells, className = 'flex flex-col gap-4', testId }: { cells: readonly SkeletonCell[]; className?: string; testId?: string }) {
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      {cells.map((cell, i) =>
        typeof cell === 'string' ? (
          <Skeleton key={i} className={cell} />
        ) : (
          <div key={i} className={cell.grid}>
            {cell.cells.map((c, j) => (
              <Skeleton key={j} className={c} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}

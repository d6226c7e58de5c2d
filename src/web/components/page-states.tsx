import type * as React from 'react';
import { EmptyListState } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A page's loading placeholder in the page's shape: a row of KPI tiles (four, or `tileCount`; two
 * columns, four from `xl`) of `tileHeight` (a Tailwind height class), then each of `rows`: a grid
 * (`grid` the Tailwind classes of the grid) whose cells are skeletons with the classes given, or one
 * full-width skeleton (`grid` left out, one cell). The tiles are rounded-xl; a cell's classes say its own.
 */
export function PageSkeleton({
  testId,
  tileHeight = 'h-28',
  tileCount = 4,
  rows,
}: {
  testId: string;
  tileHeight?: string;
  tileCount?: number;
  rows: { grid?: string; cells: string[] }[];
}) {
  return (
    <div className="flex flex-col gap-4 sm:gap-6" aria-busy="true" data-testid={testId}>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: tileCount }, (_, i) => (
          <Skeleton key={i} className={`${tileHeight} rounded-xl`} />
        ))}
      </div>
      {rows.map((row, r) =>
        row.grid ? (
          <div key={r} className={row.grid}>
            {row.cells.map((cell, i) => (
              <Skeleton key={i} className={cell} />
            ))}
          </div>
        ) : (
          <Skeleton key={r} className={row.cells[0]} />
        ),
      )}
    </div>
  );
}

/** An `EmptyListState` (icon, title, hint, action) alone in a card: a page with nothing to show yet. */
export function EmptyStateCard(props: React.ComponentProps<typeof EmptyListState>) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <EmptyListState {...props} />
    </div>
  );
}

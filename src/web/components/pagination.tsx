import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';

const m = messages.paging;

/**
 * "Showing 21–40 of 312" with Previous / Page n of N / Next under a server-paged list. `page` is
 * 1-based; `shown` is how many rows the current page holds. `busy` adds a spinner while a page loads.
 * Test ids: `${testId}-pagination`, `-showing`, `-prev`, `-page`, `-next`.
 */
export function Pagination({
  page,
  pageSize,
  total,
  shown,
  busy = false,
  hideButtonsOnOnePage = false,
  onPage,
  testId,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  busy?: boolean;
  /** Leave out the buttons when everything fits on one page. */
  hideButtonsOnOnePage?: boolean;
  onPage: (page: number) => void;
  testId: string;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = total === 0 ? 0 : from + shown - 1;
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 border-t pt-4 text-sm', className)} data-testid={`${testId}-pagination`}>
      <p className="flex items-center gap-2 text-muted-foreground tabular-nums" data-testid={`${testId}-showing`}>
        {m.showing(from, to, total)}
        {busy && <Loader2 className="size-3.5 animate-spin" aria-hidden />}
      </p>
      {!(hideButtonsOnOnePage && pages <= 1) && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={m.previous} data-testid={`${testId}-prev`}>
            <ChevronLeft aria-hidden />
            <span className="hidden sm:inline">{m.previous}</span>
          </Button>
          <span className="min-w-24 text-center font-medium tabular-nums" data-testid={`${testId}-page`}>
            {m.pageOf(Math.min(page, pages), pages)}
          </span>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={m.next} data-testid={`${testId}-next`}>
            <span className="hidden sm:inline">{m.next}</span>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}

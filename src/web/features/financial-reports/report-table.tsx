import * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { financialReportsMessages as m } from '@shared/messages/financial-reports';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { EmptyNote } from '@/components/page-layout';
import { Money } from '@/components/money';

/** A column of a report table: header, cell, alignment; `title` marks the cell that heads a phone card. */
export interface ReportColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => React.ReactNode;
  align?: 'left' | 'right';
  title?: boolean;
  /** Secondary line under the card title on phones (e.g. the admission number). */
  subtitle?: boolean;
  className?: string;
}

/** KES cell, right-aligned, tabular figures. */
export const moneyCell = (v: number, tone = false) => <Money value={v} prefix={false} tone={tone} />;

const PAGE = 25;

/**
 * A report's table: a plain table from 768 px (header row, rows with rules, an optional bold total row
 * for the whole report), and one card per row below 768 px (the title cell, then label/value pairs) so
 * phones never scroll sideways. Long reports page 25 rows at a time on screen; the downloads have all.
 */
export function ReportTable<T>({
  columns,
  rows,
  rowKey,
  total,
  empty,
  testId,
}: {
  columns: ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, i: number) => string;
  total?: Partial<Record<string, React.ReactNode>>;
  empty: string;
  testId?: string;
}) {
  const [page, setPage] = React.useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  React.useEffect(() => setPage(0), [rows]);
  if (!rows.length) return <EmptyNote>{empty}</EmptyNote>;
  const shown = rows.slice(page * PAGE, page * PAGE + PAGE);
  const titleCol = columns.find((c) => c.title) ?? columns[0]!;
  const subCol = columns.find((c) => c.subtitle);
  const rest = columns.filter((c) => c !== titleCol && c !== subCol);
  return (
    <div data-testid={testId}>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cn(
                    'border-b bg-muted/50 px-3 py-2 text-xs font-medium whitespace-nowrap text-muted-foreground first:rounded-l-md last:rounded-r-md',
                    c.align === 'right' ? 'text-right' : 'text-left',
                  )}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={rowKey(row, i)} className="transition-colors hover:bg-muted/30" data-testid={testId ? `${testId}-row` : undefined}>
                {columns.map((c) => (
                  <td key={c.key} className={cn('border-b px-3 py-2.5 align-middle', c.align === 'right' && 'text-right tabular-nums', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr className="font-semibold">
                {columns.map((c) => (
                  <td key={c.key} className={cn('px-3 py-2.5', c.align === 'right' && 'text-right tabular-nums')}>
                    {total[c.key] ?? null}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <ul className="flex flex-col gap-2.5 md:hidden">
        {shown.map((row, i) => (
          <li key={rowKey(row, i)} className="rounded-lg border bg-background p-3" data-testid={testId ? `${testId}-card` : undefined}>
            <div className="min-w-0 font-medium break-words">{titleCol.cell(row)}</div>
            {subCol && <div className="text-xs text-muted-foreground">{subCol.cell(row)}</div>}
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
              {rest.map((c) => (
                <div key={c.key} className="min-w-0">
                  <dt className="truncate text-xs text-muted-foreground">{c.header}</dt>
                  <dd className="min-w-0 break-words tabular-nums">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        {total && (
          <li className="rounded-lg border border-primary/20 bg-primary/5 p-3 text-sm">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5">
              {columns
                .filter((c) => total[c.key] !== undefined && total[c.key] !== null)
                .map((c) => (
                  <div key={c.key} className="min-w-0">
                    <dt className="truncate text-xs text-muted-foreground">{c === titleCol ? '' : c.header}</dt>
                    <dd className="font-semibold tabular-nums">{total[c.key]}</dd>
                  </div>
                ))}
            </dl>
          </li>
        )}
      </ul>
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-between gap-3 text-sm text-muted-foreground" data-testid={testId ? `${testId}-pager` : undefined}>
          <span className="tabular-nums">{m.showing(page * PAGE + 1, Math.min(rows.length, page * PAGE + PAGE), rows.length)}</span>
          <span className="flex gap-1.5">
            <Button variant="outline" size="icon" className="size-8" onClick={() => setPage((p) => p - 1)} disabled={page === 0} aria-label={m.previous}>
              <ChevronLeft aria-hidden />
            </Button>
            <Button variant="outline" size="icon" className="size-8" onClick={() => setPage((p) => p + 1)} disabled={page >= pages - 1} aria-label={m.next}>
              <ChevronRight aria-hidden />
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}

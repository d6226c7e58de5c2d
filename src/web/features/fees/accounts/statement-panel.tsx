import * as React from 'react';
import { FileDown, ScrollText } from 'lucide-react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { statementPdfUrl, useStatement } from '../api/fees';
import { Money } from '@/components/money';
import { NewTabButton } from '@/components/new-tab-link';
import { DateField } from '@/components/date-field';

const m = messages.feeManagement;
const t = m.statement;

function Amount({ value }: { value: number }) {
  return value ? <Money value={value} prefix={false} /> : <span className="text-muted-foreground">—</span>;
}

/**
 * A learner's statement for a date range (issue 11 §2): opening balance, every invoice, payment,
 * reversal and adjustment with the running balance, closing balance; the same range as a PDF. Empty
 * dates take the server's defaults (the start of the account to today).
 */
export function StatementPanel({ studentId, schoolId }: { studentId: string; schoolId: string | null }) {
  const [range, setRange] = React.useState<{ from: string; to: string }>({ from: '', to: '' });
  const invalid = !!range.from && !!range.to && range.from > range.to;
  const applied = invalid ? {} : { from: range.from || undefined, to: range.to || undefined };
  const statement = useStatement(studentId, applied, schoolId);
  const s = statement.data;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="account-statement">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-2 sm:max-w-md">
          <label className="grid min-w-0 gap-1.5 text-sm font-medium">
            {t.from}
            <DateField value={range.from || s?.from || ''} max={range.to || undefined} onValueChange={(value) => setRange((r) => ({ ...r, from: value }))} aria-invalid={invalid || undefined} data-testid="statement-from" />
          </label>
          <label className="grid min-w-0 gap-1.5 text-sm font-medium">
            {t.to}
            <DateField value={range.to || s?.to || ''} min={range.from || undefined} onValueChange={(value) => setRange((r) => ({ ...r, to: value }))} aria-invalid={invalid || undefined} data-testid="statement-to" />
          </label>
        </div>
        <NewTabButton variant="outline" className="sm:ml-auto" href={statementPdfUrl(studentId, applied, schoolId)} icon={<FileDown aria-hidden />} testId="statement-pdf">
          {t.pdf}
        </NewTabButton>
      </div>
      {invalid && (
        <p className="text-xs font-medium text-destructive" role="alert">
          {t.rangeInvalid}
        </p>
      )}

      {statement.isError && !s ? (
        <QueryErrorCard query={statement} title={t.loadFailed} retryLabel={m.common.tryAgain} />
      ) : !s ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className={cn('overflow-hidden rounded-lg border bg-card', statement.isFetching && 'opacity-70 transition-opacity')}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-3.5 py-2.5 text-sm">
            <span className="font-medium">{t.period(formatDate(s.from), formatDate(s.to))}</span>
            <span className="text-muted-foreground">
              {t.opening}: <Money value={s.openingBalance} tone className="font-medium" />
            </span>
          </div>
          {s.entries.length === 0 ? (
            <p className="flex items-center justify-center gap-2 px-4 py-8 text-sm text-muted-foreground">
              <ScrollText className="size-4" aria-hidden />
              {t.empty}
            </p>
          ) : (
            <>
              {/* Wide screens: the ledger as a table. */}
              <table className="hidden w-full text-sm md:table" data-testid="statement-table">
                <thead>
                  <tr className="border-b text-xs text-muted-foreground">
                    <th className="px-3.5 py-2 text-left font-medium">{t.colDate}</th>
                    <th className="px-3 py-2 text-left font-medium">{t.colDescription}</th>
                    <th className="px-3 py-2 text-left font-medium">{t.colReference}</th>
                    <th className="px-3 py-2 text-right font-medium">{t.colDebit}</th>
                    <th className="px-3 py-2 text-right font-medium">{t.colCredit}</th>
                    <th className="px-3.5 py-2 text-right font-medium">{t.colBalance}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.entries.map((e, i) => (
                    <tr key={i} className="border-b last:border-b-0" data-testid="statement-entry" data-kind={e.kind}>
                      <td className="px-3.5 py-2 whitespace-nowrap tabular-nums">{formatDate(e.date)}</td>
                      <td className="px-3 py-2">{e.description}</td>
                      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{e.reference ?? ''}</td>
                      <td className="px-3 py-2 text-right">
                        <Amount value={e.debit} />
                      </td>
                      <td className="px-3 py-2 text-right">
                        <Amount value={e.credit} />
                      </td>
                      <td className="px-3.5 py-2 text-right font-medium">
                        <Money value={e.balance} prefix={false} tone />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {/* Phones: one line per entry. */}
              <ul className="divide-y md:hidden">
                {s.entries.map((e, i) => (
                  <li key={i} className="flex items-start justify-between gap-3 px-3.5 py-2.5 text-sm" data-testid="statement-entry-card">
                    <div className="min-w-0">
                      <p className="truncate">{e.description}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {formatDate(e.date)}
                        {e.reference && <span className="font-mono"> · {e.reference}</span>}
                      </p>
                    </div>
                    <div className="shrink-0 text-right">
                      <p className={cn('font-medium tabular-nums', e.credit ? 'text-emerald-700 dark:text-emerald-400' : '')}>
                        {e.credit ? '−' : '+'}
                        <Money value={e.credit || e.debit} prefix={false} />
                      </p>
                      <p className="text-xs text-muted-foreground">
                        <Money value={e.balance} prefix={false} />
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="flex items-center justify-between gap-2 border-t bg-muted/40 px-3.5 py-2.5 text-sm font-semibold" data-testid="statement-closing">
            <span>{t.closing}</span>
            <Money value={s.closingBalance} tone />
          </div>
        </div>
      )}
    </div>
  );
}

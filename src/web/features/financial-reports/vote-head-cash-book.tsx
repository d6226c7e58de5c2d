import { useSearchParams } from 'react-router';
import { ArrowLeft, Landmark } from 'lucide-react';
import { isCalendarDate } from '@shared/contracts/learners';
import type { VoteHeadCashBook } from '@shared/contracts/vote-heads';
import { financialReportsMessages as fm } from '@shared/messages/financial-reports';
import { VOTE_HEAD_ACCOUNT_LABELS, voteHeadsMessages } from '@shared/messages/vote-heads';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/date-field';
import { ExportButtons } from '@/components/export-buttons';
import { IconBadge } from '@/components/icon-badge';
import { Money } from '@/components/money';
import { QueryErrorCard } from '@/components/query-error-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { api } from '@/lib/api';
import { useFileDownload } from '@/lib/download';
import { qs, retry } from '@/features/attendance';
import { cn } from '@/lib/utils';

const r = voteHeadsMessages.report;
/** The `report` address value of the vote-head cash book (beside the eight financial reports). */
export const VOTE_HEAD_CASH_BOOK = 'vote-head-cash-book';

/**
 * The vote-head cash book (issue 35 §3; GET /api/reports/vote-head-cash-book): per vote head the opening
 * balance, money in (fees as allocated, capitation), money out (paid expenses by their category's vote
 * head) and the closing balance, with totals; income by vote head; the period in the address (from,
 * to); "Download PDF" / "Download Excel". Finance officer (the page is already narrowed to them).
 */
export function VoteHeadCashBookPage({ onBack }: { onBack: () => void }) {
  const [search, setSearch] = useSearchParams();
  const params = { from: search.get('from'), to: search.get('to') };
  const query = useQuery({
    queryKey: ['financial-reports', VOTE_HEAD_CASH_BOOK, params],
    queryFn: () => api<VoteHeadCashBook>(`/api/reports/vote-head-cash-book${qs(params)}`),
    staleTime: 30_000,
    retry,
    placeholderData: keepPreviousData,
  });
  const { start, isBusy } = useFileDownload(fm.download.failed);
  const set = (key: 'from' | 'to', value: string) =>
    setSearch(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (value && isCalendarDate(value)) q.set(key, value);
        else q.delete(key);
        return q;
      },
      { replace: true },
    );
  const b = query.data;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="fr-report" data-report={VOTE_HEAD_CASH_BOOK}>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground" onClick={onBack} data-testid="fr-back">
          <ArrowLeft aria-hidden />
          {fm.picker.back}
        </Button>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <IconBadge icon={Landmark} className="size-10 rounded-xl bg-amber-500/12 text-amber-700 dark:text-amber-400" iconClassName="size-5" />
            <div className="min-w-0">
              <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{r.title}</h1>
              <p className="mt-0.5 text-sm text-muted-foreground">{r.blurb}</p>
            </div>
          </div>
          <div className="flex w-full gap-2 sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">
            <ExportButtons
              isBusy={isBusy}
              onDownload={(format) => void start(format, `/api/reports/${VOTE_HEAD_CASH_BOOK}${qs({ ...params, format })}`, `${VOTE_HEAD_CASH_BOOK}.${format}`)}
              pdfLabel={fm.download.pdf}
              excelLabel={fm.download.excel}
              testIds={{ pdf: 'fr-download-pdf', xlsx: 'fr-download-xlsx' }}
            />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-3 rounded-xl border bg-card p-3">
        <div className="grid w-[calc(50%-0.375rem)] gap-1 sm:w-40">
          <label htmlFor="vh-book-from" className="text-xs font-medium text-muted-foreground">
            {fm.filters.from}
          </label>
          <DateField id="vh-book-from" value={b?.from ?? params.from ?? ''} onValueChange={(v) => set('from', v)} data-testid="vh-book-from" />
        </div>
        <div className="grid w-[calc(50%-0.375rem)] gap-1 sm:w-40">
          <label htmlFor="vh-book-to" className="text-xs font-medium text-muted-foreground">
            {fm.filters.to}
          </label>
          <DateField id="vh-book-to" value={b?.to ?? params.to ?? ''} onValueChange={(v) => set('to', v)} data-testid="vh-book-to" />
        </div>
      </div>
      {query.isError ? (
        <QueryErrorCard query={query} title={fm.loadFailed} retryLabel={fm.tryAgain} testId="fr-error" />
      ) : !b ? (
        <SkeletonStack testId="fr-loading" cells={['h-24 rounded-xl', 'h-72 rounded-xl']} />
      ) : (
        <div className={cn('flex min-w-0 flex-col gap-4 transition-opacity sm:gap-6', query.isFetching && 'opacity-60')} data-testid="fr-body">
          <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
            {(
              [
                [r.opening, b.totals.opening],
                [r.moneyIn, b.totals.moneyIn],
                [r.moneyOut, b.totals.moneyOut],
                [r.closing, b.totals.closing],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-xl border bg-card p-3 shadow-xs sm:p-4">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-base font-semibold break-all sm:text-lg">
                  <Money value={value} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">{r.rule}</p>
          <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
            <table className="w-full min-w-[36rem] text-sm" data-testid="vh-book-table">
              <caption className="px-4 pt-3 text-left font-semibold">{r.summarySection}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr className="border-b">
                  <th className="px-4 py-2 text-left font-medium">{r.voteHead}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.opening}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.moneyIn}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.moneyOut}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.closing}</th>
                </tr>
              </thead>
              <tbody>
                {b.voteHeads.map((v) => (
                  <tr key={v.voteHeadId} className="border-b last:border-0" data-testid="vh-book-row">
                    <td className="px-4 py-2">
                      <span className="font-medium">{v.name}</span>
                      <span className="block text-xs text-muted-foreground">{VOTE_HEAD_ACCOUNT_LABELS[v.account]}</span>
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Money value={v.opening} prefix={false} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Money value={v.moneyIn} prefix={false} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Money value={v.moneyOut} prefix={false} />
                    </td>
                    <td className="px-4 py-2 text-right font-medium">
                      <Money value={v.closing} prefix={false} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t bg-muted/40 font-semibold">
                  <td className="px-4 py-2">{r.total}</td>
                  <td className="px-4 py-2 text-right">
                    <Money value={b.totals.opening} prefix={false} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Money value={b.totals.moneyIn} prefix={false} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Money value={b.totals.moneyOut} prefix={false} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Money value={b.totals.closing} prefix={false} />
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
            <table className="w-full min-w-[30rem] text-sm" data-testid="vh-income-table">
              <caption className="px-4 pt-3 text-left font-semibold">{r.incomeSection}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr className="border-b">
                  <th className="px-4 py-2 text-left font-medium">{r.voteHead}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.fees}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.capitation}</th>
                  <th className="px-4 py-2 text-right font-medium">{r.share}</th>
                </tr>
              </thead>
              <tbody>
                {b.incomeByVoteHead.map((x) => (
                  <tr key={x.voteHeadId} className="border-b last:border-0">
                    <td className="px-4 py-2">{x.name}</td>
                    <td className="px-4 py-2 text-right">
                      <Money value={x.fees} prefix={false} />
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Money value={x.capitation} prefix={false} />
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{x.share.toFixed(1)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

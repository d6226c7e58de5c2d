import { formatDay, monthName } from '@shared/dates';
import * as React from 'react';
import { Download, FileText, Loader2, ReceiptText } from 'lucide-react';
import type { MyPayslip } from '@shared/contracts/payroll-documents';
import { payrollDocumentsMessages as pm } from '@shared/messages/payroll-documents';
import { sectionLabel } from '@shared/sections';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/components/money';
import { SkeletonStack } from '@/components/skeleton-stack';
import { documentPaths, useMyPayslips } from './documents/documents-api';
import { NetPayBanner } from './components/pay-breakdown';
import { useFileDownload } from '@/lib/download';

const m = pm.screens;

/** "October 2026" for 2026-10. */
/** "28 Oct 2026" for 2026-10-28. */
const dayName = (day: string) => formatDay(day);

function Row({ label, value, minus, strong, note, testId }: { label: string; value: number; minus?: boolean; strong?: boolean; note?: string; testId?: string }) {
  return (
    <div className={cn('flex min-w-0 items-baseline justify-between gap-3 py-1', strong && 'font-semibold')}>
      <dt className="min-w-0 text-sm">
        {label}
        {note && <span className="ml-1.5 rounded bg-muted px-1.5 py-px text-[11px] font-medium text-muted-foreground">{note}</span>}
      </dt>
      <dd className="shrink-0 text-sm whitespace-nowrap tabular-nums" data-testid={testId}>
        {minus && value > 0 && <span className="text-muted-foreground">−</span>}
        {formatMoney(value)}
      </dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 border-t pt-2 pb-1 first:border-t-0 first:pt-0">
      <p className="pt-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{title}</p>
      <dl className="min-w-0">{children}</dl>
    </div>
  );
}

/** The breakdown of one payslip: earnings, statutory deductions, tax, other deductions, net, employer. */
function PayslipDetail({ slip, onDownload, busy }: { slip: MyPayslip; onDownload: () => void; busy: boolean }) {
  const payment = slip.payment.method === 'mpesa' ? `${m.mpesa} ${slip.payment.account ?? ''}` : [slip.payment.bankName, slip.payment.account].filter(Boolean).join(' · ');
  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5" data-testid="payslip-detail" data-month={slip.month} aria-label={monthName(slip.month)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold tracking-tight">{monthName(slip.month)}</h2>
          <p className="text-sm text-muted-foreground">
            {m.paid(dayName(slip.payDate))} · {m.amountsIn}
          </p>
        </div>
        <Button onClick={onDownload} disabled={busy} className="w-full sm:w-auto" data-testid="payslip-download">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {m.downloadPdf}
        </Button>
      </div>

      <NetPayBanner label={m.net} value={slip.net} testId="payslip-detail-net" />

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-lg border px-3 py-2 sm:px-4">
          <Group title={m.earnings}>
            {slip.earnings.map((e, i) => (
              <Row key={i} label={e.name} value={e.amount} note={e.taxable ? undefined : m.nonTaxable} />
            ))}
            <Row label={m.gross} value={slip.gross} strong testId="payslip-detail-gross" />
          </Group>
          {slip.benefits.length > 0 && (
            <Group title={m.benefits}>
              {slip.benefits.map((e, i) => (
                <Row key={i} label={e.name} value={e.amount} />
              ))}
            </Group>
          )}
          <Group title={m.tax}>
            <Row label={m.taxablePay} value={slip.taxablePay} />
            <Row label={m.taxBeforeRelief} value={slip.taxBeforeRelief} />
            <Row label={m.personalRelief} value={slip.personalRelief} minus />
            <Row label={m.paye} value={slip.paye} strong />
          </Group>
        </div>
        <div className="min-w-0 rounded-lg border px-3 py-2 sm:px-4">
          <Group title={m.statutory}>
            <Row label={m.nssfTier1} value={slip.nssfTier1} minus />
            <Row label={m.nssfTier2} value={slip.nssfTier2} minus />
            <Row label={m.shif} value={slip.shif} minus />
            <Row label={m.ahl} value={slip.ahl} minus />
            <Row label={m.paye} value={slip.paye} minus testId="payslip-detail-paye" />
          </Group>
          {slip.otherDeductions.length > 0 && (
            <Group title={m.other}>
              {slip.otherDeductions.map((d, i) => (
                <Row key={i} label={d.name} value={d.amount} minus />
              ))}
            </Group>
          )}
          <div className="border-t pt-1">
            <dl>
              <Row label={m.totalDeductions} value={slip.totalDeductions} strong minus testId="payslip-detail-deductions" />
            </dl>
          </div>
        </div>
      </div>

      <div className="grid min-w-0 gap-4 text-sm sm:grid-cols-2">
        <div className="min-w-0 rounded-lg bg-muted/40 px-3 py-2 sm:px-4">
          <Group title={m.employer}>
            <Row label={m.employerNssf} value={slip.employer.nssf} />
            <Row label={m.employerAhl} value={slip.employer.ahl} />
            <Row label={m.nita} value={slip.employer.nita} />
          </Group>
        </div>
        <div className="min-w-0 rounded-lg bg-muted/40 px-3 py-2 sm:px-4">
          <p className="pt-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{m.payment}</p>
          <p className="mt-1 truncate" data-testid="payslip-detail-payment">
            {payment || '—'}
          </p>
        </div>
      </div>
    </section>
  );
}

/**
 * My Payslips (issue 14 §3), from the profile menu: the signed-in member of staff's payslips from
 * approved payroll runs, newest first (month, pay date, gross, deductions, net), the selected one's
 * breakdown, its PDF and the year's P9. Staff paid by the TSC (or without a staff record) see an
 * empty state.
 */
export function MyPayslipsSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const query = useMyPayslips();
  const download = useFileDownload(m.downloadFailed);
  const [selected, setSelected] = React.useState<string | null>(null);
  const items = query.data?.items ?? [];
  const slip = items.find((i) => i.lineId === selected) ?? items[0] ?? null;
  const year = slip ? Number(slip.month.slice(0, 4)) : null;
  const title = role ? sectionLabel(role, 'my-payslips') : m.title;

  const p9 =
    year !== null ? (
      <Button variant="outline" onClick={() => void download.start('p9', documentPaths.myP9(year), `P9-${year}.pdf`)} disabled={download.isBusy('p9')} data-testid="payslips-p9">
        {download.isBusy('p9') ? <Loader2 className="animate-spin" aria-hidden /> : <FileText aria-hidden />}
        {m.downloadP9(year)}
      </Button>
    ) : null;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="my-payslips">
      <PageHeader sectionId="my-payslips" title={title} subtitle={m.subtitle} actions={p9} />
      {query.isPending ? (
        <SkeletonStack className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]" cells={['h-64 w-full rounded-xl', 'h-96 w-full rounded-xl']} />
      ) : query.isError ? (
        <QueryErrorCard query={query} title={m.loadFailed} retryLabel={m.tryAgain} testId="my-payslips-error" />
      ) : items.length === 0 ? (
        <EmptyListState icon={ReceiptText} title={m.emptyTitle} hint={m.emptyText} testId="my-payslips-empty" />
      ) : (
        <div className="grid min-w-0 items-start gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <nav aria-label={m.listTitle} className="min-w-0 rounded-xl border bg-card p-1.5 shadow-xs">
            <ul className="flex flex-col gap-1" data-testid="payslip-list">
              {items.map((i) => {
                const active = i.lineId === slip?.lineId;
                return (
                  <li key={i.lineId}>
                    <button
                      type="button"
                      onClick={() => setSelected(i.lineId)}
                      aria-current={active || undefined}
                      className={cn(
                        'flex w-full min-w-0 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        active ? 'bg-primary/10 ring-1 ring-primary/25' : 'hover:bg-accent',
                      )}
                      data-testid="payslip-item"
                      data-month={i.month}
                    >
                      <span className="min-w-0">
                        <span className={cn('block truncate text-sm font-medium', active && 'text-primary')}>{monthName(i.month)}</span>
                        <span className="block truncate text-xs text-muted-foreground">{m.paid(dayName(i.payDate))}</span>
                        <span className="mt-0.5 block text-xs text-muted-foreground tabular-nums">
                          <span className="whitespace-nowrap">
                            {m.grossShort} {formatMoney(i.gross)}
                          </span>{' '}
                          · <span className="whitespace-nowrap">
                            {m.deductionsShort} {formatMoney(i.totalDeductions)}
                          </span>
                        </span>
                      </span>
                      <span className="shrink-0 text-right">
                        <span className="block text-[11px] text-muted-foreground">{m.net}</span>
                        <span className="block text-sm font-semibold tabular-nums" data-testid="payslip-item-net">
                          {formatMoney(i.net)}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {slip && <PayslipDetail slip={slip} busy={download.isBusy(slip.lineId)} onDownload={() => void download.start(slip.lineId, documentPaths.myPayslipPdf(slip.lineId), `payslip-${slip.month}.pdf`)} />}
        </div>
      )}
    </section>
  );
}

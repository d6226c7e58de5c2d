import * as React from 'react';
import { ChevronDown, FileDown, FileText, Info, ReceiptText, Smartphone } from 'lucide-react';
import type { MyChildrenFees } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { ChildIdentity } from '@/components/child-identity';
import { cn } from '@/lib/utils';
import { invoicePdfUrl, receiptPdfUrl } from '../api/fees';
import { Money } from '@/components/money';
import { BalanceBadge, balanceState, InvoiceStatusBadge } from './fee-badges';
import { FeeHistory } from './fee-history';
import { percent } from '@/lib/kes-format';
import { RateBar } from '@/components/figures';
import { NewTabButton, PdfIconLink } from '@/components/new-tab-link';
import { IconBadge } from '@/components/icon-badge';

const m = messages.financeOverview.parent;
const methods = messages.feesScreens.methods;

type Child = MyChildrenFees['children'][number];

/** How to pay outside the app: the paybill or till with the child's account, or the bursar's office. */
export function HowToPay({ mpesa, admissionNumber, className }: { mpesa: MyChildrenFees['mpesa']; admissionNumber: string; className?: string }) {
  const paybill = mpesa.available && mpesa.shortcodeType === 'paybill' && mpesa.shortcode;
  const till = mpesa.available && mpesa.shortcodeType === 'till' && mpesa.shortcode;
  return (
    <div className={cn('flex gap-3 rounded-lg border border-dashed px-3 py-2.5 text-sm', className)} data-testid="how-to-pay">
      {paybill || till ? <Smartphone className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden /> : <Info className="mt-0.5 size-4 shrink-0 text-sky-600" aria-hidden />}
      <div className="min-w-0">
        {paybill ? (
          <>
            <p className="font-medium" data-testid="paybill">
              {m.paybill(mpesa.shortcode!, admissionNumber)}
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">{m.paybillSteps(mpesa.shortcode!, admissionNumber)}</p>
          </>
        ) : till ? (
          <>
            <p className="font-medium">{m.till(mpesa.shortcode!)}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">{m.tillSteps(mpesa.shortcode!, admissionNumber)}</p>
          </>
        ) : (
          <>
            <p className="font-medium">{m.noMpesaTitle}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">{m.noMpesa(admissionNumber)}</p>
          </>
        )}
      </div>
    </div>
  );
}

function TermInvoice({ invoice }: { invoice: NonNullable<Child['currentTermInvoice']> }) {
  const due = invoice.total - invoice.adjusted;
  const share = due > 0 ? invoice.paid / due : 1;
  return (
    <div className="flex h-full min-w-0 flex-col gap-3 rounded-lg bg-muted/40 p-3 sm:p-4" data-testid="term-invoice">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{m.thisTerm}</p>
          <p className="mt-0.5 truncate text-sm font-semibold">{invoice.termName}</p>
          <p className="truncate text-xs text-muted-foreground">
            {m.invoiceNumber(invoice.invoiceNumber)} · {m.due(formatDate(invoice.dueOn))}
          </p>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      {invoice.lines && invoice.lines.length > 0 && (
        <ul className="flex flex-col gap-1.5 text-sm" data-testid="invoice-lines">
          {invoice.lines.map((l) => (
            <li key={l.name} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-muted-foreground">{l.name}</span>
              <Money value={l.amount} prefix={false} />
            </li>
          ))}
        </ul>
      )}
      <dl className="flex flex-col gap-1 border-t pt-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="font-medium">{m.invoiceTotal}</dt>
          <dd>
            <Money value={invoice.total} className="font-medium" />
          </dd>
        </div>
        {invoice.adjusted > 0 && (
          <div className="flex justify-between gap-3 text-muted-foreground">
            <dt>{m.invoiceAdjusted}</dt>
            <dd>
              <Money value={-invoice.adjusted} prefix={false} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3 text-muted-foreground">
          <dt>{m.invoicePaid}</dt>
          <dd>
            <Money value={-invoice.paid} prefix={false} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="font-medium">{m.invoiceBalance}</dt>
          <dd>
            <Money value={invoice.balance} tone className="font-semibold" />
          </dd>
        </div>
      </dl>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <RateBar rate={share} />
          <span className="text-[11px] text-muted-foreground">{m.paidShare(percent(share))}</span>
        </div>
        <NewTabButton variant="outline" size="sm" href={invoicePdfUrl(invoice.id)} icon={<FileDown aria-hidden />} testId="term-invoice-pdf">
          {m.invoicePdf}
        </NewTabButton>
      </div>
    </div>
  );
}

/**
 * One child on the parent's School Fees: balance (owed, in credit, cleared), this term's invoice with its
 * lines, the last payment, "Pay with M-Pesa", the statement, how to pay by paybill, and (on demand) every
 * invoice and payment with their PDFs.
 */
export function ChildFeeCard({ child, mpesa, onPay, onStatement }: { child: Child; mpesa: MyChildrenFees['mpesa']; onPay: () => void; onStatement: () => void }) {
  const [historyOpen, setHistoryOpen] = React.useState(false);
  const state = balanceState(child.balance);
  const last = child.lastPayment;
  const historyId = `fee-history-${child.studentId}`;
  return (
    <article className="@container flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="child-fees" data-student-id={child.studentId}>
      <header className="flex flex-col gap-3 border-b p-4 sm:p-5 @lg:flex-row @lg:items-center @lg:gap-4">
        <ChildIdentity child={child} nameTestId="child-fees-name" classText={child.className ?? m.noClass} admissionText={m.admission(child.admissionNumber)} />
        <div
          className="flex items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2.5 @lg:flex-col @lg:items-end @lg:gap-0.5 @lg:bg-transparent @lg:p-0"
          data-testid="child-balance"
          data-balance={child.balance}
          data-state={state}
        >
          <span className="flex flex-col gap-1 @lg:contents">
            <span className="flex items-center gap-2 text-xs text-muted-foreground">
              {m.balance}
              <BalanceBadge balance={child.balance} />
            </span>
            <span className="text-[11px] text-muted-foreground @lg:order-last">{state === 'owed' ? m.owedHint : state === 'credit' ? m.creditHint : m.clearedHint}</span>
          </span>
          <Money
            value={Math.abs(child.balance)}
            className={cn('text-xl font-semibold tracking-tight @lg:text-2xl', state === 'owed' ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')}
          />
        </div>
      </header>

      <div className="grid min-w-0 gap-4 p-4 sm:p-5 @2xl:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] @2xl:grid-rows-[auto_1fr]">
        <div className="grid grid-cols-2 content-start gap-2 @2xl:col-start-2 @2xl:row-start-1">
          {mpesa.available && (
            <Button className="col-span-2 bg-emerald-600 text-white hover:bg-emerald-600/90 @sm:col-span-1" onClick={onPay} data-testid="pay-mpesa">
              <Smartphone aria-hidden />
              {m.pay}
            </Button>
          )}
          <Button variant="outline" className={cn(mpesa.available ? 'col-span-2 @sm:col-span-1' : 'col-span-2')} onClick={onStatement} data-testid="open-statement">
            <FileText aria-hidden />
            {m.statement}
          </Button>
        </div>
        <div className="min-w-0 @2xl:col-start-1 @2xl:row-span-2 @2xl:row-start-1">
          {child.currentTermInvoice ? (
            <TermInvoice invoice={child.currentTermInvoice} />
          ) : (
            <p className="flex items-center gap-2 rounded-lg bg-muted/40 p-4 text-sm text-muted-foreground">
              <FileText className="size-4" aria-hidden />
              {m.noInvoice}
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-3 @2xl:col-start-2">
          <div className="rounded-lg border p-3" data-testid="last-payment">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{m.lastPayment}</p>
            {last ? (
              <div className="mt-1.5 flex items-center gap-3">
                <IconBadge icon={ReceiptText} className="size-9 rounded-lg bg-emerald-500/12 text-emerald-700 dark:text-emerald-300" />
                <div className="min-w-0 flex-1">
                  <Money value={last.amount} className="text-base font-semibold" />
                  <p className="truncate text-xs text-muted-foreground">
                    {m.paidOn(formatDate(last.paidAt), methods[last.method])}
                    {last.receiptNumber ? ` · ${last.receiptNumber}` : ''}
                  </p>
                </div>
                {last.receiptNumber && last.kind === 'payment' && (
                  <PdfIconLink
                    href={receiptPdfUrl(last.id)}
                    label={m.downloadReceipt(last.receiptNumber)}
                    title={m.receiptPdf}
                    className="size-8 shrink-0 text-muted-foreground hover:text-primary"
                    testId="last-receipt-pdf"
                  />
                )}
              </div>
            ) : (
              <p className="mt-1.5 text-sm text-muted-foreground">{m.noPayment}</p>
            )}
          </div>

          <HowToPay mpesa={mpesa} admissionNumber={child.admissionNumber} />
        </div>
      </div>

      <div className="border-t">
        <button
          type="button"
          className="flex w-full cursor-pointer items-center justify-between gap-2 px-4 py-3 text-sm font-medium text-muted-foreground hover:bg-muted/40 hover:text-foreground sm:px-5"
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={() => setHistoryOpen((v) => !v)}
          data-testid="toggle-history"
        >
          {historyOpen ? m.hideHistory : m.showHistory}
          <ChevronDown className={cn('size-4 transition-transform', historyOpen && 'rotate-180')} aria-hidden />
        </button>
        {historyOpen && (
          <div id={historyId} className="px-4 pb-4 sm:px-5 sm:pb-5">
            <FeeHistory studentId={child.studentId} />
          </div>
        )}
      </div>
    </article>
  );
}

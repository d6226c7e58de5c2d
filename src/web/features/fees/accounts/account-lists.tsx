import * as React from 'react';
import { BadgePercent, Banknote, Building2, FileText, Landmark, Receipt, Smartphone, Undo2, type LucideIcon } from 'lucide-react';
import type { Adjustment, Invoice, Payment, PaymentMethod } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { formatKenyanPhone } from '@shared/phone';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { invoicePdfUrl, receiptPdfUrl } from '../api/fees';
import { VoteHeadSplit } from '../settings/vote-heads-split';
import { Money, formatMoney } from '@/components/money';
import { AdjustmentKindBadge, AdjustmentStatusBadge, InvoiceStatusBadge, Pill } from '@/components/status-pill';
import { PdfIconLink } from '@/components/new-tab-link';

const m = messages.feeManagement;
const t = m.account;
const methods = messages.feesScreens.methods;

const METHOD_ICON: Record<PaymentMethod, LucideIcon> = { cash: Banknote, bank_deposit: Landmark, cheque: FileText, mpesa: Smartphone, bank_transfer: Building2 };

function Empty({ icon: Icon, text, testId }: { icon: LucideIcon; text: string; testId: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground" data-testid={testId}>
      <Icon className="mb-2 size-5" aria-hidden />
      {text}
    </div>
  );
}

/** A learner's invoices, newest first: number, term, status, what is paid of the total, balance, PDF and lines. */
export function AccountInvoices({ invoices, schoolId }: { invoices: Invoice[]; schoolId: string | null }) {
  if (invoices.length === 0) return <Empty icon={Receipt} text={t.noInvoices} testId="account-invoices-empty" />;
  return (
    <ul className="grid gap-2.5" data-testid="account-invoices">
      {invoices.map((inv) => {
        const cancelled = inv.status === 'cancelled';
        return (
          <li key={inv.id} className={cn('rounded-lg border bg-card', cancelled && 'opacity-70')} data-testid="account-invoice" data-status={inv.status}>
            <details className="group">
              <summary className="grid cursor-pointer list-none grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1 px-3.5 py-3 [&::-webkit-details-marker]:hidden">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className={cn('font-mono text-sm font-medium', cancelled && 'line-through')}>{inv.invoiceNumber}</span>
                  <InvoiceStatusBadge status={inv.status} />
                </div>
                <Money value={cancelled ? 0 : inv.balance} tone className="text-right font-semibold" />
                <PdfIconLink
                  href={invoicePdfUrl(inv.id, schoolId)}
                  label={m.invoices.pdfFor(inv.invoiceNumber)}
                  className="row-span-2 size-8 shrink-0 text-muted-foreground"
                  onClick={(e) => e.stopPropagation()}
                  testId="account-invoice-pdf"
                />
                <p className="col-span-2 flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
                  <span>{inv.termName}</span>
                  <span aria-hidden>·</span>
                  <span>{t.invoiceDue(formatDate(inv.dueOn))}</span>
                  <span aria-hidden>·</span>
                  <span className="tabular-nums">{t.paidOf(formatMoney(inv.paid), formatMoney(inv.total))}</span>
                </p>
              </summary>
              {inv.lines && inv.lines.length > 0 && (
                <ul className="mx-3.5 mb-3 divide-y rounded-md border bg-muted/30 text-sm">
                  {inv.lines.map((l, i) => (
                    <li key={`${l.name}-${i}`} className="flex items-center justify-between gap-3 px-3 py-1.5">
                      <span className="min-w-0 truncate">{l.name}</span>
                      <Money value={l.amount} prefix={false} />
                    </li>
                  ))}
                </ul>
              )}
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Payments and reversals, newest first. A reversed payment is struck through with its reversal shown
 * under it (date, reason, the negative amount); each payment links its receipt PDF; the finance
 * officer may reverse one (with a reason). Issue 35 §3: each payment's split over vote heads, with
 * "Reallocate" for the finance officer (`onReallocate`).
 */
export function AccountPayments({
  payments,
  schoolId,
  onReverse,
  onReallocate,
}: {
  payments: Payment[];
  schoolId: string | null;
  onReverse?: (p: Payment) => void;
  onReallocate?: (p: Payment) => void;
}) {
  const byId = React.useMemo(() => new Map(payments.map((p) => [p.id, p])), [payments]);
  // A reversal shows under the payment it reverses; one whose payment is not listed shows on its own.
  const rows = payments.filter((p) => p.kind === 'payment' || !p.reversesPaymentId || !byId.has(p.reversesPaymentId));
  if (rows.length === 0) return <Empty icon={Banknote} text={t.noPayments} testId="account-payments-empty" />;
  return (
    <ul className="grid gap-2.5" data-testid="account-payments">
      {rows.map((p) => {
        const Icon = METHOD_ICON[p.method];
        const reversal = p.reversedBy ? byId.get(p.reversedBy) : undefined;
        const reversed = !!p.reversedBy;
        const isReversal = p.kind === 'reversal';
        const payer = [p.payerName, formatKenyanPhone(p.payerPhone)].filter(Boolean).join(', ');
        const meta = [formatDate(p.paidAt), payer ? t.payer(payer) : null, p.recordedBy ? t.recordedBy(p.recordedBy) : t.sources[p.source]].filter(Boolean).join(' · ');
        return (
          <li key={p.id} className="rounded-lg border bg-card" data-testid="account-payment" data-receipt={p.receiptNumber ?? ''} data-reversed={reversed || undefined} data-kind={p.kind}>
            <div className="flex flex-wrap items-start gap-x-3 gap-y-2 px-3.5 py-3">
              <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', reversed || isReversal ? 'bg-muted text-muted-foreground' : 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400')}>
                {isReversal ? <Undo2 className="size-4" aria-hidden /> : <Icon className="size-4" aria-hidden />}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className={cn('font-mono text-sm font-medium', reversed && 'line-through decoration-1')}>{p.receiptNumber ?? (isReversal ? t.reversed : '—')}</span>
                  <span className="text-xs text-muted-foreground">
                    {methods[p.method]}
                    {p.reference && (
                      <>
                        {' · '}
                        <span className="font-mono">{p.reference}</span>
                      </>
                    )}
                  </span>
                  {reversed && (
                    <Pill tone="grey" dot={false} testId="payment-reversed-badge">
                      {t.reversed}
                    </Pill>
                  )}
                </div>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
                  <span>{meta}</span>
                  {onReverse && p.kind === 'payment' && !reversed && (
                    <button
                      type="button"
                      className="inline-flex cursor-pointer items-center gap-1 rounded-sm font-medium text-muted-foreground underline-offset-4 hover:text-destructive hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      onClick={() => onReverse(p)}
                      data-testid="payment-reverse"
                    >
                      <Undo2 className="size-3" aria-hidden />
                      {t.reverse}
                    </button>
                  )}
                </p>
                {isReversal && p.reason && <p className="mt-0.5 text-xs text-muted-foreground">{p.reason}</p>}
                {p.kind === 'payment' && <VoteHeadSplit payment={p} onReallocate={!reversed ? onReallocate : undefined} className="mt-1" />}
              </div>
              <div className="flex items-center gap-1">
                <Money value={p.amount} className={cn('font-semibold', reversed && 'text-muted-foreground line-through decoration-1', isReversal && 'text-destructive')} />
                {p.kind === 'payment' && (
                  <PdfIconLink href={receiptPdfUrl(p.id, schoolId)} label={t.receiptFor(p.receiptNumber ?? '')} testId="payment-receipt" />
                )}
              </div>
            </div>
            {reversal && (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-dashed bg-muted/30 px-3.5 py-2 pl-[3.75rem] text-xs" data-testid="payment-reversal">
                <Undo2 className="size-3.5 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 text-muted-foreground">{t.reversedOn(formatDate(reversal.paidAt), reversal.reason ?? '')}</span>
                <Money value={reversal.amount} className="font-medium text-destructive" />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Credit notes, discounts, bursaries and waivers with their status (pending waivers await the principal). */
export function AccountAdjustments({ adjustments }: { adjustments: Adjustment[] }) {
  if (adjustments.length === 0) return <Empty icon={BadgePercent} text={t.noAdjustments} testId="account-adjustments-empty" />;
  return (
    <ul className="grid gap-2.5" data-testid="account-adjustments">
      {adjustments.map((a) => (
        <li key={a.id} className="flex flex-wrap items-start gap-x-3 gap-y-1.5 rounded-lg border bg-card px-3.5 py-3" data-testid="account-adjustment" data-status={a.status}>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <AdjustmentKindBadge kind={a.kind} />
              {a.number && <span className="font-mono text-sm font-medium">{a.number}</span>}
              <AdjustmentStatusBadge status={a.status} />
            </div>
            <p className="mt-1 text-sm">{a.reason}</p>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {[formatDate(a.effectiveOn), a.invoiceNumber ? t.adjustmentAgainst(a.invoiceNumber) : null, a.decidedBy ? t.decided(a.decidedBy) : null].filter(Boolean).join(' · ')}
            </p>
          </div>
          <Money value={a.amount} className={cn('font-semibold', a.status !== 'applied' && 'text-muted-foreground')} />
        </li>
      ))}
    </ul>
  );
}

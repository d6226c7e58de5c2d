import * as React from 'react';
import { Ban, CheckCircle2, FileDown, Info, Landmark, ReceiptText, Smartphone } from 'lucide-react';
import type { PlatformInvoiceDetail } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { formatDate, formatDateTime } from '@/lib/format';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { NewTabButton, PdfIconLink } from '@/components/new-tab-link';
import { SheetLoading } from '@/components/sheet-loading';
import { BillingInvoiceStatus, Fact, Kes, kes } from './billing-bits';
import { invoicePdfUrl, receiptPdfUrl, useBillingInvoice } from './billing-api';
import { InvoiceActionDialogs, type InvoiceAction } from './invoice-actions';
import { PayInvoiceDialog } from './pay-mpesa-dialog';

const t = s.invoice;

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card px-3 py-2.5" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <div className="mt-0.5 truncate font-semibold">{children}</div>
    </div>
  );
}

const vatPercent = (bps: number) => `${(bps / 100).toLocaleString('en-KE', { maximumFractionDigits: 2 })}%`;

function Body({ inv, canManage, canPay, onAction, onPay }: { inv: PlatformInvoiceDetail; canManage: boolean; canPay: boolean; onAction: (a: InvoiceAction) => void; onPay: () => void }) {
  const isVoid = inv.status === 'void';
  const open = !isVoid && inv.balanceCents > 0;
  return (
    <>
      <header className="flex flex-col gap-1.5 border-b bg-card px-4 py-4 pr-12 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <SheetTitle className="font-mono text-lg" data-testid="billing-invoice-sheet-number">
            {inv.number}
          </SheetTitle>
          <BillingInvoiceStatus status={inv.status} overdue={inv.overdue} />
        </div>
        <SheetDescription>
          <span className="font-medium text-foreground">{inv.schoolName}</span> · {inv.termLabel}
        </SheetDescription>
      </header>
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-4 py-5 sm:px-6">
        {isVoid && (
          <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground" data-testid="billing-invoice-void-note">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t.voidNote}
          </p>
        )}
        {inv.status === 'paid' && (
          <p className="flex items-start gap-2 rounded-lg border border-emerald-500/25 bg-emerald-500/8 px-3 py-2.5 text-sm text-emerald-800 dark:text-emerald-200" data-testid="billing-invoice-paid-note">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t.paidNote}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          <Figure label={t.total}>
            <Kes cents={inv.totalCents} prefix={false} />
          </Figure>
          <Figure label={t.paid}>
            <Kes cents={inv.paidCents} prefix={false} />
          </Figure>
          <Figure label={t.credited}>
            <Kes cents={inv.creditedCents} prefix={false} />
          </Figure>
          <Figure label={t.balance} testId="billing-invoice-balance">
            <Kes cents={isVoid ? 0 : inv.balanceCents} prefix={false} tone />
          </Figure>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t.learners}>{inv.learnerCount.toLocaleString('en-KE')}</Fact>
          <Fact label={t.snapshot}>{formatDate(inv.snapshotDate)}</Fact>
          <Fact label={t.issued}>{inv.issuedOn ? formatDate(inv.issuedOn) : s.common.none}</Fact>
          <Fact label={t.due}>{inv.dueOn ? formatDate(inv.dueOn) : s.common.none}</Fact>
        </dl>

        <section>
          <h3 className="mb-2 text-sm font-semibold">{t.lines}</h3>
          <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="billing-invoice-lines">
            {inv.lines.map((l) => (
              <li key={l.id} className="flex items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="break-words">{l.description}</p>
                  {l.quantity > 1 && !l.description.includes('×') && <p className="text-xs text-muted-foreground tabular-nums">{t.quantity(l.quantity, kes(l.unitCents))}</p>}
                </div>
                <Kes cents={l.amountCents} prefix={false} className="text-right" />
              </li>
            ))}
            <li className="flex items-center gap-3 bg-muted/30 px-3 py-2 text-muted-foreground">
              <span className="flex-1">{t.subtotal}</span>
              <Kes cents={inv.subtotalCents - inv.discountCents} prefix={false} />
            </li>
            <li className="flex items-center gap-3 bg-muted/30 px-3 py-2 text-muted-foreground" data-testid="billing-invoice-vat">
              <span className="flex-1">{t.vat(vatPercent(inv.vatRateBps))}</span>
              <Kes cents={inv.vatCents} prefix={false} />
            </li>
            <li className="flex items-center gap-3 bg-muted/50 px-3 py-2.5 font-semibold">
              <span className="flex-1">{t.total}</span>
              <Kes cents={inv.totalCents} />
            </li>
          </ul>
        </section>

        <section>
          <h3 className="mb-2 text-sm font-semibold">{t.payments}</h3>
          {inv.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.noPayments}</p>
          ) : (
            <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="billing-invoice-payments">
              {inv.payments.map((p) => (
                <li key={p.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="billing-invoice-payment">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">
                      {t.method[p.method]} · <span className="font-mono text-xs">{p.reference}</span>
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatDateTime(p.paidAt)} · {p.receiptNumber}
                    </p>
                  </div>
                  <Kes cents={p.amountCents} prefix={false} className="font-medium" />
                  <PdfIconLink href={receiptPdfUrl(p.id)} label={t.receiptFor(p.receiptNumber)} className="size-8 shrink-0 text-muted-foreground" testId="billing-receipt-pdf" />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section>
          <h3 className="mb-2 text-sm font-semibold">{t.creditNotes}</h3>
          {inv.creditNotes.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.noCreditNotes}</p>
          ) : (
            <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="billing-invoice-credits">
              {inv.creditNotes.map((c) => (
                <li key={c.id} className="flex items-start gap-3 px-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-mono text-xs">{c.number}</p>
                    <p className="text-sm">{c.reason}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatDateTime(c.createdAt)}
                      {c.createdByName && ` · ${c.createdByName}`}
                    </p>
                  </div>
                  <Kes cents={-c.amountCents} prefix={false} className="font-medium" />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <footer className="flex flex-col gap-2 border-t bg-card px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:px-6">
        {canManage && !isVoid && inv.paidCents === 0 && (
          <Button variant="ghost" size="sm" className="order-last text-destructive hover:bg-destructive/10 hover:text-destructive sm:order-first sm:mr-auto" onClick={() => onAction('void')} data-testid="billing-invoice-void">
            <Ban aria-hidden />
            {t.void}
          </Button>
        )}
        {canManage && open && (
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button variant="outline" size="sm" onClick={() => onAction('credit')} data-testid="billing-invoice-credit">
              <ReceiptText aria-hidden />
              {t.creditNote}
            </Button>
            <Button variant="outline" size="sm" onClick={() => onAction('payment')} data-testid="billing-invoice-record-payment">
              <Landmark aria-hidden />
              {t.recordPayment}
            </Button>
          </div>
        )}
        <div className="grid gap-2 sm:ml-auto sm:flex">
          <NewTabButton variant={canPay && open ? 'outline' : 'default'} size={canManage ? 'sm' : 'default'} href={invoicePdfUrl(inv.id)} icon={<FileDown aria-hidden />} testId="billing-invoice-pdf">
            {t.pdf}
          </NewTabButton>
          {canPay && open && (
            <Button className="bg-emerald-600 text-white hover:bg-emerald-600/90" onClick={onPay} data-testid="billing-invoice-pay">
              <Smartphone aria-hidden />
              {t.payMpesa}
            </Button>
          )}
        </div>
      </footer>
    </>
  );
}

/**
 * A platform invoice in a side sheet (full width on phones): figures, lines with VAT, payments with
 * their receipts, credit notes, the PDF; EduFam staff record a bank payment, issue a credit note or
 * void it; the school's director pays it by M-Pesa.
 */
export function BillingInvoiceSheet({
  invoiceId,
  onClose,
  canManage,
  canPay,
  defaultPhone = null,
}: {
  invoiceId: string | null;
  onClose: () => void;
  canManage: boolean;
  canPay: boolean;
  defaultPhone?: string | null;
}) {
  const invoice = useBillingInvoice(invoiceId);
  const [action, setAction] = React.useState<InvoiceAction | null>(null);
  const [paying, setPaying] = React.useState(false);
  const inv = invoice.data && invoice.data.id === invoiceId ? invoice.data : null;

  return (
    <Sheet open={!!invoiceId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full bg-background text-foreground sm:max-w-2xl" data-testid="billing-invoice-sheet" data-status={inv?.status}>
        {inv ? (
          <Body inv={inv} canManage={canManage} canPay={canPay} onAction={setAction} onPay={() => setPaying(true)} />
        ) : invoice.isError ? (
          <div className="p-6">
            <SheetTitle className="sr-only">{t.loadFailed}</SheetTitle>
            <SheetDescription className="sr-only">{invoice.error.message}</SheetDescription>
            <QueryErrorCard query={invoice} title={t.loadFailed} retryLabel={s.common.tryAgain} testId="billing-invoice-error" />
          </div>
        ) : (
          <SheetLoading title={s.invoices.title} />
        )}
      </SheetContent>
      {inv && canManage && <InvoiceActionDialogs inv={inv} action={action} onClose={() => setAction(null)} />}
      {inv && canPay && <PayInvoiceDialog invoice={inv} open={paying} onOpenChange={setPaying} defaultPhone={defaultPhone} />}
    </Sheet>
  );
}

import * as React from 'react';
import { FileDown, Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { invoicePdfUrl, receiptPdfUrl, useStudentAccount } from '../api/fees';
import { Money } from '@/components/money';
import { InvoiceStatusBadge } from './fee-badges';

const m = messages.financeOverview.parent;
const methods = messages.feesScreens.methods;

function PdfLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className="size-8 shrink-0 text-muted-foreground hover:text-primary">
      <a href={href} target="_blank" rel="noreferrer" aria-label={label} title={label} data-testid={testId}>
        <FileDown aria-hidden />
      </a>
    </Button>
  );
}

/**
 * A child's invoices (with PDF links) and payments (with receipt PDF links), from the learner's account
 * (GET /api/students/:id/account): loaded when the parent opens it.
 */
export function FeeHistory({ studentId }: { studentId: string }) {
  const [tab, setTab] = React.useState<'invoices' | 'payments'>('invoices');
  const account = useStudentAccount(studentId);
  const a = account.data;
  const tabs = [
    { id: 'invoices' as const, label: m.invoicesTab, count: a?.invoices.length },
    { id: 'payments' as const, label: m.paymentsTab, count: a?.payments.length },
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="fee-history">
      <div className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto" role="tablist" aria-label={m.history}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors sm:flex-none',
              tab === t.id ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
            )}
            data-testid={`history-tab-${t.id}`}
          >
            {t.label}
            {t.count !== undefined && <span className="rounded-full bg-muted-foreground/10 px-1.5 text-[11px] tabular-nums">{t.count}</span>}
          </button>
        ))}
      </div>

      {account.isPending ? (
        <div className="flex justify-center py-6 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden />
        </div>
      ) : account.isError ? (
        <p className="py-4 text-center text-sm text-destructive">{m.historyFailed}</p>
      ) : tab === 'invoices' ? (
        a!.invoices.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{m.noInvoices}</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="history-invoices">
            {a!.invoices.map((inv) => (
              <li key={inv.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="history-invoice">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className="font-medium">{inv.termName}</span>
                    <InvoiceStatusBadge status={inv.status} />
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {inv.invoiceNumber} · {formatDate(inv.issuedOn)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <Money value={inv.total} prefix={false} className="text-sm font-medium" />
                  {inv.balance > 0 && (
                    <p className="text-[11px] text-destructive tabular-nums">
                      {m.invoiceBalance} <Money value={inv.balance} prefix={false} />
                    </p>
                  )}
                </div>
                <PdfLink href={invoicePdfUrl(inv.id)} label={m.downloadInvoice(inv.invoiceNumber)} testId="invoice-pdf" />
              </li>
            ))}
          </ul>
        )
      ) : a!.payments.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{m.noPayments}</p>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="history-payments">
          {a!.payments.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="history-payment">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <span className="font-medium">{methods[p.method]}</span>
                  {p.kind === 'reversal' && <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground">{m.reversal}</span>}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {formatDate(p.paidAt)}
                  {p.receiptNumber ? ` · ${p.receiptNumber}` : ''}
                  {p.reference ? ` · ${p.reference}` : ''}
                </p>
              </div>
              <Money value={p.amount} prefix={false} className={cn('shrink-0 text-sm font-medium', p.amount > 0 && 'text-emerald-700 dark:text-emerald-400')} />
              {p.kind === 'payment' && p.receiptNumber ? (
                <PdfLink href={receiptPdfUrl(p.id)} label={m.downloadReceipt(p.receiptNumber)} testId="receipt-pdf" />
              ) : (
                <span className="size-8 shrink-0" aria-hidden />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

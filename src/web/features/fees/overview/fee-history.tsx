import * as React from 'react';
import { Loader2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { invoicePdfUrl, receiptPdfUrl, useStudentAccount } from '../api/fees';
import { Money } from '@/components/money';
import { PdfIconLink } from '@/components/new-tab-link';
import { InvoiceStatusBadge } from './fee-badges';

const m = messages.financeOverview.parent;
const methods = messages.feesScreens.methods;

function PdfLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <PdfIconLink href={href} label={label} className="size-8 shrink-0 text-muted-foreground hover:text-primary" testId={testId} />
  );
}

/** A history list: `empty` when there are no `items`, else a bordered row per item (`row` draws its inside). */
function HistoryList<T extends { id: string }>({ items, empty, testId, rowTestId, row }: { items: T[]; empty: string; testId: string; rowTestId: string; row: (item: T) => React.ReactNode }) {
  if (items.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y rounded-lg border" data-testid={testId}>
      {items.map((x) => (
        <li key={x.id} className="flex items-center gap-3 px-3 py-2.5" data-testid={rowTestId}>
          {row(x)}
        </li>
      ))}
    </ul>
  );
}

/** A history row's title line (with its badges) over its muted detail line. */
function RowText({ title, detail }: { title: React.ReactNode; detail: React.ReactNode }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">{title}</p>
      <p className="truncate text-xs text-muted-foreground">{detail}</p>
    </div>
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
        <HistoryList
          items={a!.invoices}
          empty={m.noInvoices}
          testId="history-invoices"
          rowTestId="history-invoice"
          row={(inv) => (
            <>
              <RowText
                title={
                  <>
                    <span className="font-medium">{inv.termName}</span>
                    <InvoiceStatusBadge status={inv.status} />
                  </>
                }
                detail={`${inv.invoiceNumber} · ${formatDate(inv.issuedOn)}`}
              />
              <div className="shrink-0 text-right">
                <Money value={inv.total} prefix={false} className="text-sm font-medium" />
                {inv.balance > 0 && (
                  <p className="text-[11px] text-destructive tabular-nums">
                    {m.invoiceBalance} <Money value={inv.balance} prefix={false} />
                  </p>
                )}
              </div>
              <PdfLink href={invoicePdfUrl(inv.id)} label={m.downloadInvoice(inv.invoiceNumber)} testId="invoice-pdf" />
            </>
          )}
        />
      ) : (
        <HistoryList
          items={a!.payments}
          empty={m.noPayments}
          testId="history-payments"
          rowTestId="history-payment"
          row={(p) => (
            <>
              <RowText
                title={
                  <>
                    <span className="font-medium">{methods[p.method]}</span>
                    {p.kind === 'reversal' && <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] text-muted-foreground">{m.reversal}</span>}
                  </>
                }
                detail={
                  <>
                    {formatDate(p.paidAt)}
                    {p.receiptNumber ? ` · ${p.receiptNumber}` : ''}
                    {p.reference ? ` · ${p.reference}` : ''}
                  </>
                }
              />
              <Money value={p.amount} prefix={false} className={cn('shrink-0 text-sm font-medium', p.amount > 0 && 'text-emerald-700 dark:text-emerald-400')} />
              {p.kind === 'payment' && p.receiptNumber ? (
                <PdfLink href={receiptPdfUrl(p.id)} label={m.downloadReceipt(p.receiptNumber)} testId="receipt-pdf" />
              ) : (
                <span className="size-8 shrink-0" aria-hidden />
              )}
            </>
          )}
        />
      )}
    </div>
  );
}

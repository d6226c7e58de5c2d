import * as React from 'react';
import { Link } from 'react-router';
import { Ban, FileDown, Info, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import type { Invoice } from '@shared/contracts/fees';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { formatDate } from '@/lib/format';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { invoicePdfUrl, useCancelInvoice, useInvoice } from '../api/fees';
import { Money } from '@/components/money';
import { ActionDialog } from '@/components/action-dialog';
import { InvoiceStatusBadge } from '@/components/status-pill';
import { NewTabButton } from '@/components/new-tab-link';
import { SheetLoading } from '@/components/sheet-loading';
import type { FeesScope } from './fees-scope';

const m = messages.feeManagement;
const t = m.invoice;

/** The category of a line when its name does not already say it ("Tuition" / tuition says nothing new). */
function categoryHint(name: string, category: string): string | null {
  const label = m.categories[category as keyof typeof m.categories] ?? category;
  return name.toLowerCase().includes(label.toLowerCase()) ? null : label;
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card px-3 py-2.5">
      <p className="text-xs text-muted-foreground">{label}</p>
      <div className="mt-0.5 truncate font-semibold">{children}</div>
    </div>
  );
}

function Body({ inv, scope, onCancel }: { inv: Invoice; scope: FeesScope; onCancel: () => void }) {
  const cancelled = inv.status === 'cancelled';
  const lines = inv.lines ?? [];
  return (
    <>
      <header className="flex flex-col gap-1.5 border-b bg-card px-4 py-4 pr-12 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <SheetTitle className="font-mono text-lg" data-testid="invoice-sheet-number">
            {t.title(inv.invoiceNumber)}
          </SheetTitle>
          <InvoiceStatusBadge status={inv.status} />
        </div>
        <SheetDescription>
          <span className="font-medium text-foreground">{inv.studentName}</span> · <span className="font-mono text-xs">{inv.admissionNumber}</span>
          {inv.className && ` · ${inv.className}`}
        </SheetDescription>
      </header>
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-4 py-5 sm:px-6">
        {cancelled && (
          <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground" data-testid="invoice-cancelled">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t.cancelledNote}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          <Figure label={t.total}>
            <Money value={inv.total} prefix={false} />
          </Figure>
          <Figure label={t.adjusted}>
            <Money value={inv.adjusted} prefix={false} />
          </Figure>
          <Figure label={t.paid}>
            <Money value={inv.paid} prefix={false} />
          </Figure>
          <Figure label={t.balance}>
            <Money value={cancelled ? 0 : inv.balance} prefix={false} tone />
          </Figure>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t.term}</dt>
            <dd className="truncate font-medium">{inv.termName}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t.issued}</dt>
            <dd className="font-medium tabular-nums">{formatDate(inv.issuedOn)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t.due}</dt>
            <dd className="font-medium tabular-nums">{formatDate(inv.dueOn)}</dd>
          </div>
        </dl>
        <section>
          <h3 className="mb-2 text-sm font-semibold">{t.lines}</h3>
          {lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.noLines}</p>
          ) : (
            <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="invoice-lines">
              {lines.map((l, i) => (
                <li key={`${l.name}-${i}`} className="flex items-center gap-3 px-3 py-2.5">
                  <span className="min-w-0 flex-1 truncate">{l.name}</span>
                  {categoryHint(l.name, l.category) && <span className="hidden text-xs text-muted-foreground sm:inline">{categoryHint(l.name, l.category)}</span>}
                  <Money value={l.amount} prefix={false} className="w-28 text-right" />
                </li>
              ))}
              <li className="flex items-center gap-3 bg-muted/40 px-3 py-2.5 font-semibold">
                <span className="flex-1">{t.total}</span>
                <Money value={inv.total} className="text-right" />
              </li>
            </ul>
          )}
        </section>
      </div>
      <footer className="flex flex-col-reverse gap-2 border-t bg-card px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        {scope.canManage && !cancelled && (
          <Button variant="ghost" className="text-destructive hover:bg-destructive/10 hover:text-destructive sm:mr-auto" onClick={onCancel} data-testid="invoice-cancel">
            <Ban aria-hidden />
            {t.cancel}
          </Button>
        )}
        <Button variant="outline" asChild className="sm:ml-auto">
          <Link to={`${pathForSection(scope.role, 'student-accounts')}?student=${inv.studentId}`} data-testid="invoice-open-account">
            <Wallet aria-hidden />
            {t.openAccount}
          </Link>
        </Button>
        <NewTabButton href={invoicePdfUrl(inv.id, scope.schoolId)} icon={<FileDown aria-hidden />} testId="invoice-sheet-pdf">
          {t.pdf}
        </NewTabButton>
      </footer>
    </>
  );
}

/** An invoice in a side sheet (full screen on phones): figures, dates, lines, PDF, and Cancel with a reason. */
export function InvoiceSheet({ invoiceId, onClose, scope }: { invoiceId: string | null; onClose: () => void; scope: FeesScope }) {
  const invoice = useInvoice(invoiceId, scope.schoolId);
  const cancel = useCancelInvoice();
  const [cancelling, setCancelling] = React.useState(false);
  const inv = invoice.data && invoice.data.id === invoiceId ? invoice.data : null;

  return (
    <Sheet open={!!invoiceId} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full bg-background text-foreground sm:max-w-xl" data-testid="invoice-sheet">
        {inv ? (
          <Body
            inv={inv}
            scope={scope}
            onCancel={() => {
              cancel.reset();
              setCancelling(true);
            }}
          />
        ) : invoice.isError ? (
          <div className="p-6">
            <SheetTitle className="sr-only">{t.loadFailed}</SheetTitle>
            <SheetDescription className="sr-only">{invoice.error.message}</SheetDescription>
            <QueryErrorCard query={invoice} title={t.loadFailed} retryLabel={m.common.tryAgain} />
          </div>
        ) : (
          <SheetLoading title={m.section.tabs.invoices} />
        )}
      </SheetContent>
      {inv && (
        <ActionDialog
          open={cancelling}
          icon={Ban}
          title={t.cancelTitle(inv.invoiceNumber)}
          text={t.cancelText}
          reason={{ label: m.common.reason, placeholder: t.cancelReasonPlaceholder }}
          confirmLabel={t.cancelConfirm}
          pending={cancel.isPending}
          error={cancel.error}
          errorTitle={m.common.actionFailed}
          onCancel={() => setCancelling(false)}
          onConfirm={(reason) =>
            cancel.mutate(
              { id: inv.id, reason },
              {
                onSuccess: () => {
                  toast.success(t.cancelled);
                  setCancelling(false);
                },
              },
            )
          }
          testId="invoice-cancel-dialog"
        />
      )}
    </Sheet>
  );
}

import * as React from 'react';
import { CalendarClock, FileText, Smartphone, Wallet } from 'lucide-react';
import type { BillingStatusResponse, PlatformInvoice, Subscription } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Fact, Kes, PlanNameAndStatus } from './billing-bits';
import { useBillingInvoices, useBillingStatus, useSubscriptions } from './billing-api';
import { InvoiceCard, invoiceColumns } from './invoices-tab';
import { BillingInvoiceSheet } from './invoice-sheet';
import { PayInvoiceDialog } from './pay-mpesa-dialog';
import { IconBadge } from '@/components/icon-badge';
import { usePatchedSearchParams } from '@/lib/search-params';

const d = s.director;
const PAGE_SIZE = 10;

/** The first invoice still owed (oldest due date first), if any. */
export function firstOpenInvoice(items: PlatformInvoice[] | undefined): PlatformInvoice | null {
  const open = (items ?? []).filter((i) => i.status !== 'void' && i.status !== 'draft' && i.balanceCents > 0);
  open.sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'));
  return open[0] ?? null;
}

/** The school's subscription at a glance: plan, status, balance, next due date, and Pay with M-Pesa. */
function SubscriptionCard({ sub, status, payable, onPay }: { sub: Subscription | undefined; status: BillingStatusResponse | undefined; payable: PlatformInvoice | null; onPay: () => void }) {
  if (!sub) return <Skeleton className="h-36 w-full rounded-xl" />;
  const warn = sub.status === 'arrears' || sub.status === 'read_only';
  return (
    <section
      className={cn('overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm', warn && 'border-amber-500/40')}
      data-testid="billing-subscription-card"
      data-status={sub.status}
    >
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-center gap-3.5">
          <IconBadge icon={Wallet} className="size-11 rounded-xl bg-primary/10 text-primary" iconClassName="size-5" />
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{d.subscription}</p>
            <PlanNameAndStatus planName={sub.planName} status={sub.status} as="h2" className="mt-0.5" testId="billing-subscription-plan-name" />
            {sub.status === 'trial' && sub.trialEndsOn && <p className="mt-0.5 text-sm text-muted-foreground">{d.trialEnds(formatDate(sub.trialEndsOn))}</p>}
          </div>
        </div>
        {payable && (
          <Button className="bg-emerald-600 text-white hover:bg-emerald-600/90 sm:shrink-0" onClick={onPay} data-testid="billing-pay-now">
            <Smartphone aria-hidden />
            {d.payNow}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-px border-t bg-border sm:grid-cols-3">
        <div className="bg-card px-4 py-3 sm:px-6">
          <Fact label={d.balance} testId="billing-subscription-balance">
            <Kes cents={sub.balanceCents} tone className="text-base font-semibold" />
          </Fact>
        </div>
        <div className="bg-card px-4 py-3 sm:px-6">
          <Fact label={d.nextDue}>
            <span className="flex items-center gap-1.5 tabular-nums">
              <CalendarClock className="size-3.5 text-muted-foreground" aria-hidden />
              {status?.dueOn ? formatDate(status.dueOn) : d.nothingDue}
            </span>
          </Fact>
        </div>
        <div className="col-span-2 bg-card px-4 py-3 sm:col-span-1 sm:px-6">
          <Fact label={s.invoice.learners}>{sub.activeLearners.toLocaleString('en-KE')}</Fact>
        </div>
      </dl>
      {status?.message && (
        <p className={cn('border-t px-4 py-2.5 text-sm sm:px-6', warn ? 'bg-amber-500/10 text-amber-900 dark:text-amber-100' : 'bg-muted/40 text-muted-foreground')} data-testid="billing-status-message">
          {status.message}
        </p>
      )}
    </section>
  );
}

/**
 * A school director's own billing (issue 18 §1, "school director sees their own"): the subscription
 * card, the school's invoices (a row opens the invoice with its PDF and receipts), and Pay with M-Pesa.
 * `?invoice=<id>` opens an invoice; `?pay=1` opens the payment of the first invoice still owed.
 */
export function DirectorBilling({ schoolName, phone, canPay }: { schoolName: string; phone: string | null; canPay: boolean }) {
  const [params, patchParams] = usePatchedSearchParams(true);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const invoices = useBillingInvoices(new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) }).toString());
  const owed = useBillingInvoices(new URLSearchParams({ page: '1', pageSize: '50' }).toString());
  const sub = useSubscriptions().data?.items[0];
  const status = useBillingStatus(true).data;
  const columns = React.useMemo(() => invoiceColumns(false), []);
  const payable = firstOpenInvoice(owed.data?.items);
  // The invoice being paid is pinned: once paid it leaves the list of invoices still owed, the dialog stays.
  const [paying, setPaying] = React.useState<PlatformInvoice | null>(null);
  const openId = params.get('invoice');
  const setParam = (key: string, value: string | null) => patchParams({ [key]: value });

  // ?pay=1 (the banner's "Pay now") opens the payment once the invoice is known.
  const wantsPay = params.get('pay') === '1';
  React.useEffect(() => {
    if (wantsPay && payable && canPay) {
      setPaying(payable);
      setParam('pay', null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsPay, payable, canPay]);

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="billing-director">
      <PageHeader sectionId="billing" title={s.section.directorTitle} subtitle={s.section.directorSubtitle(schoolName)} testId="billing-header" />
      <SubscriptionCard sub={sub} status={status} payable={canPay ? payable : null} onPay={() => setPaying(payable)} />
      <div className="flex min-w-0 flex-col gap-3">
        <div>
          <h2 className="text-[15px] font-semibold tracking-tight">{d.invoices}</h2>
          <p className="text-sm text-muted-foreground">{d.invoicesText}</p>
        </div>
        <DataTable
          id="billing-my-invoices"
          columns={columns}
          data={invoices.data?.items}
          getRowId={(i) => i.id}
          total={invoices.data?.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={(p) => setParam('page', p > 1 ? String(p) : null)}
          fetching={invoices.isPlaceholderData}
          error={invoices.error}
          errorTitle={s.invoices.loadFailed}
          onRetry={() => void invoices.refetch()}
          empty={{ icon: FileText, title: d.empty, hint: d.emptyHint }}
          renderCard={(inv) => <InvoiceCard inv={inv} withSchool={false} />}
          onRowClick={(inv) => setParam('invoice', inv.id)}
          rowTestId="billing-invoice-row"
          minWidth={820}
        />
      </div>
      <BillingInvoiceSheet invoiceId={openId} onClose={() => setParam('invoice', null)} canManage={false} canPay={canPay} defaultPhone={phone} />
      {paying && canPay && <PayInvoiceDialog invoice={paying} open onOpenChange={(o) => !o && setPaying(null)} defaultPhone={phone} />}
    </section>
  );
}

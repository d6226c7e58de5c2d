import * as React from 'react';
import { Link } from 'react-router';
import { BadgePercent, Banknote, Bus, CalendarCheck, Clock3, ExternalLink, FilePlus2, Receipt, SearchX, Smartphone, Undo2, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import type { Payment, StudentAccount } from '@shared/contracts/fees';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api';
import { formatDate, initials } from '@/lib/format';
import { QueryErrorCard } from '@/components/query-error-card';
import { StatusCard } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useStudent } from '@/features/learners';
import { useCreateInvoice, useFeesLiveRefresh, useMpesaConfig, useReversePayment, useSetFeeOption, useStudentAccount } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import { PayWithMpesaDialog } from '../components/pay-with-mpesa-dialog';
import { ActionDialog } from '@/components/action-dialog';
import { AdjustmentDialog } from '../fee-management/adjustment-dialog';
import type { FeesScope } from '../fee-management/fees-scope';
import { SummaryTiles } from '../fee-management/summary-tiles';
import { useTerms } from '../components/terms';
import { AccountAdjustments, AccountInvoices, AccountPayments } from './account-lists';
import { ReallocateDialog } from '../settings/vote-heads-split';
import { RecordPaymentDialog } from './record-payment-dialog';
import { StatementPanel } from './statement-panel';
import { IconBadge } from '@/components/icon-badge';

const m = messages.feeManagement;
const t = m.account;
const TABS = ['invoices', 'payments', 'adjustments', 'statement'] as const;

/** Owed (red), in credit (green) or cleared, as a label and a big figure. */
function BalanceBox({ balance, className }: { balance: number; className?: string }) {
  const label = balance > 0 ? t.balanceOwed : balance < 0 ? t.inCredit : t.cleared;
  const tone = balance > 0 ? 'border-red-500/25 bg-red-500/5' : balance < 0 ? 'border-emerald-500/25 bg-emerald-500/5' : 'bg-muted/40';
  return (
    <div className={cn('rounded-xl border px-4 py-2.5 sm:text-right', tone, className)} data-testid="account-balance" data-balance={balance}>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <Money value={Math.abs(balance)} tone={false} className={cn('text-2xl font-semibold tracking-tight', balance > 0 ? 'text-destructive' : balance < 0 ? 'text-emerald-600 dark:text-emerald-400' : '')} />
    </div>
  );
}

function AccountHeader({ account, title, compact, openLink }: { account: StudentAccount; title: (children: React.ReactNode) => React.ReactNode; compact: boolean; openLink?: React.ReactNode }) {
  const s = account.student;
  const active = s.status === 'active';
  if (compact) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="account-header">
        <div className="min-w-0">
          {title(t.title)}
          <p className="mt-0.5 text-sm text-muted-foreground">{t.compactText}</p>
          {openLink && <div className="mt-2">{openLink}</div>}
        </div>
        <BalanceBox balance={account.balance} className="shrink-0" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" data-testid="account-header">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-base font-semibold text-primary" aria-hidden>
          {initials(s.name)}
        </span>
        <div className="min-w-0">
          {title(s.name)}
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-muted-foreground">
            <span className="font-mono text-[13px] font-medium text-foreground">{s.admissionNumber}</span>
            <span aria-hidden>·</span>
            <span>{s.className ?? messages.learners.common.noClass}</span>
            {(s.boarding === 'day' || s.boarding === 'boarding') && (
              <>
                <span aria-hidden>·</span>
                <span>{t.boarding[s.boarding]}</span>
              </>
            )}
            {!active && (
              <>
                <span aria-hidden>·</span>
                <span className="text-amber-700 dark:text-amber-400">{t.notActive(messages.learners.statuses[s.status as keyof typeof messages.learners.statuses] ?? s.status)}</span>
              </>
            )}
          </p>
        </div>
      </div>
      <BalanceBox balance={account.balance} className="shrink-0" />
    </div>
  );
}

function OptionalItems({ account, canManage }: { account: StudentAccount; canManage: boolean }) {
  const setOption = useSetFeeOption();
  if (account.optionalItems.length === 0) return null;
  return (
    <section className="rounded-xl border bg-card p-3.5 sm:p-4" data-testid="account-options">
      <h3 className="text-sm font-semibold">{t.optionalItems}</h3>
      <p className="mt-0.5 text-xs text-muted-foreground">{t.optionalHint}</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {account.optionalItems.map((o) => (
          <li key={o.key} className="flex items-center justify-between gap-3 rounded-lg border bg-background/60 px-3 py-2">
            <label htmlFor={`option-${o.key}`} className="min-w-0">
              <span className="block truncate text-sm font-medium">{o.name}</span>
              <Money value={o.amount} className="text-xs text-muted-foreground" />
            </label>
            <Switch
              id={`option-${o.key}`}
              checked={o.chosen}
              disabled={!canManage || setOption.isPending}
              onCheckedChange={(chosen) =>
                setOption.mutate(
                  { studentId: account.student.id, key: o.key, chosen },
                  {
                    onSuccess: () => toast.success(chosen ? t.optionChosen(o.name) : t.optionDropped(o.name)),
                    onError: (err) => toast.error(t.optionFailed, { description: err.message }),
                  },
                )
              }
              data-testid={`account-option-${o.key}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Issue 15: the learner's bus route and the store or transport charges waiting for the next invoice. */
function ExtraCharges({ account }: { account: StudentAccount }) {
  if (!account.transport && account.pendingCharges.length === 0) return null;
  return (
    <section className="grid gap-3 sm:grid-cols-2" data-testid="account-extra-charges">
      {account.transport && (
        <div className="flex items-start gap-3 rounded-xl border bg-card p-3.5" data-testid="account-transport">
          <IconBadge icon={Bus} className="size-9 rounded-lg bg-sky-500/10 text-sky-700 dark:text-sky-300" />
          <div className="min-w-0">
            <h3 className="text-sm font-semibold">{t.transportTitle}</h3>
            <p className="truncate text-sm">{t.transportLine(account.transport.route, account.transport.stop)}</p>
            <p className="text-xs text-muted-foreground">{t.transportFee(formatMoney(account.transport.termFee))}</p>
          </div>
        </div>
      )}
      {account.pendingCharges.length > 0 && (
        <div className="rounded-xl border bg-card p-3.5" data-testid="account-pending-charges">
          <h3 className="text-sm font-semibold">{t.pendingChargesTitle}</h3>
          <p className="text-xs text-muted-foreground">{t.pendingChargesHint}</p>
          <ul className="mt-2 grid gap-1.5">
            {account.pendingCharges.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 truncate">{c.description}</span>
                <Money value={c.amount} className="shrink-0 tabular-nums" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function AccountSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="account-loading">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-64" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * A learner's fee account (issue 11 §2): name, admission number, class and balance (owed red, credit
 * green); totals; optional items; invoices, payments with reversals, adjustments, and the statement for
 * a date range. The finance officer (unless `readOnly`) records payments, requests M-Pesa payments,
 * invoices the current term when the learner has no invoice for it, adds adjustments and reverses
 * payments. `title` renders the learner's name (a SheetTitle in the sheet, a heading elsewhere).
 * M-Pesa payments arriving refresh it (SSE `fees.changed`).
 */
export function StudentAccountView({
  studentId,
  scope,
  readOnly = false,
  title,
  embedded = false,
}: {
  studentId: string;
  scope: FeesScope;
  readOnly?: boolean;
  title: (children: React.ReactNode) => React.ReactNode;
  /** Inside the learner profile: a short header (the profile already names the learner) and a link to Student Accounts. */
  embedded?: boolean;
}) {
  useFeesLiveRefresh();
  const canManage = scope.canManage && !readOnly;
  const account = useStudentAccount(studentId, scope.schoolId);
  const [tab, setTab] = React.useState<(typeof TABS)[number]>('invoices');
  const [dialog, setDialog] = React.useState<'payment' | 'mpesa' | 'adjustment' | null>(null);
  const [reversing, setReversing] = React.useState<Payment | null>(null);
  const [reallocating, setReallocating] = React.useState<Payment | null>(null);
  const reverse = useReversePayment();
  const createInvoice = useCreateInvoice();
  const terms = useTerms();
  const mpesa = useMpesaConfig(scope.schoolId, canManage);
  const learner = useStudent(canManage ? studentId : null);

  if (account.isError && !account.data) {
    const notFound = account.error instanceof ApiError && account.error.status === 404;
    return notFound ? (
      <div className="flex justify-center py-8">
        {title(<span className="sr-only">{t.notFound}</span>)}
        <StatusCard icon={SearchX} tone="warning" title={t.notFound} role="status" />
      </div>
    ) : (
      <>
        {title(<span className="sr-only">{t.loadFailed}</span>)}
        <QueryErrorCard query={account} title={t.loadFailed} retryLabel={m.common.tryAgain} testId="account-error" />
      </>
    );
  }
  if (!account.data) {
    return (
      <>
        {title(<span className="sr-only">{t.title}</span>)}
        <AccountSkeleton />
      </>
    );
  }

  const a = account.data;
  const s = a.student;
  const active = s.status === 'active';
  const current = terms.current;
  const hasCurrentInvoice = !!current && a.invoices.some((i) => i.termId === current.id && i.status !== 'cancelled');
  const primaryGuardian = learner.data?.guardians.find((g) => g.isPrimary) ?? learner.data?.guardians[0];
  const payments = a.payments.filter((p) => p.kind === 'payment');
  const lastPayment = payments.filter((p) => !p.reversedBy).sort((x, y) => y.paidAt.localeCompare(x.paidAt) || y.createdAt.localeCompare(x.createdAt))[0];

  const actions = canManage && (
    <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none" data-testid="account-actions">
      <Button onClick={() => setDialog('payment')} data-testid="account-record-payment">
        <Banknote aria-hidden />
        {t.recordPayment}
      </Button>
      {mpesa.data && active && (
        <Button variant="outline" onClick={() => setDialog('mpesa')} data-testid="account-request-mpesa">
          <Smartphone aria-hidden />
          {t.requestMpesa}
        </Button>
      )}
      {current && active && !hasCurrentInvoice && (
        <Button
          variant="outline"
          disabled={createInvoice.isPending}
          onClick={() =>
            createInvoice.mutate(
              { studentId: s.id, termId: current.id },
              {
                onSuccess: (inv) => toast.success(t.invoiced(inv.invoiceNumber)),
                onError: (err) => toast.error(m.common.actionFailed, { description: err.message }),
              },
            )
          }
          data-testid="account-invoice-term"
        >
          <FilePlus2 aria-hidden />
          {t.invoiceTerm(current.label)}
        </Button>
      )}
      <Button variant="outline" onClick={() => setDialog('adjustment')} data-testid="account-add-adjustment">
        <BadgePercent aria-hidden />
        {m.adjustments.add}
      </Button>
    </div>
  );

  const counts = { invoices: a.invoices.length, payments: payments.length, adjustments: a.adjustments.length, statement: 0 };

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="account-view" data-student-id={s.id}>
      <AccountHeader
        account={a}
        title={title}
        compact={embedded}
        openLink={
          embedded && (
            <Button variant="outline" size="sm" asChild>
              <Link to={`${pathForSection(scope.role, 'student-accounts')}?student=${s.id}`} data-testid="account-open-in-accounts">
                <ExternalLink aria-hidden />
                {t.openInAccounts}
              </Link>
            </Button>
          )
        }
      />
      {actions}
      <SummaryTiles
        testId="account-totals"
        tiles={[
          { label: t.totals.invoiced, value: <Money value={a.totals.invoiced} />, icon: Receipt, tone: 'primary' },
          { label: t.totals.adjusted, value: <Money value={a.totals.adjusted} />, icon: BadgePercent, tone: 'amber' },
          { label: t.totals.paid, value: <Money value={a.totals.paid} />, icon: Wallet, tone: 'green' },
          {
            label: t.totals.lastPayment,
            value: lastPayment ? <Money value={lastPayment.amount} /> : t.noPaymentYet,
            hint: lastPayment ? formatDate(lastPayment.paidAt) : undefined,
            icon: CalendarCheck,
            tone: 'default',
          },
        ]}
      />
      {a.pendingAdjustments > 0 && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3.5 py-2.5 text-sm text-amber-900 dark:text-amber-200" data-testid="account-pending">
          <Clock3 className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t.pending(formatMoney(a.pendingAdjustments))}
        </p>
      )}
      <OptionalItems account={a} canManage={canManage} />
      <ExtraCharges account={a} />
      <Tabs value={tab} onValueChange={(v) => setTab(v as (typeof TABS)[number])} className="min-w-0">
        <TabsList aria-label={t.tabsLabel}>
          {TABS.map((x) => (
            <TabsTrigger key={x} value={x} data-testid={`account-tab-${x}`}>
              {t.tabs[x]}
              {x !== 'statement' && <span className="rounded-full bg-muted px-1.5 text-[11px] tabular-nums">{counts[x]}</span>}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="invoices" className="pt-4">
          <AccountInvoices invoices={a.invoices} schoolId={scope.schoolId} />
        </TabsContent>
        <TabsContent value="payments" className="pt-4">
          <AccountPayments
            payments={a.payments}
            schoolId={scope.schoolId}
            onReverse={
              canManage
                ? (p) => {
                    reverse.reset();
                    setReversing(p);
                  }
                : undefined
            }
            onReallocate={canManage ? setReallocating : undefined}
          />
        </TabsContent>
        <TabsContent value="adjustments" className="pt-4">
          <AccountAdjustments adjustments={a.adjustments} />
        </TabsContent>
        <TabsContent value="statement" className="pt-4">
          <StatementPanel studentId={s.id} schoolId={scope.schoolId} />
        </TabsContent>
      </Tabs>

      {canManage && (
        <>
          <RecordPaymentDialog open={dialog === 'payment'} onClose={() => setDialog(null)} learner={{ id: s.id, name: s.name }} balance={a.balance} />
          <PayWithMpesaDialog
            open={dialog === 'mpesa'}
            onOpenChange={(o) => !o && setDialog(null)}
            learner={{ id: s.id, name: s.name }}
            defaultPhone={primaryGuardian?.phone ?? null}
            defaultAmount={Math.max(0, a.balance)}
            simulator={mpesa.data?.environment === 'simulator'}
          />
          <ReallocateDialog payment={reallocating} onClose={() => setReallocating(null)} />
          <AdjustmentDialog open={dialog === 'adjustment'} onClose={() => setDialog(null)} learner={{ id: s.id, name: s.name, admissionNumber: s.admissionNumber, className: s.className }} />
          <ActionDialog
            open={!!reversing}
            tone="warning"
            icon={Undo2}
            title={t.reverseTitle(reversing?.receiptNumber ?? '')}
            text={t.reverseText(formatMoney(reversing?.amount ?? 0))}
            reason={{ label: m.common.reason, placeholder: t.reversePlaceholder }}
            confirmLabel={t.reverseConfirm}
            pending={reverse.isPending}
            error={reverse.error}
            errorTitle={m.common.actionFailed}
            onCancel={() => setReversing(null)}
            onConfirm={(reason) =>
              reversing &&
              reverse.mutate(
                { id: reversing.id, reason },
                {
                  onSuccess: () => {
                    toast.success(t.reverseDone);
                    setReversing(null);
                  },
                },
              )
            }
            testId="reverse-dialog"
          />
        </>
      )}
    </div>
  );
}

import * as React from 'react';
import { toast } from 'sonner';
import { Building2 } from 'lucide-react';
import { SUBSCRIPTION_STATUSES, type BillingPlan, type Subscription, type SubscriptionStatus } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { DataTable, type ColumnDef } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form-feedback';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { Field } from '@/components/field';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorOf, centsToInput, editColumn, Kes, kes, KesInput, parseKesInput, SaveDialogFooter, SubscriptionStatusBadge, TextBox } from './billing-bits';
import { usePlans, usePutSubscription, useSubscriptions } from './billing-api';
import { NameSelectItems } from '@/components/select-parts';
import { DateField } from '@/components/date-field';

const t = s.subscriptions;
const d = s.subscriptionDialog;

function discountText(sub: Subscription): string {
  const parts: string[] = [];
  if (sub.discountPercent > 0) parts.push(t.discountPercent(sub.discountPercent.toLocaleString('en-KE', { maximumFractionDigits: 2 })));
  if (sub.discountCents > 0) parts.push(`KES ${kes(sub.discountCents)}`);
  return parts.join(' + ') || s.common.none;
}

/** Edit a school's subscription (issue 18 §1): plan, status, trial end, discount (percent and/or KES) and modules. */
function SubscriptionDialog({ sub, plans, onClose }: { sub: Subscription | null; plans: BillingPlan[]; onClose: () => void }) {
  const [planId, setPlanId] = React.useState('');
  const [status, setStatus] = React.useState<SubscriptionStatus>('trial');
  const [trialEndsOn, setTrialEndsOn] = React.useState('');
  const [percent, setPercent] = React.useState('');
  const [fixed, setFixed] = React.useState('');
  const [modules, setModules] = React.useState<string[]>([]);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = usePutSubscription();
  React.useEffect(() => {
    if (!sub) return;
    setPlanId(sub.planId ?? '');
    setStatus(sub.status === 'none' ? 'trial' : sub.status);
    setTrialEndsOn(sub.trialEndsOn ?? '');
    setPercent(String(sub.discountPercent ?? 0));
    setFixed(centsToInput(sub.discountCents ?? 0));
    setModules(sub.modules);
    setErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sub]);
  const server = apiErrorOf(save.error);
  const err = (f: string) => errors[f] ?? server.fields[f];
  const plan = plans.find((p) => p.id === planId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!sub || save.isPending) return;
    const next: Record<string, string> = {};
    if (!planId) next.planId = s.validation.required;
    const pct = Number(percent.trim() || '0');
    if (!Number.isFinite(pct) || pct < 0 || pct > 100) next.discountPercent = s.validation.percentInvalid;
    const cents = parseKesInput(fixed || '0', { allowZero: true });
    if ('error' in cents) next.discountCents = cents.error;
    setErrors(next);
    if (Object.keys(next).length || 'error' in cents) return;
    save.mutate(
      {
        schoolId: sub.schoolId,
        body: { planId, status, trialEndsOn: trialEndsOn || null, discountPercent: pct, discountCents: cents.cents, modules: modules.filter((k) => plan?.modules.some((x) => x.key === k)) },
      },
      {
        onSuccess: () => {
          toast.success(d.done);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog open={!!sub} onClose={onClose} pending={save.isPending} className="max-h-[92dvh] max-w-lg gap-5 overflow-y-auto" testId="billing-subscription-dialog" title={sub ? d.title(sub.schoolName) : ''} description={d.text}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="sub-plan" label={d.plan} error={err('planId')}>
            <Select value={planId} onValueChange={setPlanId}>
              <SelectTrigger id="sub-plan" className="w-full" aria-invalid={!!err('planId') || undefined} data-testid="billing-subscription-plan">
                <SelectValue placeholder={d.choosePlan} />
              </SelectTrigger>
              <SelectContent>
                <NameSelectItems items={plans.filter((p) => p.active || p.id === sub?.planId)} />
              </SelectContent>
            </Select>
          </Field>
          <Field id="sub-status" label={d.status} error={err('status')}>
            <Select value={status} onValueChange={(v) => setStatus(v as SubscriptionStatus)}>
              <SelectTrigger id="sub-status" className="w-full" data-testid="billing-subscription-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SUBSCRIPTION_STATUSES.map((x) => (
                  <SelectItem key={x} value={x}>
                    {s.subscriptionStatus[x]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="sub-trial" label={d.trialEndsOn} hint={d.trialEndsHint} error={err('trialEndsOn')}>
            <DateField id="sub-trial" value={trialEndsOn} onValueChange={setTrialEndsOn} aria-invalid={!!err('trialEndsOn') || undefined} data-testid="billing-subscription-trial" />
          </Field>
          <Field id="sub-discount" label={d.discount} hint={d.discountHint} error={err('discountPercent')}>
            <TextBox
              id="sub-discount"
              inputMode="decimal"
              value={percent}
              onValue={setPercent}
              invalid={!!err('discountPercent')}
              testId="billing-subscription-discount"
            />
          </Field>
          <Field id="sub-fixed" label={d.discountFixed} hint={d.discountFixedHint} error={err('discountCents')} className="sm:col-span-2">
            <KesInput id="sub-fixed" value={fixed} onChange={setFixed} invalid={!!err('discountCents')} testId="billing-subscription-discount-fixed" />
          </Field>
        </div>
        {plan && plan.modules.length > 0 && (
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium">{d.modules}</legend>
            {plan.modules.map((mod) => (
              <label key={mod.key} className="flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm hover:bg-muted/40">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-primary)]"
                  checked={modules.includes(mod.key)}
                  onChange={(e) => setModules((cur) => (e.target.checked ? [...cur, mod.key] : cur.filter((k) => k !== mod.key)))}
                />
                <span className="flex-1">{mod.name}</span>
                <Kes cents={mod.priceCents} className="text-xs" />
              </label>
            ))}
          </fieldset>
        )}
        {save.isError && !Object.keys(server.fields).length && <FormErrorAlert title={s.common.actionFailed} detail={server.message} testId="billing-subscription-error" />}
        <SaveDialogFooter pending={save.isPending} onCancel={onClose} testId="billing-subscription-save" />
      </form>
    </FormDialog>
  );
}

/** Billing Management › Subscriptions (issue 18 §1): each school's plan, status, trial, discount and balance. */
export function SubscriptionsTab({ canManage }: { canManage: boolean }) {
  const subs = useSubscriptions();
  const plans = usePlans(canManage).data?.items ?? [];
  const [editing, setEditing] = React.useState<Subscription | null>(null);

  const columns = React.useMemo<ColumnDef<Subscription, unknown>[]>(
    () => [
      { id: 'school', header: t.colSchool, meta: { alwaysVisible: true, className: 'min-w-48' }, cell: ({ row }) => <span className="font-medium">{row.original.schoolName}</span> },
      { id: 'plan', header: t.colPlan, meta: { label: t.colPlan }, cell: ({ row }) => row.original.planName ?? <span className="text-muted-foreground">{t.noPlan}</span> },
      { id: 'status', header: t.colStatus, meta: { label: t.colStatus }, cell: ({ row }) => <SubscriptionStatusBadge status={row.original.status} /> },
      { id: 'learners', header: s.invoices.colLearners, meta: { label: s.invoices.colLearners, className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.activeLearners.toLocaleString('en-KE')}</span> },
      { id: 'trial', header: t.colTrialEnds, meta: { label: t.colTrialEnds }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.trialEndsOn ? formatDate(row.original.trialEndsOn) : s.common.none}</span> },
      { id: 'discount', header: t.colDiscount, meta: { label: t.colDiscount }, cell: ({ row }) => <span className="whitespace-nowrap">{discountText(row.original)}</span> },
      { id: 'balance', header: t.colBalance, meta: { label: t.colBalance, className: 'text-right' }, cell: ({ row }) => <Kes cents={row.original.balanceCents} prefix={false} tone className="font-medium" /> },
      ...editColumn<Subscription>(canManage, { header: t.edit, labelFor: (x) => t.editFor(x.schoolName), onEdit: setEditing, testId: 'billing-subscription-edit' }),
    ],
    [canManage],
  );

  return (
    <>
      <DataTable
        id="billing-subscriptions"
        columns={columns}
        data={subs.data?.items}
        getRowId={(x) => x.schoolId}
        error={subs.error}
        errorTitle={t.loadFailed}
        onRetry={() => void subs.refetch()}
        empty={{ icon: Building2, title: t.empty }}
        rowTestId="billing-subscription-row"
        minWidth={880}
        onRowClick={canManage ? (row) => setEditing(row) : undefined}
        renderCard={(sub) => (
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{sub.schoolName}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {sub.planName ?? t.noPlan}
                  {sub.trialEndsOn && sub.status === 'trial' && ` · ${s.director.trialEnds(formatDate(sub.trialEndsOn))}`}
                </p>
              </div>
              <SubscriptionStatusBadge status={sub.status} className="shrink-0" />
            </div>
            <div className="flex items-end justify-between gap-3 text-xs text-muted-foreground">
              <span>
                {t.colDiscount}: {discountText(sub)}
              </span>
              <Kes cents={sub.balanceCents} tone className="text-sm font-semibold" />
            </div>
          </div>
        )}
      />
      {canManage && <SubscriptionDialog sub={editing} plans={plans} onClose={() => setEditing(null)} />}
    </>
  );
}

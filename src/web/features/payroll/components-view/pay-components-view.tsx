import * as React from 'react';
import { toast } from 'sonner';
import { CalendarX, Plus, Trash2, Users } from 'lucide-react';
import type { ComponentKind, PayComponent, PayrollStaff } from '@shared/contracts/payroll';
import { schoolMonth } from '@shared/dates';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { EmptyListState } from '@/components/list-states';
import { DataTable, ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field } from '@/components/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/components/money';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { createComponent, deleteComponent, updateComponent, usePayComponents, usePayrollMutation, usePayrollStaff } from '../api/payroll';
import { ViewHeading } from '../components/view-heading';

const c = m.components;
const KINDS: ComponentKind[] = ['basic', 'allowance', 'benefit', 'deduction', 'pension', 'post_retirement_medical', 'mortgage_interest', 'adjustment'];

/** Standard items per kind (issue 14 §3): house, commuter, responsibility, hardship; loans, SACCO, welfare, HELB, union dues, advances. */
const PRESETS: Partial<Record<ComponentKind, { code: string; name: string; taxable?: boolean }[]>> = {
  basic: [{ code: 'basic', name: 'Basic salary' }],
  allowance: [
    { code: 'house', name: 'House allowance' },
    { code: 'commuter', name: 'Commuter allowance' },
    { code: 'responsibility', name: 'Responsibility allowance' },
    { code: 'hardship', name: 'Hardship allowance' },
  ],
  benefit: [
    { code: 'housing_benefit', name: 'Housing (school house)' },
    { code: 'car_benefit', name: 'Car benefit' },
  ],
  deduction: [
    { code: 'loan', name: 'Staff loan' },
    { code: 'sacco', name: 'SACCO contribution' },
    { code: 'welfare', name: 'Staff welfare' },
    { code: 'helb', name: 'HELB loan repayment' },
    { code: 'union', name: 'Union dues (KUPPET/KNUT)' },
    { code: 'advance', name: 'Salary advance' },
  ],
  pension: [{ code: 'pension', name: 'Staff pension scheme' }],
  post_retirement_medical: [{ code: 'prmf', name: 'Post-retirement medical fund' }],
  mortgage_interest: [{ code: 'mortgage', name: 'Mortgage interest' }],
  adjustment: [{ code: 'adjustment', name: 'Correction of last month' }],
};

/**
 * HR's pay components (issue 14 §3): the staff list with the month's basic, gross and net pay; a
 * member of staff opens their components (add, end, remove) in a side panel.
 */
export function PayComponentsView() {
  // The month ('' = this month in Nairobi), the search and the member of staff open, in the address.
  const list = useListParams({ month: '', search: '', pcStaff: '' }, { pageKey: 'pcPage' });
  const month = list.values.month || schoolMonth();
  const staff = usePayrollStaff(month);
  const needle = list.values.search.trim().toLowerCase();
  const all = staff.data?.items;
  const items = React.useMemo(() => all?.filter((s) => !needle || `${s.name} ${s.staffNumber} ${s.jobTitle} ${s.department ?? ''}`.toLowerCase().includes(needle)), [all, needle]);
  const selected = all?.find((s) => s.id === list.values.pcStaff) ?? null;
  const setList = list.set;
  const select = React.useCallback((s: PayrollStaff) => setList({ pcStaff: s.id }), [setList]);
  const selectedId = selected?.id ?? null;

  const columns = React.useMemo<ColumnDef<PayrollStaff, unknown>[]>(
    () => [
      {
        id: 'name',
        header: c.columns.name,
        cell: ({ row: { original: s } }) => (
          <div className="min-w-0" data-staff={s.name}>
            <button type="button" className={cn('min-w-0 text-left font-medium hover:text-primary', selectedId === s.id && 'text-primary')} onClick={() => select(s)} aria-current={selectedId === s.id || undefined}>
              {s.name}
            </button>
            <span className="block truncate text-xs text-muted-foreground">
              {s.staffNumber} · {s.jobTitle}
            </span>
          </div>
        ),
        meta: { alwaysVisible: true },
      },
      { id: 'basic', header: c.columns.basic, cell: ({ row }) => <span className="tabular-nums">{row.original.basicPay ? formatMoney(row.original.basicPay) : '—'}</span>, meta: { className: 'text-right' } },
      { id: 'gross', header: c.columns.gross, cell: ({ row }) => <span className="tabular-nums">{row.original.grossPay ? formatMoney(row.original.grossPay) : '—'}</span>, meta: { className: 'text-right' } },
      { id: 'net', header: c.columns.net, cell: ({ row }) => <NetPay s={row.original} />, meta: { className: 'text-right' } },
    ],
    [select, selectedId],
  );

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]" data-testid="pay-components">
      <DataTable
        id="pc-staff-list"
        columns={columns}
        data={items}
        getRowId={(s) => s.id}
        fetching={staff.isPlaceholderData}
        error={staff.error}
        errorTitle={m.runs.loadFailed}
        onRetry={() => void staff.refetch()}
        empty={{ icon: Users, title: m.run.noLines }}
        onRowClick={select}
        rowTestId="pc-staff"
        minWidth={520}
        toolbar={
          <div className="flex min-w-0 flex-col gap-3">
            <ViewHeading title={c.title} description={c.description} />
            <ListToolbar
              search={list.values.search}
              onSearch={(search) => list.set({ search })}
              searchPlaceholder={c.staffSearch}
              actions={
                <div className="flex min-w-0 items-center gap-2">
                  <Label htmlFor="pc-month" className="shrink-0 text-xs">
                    {c.month}
                  </Label>
                  <Input id="pc-month" type="month" className="h-9 w-44" value={month} onChange={(e) => e.target.value && list.set({ month: e.target.value === schoolMonth() ? '' : e.target.value })} />
                </div>
              }
              testId="pc"
            />
          </div>
        }
        renderCard={(s) => (
          <button type="button" className="flex w-full min-w-0 items-center justify-between gap-3 text-left" onClick={() => select(s)} aria-current={selectedId === s.id || undefined}>
            <span className="min-w-0">
              <span className={cn('block truncate text-sm font-medium', selectedId === s.id && 'text-primary')}>{s.name}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {s.staffNumber} · {s.jobTitle} · {c.columns.gross} {s.grossPay ? formatMoney(s.grossPay) : '—'}
              </span>
            </span>
            <span className="shrink-0 text-sm">
              <NetPay s={s} />
            </span>
          </button>
        )}
      />
      <aside className="min-w-0">
        {selected ? (
          <ComponentsPanel staff={selected} month={month} />
        ) : (
          <EmptyListState icon={Users} title={c.pickStaff} testId="pc-pick" />
        )}
      </aside>
    </div>
  );
}

/** The month's net pay, or why there is none (paid by TSC, no basic salary). */
function NetPay({ s }: { s: PayrollStaff }) {
  return s.netPay !== null ? (
    <span className="font-semibold tabular-nums">{formatMoney(s.netPay)}</span>
  ) : (
    <span className="rounded bg-muted px-1.5 py-0.5 text-xs whitespace-nowrap text-muted-foreground">{s.employer === 'tsc' ? c.tscPaid : c.noBasic}</span>
  );
}

function ComponentsPanel({ staff, month }: { staff: PayrollStaff; month: string }) {
  const comps = usePayComponents(staff.id);
  const [adding, setAdding] = React.useState(false);
  const [ending, setEnding] = React.useState<PayComponent | null>(null);
  const remove = usePayrollMutation(deleteComponent);
  const items = comps.data?.items ?? [];
  const ref = React.useRef<HTMLElement>(null);
  // On a phone the panel sits under the list: bring it into view when someone is picked.
  React.useEffect(() => {
    if (window.innerWidth < 1024) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [staff.id]);
  return (
    <section ref={ref} className="min-w-0 scroll-mt-4 rounded-xl border bg-card shadow-xs lg:sticky lg:top-4" data-testid="pc-panel">
      <div className="flex items-start justify-between gap-2 border-b p-3 sm:px-4">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold">{c.listTitle(staff.name)}</h3>
          <p className="truncate text-xs text-muted-foreground">
            {staff.staffNumber} · {staff.jobTitle}
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)} data-testid="pc-add">
          <Plus aria-hidden />
          {c.add}
        </Button>
      </div>
      {comps.isPending ? (
        <div className="p-4">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">{c.empty}</p>
      ) : (
        <ul className="divide-y">
          {items.map((x) => {
            const current = x.startMonth <= month && (!x.endMonth || x.endMonth >= month);
            return (
              <li key={x.id} className={cn('flex min-w-0 items-start justify-between gap-3 px-3 py-2.5 sm:px-4', !current && 'opacity-60')} data-testid="pc-item">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{x.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {c.kinds[x.kind]}
                    {x.kind === 'allowance' && !x.taxable && ` · ${c.notTaxable}`} · {x.startMonth} → {x.endMonth ?? c.ongoing}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <span className={cn('text-sm font-semibold tabular-nums', x.amount < 0 && 'text-destructive')}>{formatMoney(x.amount)}</span>
                  {!x.endMonth && (
                    <Button variant="ghost" size="icon" onClick={() => setEnding(x)} aria-label={`${c.end} ${x.name}`} title={c.end}>
                      <CalendarX aria-hidden />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${c.remove} ${x.name}`}
                    title={c.remove}
                    onClick={() => remove.mutate(x.id, { onSuccess: () => toast.success(c.removed), onError: (e) => toast.error(e instanceof ApiError ? e.message : m.runs.failed) })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {adding && <AddComponentDialog staffId={staff.id} month={month} onClose={() => setAdding(false)} />}
      {ending && <EndComponentDialog component={ending} month={month} onClose={() => setEnding(null)} />}
    </section>
  );
}

/**
 * The "Add a pay component" dialog. `correction`: a one-month adjustment in `month` (the run after an
 * approved one), the way a locked payslip is corrected (issue 14 §3).
 */
export function AddComponentDialog({ staffId, month, onClose, correction, title }: { staffId: string; month: string; onClose: () => void; correction?: boolean; title?: string }) {
  const [kind, setKind] = React.useState<ComponentKind>(correction ? 'adjustment' : 'allowance');
  const [code, setCode] = React.useState(correction ? 'adjustment' : 'house');
  const [name, setName] = React.useState(correction ? 'Correction of last month' : 'House allowance');
  const [amount, setAmount] = React.useState('');
  const [taxable, setTaxable] = React.useState(true);
  const [startMonth, setStart] = React.useState(month);
  const [endMonth, setEnd] = React.useState(correction ? month : '');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const save = usePayrollMutation(createComponent);
  const pickKind = (k: ComponentKind) => {
    setKind(k);
    const p = PRESETS[k]?.[0];
    if (p) {
      setCode(p.code);
      setName(p.name);
    }
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = Number(amount.replace(/,/g, ''));
    if (!amount.trim() || Number.isNaN(value)) {
      setErrors({ amount: 'Enter the amount a month in KES.' });
      return;
    }
    setErrors({});
    save.mutate(
      { staffId, kind, code: code.trim(), name: name.trim(), amount: value, taxable, startMonth, endMonth: endMonth || null },
      {
        onSuccess: () => {
          toast.success(c.saved);
          onClose();
        },
        onError: (err) => setErrors(err instanceof ApiError ? { ...(err.fields ?? {}), form: err.message } : { form: m.runs.failed }),
      },
    );
  };
  return (
    <FormDialog open onClose={onClose} pending={save.isPending} className="max-w-lg" testId="pc-dialog" title={title ?? c.addTitle} description={correction ? c.correctionText : c.description}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-1.5">
          <Label>{c.kind}</Label>
          <Select value={kind} onValueChange={(v) => pickKind(v as ComponentKind)}>
            <SelectTrigger data-testid="pc-kind">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {KINDS.map((k) => (
                <SelectItem key={k} value={k}>
                  {c.kinds[k]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {(PRESETS[kind]?.length ?? 0) > 1 && (
          <div className="flex flex-wrap gap-1.5" aria-label={c.presets}>
            {PRESETS[kind]!.map((p) => (
              <button
                key={p.code}
                type="button"
                onClick={() => {
                  setCode(p.code);
                  setName(p.name);
                }}
                className={cn('rounded-full border px-2.5 py-1 text-xs transition-colors hover:bg-accent', code === p.code && 'border-primary bg-primary/10 text-primary')}
              >
                {p.name}
              </button>
            ))}
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
          <Field id="pc-code" label={c.code} error={errors.code}>
            <Input id="pc-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Field id="pc-name" label={c.name} error={errors.name}>
            <Input id="pc-name" value={name} onChange={(e) => setName(e.target.value)} data-testid="pc-name" />
          </Field>
        </div>
        <Field id="pc-amount" label={c.amount} error={errors.amount} hint={kind === 'adjustment' ? c.amountHint : undefined}>
          <Input id="pc-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" data-testid="pc-amount" />
        </Field>
        {(kind === 'allowance' || kind === 'adjustment') && (
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={taxable} onCheckedChange={(v) => setTaxable(v === true)} />
            {c.taxable}
          </label>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="pc-start" label={c.startMonth} error={errors.startMonth}>
            <Input id="pc-start" type="month" value={startMonth} onChange={(e) => setStart(e.target.value)} />
          </Field>
          <Field id="pc-end" label={c.endMonth} error={errors.endMonth}>
            <Input id="pc-end" type="month" value={endMonth} onChange={(e) => setEnd(e.target.value)} />
          </Field>
        </div>
        {errors.form && (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive" data-testid="pc-error">
            {errors.form}
          </p>
        )}
        <FormDialogFooter cancelLabel={m.run.cancel} onCancel={onClose} label={save.isPending ? c.saving : c.save} pending={save.isPending} submitTestId="pc-save" />
      </form>
    </FormDialog>
  );
}

function EndComponentDialog({ component, month, onClose }: { component: PayComponent; month: string; onClose: () => void }) {
  const [endMonth, setEnd] = React.useState(month);
  const [error, setError] = React.useState<string | null>(null);
  const save = usePayrollMutation(updateComponent);
  return (
    <FormDialog open onClose={onClose} pending={save.isPending} className="max-w-sm" title={c.endTitle} description={c.endText}>
      <Field id="pc-end-month" label={`${component.name}: ${c.endMonth}`} error={error ?? undefined}>
        <Input id="pc-end-month" type="month" value={endMonth} onChange={(e) => setEnd(e.target.value)} />
      </Field>
      <FormDialogFooter
        cancelLabel={m.run.cancel}
        onCancel={onClose}
        label={c.endSave}
        pending={save.isPending}
        disabled={!endMonth}
        spinner={false}
        onConfirm={() =>
          save.mutate(
            { id: component.id, patch: { endMonth } },
            {
              onSuccess: () => {
                toast.success(c.saved);
                onClose();
              },
              onError: (e) => setError(e instanceof ApiError ? (e.fields?.endMonth ?? e.message) : m.runs.failed),
            },
          )
        }
      />
    </FormDialog>
  );
}


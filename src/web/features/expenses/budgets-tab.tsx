import * as React from 'react';
import { toast } from 'sonner';
import { Pencil, PiggyBank, Plus, Trash2 } from 'lucide-react';
import type { Budget } from '@shared/contracts/expenses';
import { expensesScreens as s } from '@shared/messages/expenses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Money, formatMoney } from '@/components/money';
import { cn } from '@/lib/utils';
import { Field } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { ExpenseCategorySelect, apiErrorOf, inputClass, textareaClass } from './expense-bits';
import { useBudgets, useCategories, useDeleteBudget, useSaveBudget } from './expenses-api';
import { useOnOpen } from '@/lib/use-on-open';
import { QueryErrorCard } from '@/components/query-error-card';

const b = s.budgets;

/** Budgets per category for a term or a calendar year: budget, actual (paid + approved), variance, a bar. */
export function BudgetsTab() {
  const [period, setPeriod] = React.useState(''); // '' current term, 't:<id>' a term, 'y:<year>' a year
  const qs = period.startsWith('t:') ? `termId=${period.slice(2)}` : period.startsWith('y:') ? `year=${period.slice(2)}` : '';
  const q = useBudgets(qs);
  const [editing, setEditing] = React.useState<Budget | 'new' | null>(null);
  const [removing, setRemoving] = React.useState<Budget | null>(null);
  const remove = useDeleteBudget();
  const data = q.data;
  const years = React.useMemo(() => [...new Set((data?.terms ?? []).map((t) => t.year))], [data?.terms]);
  const value = period || (data?.period.termId ? `t:${data.period.termId}` : '');

  if (q.error && !data) return <QueryErrorCard query={q} title={s.list.loadFailed} retryLabel={s.retry} />;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="budgets-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5 sm:w-64">
          <label htmlFor="budget-period" className="text-sm font-medium">
            {b.period}
          </label>
          <Select value={value} onValueChange={setPeriod}>
            <SelectTrigger id="budget-period" className="w-full" data-testid="budget-period">
              <SelectValue placeholder={data?.period.label ?? '…'} />
            </SelectTrigger>
            <SelectContent>
              {(data?.terms ?? []).map((t) => (
                <SelectItem key={t.id} value={`t:${t.id}`}>
                  {t.name}
                </SelectItem>
              ))}
              {years.map((y) => (
                <SelectItem key={y} value={`y:${y}`}>
                  {b.year(y)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!data} data-testid="set-budget">
          <Plus aria-hidden />
          {b.set}
        </Button>
      </div>

      {!data ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : data.items.length === 0 ? (
        <EmptyListState icon={PiggyBank} title={b.empty} hint={b.emptyHint} testId="budgets-empty" />
      ) : (
        <div className="grid gap-3">
          <div className="grid gap-2 rounded-xl border bg-card p-4 text-sm shadow-sm sm:grid-cols-3 sm:gap-3" data-testid="budget-totals">
            <div className="flex min-w-0 items-baseline justify-between gap-3 sm:block">
              <p className="text-xs text-muted-foreground">{b.columns.budget}</p>
              <Money value={data.totals.budget} className="font-semibold" />
            </div>
            <div className="flex min-w-0 items-baseline justify-between gap-3 sm:block">
              <p className="text-xs text-muted-foreground">{b.columns.actual}</p>
              <Money value={data.totals.actual} className="font-semibold" />
            </div>
            <div className="flex min-w-0 items-baseline justify-between gap-3 sm:block">
              <p className="text-xs text-muted-foreground">{b.columns.variance}</p>
              <Money value={data.totals.variance} className={cn('font-semibold', data.totals.variance < 0 && 'text-destructive')} />
            </div>
          </div>
          <ul className="grid gap-3 md:grid-cols-2">
            {data.items.map((item) => {
              const over = item.variance < 0;
              return (
                <li key={item.id} className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="budget-row">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{item.category}</p>
                      <p className="text-xs text-muted-foreground">
                        <Money value={item.actual} /> / <Money value={item.amount} />
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <Button size="icon" variant="ghost" className="size-8" aria-label={b.edit} onClick={() => setEditing(item)}>
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <Button size="icon" variant="ghost" className="size-8 text-muted-foreground hover:text-destructive" aria-label={b.remove} onClick={() => setRemoving(item)}>
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </div>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuenow={Math.round(item.usedPercent)} aria-valuemin={0} aria-valuemax={100} aria-label={item.category}>
                    <div
                      className={cn('h-full rounded-full', over ? 'bg-destructive' : item.usedPercent > 85 ? 'bg-amber-500' : 'bg-emerald-500')}
                      style={{ width: `${Math.min(100, item.usedPercent)}%` }}
                    />
                  </div>
                  <div className="flex items-center justify-between text-xs">
                    <span className="text-muted-foreground tabular-nums">{item.usedPercent}%</span>
                    <span className={cn('font-medium', over ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')} data-testid="budget-variance">
                      {over ? b.overBy(`KES ${formatMoney(-item.variance)}`) : b.left(`KES ${formatMoney(item.variance)}`)}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          {data.unbudgeted.length > 0 && (
            <div className="rounded-xl border border-dashed p-4">
              <p className="text-sm font-medium">{b.unbudgeted}</p>
              <ul className="mt-2 grid gap-1 text-sm">
                {data.unbudgeted.map((u) => (
                  <li key={u.categoryId} className="flex justify-between gap-3">
                    <span className="truncate">{u.category}</span>
                    <Money value={u.actual} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {data && <BudgetDialog editing={editing} period={data.period} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!removing}
        tone="danger"
        testId="remove-budget-dialog"
        confirmTestId="remove-budget-confirm"
        icon={Trash2}
        title={b.removeTitle}
        text={removing ? b.removeText(removing.category) : ''}
        cancelLabel={s.form.cancel}
        confirmLabel={b.remove}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => (toast.success(b.removed), setRemoving(null)), onError: (e) => toast.error(e.message) })}
      />
    </div>
  );
}

function BudgetDialog({ editing, period, onClose }: { editing: Budget | 'new' | null; period: { termId: string | null; year: number; label: string }; onClose: () => void }) {
  const cats = useCategories();
  const save = useSaveBudget();
  const [categoryId, setCategoryId] = React.useState('');
  const [amount, setAmount] = React.useState('');
  const [notes, setNotes] = React.useState('');
  const existing = editing && editing !== 'new' ? editing : null;
  useOnOpen(!!editing, () => {
    setCategoryId(existing?.categoryId ?? '');
    setAmount(existing ? String(existing.amount) : '');
    setNotes(existing?.notes ?? '');
    save.reset();
  });
  const err = apiErrorOf(save.error);
  return (
    <FormDialog
      open={!!editing}
      onClose={onClose}
      pending={save.isPending}
      className="max-w-md gap-5"
      testId="budget-dialog"
      title={existing ? b.edit : b.set}
      description={existing ? `${existing.category} · ${existing.term ?? existing.year}` : period.label}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: existing?.id, categoryId, termId: period.termId, year: period.termId ? null : period.year, amount: amount.replace(/,/g, ''), notes },
            { onSuccess: (r) => (toast.success(r.message), onClose()) },
          );
        }}
      >
        {!existing && (
          <Field id="budget-category" label={b.category} error={err.fields.categoryId}>
            <ExpenseCategorySelect id="budget-category" value={categoryId} onChange={setCategoryId} categories={cats.data?.items ?? []} placeholder={s.form.chooseCategory} />
          </Field>
        )}
        <Field id="budget-amount" label={b.amount} error={err.fields.amount}>
          <input id="budget-amount" inputMode="decimal" className={inputClass} value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="budget-amount" />
        </Field>
        <Field id="budget-notes" label={b.notes} error={err.fields.notes}>
          <textarea id="budget-notes" rows={2} className={textareaClass} value={notes} maxLength={300} onChange={(e) => setNotes(e.target.value)} />
        </Field>
        {err.message && <FormErrorAlert title={b.failed} detail={err.message} testId="budget-error" />}
        <FormDialogFooter cancelLabel={s.form.cancel} onCancel={onClose} label={b.save} pending={save.isPending} submitTestId="budget-save" />
      </form>
    </FormDialog>
  );
}

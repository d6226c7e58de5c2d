import * as React from 'react';
import { toast } from 'sonner';
import { AlertTriangle, Hourglass, Paperclip } from 'lucide-react';
import type { ExpenseMethod } from '@shared/contracts/expenses';
import { schoolToday } from '@shared/dates';
import { expensesScreens as s } from '@shared/messages/expenses';
import { FormErrorAlert } from '@/components/form-feedback';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatMoney } from '@/components/money';
import { Field } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { ExpenseCategorySelect, ExpenseMethodSelect, apiErrorOf, inputClass, newKey, textareaClass } from './expense-bits';
import { useBudgetCheck, useCategories, usePettyCash, useRecordExpense } from './expenses-api';
import { useOnOpen } from '@/lib/use-on-open';
import { DateField } from '@/components/date-field';

const f = s.form;
const EMPTY = { spentOn: '', categoryId: '', payee: '', description: '', amount: '', method: 'bank_transfer' as ExpenseMethod, reference: '', notes: '', overBudgetReason: '' };
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * "Record expense" (issue 15 §1): date, category, payee, what for, amount, method and reference, notes,
 * receipt. As the amount and category are typed it asks the server what recording would do: wait for
 * approval, or go over a budget (then the reason field appears and is required).
 */
export function RecordExpenseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [v, setV] = React.useState(EMPTY);
  const [file, setFile] = React.useState<File | null>(null);
  const [key, setKey] = React.useState(newKey);
  const cats = useCategories();
  const petty = usePettyCash();
  const record = useRecordExpense();
  useOnOpen(open, () => {
    setV({ ...EMPTY, spentOn: schoolToday() });
    setFile(null);
    setKey(newKey());
    record.reset();
  });

  const amount = v.amount.replace(/,/g, '').trim();
  const checkInput = React.useMemo(() => (v.categoryId && AMOUNT.test(amount) && Number(amount) > 0 && v.spentOn ? { categoryId: v.categoryId, amount, spentOn: v.spentOn } : null), [v.categoryId, amount, v.spentOn]);
  const debounced = useDebouncedValue(checkInput, 300);
  const check = useBudgetCheck(debounced);
  const err = apiErrorOf(record.error);
  const overBudget = !!check.data?.overBudget || !!err.fields.overBudgetReason;
  const warning = err.fields.overBudgetReason ?? check.data?.warning ?? null;
  const set = (patch: Partial<typeof EMPTY>) => setV((x) => ({ ...x, ...patch }));
  const active = (cats.data?.items ?? []).filter((c) => c.active);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (record.isPending) return;
    record.mutate(
      {
        key,
        file,
        body: {
          spentOn: v.spentOn,
          categoryId: v.categoryId,
          payee: v.payee,
          description: v.description,
          amount,
          method: v.method,
          reference: v.reference || null,
          notes: v.notes || null,
          overBudgetReason: overBudget && v.overBudgetReason.trim() ? v.overBudgetReason : null,
        },
      },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
        onError: () => setKey(newKey()),
      },
    );
  };

  return (
    <FormDialog open={open} onClose={onClose} pending={record.isPending} className="max-h-[92dvh] max-w-xl gap-5 overflow-y-auto" testId="record-expense-dialog" title={f.title} description={f.description}>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="exp-date" label={f.date} error={err.fields.spentOn}>
            <DateField id="exp-date" value={v.spentOn} onValueChange={(value) => set({ spentOn: value })} aria-invalid={!!err.fields.spentOn} data-testid="expense-date" />
          </Field>
          <Field id="exp-category" label={f.category} error={err.fields.categoryId}>
            <ExpenseCategorySelect id="exp-category" value={v.categoryId} onChange={(categoryId) => set({ categoryId })} categories={active} placeholder={f.chooseCategory} invalid={!!err.fields.categoryId} testId="expense-category" />
          </Field>
        </div>
        <Field id="exp-payee" label={f.payee} error={err.fields.payee}>
          <input id="exp-payee" className={inputClass} value={v.payee} maxLength={160} onChange={(e) => set({ payee: e.target.value })} aria-invalid={!!err.fields.payee} data-testid="expense-payee" />
        </Field>
        <Field id="exp-description" label={f.whatFor} error={err.fields.description}>
          <input
            id="exp-description"
            className={inputClass}
            value={v.description}
            maxLength={300}
            onChange={(e) => set({ description: e.target.value })}
            aria-invalid={!!err.fields.description}
            data-testid="expense-description"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="exp-amount" label={f.amount} error={err.fields.amount}>
            <input
              id="exp-amount"
              inputMode="decimal"
              className={inputClass}
              value={v.amount}
              onChange={(e) => set({ amount: e.target.value })}
              aria-invalid={!!err.fields.amount}
              placeholder="0.00"
              data-testid="expense-amount"
            />
          </Field>
          <Field id="exp-method" label={f.method} error={err.fields.method} hint={v.method === 'petty_cash' && petty.data ? f.pettyBalance(`KES ${formatMoney(petty.data.balance)}`) : undefined}>
            <ExpenseMethodSelect id="exp-method" value={v.method} onChange={(method) => set({ method })} invalid={!!err.fields.method} testId="expense-method" />
          </Field>
        </div>
        {check.data?.needsApproval && (
          <div className="flex items-start gap-2.5 rounded-lg border border-sky-500/30 bg-sky-500/8 px-3 py-2.5 text-sm text-sky-900 dark:text-sky-100" data-testid="expense-needs-approval">
            <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>{f.needsApproval(`KES ${formatMoney(check.data.approvalLimit)}`)}</p>
          </div>
        )}
        {overBudget && warning ? (
          <div className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/8 px-3 py-3" data-testid="expense-budget-warning">
            <p className="flex items-start gap-2.5 text-sm text-amber-900 dark:text-amber-100">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{warning}</span>
            </p>
            <Field id="exp-reason" label={f.reason}>
              <textarea
                id="exp-reason"
                rows={2}
                className={textareaClass}
                value={v.overBudgetReason}
                maxLength={500}
                placeholder={f.reasonPlaceholder}
                onChange={(e) => set({ overBudgetReason: e.target.value })}
                data-testid="expense-reason"
              />
            </Field>
          </div>
        ) : (
          check.data &&
          check.data.budgets.length > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="expense-budget-ok">
              {check.data.budgets.map((b) => f.withinBudget(b.period, `KES ${formatMoney(b.after)}`, `KES ${formatMoney(b.budget)}`)).join(' ')}
            </p>
          )
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="exp-reference"
            label={
              <>
                {f.reference} <span className="font-normal text-muted-foreground">({f.optional})</span>
              </>
            }
            hint={f.referenceHint}
            error={err.fields.reference}
          >
            <input id="exp-reference" className={inputClass} value={v.reference} maxLength={100} onChange={(e) => set({ reference: e.target.value })} data-testid="expense-reference" />
          </Field>
          <Field
            id="exp-file"
            label={
              <>
                {f.attachment} <span className="font-normal text-muted-foreground">({f.optional})</span>
              </>
            }
            hint={file ? file.name : f.attachmentHint}
          >
            <label className="flex h-9 cursor-pointer items-center gap-2 rounded-md border border-dashed border-input bg-card px-3 text-sm text-muted-foreground hover:bg-muted/50">
              <Paperclip className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{file ? file.name : f.attachment}</span>
              <input
                id="exp-file"
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                className="sr-only"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="expense-file"
              />
            </label>
          </Field>
        </div>
        <Field
          id="exp-notes"
          label={
            <>
              {f.notes} <span className="font-normal text-muted-foreground">({f.optional})</span>
            </>
          }
          error={err.fields.notes}
        >
          <textarea id="exp-notes" rows={2} className={textareaClass} value={v.notes} maxLength={500} onChange={(e) => set({ notes: e.target.value })} />
        </Field>
        {err.message && !err.fields.overBudgetReason && <FormErrorAlert title={f.failed} detail={err.message} testId="expense-error" />}
        <FormDialogFooter cancelLabel={f.cancel} onCancel={onClose} label={f.submit} pending={record.isPending} disabled={overBudget && !v.overBudgetReason.trim()} submitTestId="expense-submit" />
      </form>
    </FormDialog>
  );
}

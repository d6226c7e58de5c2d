import * as React from 'react';
import { EXPENSE_METHODS, type ExpenseMethod, type ExpenseStatus } from '@shared/contracts/expenses';
import { expensesScreens as s } from '@shared/messages/expenses';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { OptionSelect } from '@/components/select-parts';

/** Shared bits of the Expenses screens: status badge, field wrapper, text area and error helpers. */

const STATUS_TONE: Record<ExpenseStatus, string> = {
  pending: 'bg-amber-500/12 text-amber-700 dark:text-amber-300',
  approved: 'bg-sky-500/12 text-sky-700 dark:text-sky-300',
  rejected: 'bg-destructive/10 text-destructive',
  paid: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
};

export function ExpenseStatusBadge({ status, className }: { status: ExpenseStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_TONE[status], className)} data-testid="expense-status">
      {s.status[status]}
    </span>
  );
}

export const inputClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';
export const textareaClass =
  'w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

/** The field errors and the message of a failed call. */
export function apiErrorOf(err: unknown): { message: string | null; fields: Record<string, string> } {
  if (!err) return { message: null, fields: {} };
  if (err instanceof ApiError) return { message: err.message, fields: err.fields ?? {} };
  return { message: err instanceof Error ? err.message : String(err), fields: {} };
}

/** A random Idempotency-Key for one submission of a form. */
export const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** A figure above a tab (KPI tile). */
export function Kpi({ icon: Icon, label, value, hint, tone, testId }: { icon: React.ComponentType<{ className?: string }>; label: string; value: React.ReactNode; hint?: React.ReactNode; tone: string; testId?: string }) {
  return (
    <div className="flex min-w-0 items-start gap-3 rounded-xl border bg-card px-3 py-3 shadow-sm sm:px-4" data-testid={testId}>
      <span className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="truncate text-xs text-muted-foreground">{label}</p>
        <p className="truncate text-base leading-tight font-semibold tabular-nums sm:text-lg">{value}</p>
        {hint && <p className="text-[11px] leading-snug text-muted-foreground">{hint}</p>}
      </div>
    </div>
  );
}

/**
 * A full-width one-of-a-list picker of the expense forms: `options` shown by their label, `placeholder`
 * while none is chosen; `invalid` marks the trigger (left out, no aria-invalid).
 */
function ChoiceSelect<V extends string>({
  id,
  value,
  onChange,
  options,
  placeholder,
  invalid,
  testId,
}: {
  id: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  placeholder?: string;
  invalid?: boolean;
  testId?: string;
}) {
  return <OptionSelect value={value} onValueChange={(v) => onChange(v as V)} options={options} placeholder={placeholder} trigger={{ id, className: 'w-full', 'aria-invalid': invalid, 'data-testid': testId }} />;
}

/** How an expense was paid, picked from every method (`invalid` marks the trigger; left out, no aria-invalid). */
export function ExpenseMethodSelect(props: { id: string; value: ExpenseMethod; onChange: (method: ExpenseMethod) => void; invalid?: boolean; testId?: string }) {
  return <ChoiceSelect {...props} options={EXPENSE_METHODS.map((m) => ({ value: m, label: s.methods[m] }))} />;
}

/** An expense category, picked from `categories` ("Choose a category" until one is). */
export function ExpenseCategorySelect(props: { id: string; value: string; onChange: (categoryId: string) => void; categories: readonly { id: string; name: string }[]; placeholder: string; invalid?: boolean; testId?: string }) {
  const { categories, ...rest } = props;
  return <ChoiceSelect {...rest} options={categories.map((c) => ({ value: c.id, label: c.name }))} />;
}

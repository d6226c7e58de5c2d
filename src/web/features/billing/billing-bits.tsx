import * as React from 'react';
import { Loader2, Pencil } from 'lucide-react';
import type { ColumnDef } from '@/components/data-table';
import { BILLING_MAX_CENTS, type BillingStatus, type PlatformInvoiceStatus } from '@shared/contracts/billing';
import { formatKes, kesToCents } from '@shared/money';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { Pill, type Tone } from '@/components/status-pill';
import { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** Shared pieces of the billing screens: money in cents, status pills, form fields and error helpers. */

/** "KES 12,345.67" from integer cents, tabular figures; `tone` colours a balance (owed red, settled muted). */
export function Kes({ cents, className, tone = false, prefix = true }: { cents: number; className?: string; tone?: boolean; prefix?: boolean }) {
  const colour = tone ? (cents > 0 ? 'text-destructive' : 'text-muted-foreground') : '';
  return (
    <span className={cn('whitespace-nowrap tabular-nums', colour, className)}>
      {prefix && <span className="text-[0.85em] font-normal text-muted-foreground">KES </span>}
      {cents < 0 ? `-${formatKes(-cents)}` : formatKes(cents)}
    </span>
  );
}

/** KES text from cents for sentences: 1234500 → "12,345.00". */
export const kes = (cents: number) => (cents < 0 ? `-${formatKes(-cents)}` : formatKes(cents));

/** KES in whole shillings for headline figures and axes: 1234567 → "12,346". */
const whole = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });
export const kesWholeFromCents = (cents: number) => whole.format(Math.round(cents / 100));
export const kesCompactFromCents = (cents: number) => compact.format(cents / 100);

/** A KES amount typed by a user ("12,500", "12500.50") as cents; the problem otherwise (messages). */
export function parseKesInput(text: string, opts: { allowZero?: boolean; max?: number } = {}): { cents: number } | { error: string } {
  const v = s.validation;
  const trimmed = text.trim();
  if (!trimmed) return { error: v.required };
  const cents = kesToCents(trimmed);
  if (cents === null) return { error: v.amountInvalid };
  if (cents < 0) return { error: v.amountNegative };
  if (cents === 0 && !opts.allowZero) return { error: v.amountPositive };
  const max = opts.max ?? BILLING_MAX_CENTS;
  if (cents > max) return { error: v.amountTooHigh(formatKes(max)) };
  return { cents };
}

/** Cents as a KES input's text: 500000 → "5000", 12345 → "123.45". */
export const centsToInput = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

const INVOICE_TONE: Record<PlatformInvoiceStatus, Tone> = { draft: 'grey', issued: 'sky', partly_paid: 'amber', paid: 'green', void: 'grey' };

/** Unpaid (sky; red "Overdue" past its due date), Partly paid (amber), Paid (green), Void and Draft (grey). */
export function BillingInvoiceStatus({ status, overdue = false, className }: { status: PlatformInvoiceStatus; overdue?: boolean; className?: string }) {
  const late = overdue && (status === 'issued' || status === 'partly_paid');
  return (
    <span data-testid="billing-invoice-status" data-status={status} data-overdue={late || undefined} className="inline-flex">
      <Pill tone={late ? 'red' : INVOICE_TONE[status]} className={className}>
        {late && status === 'issued' ? s.invoiceStatus.overdue : s.invoiceStatus[status]}
      </Pill>
    </span>
  );
}

const SUB_TONE: Record<BillingStatus, Tone> = { trial: 'sky', active: 'green', arrears: 'amber', read_only: 'red', cancelled: 'grey', none: 'grey' };

/** Trial (sky), Active (green), In arrears (amber), Read-only (red), Cancelled (grey). */
export function SubscriptionStatusBadge({ status, className }: { status: BillingStatus; className?: string }) {
  return (
    <span data-testid="subscription-status" data-status={status} className="inline-flex">
      <Pill tone={SUB_TONE[status]} className={className}>
        {s.subscriptionStatus[status] ?? status}
      </Pill>
    </span>
  );
}

/**
 * A school's plan name ("No plan" when it has none) in large type, then its subscription status pill,
 * on one wrapping line: `as` is the name's element (a heading on the billing page, a paragraph in a
 * card), `className` the line's own classes, `testId` the name's.
 */
export function PlanNameAndStatus({ planName, status, as: Name, className, testId }: { planName: string | null; status: BillingStatus; as: 'h2' | 'p'; className: string; testId: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Name className="truncate text-lg font-semibold tracking-tight" data-testid={testId}>
        {planName ?? s.subscriptions.noPlan}
      </Name>
      <SubscriptionStatusBadge status={status} />
    </div>
  );
}

export const inputClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';
export const textareaClass =
  'min-h-20 w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

/**
 * A billing form's text box in the `inputClass` look (`className` adds to it): `onValue` gets the typed
 * text, `invalid` marks it (aria-invalid, red border), `testId` is its test id; the rest are the input's
 * own props (id, type, maxLength, ...).
 */
export function TextBox({ onValue, invalid, testId, className, ...props }: Omit<React.ComponentProps<'input'>, 'onChange'> & { onValue: (value: string) => void; invalid?: boolean; testId?: string }) {
  return <input {...props} className={cn(inputClass, className)} onChange={(e) => onValue(e.target.value)} aria-invalid={invalid || undefined} data-testid={testId} />;
}

/** A billing form's multi-line box in the `textareaClass` look; the props as `TextBox`'s. */
export function TextArea({ onValue, invalid, testId, className, ...props }: Omit<React.ComponentProps<'textarea'>, 'onChange'> & { onValue: (value: string) => void; invalid?: boolean; testId?: string }) {
  return <textarea {...props} className={cn(textareaClass, className)} onChange={(e) => onValue(e.target.value)} aria-invalid={invalid || undefined} data-testid={testId} />;
}

/** A KES input: "KES" inside the box, numeric keyboard on phones. */
export function KesInput({ id, value, onChange, invalid, testId, placeholder }: { id: string; value: string; onChange: (v: string) => void; invalid?: boolean; testId?: string; placeholder?: string }) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-xs font-medium text-muted-foreground">{s.common.kes}</span>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className={cn(inputClass, 'pl-11 tabular-nums')}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        data-testid={testId}
      />
    </div>
  );
}

/** The message and field errors of a failed call. */
export function apiErrorOf(err: unknown): { message: string | null; fields: Record<string, string> } {
  if (!err) return { message: null, fields: {} };
  if (err instanceof ApiError) return { message: err.message, fields: err.fields ?? {} };
  return { message: err instanceof Error ? err.message : String(err), fields: {} };
}

export { Fact } from '@/components/fact';

/** A random Idempotency-Key for one submission of a form. */
export const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** The Cancel / Save footer of a billing edit dialog (plans, subscriptions): Save shows a spinner while it saves. */
export function SaveDialogFooter({ pending, onCancel, testId }: { pending: boolean; onCancel: () => void; testId: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {s.common.cancel}
      </Button>
      <Button type="submit" disabled={pending} data-testid={testId}>
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        {pending ? s.common.saving : s.common.save}
      </Button>
    </DialogFooter>
  );
}

/**
 * The managers-only last column of a billing list (`[]` when `canManage` is false): a pencil button
 * labelled `labelFor(row)` that calls `onEdit(row)`; `header` is its screen-reader-only heading.
 */
export function editColumn<T>(canManage: boolean, { header, labelFor, onEdit, testId }: { header: string; labelFor: (row: T) => string; onEdit: (row: T) => void; testId: string }): ColumnDef<T, unknown>[] {
  if (!canManage) return [];
  return [
    {
      id: 'edit',
      header: () => <span className="sr-only">{header}</span>,
      meta: { alwaysVisible: true, className: 'w-12 text-right' },
      cell: ({ row }) => (
        <Button variant="ghost" size="icon" className="size-8" onClick={() => onEdit(row.original)} aria-label={labelFor(row.original)} title={labelFor(row.original)} data-testid={testId}>
          <Pencil aria-hidden />
        </Button>
      ),
    },
  ];
}

import type * as React from 'react';
import type { Adjustment, InvoiceStatus } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';

const s = messages.feesScreens;

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
const TONES = {
  red: 'bg-red-500/10 text-red-700 ring-red-600/20 dark:text-red-300 dark:ring-red-400/25',
  amber: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-300 dark:ring-amber-400/25',
  green: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300 dark:ring-emerald-400/25',
  grey: 'bg-muted text-muted-foreground ring-border',
  sky: 'bg-sky-500/10 text-sky-700 ring-sky-600/20 dark:text-sky-300 dark:ring-sky-400/25',
  violet: 'bg-violet-500/10 text-violet-700 ring-violet-600/20 dark:text-violet-300 dark:ring-violet-400/25',
  indigo: 'bg-indigo-500/10 text-indigo-700 ring-indigo-600/20 dark:text-indigo-300 dark:ring-indigo-400/25',
} as const;
const DOTS = { red: 'bg-red-500', amber: 'bg-amber-500', green: 'bg-emerald-500', grey: 'bg-muted-foreground/60', sky: 'bg-sky-500', violet: 'bg-violet-500', indigo: 'bg-indigo-500' } as const;
export type Tone = keyof typeof TONES;

/** The classes of a small coloured pill of `tone` (for a pill that carries more than `Pill` does). */
export function pillClass(tone: Tone, className?: string): string {
  return cn(pill, TONES[tone], className);
}

/** A small coloured pill with a dot. */
export function Pill({ tone, children, className, testId, dot = true }: { tone: Tone; children: React.ReactNode; className?: string; testId?: string; dot?: boolean }) {
  return (
    <span className={cn(pill, TONES[tone], className)} data-testid={testId}>
      {dot && <span className={cn('size-1.5 rounded-full', DOTS[tone])} aria-hidden />}
      {children}
    </span>
  );
}

const INVOICE_TONE: Record<InvoiceStatus, Tone> = { unpaid: 'red', partial: 'amber', paid: 'green', cancelled: 'grey' };

/** Unpaid (red), Partly paid (amber), Paid (green), Cancelled (grey). */
export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <span className={cn(pill, TONES[INVOICE_TONE[status]], className)} data-testid="invoice-status" data-status={status}>
      <span className={cn('size-1.5 rounded-full', DOTS[INVOICE_TONE[status]])} aria-hidden />
      {s.invoiceStatus[status]}
    </span>
  );
}

const ADJ_TONE: Record<Adjustment['status'], Tone> = { applied: 'green', pending: 'amber', rejected: 'grey' };

/** Applied (green), Awaiting approval (amber), Rejected (grey). */
export function AdjustmentStatusBadge({ status, className }: { status: Adjustment['status']; className?: string }) {
  return (
    <span className={cn(pill, TONES[ADJ_TONE[status]], className)} data-testid="adjustment-status" data-status={status}>
      <span className={cn('size-1.5 rounded-full', DOTS[ADJ_TONE[status]])} aria-hidden />
      {s.adjustmentStatus[status]}
    </span>
  );
}

const KIND_TONE: Record<Adjustment['kind'], Tone> = { credit_note: 'grey', discount: 'sky', bursary: 'violet', waiver: 'indigo' };

/** The kind of an adjustment as a quiet pill (credit note, discount, bursary, waiver). */
export function AdjustmentKindBadge({ kind, className }: { kind: Adjustment['kind']; className?: string }) {
  return (
    <Pill tone={KIND_TONE[kind]} dot={false} className={className}>
      {s.adjustmentKinds[kind]}
    </Pill>
  );
}

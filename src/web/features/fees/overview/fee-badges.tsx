import type { InvoiceStatus } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';

const TONES: Record<InvoiceStatus, string> = {
  paid: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
  partial: 'bg-amber-500/12 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  unpaid: 'bg-destructive/10 text-destructive ring-destructive/25',
  cancelled: 'bg-muted text-muted-foreground ring-border',
};

/** An invoice's status as a pill: Paid, Partly paid, Unpaid, Cancelled. */
export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap ring-1 ring-inset', TONES[status], className)} data-status={status}>
      {messages.feesScreens.invoiceStatus[status]}
    </span>
  );
}

export type BalanceState = 'owed' | 'credit' | 'cleared';

export const balanceState = (balance: number): BalanceState => (balance > 0.004 ? 'owed' : balance < -0.004 ? 'credit' : 'cleared');

const BALANCE_TONES: Record<BalanceState, string> = {
  owed: 'bg-destructive/10 text-destructive ring-destructive/25',
  credit: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
  cleared: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
};

/** Owed / In credit / Cleared as a pill. */
export function BalanceBadge({ balance, className }: { balance: number; className?: string }) {
  const state = balanceState(balance);
  const p = messages.financeOverview.parent;
  const label = state === 'owed' ? p.owed : state === 'credit' ? p.inCredit : p.cleared;
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap ring-1 ring-inset', BALANCE_TONES[state], className)} data-state={state}>
      {label}
    </span>
  );
}

import type * as React from 'react';
import { Banknote, Percent, Receipt, Scale, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SummaryTile {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon?: LucideIcon;
  tone?: 'default' | 'red' | 'green' | 'amber' | 'primary';
  testId?: string;
}

const ICON_TONE = {
  default: 'bg-muted text-muted-foreground',
  primary: 'bg-primary/10 text-primary',
  red: 'bg-red-500/10 text-red-600 dark:text-red-400',
  green: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
  amber: 'bg-amber-500/12 text-amber-600 dark:text-amber-400',
} as const;

/**
 * A row of small figures above a list or an account (totals of the filtered list, an account's
 * invoiced / paid / balance): two columns in narrow space, up to four when the container is wide
 * (container queries, so the same tiles fit a page and a sheet); icons only when there is room.
 */
export function SummaryTiles({ tiles, className, busy, testId }: { tiles: SummaryTile[]; className?: string; busy?: boolean; testId?: string }) {
  return (
    <div className={cn('@container', className)} data-testid={testId}>
    <div className={cn('grid grid-cols-2 gap-2.5 sm:gap-3', tiles.length >= 4 ? '@3xl:grid-cols-4' : tiles.length === 3 ? '@2xl:grid-cols-3' : '', busy && 'opacity-60 transition-opacity')}>
      {tiles.map((t) => {
        const Icon = t.icon;
        return (
          <div key={t.label} className="flex min-w-0 items-start gap-3 rounded-xl border bg-card px-2.5 py-3 shadow-sm sm:p-4" data-testid={t.testId}>
            {Icon && (
              <span className={cn('hidden size-9 shrink-0 items-center justify-center rounded-lg', tiles.length >= 4 ? '@4xl:flex' : '@2xl:flex', ICON_TONE[t.tone ?? 'default'])}>
                <Icon className="size-4" aria-hidden />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs font-medium text-muted-foreground sm:text-[13px]">{t.label}</p>
              <p className="mt-0.5 truncate text-[15px] font-semibold tracking-tight tabular-nums sm:text-lg" data-testid={t.testId ? `${t.testId}-value` : undefined}>
                {t.value}
              </p>
              {t.hint && <p className="mt-0.5 truncate text-xs text-muted-foreground">{t.hint}</p>}
            </div>
          </div>
        );
      })}
    </div>
    </div>
  );
}

/** The sums of a filtered invoice list, in the screen's unit (KES or cents): invoiced, paid, and still owed (negative: in credit). */
export interface InvoiceSums {
  total: number;
  paid: number;
  balance: number;
}

/** What has been paid of what is due (paid + balance, a credit counting as nothing due), e.g. "53.5%"; a dash when nothing is due. */
function collectionRate(paid: number, balance: number): string {
  const due = paid + Math.max(0, balance);
  return due > 0 ? `${((paid / due) * 100).toFixed(1)}%` : '—';
}

/**
 * The four totals above an invoice list: invoiced (the `count` of invoices as its hint), paid, balance
 * (red when owed) and the collection rate (`rateHint` under it, e.g. the term). `sums` is undefined
 * before the list loads (each figure a dash); `money(amount, tone)` draws an amount in the screen's unit
 * (`tone`: red when owed). The tiles' test ids are `${idPrefix}-total`, `-paid`, `-balance` and `-rate`.
 */
export function InvoiceTotalsTiles({
  sums,
  count,
  money,
  labels,
  rateHint,
  busy,
  testId,
  idPrefix,
}: {
  sums: InvoiceSums | undefined;
  count: string | undefined;
  money: (amount: number, tone?: boolean) => React.ReactNode;
  labels: { total: string; paid: string; balance: string; rate: string };
  rateHint: string;
  busy: boolean;
  testId: string;
  idPrefix: string;
}) {
  return (
    <SummaryTiles
      busy={busy}
      testId={testId}
      tiles={[
        { label: labels.total, value: sums ? money(sums.total) : '—', hint: count, icon: Receipt, tone: 'primary', testId: `${idPrefix}-total` },
        { label: labels.paid, value: sums ? money(sums.paid) : '—', icon: Banknote, tone: 'green', testId: `${idPrefix}-paid` },
        { label: labels.balance, value: sums ? money(sums.balance, true) : '—', icon: Scale, tone: 'red', testId: `${idPrefix}-balance` },
        { label: labels.rate, value: sums ? collectionRate(sums.paid, sums.balance) : '—', hint: rateHint, icon: Percent, testId: `${idPrefix}-rate` },
      ]}
    />
  );
}

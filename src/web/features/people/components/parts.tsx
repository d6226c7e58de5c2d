import * as React from 'react';
import { messages } from '@shared/messages';
import { formatKenyanPhone } from '@shared/phone';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';

const m = messages.people;

/** A stored Kenyan phone (2547XXXXXXXX) as people read it (0712 345 678; shared formatKenyanPhone). */
export const displayPhone = (phone: string | null | undefined) => formatKenyanPhone(phone);

/** A teacher's round avatar showing their initials: `className` sizes the circle, `textClassName` the initials. */
export function InitialsAvatar({ name, className, textClassName }: { name: string; className: string; textClassName?: string }) {
  return (
    <Avatar className={className}>
      <AvatarFallback className={textClassName}>{initialsOf(name)}</AvatarFallback>
    </Avatar>
  );
}

/** A teacher's weekly load: the number and a thin bar against the busiest teacher. */
export function LoadBar({ value, max, className }: { value: number; max: number; className?: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)} title={m.teachers.load(value)}>
      <span className="w-8 shrink-0 text-right text-sm font-medium tabular-nums">{value}</span>
      <span className="h-1.5 min-w-10 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
        <span className="block h-full rounded-full bg-primary/70" style={{ width: `${pct}%` }} />
      </span>
      <span className="sr-only">{m.teachers.load(value)}</span>
    </div>
  );
}

/** Learners against capacity: "26 / 45" and a bar that turns amber when nearly full and red when over (`bare`: the bar only). */
export function CapacityBar({ count, capacity, bare, className, testId }: { count: number; capacity: number; bare?: boolean; className?: string; testId?: string }) {
  const pct = capacity > 0 ? Math.round((count / capacity) * 100) : 0;
  const over = count > capacity;
  const full = !over && count === capacity;
  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId} data-over={over || undefined}>
      <div className={cn('flex items-baseline justify-between gap-2 text-xs', bare && 'sr-only')}>
        <span className="text-muted-foreground">{m.classes.learnersLabel}</span>
        <span className={cn('font-medium tabular-nums', over && 'text-destructive')}>
          {m.classes.learners(count, capacity)}
          {over && <span className="ml-1.5 font-normal">({m.classes.overCapacity(count - capacity)})</span>}
          {full && <span className="ml-1.5 font-normal text-muted-foreground">({m.classes.full})</span>}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={count}
        aria-label={m.classes.capacityLabel(count, capacity)}
      >
        <div
          className={cn('h-full rounded-full transition-[width]', over ? 'bg-destructive' : full || pct >= 90 ? 'bg-amber-500' : 'bg-primary')}
          style={{ width: `${Math.min(100, pct)}%` }}
        />
      </div>
    </div>
  );
}

/** Two counts side by side as a split bar with a legend (female/male, day/boarding). */
export function SplitBar({
  label,
  left,
  right,
  leftText,
  rightText,
  testId,
}: {
  label: string;
  left: number;
  right: number;
  leftText: string;
  rightText: string;
  testId?: string;
}) {
  const total = left + right;
  const pct = total > 0 ? Math.round((left / total) * 100) : 50;
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <div className="flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        {total > 0 && (
          <>
            <span className="h-full bg-[var(--color-chart-5)]" style={{ width: `${pct}%` }} />
            <span className="h-full flex-1 bg-[var(--color-chart-1)]" />
          </>
        )}
      </div>
      <div className="flex justify-between gap-2 text-xs tabular-nums">
        {[
          { dot: 'bg-[var(--color-chart-5)]', text: leftText },
          { dot: 'bg-[var(--color-chart-1)]', text: rightText },
        ].map((side) => (
          <span key={side.dot} className="flex items-center gap-1.5">
            <span className={cn('size-2 rounded-full', side.dot)} aria-hidden />
            {side.text}
          </span>
        ))}
      </div>
    </div>
  );
}

/** A titled block inside a detail sheet. */
export function SheetBlock({ title, children, className, testId }: { title: string; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <section className={cn('flex flex-col gap-2.5', className)} data-testid={testId}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The right-hand sheet of a class or a teacher: `children` once the details are loaded, else a busy
 * placeholder with a hidden title (`loadingTitle`), the load error's message, or skeleton blocks of
 * `skeleton` classes (one a block).
 */
export function DetailSheet({
  open,
  onClose,
  className,
  testId,
  loadingTitle,
  error,
  skeleton,
  children,
}: {
  open: boolean;
  onClose: () => void;
  className: string;
  testId: string;
  loadingTitle: string;
  error: Error | null;
  skeleton: string[];
  /** The loaded details; null while they load (or failed). */
  children: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      <SheetContent side="right" className={className} data-testid={testId}>
        {children ?? (
          <div className="flex flex-col gap-3 p-6" aria-busy="true">
            <SheetTitle className="sr-only">{loadingTitle}</SheetTitle>
            {error ? (
              <p className="text-sm text-destructive">{error.message}</p>
            ) : (
              skeleton.map((c) => <Skeleton key={c} className={c} />)
            )}
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}

/**
 * A small bordered table of a detail sheet: the header row of `cols` (each `className` the whole
 * class of its cell; left-aligned by default) and `children` (the table's tbody elements).
 */
export function SheetTable({ cols, children }: { cols: { label: string; className?: string }[]; children: React.ReactNode }) {
  return (
    <div className="overflow-hidden rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {cols.map((c) => (
              <th key={c.label} scope="col" className={c.className ?? 'px-3 py-2 text-left font-medium'}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

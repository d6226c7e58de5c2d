import type * as React from 'react';
import { Info, type LucideIcon } from 'lucide-react';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { cn } from '@/lib/utils';
import { ChoiceButtons } from '@/components/choice-buttons';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SkeletonStack } from '@/components/skeleton-stack';
import type { TermChoice } from './attendance-scope';

/** Small pieces shared by the tabs of the principal's attendance screen. */

/** "92.4%" (one decimal at most), or a dash when no day counted. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return m.common.dash;
  return m.common.percent(rate.toLocaleString('en-KE', { maximumFractionDigits: 1 }));
}

export const formatCount = (n: number) => n.toLocaleString('en-KE');

/** A right-aligned count column of a summary table: the row's `key` figure, formatted, under `header`. */
export const countColumn = (key: 'daysOpen' | 'present' | 'absent' | 'late' | 'excused' | 'learners' | 'chronic', header: string) =>
  ({ id: key, header, cell: ({ row }: { row: { original: Record<string, unknown> } }) => formatCount(Number(row.original[key])), meta: { className: 'text-right tabular-nums' } }) as const;

/** Tone of a rate against the chronic-absence threshold: below it red, within 5 points amber, else green. */
export function rateTone(rate: number | null | undefined, threshold: number): 'none' | 'low' | 'near' | 'good' {
  if (rate === null || rate === undefined) return 'none';
  if (rate < threshold) return 'low';
  if (rate < Math.min(100, threshold + 5)) return 'near';
  return 'good';
}

const RATE_TONE = {
  none: 'text-muted-foreground',
  low: 'bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-300',
  near: 'bg-amber-500/12 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  good: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300',
} as const;

/** A rate as a pill tinted against the threshold (plain dash when null). */
export function RatePill({ rate, threshold, className, testId }: { rate: number | null | undefined; threshold: number; className?: string; testId?: string }) {
  const tone = rateTone(rate, threshold);
  return (
    <span
      className={cn('inline-flex min-w-14 justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums', tone !== 'none' && 'ring-1 ring-inset', RATE_TONE[tone], className)}
      data-testid={testId}
      data-tone={tone}
    >
      {formatRate(rate)}
    </span>
  );
}

/** The term picker of the report tabs. */
export function TermPicker({ terms, value, onChange, testId = 'attendance-term-picker', className }: { terms: TermChoice[]; value: string | null; onChange: (id: string) => void; testId?: string; className?: string }) {
  return (
    <Select value={value ?? undefined} onValueChange={onChange}>
      <SelectTrigger aria-label={m.common.term} className={cn('w-full sm:w-48', className)} data-testid={testId}>
        <SelectValue placeholder={m.common.term} />
      </SelectTrigger>
      <SelectContent>
        {terms.map((t) => (
          <SelectItem key={t.id} value={t.id} data-testid={`${testId}-option`}>
            {t.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A labelled control in a filter row (label above on every size). */
export function FilterField({ label, htmlFor, children, className }: { label: string; htmlFor?: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The term picker under its "Term" label in a tab's filter row. */
export function TermFilter(props: React.ComponentProps<typeof TermPicker>) {
  return (
    <FilterField label={m.common.term}>
      <TermPicker {...props} />
    </FilterField>
  );
}

/** A day view's loading placeholder: a row of six figure tiles (`tileHeight`) over the list (`listHeight`). */
export function DaySkeleton({ testId, tileHeight, listHeight }: { testId: string; tileHeight: string; listHeight: string }) {
  return (
    <SkeletonStack
      testId={testId}
      cells={[{ grid: 'grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6', cells: Array<string>(6).fill(`${tileHeight} rounded-xl`) }, `${listHeight} rounded-xl`]}
    />
  );
}

/** A one-line notice above a tab's content (why there is no register today, read-only). */
export function Notice({ icon: Icon = Info, tone = 'info', children, testId }: { icon?: LucideIcon; tone?: 'info' | 'warning'; children: React.ReactNode; testId?: string }) {
  return (
    <div
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-relaxed',
        tone === 'warning' ? 'border-amber-500/30 bg-amber-500/8 text-amber-900 dark:text-amber-200' : 'border-sky-500/25 bg-sky-500/6 text-sky-900 dark:text-sky-200',
      )}
      role="status"
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A card with a title row (title, description, actions on the right) around a tab's block. */
export function Panel({
  title,
  description,
  actions,
  children,
  testId,
  className,
  flush,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
  className?: string;
  /** The body has no padding of its own (a list kit table inside). */
  flush?: boolean;
}) {
  return (
    <section className={cn('min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm', className)} data-testid={testId}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-3.5 sm:px-5">
        <div className="min-w-0">
          <h2 className="text-base font-semibold tracking-tight">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className={flush ? undefined : 'p-4 sm:p-5'}>{children}</div>
    </section>
  );
}

/** Two or three choices as a segmented control (e.g. Stream | Level, All | Missing | Marked). */
export function Segmented<T extends string>({
  value,
  onChange,
  options,
  label,
  testId,
  className,
}: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string; count?: number }[];
  label: string;
  testId: string;
  className?: string;
}) {
  return (
    <ChoiceButtons
      options={options}
      value={value}
      onChange={onChange}
      label={label}
      className={cn('inline-flex h-10 min-w-0 items-center rounded-lg border bg-muted/50 p-1', className)}
      testId={testId}
      buttonClassName={(_, on) =>
        cn(
          'inline-flex h-full min-w-0 flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2.5 text-sm sm:px-3 font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          on && 'bg-card text-foreground shadow-sm',
        )
      }
      buttonTestId={(o) => `${testId}-${o.value}`}
    >
      {(o, on) => (
        <>
          {o.label}
          {o.count !== undefined && <span className={cn('rounded-full px-1.5 text-xs tabular-nums', on ? 'bg-primary/10 text-primary' : 'bg-muted')}>{o.count}</span>}
        </>
      )}
    </ChoiceButtons>
  );
}

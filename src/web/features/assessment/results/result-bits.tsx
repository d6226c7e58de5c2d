import type * as React from 'react';
import { ArrowDownRight, ArrowUpRight, Minus, Target, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { Exam, ExamResults, GradingScale } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { Pill } from '@/components/status-pill';
import { cn } from '@/lib/utils';
import { GradeBadge } from '../components/grade-badge';

const x = messages.examsScreens;

const decimals = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 62.34 → "62.34", 71 → "71"; null → "—". */
export const formatNumber = (n: number | null | undefined) => (n === null || n === undefined ? x.common.dash : decimals.format(n));
/** A mean as the cards show it: one decimal ("62.3"). */
export const formatMean = (n: number | null | undefined) => (n === null || n === undefined ? x.common.dash : oneDecimal.format(n));
/** +2.1 / −3.4 / 0. */
export const formatSigned = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${decimals.format(Math.abs(n))}`;

/** Where a grade sits on its scale (0 = top band) for GradeBadge's colour. */
export type GradeRanker = (code: string | null | undefined) => { rank: number; of: number } | undefined;

/**
 * Ranks grade codes by the bands of `primary` (the scope's scale, highest first: the broadsheet's grade
 * counts), then by the school's other scales for codes it does not have (a subject on another scale).
 */
export function makeRanker(primary: readonly { grade: string }[], scales: readonly GradingScale[] = []): GradeRanker {
  const map = new Map<string, { rank: number; of: number }>();
  primary.forEach((g, i) => map.set(g.grade, { rank: i, of: primary.length }));
  for (const s of scales) {
    const bands = [...s.bands].sort((a, b) => b.min - a.min);
    bands.forEach((b, i) => {
      if (!map.has(b.code)) map.set(b.code, { rank: i, of: bands.length });
    });
  }
  return (code) => (code ? map.get(code) : undefined);
}

/** "ME1 Good" → "Good" when the label carries the code first (GradeBadge shows the code itself). */
export function descriptorOf(code: string, label: string | null | undefined): string | null {
  if (!label) return null;
  return label.startsWith(code) ? label.slice(code.length).trim() || null : label;
}

/** An arrow and the change in percentage points (green up, red down). */
export function Deviation({ value, title, className, testId = 'deviation' }: { value: number | null; title?: string; className?: string; testId?: string }) {
  if (value === null) return <span className={cn('text-muted-foreground', className)}>{x.common.dash}</span>;
  const rounded = Math.round(value * 100) / 100;
  const Icon = rounded > 0 ? ArrowUpRight : rounded < 0 ? ArrowDownRight : Minus;
  const label = rounded > 0 ? x.results.up(formatNumber(rounded)) : rounded < 0 ? x.results.down(formatNumber(Math.abs(rounded))) : x.results.same;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 font-medium whitespace-nowrap tabular-nums',
        rounded > 0 ? 'text-emerald-600 dark:text-emerald-400' : rounded < 0 ? 'text-rose-600 dark:text-rose-400' : 'text-muted-foreground',
        className,
      )}
      title={title ? `${title}: ${label}` : label}
      aria-label={label}
      data-testid={testId}
      data-value={rounded}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {formatSigned(rounded)}
    </span>
  );
}

/** Open (green) / Released (indigo) / Draft (grey). */
export function ExamStatusPill({ status, className }: { status: Exam['status']; className?: string }) {
  const tone = status === 'released' ? 'indigo' : status === 'open' ? 'green' : 'grey';
  return (
    <span className="inline-flex" data-testid="exam-status" data-status={status}>
      <Pill tone={tone} className={className}>
        {x.status[status]}
      </Pill>
    </span>
  );
}

/** The kind of a series (End-term, CAT...) as a quiet tag. */
export function ExamKindTag({ kind, className }: { kind: Exam['kind']; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-md bg-muted px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground uppercase tracking-wide', className)} data-testid="exam-kind">
      {x.kinds[kind]}
    </span>
  );
}

const ACCENTS = {
  1: 'bg-[color-mix(in_oklab,var(--color-chart-1)_14%,transparent)] text-[var(--color-chart-1)]',
  2: 'bg-[color-mix(in_oklab,var(--color-chart-2)_14%,transparent)] text-[var(--color-chart-2)]',
  3: 'bg-[color-mix(in_oklab,var(--color-chart-3)_14%,transparent)] text-[var(--color-chart-3)]',
  4: 'bg-[color-mix(in_oklab,var(--color-chart-4)_18%,transparent)] text-[color-mix(in_oklab,var(--color-chart-4)_75%,var(--color-foreground))]',
} as const;

/**
 * A headline figure in the dashboard's stat-card frame whose hint may wrap (a grade with its full
 * descriptor, "AE Approaching Expectations", must not be cut).
 */
export function Kpi({ label, value, hint, icon: Icon, accent, testId }: { label: string; value: React.ReactNode; hint?: React.ReactNode; icon: LucideIcon; accent: keyof typeof ACCENTS; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3.5 text-card-foreground shadow-sm sm:flex-row sm:items-start sm:gap-3 sm:p-5" data-testid={testId}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13px] font-medium text-muted-foreground">{label}</p>
        <div className="mt-1 min-w-0 text-[22px] leading-7 font-semibold tracking-tight tabular-nums sm:text-[28px] sm:leading-9" data-testid={`${testId}-value`}>
          {value}
        </div>
        {hint && <div className="mt-1 min-w-0 text-xs text-muted-foreground [&_[data-testid=grade-badge]]:whitespace-normal">{hint}</div>}
      </div>
      <span className={cn('order-first flex size-8 shrink-0 items-center justify-center rounded-lg sm:order-last sm:size-10', ACCENTS[accent])}>
        <Icon className="size-4 sm:size-5" aria-hidden />
      </span>
    </div>
  );
}

/**
 * The headline figures an exam's results and its analytics share, in the stat-card grid: learners
 * (with girls and boys in the hint), the mean (percent) with its grade, the deviation from the previous
 * series, then `top` (the best stream, subject or learner: its name, with `title` as its tooltip). The
 * cards' test ids are `${idPrefix}-learners`, `-mean`, `-deviation` and `-top`; the labels and hints are
 * the screen's own (from the message catalogue).
 */
export function ExamSummaryKpis({
  summary,
  female,
  male,
  previousExamName,
  ranker,
  idPrefix,
  labels,
  top,
  testId,
}: {
  summary: ExamResults['summary'];
  female: number;
  male: number;
  previousExamName: string | null;
  ranker: GradeRanker;
  idPrefix: string;
  labels: { learners: string; mean: string; deviation: string; deviationHint: (previous: string) => string; noPrevious: string };
  top: { label: string; name: string | undefined; title?: string; hint: string | undefined; icon: LucideIcon };
  testId: string;
}) {
  const s = summary;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid={testId}>
      <Kpi testId={`${idPrefix}-learners`} label={labels.learners} value={s.learners.toLocaleString('en-KE')} hint={x.analytics.learnersHint(female, male)} icon={Users} accent={1} />
      <Kpi
        testId={`${idPrefix}-mean`}
        label={labels.mean}
        value={s.mean === null ? x.common.dash : x.common.percent(formatMean(s.mean))}
        hint={s.meanGrade ? <GradeBadge code={s.meanGrade} descriptor={descriptorOf(s.meanGrade, s.meanGradeLabel)} {...ranker(s.meanGrade)} /> : undefined}
        icon={Target}
        accent={3}
      />
      <Kpi
        testId={`${idPrefix}-deviation`}
        label={labels.deviation}
        value={s.deviation === null ? x.common.dash : <Deviation value={s.deviation} className="text-[inherit] [&_svg]:size-5" />}
        hint={previousExamName ? labels.deviationHint(previousExamName) : labels.noPrevious}
        icon={TrendingUp}
        accent={4}
      />
      <Kpi testId={`${idPrefix}-top`} label={top.label} value={<KpiName name={top.name} title={top.title} />} hint={top.hint} icon={top.icon} accent={2} />
    </div>
  );
}

/** The value of a figure that is a name (top stream, best subject, top learner): one truncated line. */
export function KpiName({ name, title }: { name: string | undefined; title?: string }) {
  return (
    <span className="block truncate text-base leading-7 sm:text-lg sm:leading-9" title={title}>
      {name ?? x.common.dash}
    </span>
  );
}

/** A column header of `HeadCells`; `false` leaves the column out. */
/** A mean grade as its badge (with its place among the grades), or a dash when there is none. */
export function MeanGrade({ code, label, ranker }: { code: string | null | undefined; label: string | null | undefined; ranker: GradeRanker }) {
  return code ? <GradeBadge code={code} descriptor={descriptorOf(code, label)} {...ranker(code)} /> : x.common.dash;
}

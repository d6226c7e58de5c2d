import type * as React from 'react';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { messages } from '@shared/messages';
import type { MyChildrenGrades } from '@shared/contracts/assessment';
import { cn } from '@/lib/utils';
import { HeadCells } from '@/components/head-cells';
import { GradeBadge } from '../components/grade-badge';
import { formatScore, gradeRank, splitGrade, toneBar } from './grade-tone';

const m = messages.reportsScreens;
type Series = MyChildrenGrades['children'][number]['series'][number];
type Subject = Series['subjects'][number];

function Stat({ label, children, hint, testId }: { label: string; children: React.ReactNode; hint?: React.ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border bg-background/60 px-3 py-2.5" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <div className="min-w-0 text-xl font-semibold tracking-tight tabular-nums">{children}</div>
      {hint && <div className="text-[11px] leading-snug text-muted-foreground">{hint}</div>}
    </div>
  );
}

/** The headline of one series: mean with the change since the previous series, mean grade, position (when published), points. */
export function SeriesSummary({ series, previous }: { series: Series; previous: Series | null }) {
  const g = splitGrade(series.meanGradeLabel, series.meanGrade);
  const delta = series.mean !== null && previous?.mean !== null && previous?.mean !== undefined ? Math.round((series.mean - previous.mean) * 10) / 10 : null;
  const Arrow = delta === null || delta === 0 ? Minus : delta > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <div className="grid grid-cols-2 gap-2.5 @xl:grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))]" data-testid="series-summary">
      <Stat
        label={m.mean}
        testId="series-mean"
        hint={
          delta !== null ? (
            <span className={cn('inline-flex items-center gap-0.5 font-medium', delta > 0 ? 'text-emerald-700 dark:text-emerald-400' : delta < 0 ? 'text-rose-700 dark:text-rose-400' : '')}>
              <Arrow className="size-3" aria-hidden />
              {m.change(`${delta > 0 ? '+' : ''}${formatScore(delta)}`)}
            </span>
          ) : undefined
        }
      >
        {series.mean === null ? '–' : `${formatScore(series.mean)}%`}
      </Stat>
      <Stat label={m.meanGrade} testId="series-mean-grade" hint={g?.descriptor ? <span className="text-xs font-medium text-foreground/80">{g.descriptor}</span> : undefined}>
        {g ? <GradeBadge code={g.code} {...gradeRank(g.code)} className="px-2 py-0.5 text-base" /> : '–'}
      </Stat>
      {series.position !== null && series.positionOutOf !== null && (
        <Stat label={m.position} hint={m.positionHint} testId="series-position">
          {m.positionOf(series.position, series.positionOutOf)}
        </Stat>
      )}
      {series.points !== null && (
        <Stat label={m.points} testId="series-points">
          {formatScore(series.points)}
        </Stat>
      )}
    </div>
  );
}

function MarkText({ s }: { s: Subject }) {
  if (s.status === 'absent' || s.status === 'exempt')
    return <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground">{s.status === 'absent' ? m.absent : m.exempt}</span>;
  if (s.score === null) return <>{m.notEntered}</>;
  return (
    <>
      {formatScore(s.score)}
      <span className="text-muted-foreground"> / {s.maxMarks}</span>
    </>
  );
}

/** Subjects of one series: mark out of the maximum, percentage with a bar, grade with its descriptor; absent/exempt as such. */
export function SubjectsTable({ series }: { series: Series }) {
  return (
    <div className="overflow-hidden rounded-lg border" data-testid="child-subjects">
      {/* Narrow cards (phones): the subject on its own line, mark, % and grade below. */}
      <ul className="divide-y @lg:hidden">
        {series.subjects.map((s) => {
          const g = splitGrade(s.gradeLabel, s.grade);
          const sat = s.status !== 'absent' && s.status !== 'exempt';
          return (
            <li key={s.subjectId} className="flex flex-col gap-1 px-3 py-2.5" data-testid="child-subject-item">
              <span className="text-sm font-medium">{s.name}</span>
              <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
                  <MarkText s={s} />
                  {sat && s.percent !== null && <span>· {formatScore(s.percent)}%</span>}
                </span>
                {sat && g && <GradeBadge code={g.code} descriptor={g.descriptor} {...gradeRank(s.grade)} />}
              </span>
            </li>
          );
        })}
      </ul>
      <table className="hidden w-full text-sm @lg:table">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <HeadCells th="px-3 py-2 font-medium" cols={[{ label: m.subject }, { label: m.mark, className: 'text-right' }, { label: m.percent }, { label: m.grade }]} />
          </tr>
        </thead>
        <tbody className="divide-y">
          {series.subjects.map((s) => {
            const g = splitGrade(s.gradeLabel, s.grade);
            const rank = gradeRank(s.grade);
            const sat = s.status !== 'absent' && s.status !== 'exempt';
            return (
              <tr key={s.subjectId} className="align-middle" data-testid="child-subject" data-status={s.status ?? undefined}>
                <td className="px-3 py-2.5 font-medium">{s.name}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                  <MarkText s={s} />
                </td>
                <td className="px-3 py-2.5">
                  {sat && s.percent !== null ? (
                    <span className="flex items-center gap-2">
                      <span className="w-9 text-right tabular-nums">{formatScore(s.percent)}</span>
                      <span className="hidden h-1.5 w-20 overflow-hidden rounded-full bg-muted @2xl:block" aria-hidden>
                        <span className={cn('block h-full rounded-full', toneBar(rank?.rank))} style={{ width: `${Math.max(0, Math.min(100, s.percent))}%` }} />
                      </span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">{m.notEntered}</span>
                  )}
                </td>
                <td className="px-3 py-2.5">
                  {sat && g ? <GradeBadge code={g.code} descriptor={g.descriptor} {...rank} /> : <span className="text-muted-foreground">{m.notEntered}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import * as React from 'react';
import { Award, ClipboardList, Loader2, School, Trophy } from 'lucide-react';
import type { ExamAnalytics, ExamResults } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { NameLines } from '@/components/name-lines';
import { LoadErrorCard } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/page-layout';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useAnalytics, useResults, useScales } from '../api/assessment';
import { ExamScopeBar, useExamScope } from '../results/exam-scope';
import { EmptyStateCard, PageSkeleton } from '@/components/page-states';
import { HeadCells } from '@/components/head-cells';
import { Deviation, ExamSummaryKpis, formatMean, formatNumber, makeRanker, type GradeRanker } from '../results/result-bits';
import { GenderChart, GradeDistributionChart, SubjectMeansChart, TrendChart } from './analytics-charts';

const x = messages.examsScreens;
const a = x.analytics;

function AnalyticsSkeleton() {
  return <PageSkeleton testId="analytics-loading" rows={[{ grid: 'grid gap-4 sm:gap-6 lg:grid-cols-3', cells: ['h-80 rounded-xl', 'h-80 rounded-xl lg:col-span-2'] }]} />;
}

const th = 'bg-muted px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-muted-foreground first:rounded-l-md last:rounded-r-md';
const td = 'border-b px-3 py-2.5 align-middle [tr:last-child_&]:border-b-0';

function Kpis({ results, analytics, ranker }: { results: ExamResults; analytics: ExamAnalytics; ranker: GradeRanker }) {
  const female = analytics.gender.find((g) => g.gender === 'female')?.learners ?? 0;
  const male = analytics.gender.find((g) => g.gender === 'male')?.learners ?? 0;
  const level = results.scope.kind === 'level' && analytics.streams.length > 1;
  const top = level
    ? [...analytics.streams].filter((st) => st.mean !== null).sort((p, q) => (q.mean ?? 0) - (p.mean ?? 0))[0]
    : null;
  const best = [...analytics.subjectMeans].filter((sm) => sm.mean !== null).sort((p, q) => (q.mean ?? 0) - (p.mean ?? 0))[0];
  const pick = level ? { label: a.topStream, name: top?.name, mean: top?.mean, icon: Trophy } : { label: a.bestSubject, name: best?.name, mean: best?.mean, icon: Award };
  return (
    <ExamSummaryKpis
      testId="analytics-kpis"
      summary={results.summary}
      female={female}
      male={male}
      previousExamName={results.exam.previousExamName}
      ranker={ranker}
      idPrefix="kpi"
      labels={{ learners: a.learners, mean: a.mean, deviation: a.deviation, deviationHint: a.deviationHint, noPrevious: a.deviationNone }}
      top={{ label: pick.label, name: pick.name, hint: pick.mean !== null && pick.mean !== undefined ? a.topStreamHint(formatMean(pick.mean)) : undefined, icon: pick.icon }}
    />
  );
}

function MostImproved({ rows: all }: { rows: ExamAnalytics['mostImproved'] }) {
  const [expanded, setExpanded] = React.useState(false);
  const rows = expanded ? all : all.slice(0, 5);
  if (all.length === 0) return <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{a.mostImprovedEmpty}</p>;
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full border-separate border-spacing-0 text-sm" data-testid="most-improved">
        <thead>
          <tr>
            <HeadCells th={th} cols={[{ label: a.colLearner }, { label: a.colBefore, className: 'text-right max-sm:hidden' }, { label: a.colNow, className: 'text-right' }, { label: a.colChange, className: 'text-right' }]} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.studentId} data-testid="improved-row">
              <td className={td}>
                <div className="flex min-w-0 items-center gap-2.5">
                  <span className={cn('flex size-6 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold', i < 3 ? 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground')}>{i + 1}</span>
                  <NameLines name={r.name} detail={r.className} />
                </div>
              </td>
              <td className={cn(td, 'text-right text-muted-foreground tabular-nums max-sm:hidden')}>{formatNumber(r.previousMean)}</td>
              <td className={cn(td, 'text-right font-medium tabular-nums')}>{formatNumber(r.mean)}</td>
              <td className={cn(td, 'text-right')}>
                <Deviation value={r.change} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {all.length > 5 && (
        <Button variant="ghost" size="sm" className="mt-2 w-full text-primary" onClick={() => setExpanded(!expanded)} data-testid="improved-toggle">
          {expanded ? a.showFewer : a.showAll(all.length)}
        </Button>
      )}
    </div>
  );
}

function StreamMeans({ rows }: { rows: ExamAnalytics['streams'] }) {
  const sorted = [...rows].sort((p, q) => (q.mean ?? -1) - (p.mean ?? -1));
  return (
    <ul className="flex flex-col gap-3" data-testid="stream-means">
      {sorted.map((st) => (
        <li key={st.classId} className="grid gap-1.5" data-testid="stream-mean" data-stream={st.name}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium">{st.name}</span>
            <span className="shrink-0 tabular-nums">
              <span className="font-semibold">{formatNumber(st.mean)}</span>
              <span className="ml-2 text-xs text-muted-foreground">{x.common.learners(st.learners)}</span>
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div className="h-full rounded-full bg-[var(--color-chart-1)]" style={{ width: `${Math.max(0, Math.min(100, st.mean ?? 0))}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TeacherMeans({ rows }: { rows: ExamAnalytics['subjectMeans'] }) {
  // The API names subject teachers for a stream; a whole level has several per subject.
  const teachers = rows.some((r) => r.teacherName);
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full min-w-[320px] border-separate border-spacing-0 text-sm" data-testid="teacher-means">
        <thead>
          <tr>
            <HeadCells
              th={th}
              cols={[{ label: a.colSubject }, teachers && { label: a.colTeacher, className: 'max-sm:hidden' }, { label: a.colPrevious, className: 'text-right' }, { label: a.colMean, className: 'text-right' }, { label: a.colChange, className: 'text-right' }]}
            />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.subjectId} data-testid="teacher-mean-row">
              <td className={cn(td, 'min-w-36')}>
                <p className="font-medium">{r.name}</p>
                {r.teacherName && <p className="text-xs text-muted-foreground sm:hidden">{r.teacherName}</p>}
              </td>
              {teachers && <td className={cn(td, 'whitespace-nowrap text-muted-foreground max-sm:hidden')}>{r.teacherName ?? x.results.noTeacher}</td>}
              <td className={cn(td, 'text-right text-muted-foreground tabular-nums')}>{formatNumber(r.previousMean)}</td>
              <td className={cn(td, 'text-right font-semibold tabular-nums')}>{formatNumber(r.mean)}</td>
              <td className={cn(td, 'text-right')}>
                <Deviation value={r.mean !== null && r.previousMean !== null ? r.mean - r.previousMean : null} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AnalyticsBody({ results, analytics, ranker, examId }: { results: ExamResults; analytics: ExamAnalytics; ranker: GradeRanker; examId: string }) {
  const hasPrevious = analytics.subjectMeans.some((s) => s.previousMean !== null);
  const level = results.scope.kind === 'level';
  // Series of the same levels that these learners did not sit (no mean) are left out of the trend.
  const trend = analytics.trend.filter((p) => p.mean !== null);
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="analytics" data-scope={results.scope.name} data-exam={results.exam.name}>
      <Kpis results={results} analytics={analytics} ranker={ranker} />
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-5">
        <Panel title={a.gradeDistribution} description={a.gradeDistributionHint} className="xl:col-span-2" testId="panel-grades">
          <GradeDistributionChart data={analytics.gradeDistribution} ranker={ranker} />
        </Panel>
        <Panel title={a.subjectMeans} description={a.subjectMeansHint(hasPrevious ? results.exam.previousExamName : null)} className="xl:col-span-3" testId="panel-subjects">
          <SubjectMeansChart data={analytics.subjectMeans} hasPrevious={hasPrevious} />
        </Panel>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-5">
        <Panel title={a.trend} description={a.trendHint} className="xl:col-span-3" testId="panel-trend">
          <TrendChart data={trend} currentExamId={examId} />
          {trend.length < 2 && <p className="mt-2 text-center text-xs text-muted-foreground">{a.trendEmpty}</p>}
        </Panel>
        <Panel title={a.gender} description={a.genderHint} className="xl:col-span-2" testId="panel-gender">
          <GenderChart data={analytics.gender} />
        </Panel>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-5">
        <Panel title={a.mostImproved} description={a.mostImprovedHint} className={level ? 'xl:col-span-3' : 'xl:col-span-5'} testId="panel-improved">
          <MostImproved rows={analytics.mostImproved} />
        </Panel>
        {level && (
          <Panel title={a.streams} description={a.streamsHint} className="xl:col-span-2" testId="panel-streams">
            <StreamMeans rows={analytics.streams} />
          </Panel>
        )}
      </div>
      <Panel title={analytics.subjectMeans.some((sm) => sm.teacherName) ? a.teachers : a.subjectTable} description={a.teachersHint} testId="panel-teachers">
        <TeacherMeans rows={analytics.subjectMeans} />
      </Panel>
    </div>
  );
}

/**
 * Exam analytics (issue 12 §4): the teacher's "Class Analytics" (their streams only) and the
 * principal's and director's "Analytics" (any stream or whole level). KPI cards (learners, mean with
 * its grade, deviation, top stream), grade distribution, subject means against the previous series,
 * the trend over series, girls and boys, most improved learners, stream means and subject teachers'
 * means.
 */
export function ExamAnalyticsPage() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state: auth } = useAuth();
  const teacher = auth.user?.role === 'teacher';
  const state = useExamScope({ teacherOnly: teacher });
  const examId = state.exam?.id ?? null;
  const results = useResults(examId, state.scope);
  const analytics = useAnalytics(examId, state.scope);
  const scales = useScales();
  const ranker = React.useMemo(() => makeRanker(results.data?.summary.gradeCounts ?? analytics.data?.gradeDistribution ?? [], scales.data?.scales ?? []), [results.data, analytics.data, scales.data]);
  const busy = (results.isFetching || analytics.isFetching) && !!results.data && !!analytics.data;
  const error = results.error ?? analytics.error;

  let body: React.ReactNode;
  if (state.error) body = <QueryErrorCard query={state} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="analytics-error" />;
  else if (state.isLoading) body = <AnalyticsSkeleton />;
  else if (!state.exam) body = teacher ? <EmptyStateCard icon={School} title={a.noStreams} hint={a.noStreamsHint} testId="analytics-no-streams" /> : <EmptyStateCard icon={ClipboardList} title={x.results.noExams} hint={x.results.noExamsHint} testId="analytics-no-exams" />;
  else if (!state.scope.classId && !state.scope.levelId) body = <EmptyStateCard icon={School} title={teacher ? a.noStreams : x.results.noScope} hint={teacher ? a.noStreamsHint : x.results.noScopeHint} testId="analytics-no-scope" />;
  else if (error && (!results.data || !analytics.data))
    body = <LoadErrorCard title={x.common.loadFailed} detail={error.message} retryLabel={x.common.tryAgain} onRetry={() => void Promise.all([results.refetch(), analytics.refetch()])} testId="analytics-error" />;
  else if (!results.data || !analytics.data) body = <AnalyticsSkeleton />;
  else if (results.data.rows.length === 0) body = <EmptyStateCard icon={School} title={x.results.noRows} hint={x.results.noRowsHint} testId="analytics-no-rows" />;
  else
    body = (
      <div className={results.isPlaceholderData || analytics.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        <AnalyticsBody results={results.data} analytics={analytics.data} ranker={ranker} examId={examId!} />
      </div>
    );

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="exam-analytics">
      <PageHeader sectionId={sectionId} title={title} subtitle={teacher ? a.subtitleTeacher : a.subtitleLeadership} testId="analytics-header" />
      {!state.isLoading && state.exams.length > 0 && <ExamScopeBar state={state} extra={busy ? <Loader2 className="size-4 animate-spin text-muted-foreground max-sm:hidden" aria-hidden /> : null} />}
      {body}
    </section>
  );
}

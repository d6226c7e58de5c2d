import * as React from 'react';
import { useSearchParams } from 'react-router';
import { CalendarCheck2, FileText, MessageSquareQuote, TrendingUp, UsersRound } from 'lucide-react';
import { messages } from '@shared/messages';
import type { MyChildrenGrades } from '@shared/contracts/assessment';
import { EmptyStateCard } from '@/components/page-states';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { LastSynced } from '@/pwa/last-synced';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SkeletonStack } from '@/components/skeleton-stack';
import { useSchoolContext } from '@/lib/school-context';
import { cn } from '@/lib/utils';
import { useMyChildrenGrades } from '../api/assessment';
import { GradeBadge } from '../components/grade-badge';
import { ChildIdentity } from '@/components/child-identity';
import { ChildSwitcher } from './child-switcher';

import { formatScore, gradeRank, splitGrade } from './grade-tone';
import { GradeTrend } from './grade-trend';
import { ReportCardButton } from './report-card-button';
import { SeriesSummary, SubjectsTable } from './series-results';
import { useFileDownload } from '@/lib/download';
import { formatInstantDay } from '@/lib/format';

const m = messages.reportsScreens;
export type Child = MyChildrenGrades['children'][number];
type Series = Child['series'][number];

const releasedDay = (iso: string) => formatInstantDay(iso);

/** The file name a report card downloads as when the server does not name it. */
export const reportCardFileName = (child: Pick<Child, 'admissionNumber'>, term: string) => `Report card ${child.admissionNumber} ${term}.pdf`.replace(/[/\\]/g, '-');

/** A titled block of the child's card (trend, comments, report cards). */
function Panel({ icon: Icon, title, children, testId, className }: { icon: typeof TrendingUp; title: string; children: React.ReactNode; testId?: string; className?: string }) {
  return (
    <section className={cn('flex min-w-0 flex-col gap-3 rounded-lg border p-3 sm:p-4', className)} data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The series picker: every released series of the child, newest first, grouped by term. */
function SeriesPicker({ series, value, onChange }: { series: Series[]; value: string; onChange: (id: string) => void }) {
  const newestFirst = [...series].reverse();
  const terms = [...new Set(newestFirst.map((s) => `${s.termName} ${s.academicYear}`))];
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={m.series} className="w-full @lg:w-64" data-testid="series-picker">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {terms.map((t) => (
          <SelectGroup key={t}>
            <p className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{t}</p>
            {newestFirst
              .filter((s) => `${s.termName} ${s.academicYear}` === t)
              .map((s) => (
                <SelectItem key={s.examId} value={s.examId} data-testid="series-option">
                  {s.name}
                </SelectItem>
              ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

function Comments({ child, series }: { child: Child; series: Series }) {
  const c = child.comments.find((x) => x.termId === series.termId);
  const rows = [
    { who: m.classTeacher, text: c?.classTeacher ?? null },
    { who: m.principal, text: c?.principal ?? null },
  ].filter((r) => r.text);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{m.noComments}</p>;
  return (
    <ul className="flex flex-col gap-2.5" data-testid="term-comments">
      {rows.map((r) => (
        <li key={r.who} className="rounded-lg bg-muted/40 px-3 py-2.5">
          <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{r.who}</p>
          <p className="mt-0.5 text-sm leading-relaxed">{r.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** One report card per term with released results; the selected series' term first-class. */
export function ReportCardList({ child, highlightTermId, downloads }: { child: Child; highlightTermId?: string | null; downloads: ReturnType<typeof useFileDownload> }) {
  if (child.reportTerms.length === 0) return <p className="text-sm text-muted-foreground">{m.noReportCards}</p>;
  const newestFirst = [...child.reportTerms].reverse();
  return (
    <ul className="@container flex flex-col gap-2" data-testid="report-cards">
      {newestFirst.map((t) => {
        const inTerm = child.series.filter((s) => s.termId === t.termId);
        const last = inTerm.at(-1);
        const g = last ? splitGrade(last.meanGradeLabel, last.meanGrade) : null;
        return (
          <li
            key={t.termId}
            className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-3 py-2.5', t.termId === highlightTermId && 'border-primary/40 bg-primary/[0.04]')}
            data-testid="report-card-row"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary" aria-hidden>
              <FileText className="size-4" />
            </span>
            <div className="min-w-[10rem] flex-1">
              <p className="truncate text-sm font-medium">{m.reportCardFor(t.name)}</p>
              <p className="truncate text-xs text-muted-foreground">{last ? `${last.name} · ${m.mean} ${formatScore(last.mean)}%` : m.reportCardHint}</p>
            </div>
            {g && <GradeBadge code={g.code} descriptor={g.descriptor} {...gradeRank(g.code)} className="hidden @lg:inline-flex" />}
            <ReportCardButton studentId={child.studentId} termId={t.termId} fileName={reportCardFileName(child, t.name)} downloads={downloads} ariaLabel={m.downloadReportCard(t.name)} className="w-full @xs:w-auto" />
          </li>
        );
      })}
    </ul>
  );
}

/** One child's results: series picker, summary, subjects, trend, the term's comments and the report cards. */
function ChildGradesCard({ child, downloads, panelId }: { child: Child; downloads: ReturnType<typeof useFileDownload>; panelId: string }) {
  const [examId, setExamId] = React.useState<string | null>(null);
  const series = child.series.find((s) => s.examId === examId) ?? child.series.at(-1) ?? null;
  const at = series ? child.series.indexOf(series) : -1;
  const previous = at > 0 ? child.series[at - 1]! : null;
  return (
    <article id={panelId} role="tabpanel" className="@container flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="child-grades" data-student-id={child.studentId}>
      <header className="flex flex-col gap-3 border-b p-4 sm:p-5 @lg:flex-row @lg:items-center @lg:gap-4">
        <ChildIdentity child={child} />
        {series && child.series.length > 1 && <SeriesPicker series={child.series} value={series.examId} onChange={setExamId} />}
      </header>

      {!series ? (
        <div className="p-4 sm:p-5">
          <EmptyListState icon={CalendarCheck2} title={m.nothingReleasedTitle} hint={m.nothingReleased} testId="nothing-released" />
        </div>
      ) : (
        <div className="grid min-w-0 gap-4 p-4 sm:gap-5 sm:p-5 @4xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <h3 className="text-base font-semibold" data-testid="series-title">
                {series.name.includes(series.termName) && series.name.includes(series.academicYear) ? series.name : `${series.name} · ${series.termName} ${series.academicYear}`}
              </h3>
              <p className="text-xs text-muted-foreground">
                {series.className}
                {series.releasedAt ? ` · ${m.released(releasedDay(series.releasedAt))}` : ''}
              </p>
            </div>
            <SeriesSummary series={series} previous={previous} />
            <SubjectsTable series={series} />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <Panel icon={TrendingUp} title={m.trend} testId="trend-panel">
              {child.series.length > 1 ? <GradeTrend series={child.series} selectedId={series.examId} /> : <p className="text-sm text-muted-foreground">{m.trendOne}</p>}
            </Panel>
            <Panel icon={MessageSquareQuote} title={m.commentsOf(`${series.termName} ${series.academicYear}`)} testId="comments-panel">
              <Comments child={child} series={series} />
            </Panel>
            <Panel icon={FileText} title={m.reportCards} testId="report-cards-panel">
              <ReportCardList child={child} highlightTermId={series.termId} downloads={downloads} />
            </Panel>
          </div>
        </div>
      )}
    </article>
  );
}

/** The children's query with its loading, error and "no children" states; `render` gets the loaded children. */
export function ParentChildrenPage({ sectionId, title, subtitle, render }: { sectionId: string; title: string; subtitle: string; render: (children: Child[]) => React.ReactNode }) {
  const { currentSchool } = useSchoolContext();
  const q = useMyChildrenGrades();
  let body: React.ReactNode;
  if (q.isPending)
    body = <SkeletonStack cells={['h-14 w-72 rounded-xl', 'h-[28rem] rounded-xl']} />;
  else if (q.isError) body = <QueryErrorCard query={q} title={m.loadFailedTitle} text={m.loadFailedText} retryLabel={m.tryAgain} testId="grades-error" />;
  else if (q.data.children.length === 0)
    body = (
      <EmptyStateCard icon={UsersRound} title={m.noChildren} testId="grades-no-children" />
    );
  else body = render(q.data.children);
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid={`parent-${sectionId}`}>
      <PageHeader sectionId={sectionId} title={title} subtitle={currentSchool?.name ? `${currentSchool.name} · ${subtitle}` : subtitle} />
      {/* Offline (issue 36 §4): when the results shown are the last ones fetched, and when. */}
      <LastSynced paths={['/api/grades/my-children']} />
      {body}
    </section>
  );
}

function ChildGradesBody({ items }: { items: Child[] }) {
  const [params, setParams] = useSearchParams();
  const downloads = useFileDownload(m.downloadFailed);
  const selected = items.find((c) => c.studentId === params.get('child')) ?? items[0]!;
  const choose = (studentId: string) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        q.set('child', studentId);
        return q;
      },
      { replace: true },
    );
  const panelId = 'child-grades-panel';
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {items.length > 1 && <ChildSwitcher items={items} value={selected.studentId} onChange={choose} controls={panelId} />}
      <ChildGradesCard key={selected.studentId} child={selected} downloads={downloads} panelId={panelId} />
    </div>
  );
}

/**
 * Parent "Child Grades" (issue 12 §4): a tab per child; for the chosen child every released series
 * (newest shown first), subject marks, grades with descriptors, the position when the school publishes
 * it, a trend of the mean across series, the term's comments and a report card per term.
 */
export function ChildGrades() {
  return <ParentChildrenPage sectionId="grades" title={m.childGradesTitle} subtitle={m.subtitle} render={(items) => <ChildGradesBody items={items} />} />;
}

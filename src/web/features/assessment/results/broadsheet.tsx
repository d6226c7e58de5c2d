import { FileSpreadsheet, FileText, Trophy } from 'lucide-react';
import type { ExamResults, ResultRow } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/page-layout';
import { cn } from '@/lib/utils';
import { GradeBadge } from '../components/grade-badge';
import { resultsFileUrl } from '../api/exams';
import { HeadCells } from '@/components/head-cells';
import { Deviation, ExamSummaryKpis, MeanGrade, descriptorOf, formatMean, formatNumber, type GradeRanker } from './result-bits';

const x = messages.examsScreens;
const r = x.results;

type Subject = ExamResults['subjects'][number];

/** The deviation column's head: its title names the previous series the deviation is measured against (or says there is none). */
const deviationHead = (previous: string | null, className: string) => ({ label: r.deviation, className, title: previous ? r.deviationTitle(previous) : r.deviationNoPrevious });

/** PDF and Excel of the broadsheet (the server draws both). */
export function BroadsheetDownloads({ examId, scope }: { examId: string; scope: { classId: string | null; levelId: string | null } }) {
  return (
    <div className="flex gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={resultsFileUrl(examId, scope, 'pdf')} target="_blank" rel="noreferrer" aria-label={r.downloadPdfLabel} data-testid="results-pdf">
          <FileText aria-hidden />
          {r.downloadPdf}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={resultsFileUrl(examId, scope, 'xlsx')} download aria-label={r.downloadExcelLabel} data-testid="results-xlsx">
          <FileSpreadsheet aria-hidden />
          {r.downloadExcel}
        </a>
      </Button>
    </div>
  );
}

/** Learners, mean with its grade, deviation from the previous series, top learner. */
export function ResultsSummary({ data, ranker }: { data: ExamResults; ranker: GradeRanker }) {
  const top = data.rows.find((row) => (data.scope.kind === 'stream' ? row.position : row.levelPosition) === 1) ?? null;
  const female = data.rows.filter((row) => row.gender === 'female').length;
  const male = data.rows.filter((row) => row.gender === 'male').length;
  return (
    <ExamSummaryKpis
      testId="results-summary"
      summary={data.summary}
      female={female}
      male={male}
      previousExamName={data.exam.previousExamName}
      ranker={ranker}
      idPrefix="summary"
      labels={{ learners: r.summaryLearners, mean: r.summaryMean, deviation: r.summaryDeviation, deviationHint: r.summaryDeviationHint, noPrevious: r.summaryNoPrevious }}
      top={{ label: r.summaryTop, name: top?.name, title: top?.name, hint: top ? `${top.className} · ${x.common.percent(formatMean(top.mean))}` : undefined, icon: Trophy }}
    />
  );
}

function SubjectCell({ value, ranker }: { value: ResultRow['subjects'][number] | undefined; ranker: GradeRanker }) {
  if (!value || (value.status === null && value.score === null)) {
    return (
      <span className="text-muted-foreground" title={r.notEntered}>
        {x.common.dash}
      </span>
    );
  }
  if (value.status === 'absent' || value.status === 'exempt') {
    return (
      <span className="text-xs font-medium text-muted-foreground" title={value.status === 'absent' ? r.absentTitle : r.exemptTitle}>
        {value.status === 'absent' ? r.absent : r.exempt}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-0.5">
      <span className="font-medium tabular-nums">{formatNumber(value.score)}</span>
      {value.grade && <GradeBadge code={value.grade} descriptor={descriptorOf(value.grade, value.gradeLabel)} {...ranker(value.grade)} className="px-1 py-0 text-[11px]" />}
    </div>
  );
}

const stickyCell = 'sticky left-0 z-10 bg-card shadow-[1px_0_0_var(--color-border)]';
const th = 'border-b bg-muted px-2 py-2 text-left text-xs font-medium text-muted-foreground align-bottom sm:px-3';
const td = 'border-b px-2 py-2 align-middle sm:px-3';

/**
 * The broadsheet (issue 12 §4): one row per learner in position order, every subject's mark and grade,
 * total, mean, mean grade, points, position in the stream and in the level (ties share a position),
 * deviation from the previous series. The learner column stays put while the subjects scroll sideways;
 * the header stays put while the rows scroll.
 */
export function BroadsheetTable({ data, ranker }: { data: ExamResults; ranker: GradeRanker }) {
  const level = data.scope.kind === 'level';
  const prev = data.exam.previousExamName;
  return (
    <div className="relative -mx-4 max-h-[70vh] overflow-auto border-y sm:mx-0 sm:rounded-lg sm:border" data-testid="broadsheet" tabIndex={0} role="region" aria-label={r.tableCaption(data.scope.name, data.exam.name)}>
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{r.tableCaption(data.scope.name, data.exam.name)}</caption>
        <thead className="sticky top-0 z-20">
          <tr>
            <th scope="col" className={cn(th, 'sticky left-0 z-30 min-w-36 shadow-[1px_0_0_var(--color-border)] sm:min-w-60')}>
              <span className="inline-block w-6 text-right sm:w-7">{r.position}</span>
              <span className="ml-2">{r.learner}</span>
            </th>
            {data.subjects.map((s) => (
              <th key={s.subjectId} scope="col" className={cn(th, 'min-w-24 max-w-32 font-medium')} title={r.subjectHeader(s.name, s.maxMarks)}>
                <span className="line-clamp-2 leading-tight">{s.name}</span>
                <span className="block text-[10px] font-normal opacity-80">/{s.maxMarks}</span>
              </th>
            ))}
            <HeadCells
              th={th}
              cols={[
                { label: r.total, className: 'text-right' },
                { label: r.mean, className: 'text-right' },
                { label: r.grade },
                { label: r.points, className: 'text-right' },
                { label: r.streamPosition, className: 'text-right whitespace-nowrap' },
                { label: r.levelPosition, className: 'text-right whitespace-nowrap' },
                deviationHead(prev, 'text-right'),
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => {
            const pos = level ? row.levelPosition : row.position;
            return (
              <tr key={row.studentId} className="group" data-testid="broadsheet-row" data-student-id={row.studentId} data-position={pos ?? ''}>
                <th scope="row" className={cn(td, stickyCell, 'text-left font-normal group-hover:bg-muted')}>
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="w-6 shrink-0 text-right font-semibold tabular-nums sm:w-7" data-testid="row-position">
                      {pos ?? x.common.dash}
                    </span>
                    <div className="min-w-0">
                      <p className="max-w-28 truncate font-medium sm:max-w-52" title={row.name}>
                        {row.name}
                      </p>
                      <p className="max-w-28 truncate text-xs text-muted-foreground sm:max-w-52">
                        {row.admissionNumber}
                        {level && ` · ${row.className}`}
                      </p>
                    </div>
                  </div>
                </th>
                {data.subjects.map((s) => (
                  <td key={s.subjectId} className={cn(td, 'group-hover:bg-muted/50')}>
                    <SubjectCell value={row.subjects.find((v) => v.subjectId === s.subjectId)} ranker={ranker} />
                  </td>
                ))}
                <td className={cn(td, 'text-right tabular-nums group-hover:bg-muted/50')}>{formatNumber(row.total)}</td>
                <td className={cn(td, 'text-right font-semibold tabular-nums group-hover:bg-muted/50')}>{formatNumber(row.mean)}</td>
                <td className={cn(td, 'group-hover:bg-muted/50')}>
                  <MeanGrade code={row.meanGrade} label={row.meanGradeLabel} ranker={ranker} />
                </td>
                <td className={cn(td, 'text-right tabular-nums group-hover:bg-muted/50')}>{formatNumber(row.points)}</td>
                <td className={cn(td, 'text-right whitespace-nowrap tabular-nums group-hover:bg-muted/50')} data-testid="stream-position">
                  {row.position === null ? x.common.dash : r.outOf(row.position, row.positionOutOf)}
                </td>
                <td className={cn(td, 'text-right whitespace-nowrap tabular-nums group-hover:bg-muted/50')} data-testid="level-position">
                  {row.levelPosition === null ? x.common.dash : r.outOf(row.levelPosition, row.levelPositionOutOf)}
                </td>
                <td className={cn(td, 'text-right group-hover:bg-muted/50')}>
                  <Deviation value={row.deviation} title={prev ? r.deviationTitle(prev) : undefined} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Subject means with their grade, teacher, entries and deviation. */
export function SubjectMeansTable({ subjects, ranker, previous }: { subjects: Subject[]; ranker: GradeRanker; previous: string | null }) {
  // The API names subject teachers for a stream; a whole level has several per subject.
  const teachers = subjects.some((s) => s.teacherName);
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full min-w-[420px] border-separate border-spacing-0 text-sm" data-testid="subject-means">
        <thead>
          <tr>
            <HeadCells
              th={th}
              cols={[
                { label: r.subject, className: 'rounded-l-md border-b-0' },
                teachers && { label: r.teacher, className: 'border-b-0 max-sm:hidden' },
                { label: r.entries, className: 'border-b-0 text-right' },
                { label: r.mean, className: 'border-b-0 text-right whitespace-nowrap' },
                { label: r.grade, className: 'border-b-0' },
                deviationHead(previous, 'rounded-r-md border-b-0 text-right'),
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {subjects.map((s) => (
            <tr key={s.subjectId} data-testid="subject-mean-row" data-subject={s.name}>
              <td className={cn(td, 'min-w-40 [tr:last-child_&]:border-b-0')}>
                <p className="font-medium">{s.name}</p>
                <p className="text-xs text-muted-foreground">
                  {s.code}
                  {teachers && s.teacherName && <span className="sm:hidden"> · {s.teacherName}</span>}
                </p>
              </td>
              {teachers && <td className={cn(td, 'whitespace-nowrap text-muted-foreground max-sm:hidden [tr:last-child_&]:border-b-0')}>{s.teacherName ?? r.noTeacher}</td>}
              <td className={cn(td, 'text-right tabular-nums [tr:last-child_&]:border-b-0')}>{s.entries}</td>
              <td className={cn(td, 'text-right font-semibold tabular-nums [tr:last-child_&]:border-b-0')}>{formatNumber(s.mean)}</td>
              <td className={cn(td, '[tr:last-child_&]:border-b-0')}>
                <MeanGrade code={s.meanGrade} label={s.meanGradeLabel} ranker={ranker} />
              </td>
              <td className={cn(td, 'text-right [tr:last-child_&]:border-b-0')}>
                <Deviation value={s.deviation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Learners per mean grade as labelled bars. */
export function GradeCounts({ counts, ranker }: { counts: ExamResults['summary']['gradeCounts']; ranker: GradeRanker }) {
  const max = Math.max(1, ...counts.map((c) => c.count));
  const total = counts.reduce((n, c) => n + c.count, 0);
  return (
    <ul className="flex flex-col gap-3" data-testid="grade-counts">
      {counts.map((c) => (
        <li key={c.grade} className="grid gap-1.5" data-testid="grade-count" data-grade={c.grade}>
          <div className="flex items-center justify-between gap-3">
            <GradeBadge code={c.grade} descriptor={descriptorOf(c.grade, c.label)} {...ranker(c.grade)} />
            <span className="text-sm tabular-nums">
              <span className="font-semibold">{c.count}</span>
              <span className="ml-1.5 text-xs text-muted-foreground">{total ? Math.round((c.count / total) * 100) : 0}%</span>
            </span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div className="h-full rounded-full bg-primary/70" style={{ width: `${(c.count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The whole results view of one exam and scope: summary, broadsheet, subject means, grade counts. */
export function ResultsView({ data, ranker, scope }: { data: ExamResults; ranker: GradeRanker; scope: { classId: string | null; levelId: string | null } }) {
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="results-view" data-scope={data.scope.name} data-exam={data.exam.name}>
      <ResultsSummary data={data} ranker={ranker} />
      <Panel
        title={r.broadsheet}
        description={r.broadsheetHint(data.scope.name, data.exam.name)}
        action={<BroadsheetDownloads examId={data.exam.id} scope={scope} />}
        testId="panel-broadsheet"
      >
        {data.exam.status !== 'released' && <p className="mb-3 rounded-md bg-amber-500/10 px-3 py-2 text-xs text-amber-800 dark:text-amber-300">{r.notReleased}</p>}
        <BroadsheetTable data={data} ranker={ranker} />
      </Panel>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-3">
        <Panel title={r.subjectMeans} description={r.subjectMeansHint} className="xl:col-span-2" testId="panel-subject-means">
          <SubjectMeansTable subjects={data.subjects} ranker={ranker} previous={data.exam.previousExamName} />
        </Panel>
        <Panel title={r.gradeCounts} description={r.gradeCountsHint} testId="panel-grade-counts">
          <GradeCounts counts={data.summary.gradeCounts} ranker={ranker} />
        </Panel>
      </div>
    </div>
  );
}

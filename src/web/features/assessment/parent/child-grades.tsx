import * as React from 'react';
import { Download, GraduationCap, UsersRound } from 'lucide-react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { messages } from '@shared/messages';
import type { MyChildrenGrades } from '@shared/contracts/assessment';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useMyChildrenGrades } from '../api/assessment';
import { GradeBadge } from '../components/grade-badge';

const m = messages.reportsScreens;
type Child = MyChildrenGrades['children'][number];
type Series = Child['series'][number];

const fmt = (v: number | null) => (v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(1));
const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Nairobi' }).format(new Date(iso)) : '');

function splitLabel(label: string | null, code: string | null) {
  if (!label || !code) return { code: code ?? '–', descriptor: null };
  return { code, descriptor: label.slice(code.length).trim() || null };
}

/** Report-card downloads of a child, one per term with released results (parents: their own children only). */
export function ReportCardLinks({ child }: { child: Child }) {
  if (child.reportTerms.length === 0) return <p className="text-sm text-muted-foreground">{m.noReportCards}</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {child.reportTerms.map((t) => (
        <a
          key={t.termId}
          href={`/api/students/${child.studentId}/report-card?termId=${t.termId}`}
          className="inline-flex items-center gap-1.5 rounded-md border bg-background px-3 py-1.5 text-sm font-medium shadow-xs hover:bg-muted"
          data-testid="report-card-link"
        >
          <Download className="size-4" aria-hidden />
          {m.downloadReportCard(t.name)}
        </a>
      ))}
    </div>
  );
}

function SeriesTable({ series }: { series: Series }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[420px] text-sm">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">{m.subject}</th>
            <th className="px-3 py-2 text-right font-medium">{m.mark}</th>
            <th className="px-3 py-2 text-right font-medium">{m.percent}</th>
            <th className="px-3 py-2 font-medium">{m.grade}</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {series.subjects.map((s) => {
            const g = splitLabel(s.gradeLabel, s.grade);
            return (
              <tr key={s.subjectId} data-testid="child-subject">
                <td className="px-3 py-2">{s.name}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {s.status === 'absent' ? m.absent : s.status === 'exempt' ? m.exempt : s.score === null ? m.notEntered : `${fmt(s.score)} / ${s.maxMarks}`}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{fmt(s.percent)}</td>
                <td className="px-3 py-2">{s.grade ? <GradeBadge code={g.code} descriptor={g.descriptor} /> : m.notEntered}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ChildCard({ child }: { child: Child }) {
  const [examId, setExamId] = React.useState<string | null>(child.series.at(-1)?.examId ?? null);
  const series = child.series.find((s) => s.examId === examId) ?? child.series.at(-1) ?? null;
  const comment = series ? child.comments.find((c) => c.termId === series.termId) : undefined;
  const trend = child.series.map((s) => ({ name: s.name, mean: s.mean }));
  const g = series ? splitLabel(series.meanGradeLabel, series.meanGrade) : null;
  return (
    <article className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="child-grades">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden>
            <GraduationCap className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 className="truncate font-semibold">{child.name}</h2>
            <p className="text-xs text-muted-foreground">
              {child.admissionNumber}
              {child.className ? ` · ${child.className}` : ''}
            </p>
          </div>
        </div>
        {child.series.length > 1 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">{m.series}</span>
            <select className="h-9 rounded-md border bg-background px-2 text-sm" value={series?.examId ?? ''} onChange={(e) => setExamId(e.target.value)} data-testid="series-picker">
              {child.series.map((s) => (
                <option key={s.examId} value={s.examId}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {!series ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="nothing-released">
          {m.nothingReleased}
        </p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label={m.mean} value={`${fmt(series.mean)} %`} />
            <Stat label={m.meanGrade} value={g ? <GradeBadge code={g.code} descriptor={g.descriptor} /> : '–'} />
            <Stat label={m.points} value={series.points === null ? '–' : String(series.points)} />
            <Stat label={m.position} value={series.position === null || series.positionOutOf === null ? '–' : m.positionOf(series.position, series.positionOutOf)} />
          </div>
          <p className="text-xs text-muted-foreground">
            {series.name} · {series.termName} {series.academicYear}
            {series.releasedAt ? ` · ${m.released(day(series.releasedAt))}` : ''}
          </p>
          <SeriesTable series={series} />
          {trend.length > 1 && (
            <div>
              <h3 className="mb-2 text-sm font-medium">{m.trend}</h3>
              <div className="h-48">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={trend} margin={{ top: 8, right: 12, left: -16, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                    <XAxis dataKey="name" tick={{ fontSize: 11 }} />
                    <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} />
                    <Tooltip />
                    <Line type="monotone" dataKey="mean" stroke="#0f766e" strokeWidth={2} dot />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </div>
          )}
          {comment && (comment.classTeacher || comment.principal) && (
            <div className="rounded-lg bg-muted/40 p-3 text-sm">
              <h3 className="mb-1 font-medium">{m.comments}</h3>
              {comment.classTeacher && (
                <p>
                  <span className="text-muted-foreground">{m.classTeacher}: </span>
                  {comment.classTeacher}
                </p>
              )}
              {comment.principal && (
                <p>
                  <span className="text-muted-foreground">{m.principal}: </span>
                  {comment.principal}
                </p>
              )}
            </div>
          )}
        </>
      )}
      <div>
        <h3 className="mb-2 text-sm font-medium">{m.reportCard}</h3>
        <ReportCardLinks child={child} />
      </div>
    </article>
  );
}

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border bg-background px-3 py-2">
      <p className="text-xs text-muted-foreground">{label}</p>
      <div className="mt-0.5 truncate text-base font-semibold tabular-nums">{value}</div>
    </div>
  );
}

/** The children's results and report cards, shared by Child Grades and Progress Reports. */
function ParentResults({ mode }: { mode: 'grades' | 'reports' }) {
  const q = useMyChildrenGrades();
  let body: React.ReactNode;
  if (q.isPending) body = <Skeleton className="h-96 rounded-xl" />;
  else if (q.isError) body = <LoadErrorCard title={m.loadFailedTitle} text={m.loadFailedText} detail={q.error.message} retryLabel={m.tryAgain} onRetry={() => void q.refetch()} />;
  else if (q.data.children.length === 0) body = <EmptyListState icon={UsersRound} title={m.noChildren} testId="grades-no-children" />;
  else if (mode === 'grades')
    body = (
      <div className={cn('grid min-w-0 gap-4 sm:gap-6', q.data.children.length > 1 && '2xl:grid-cols-2')}>
        {q.data.children.map((c) => (
          <ChildCard key={c.studentId} child={c} />
        ))}
      </div>
    );
  else
    body = (
      <div className="grid min-w-0 gap-4">
        {q.data.children.map((c) => (
          <article key={c.studentId} className="rounded-xl border bg-card p-4 shadow-sm" data-testid="child-reports">
            <h2 className="font-semibold">{c.name}</h2>
            <p className="mb-3 text-xs text-muted-foreground">
              {c.admissionNumber}
              {c.className ? ` · ${c.className}` : ''}
            </p>
            <ReportCardLinks child={c} />
          </article>
        ))}
      </div>
    );
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6">
      <PageHeader sectionId={mode} title={mode === 'grades' ? m.childGradesTitle : m.progressReportsTitle} subtitle={m.subtitle} />
      {body}
    </section>
  );
}

/** Parent "Child Grades" (issue 12 §4): released series only, grades with descriptors, positions when published, trend, comments, report cards. */
export function ChildGrades() {
  return <ParentResults mode="grades" />;
}

/** Parent "Progress Reports" (issue 12 §5): each child's report card per term. */
export function ProgressReportsView() {
  return <ParentResults mode="reports" />;
}

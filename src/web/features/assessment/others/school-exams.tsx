import type * as React from 'react';
import { Building2, CalendarRange, Scale } from 'lucide-react';
import type { Exam, GradingScale, GradingScalesResponse } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { isAdminRole, type Role } from '@shared/roles';
import { sectionLabel } from '@shared/sections';
import { EmptyStateCard } from '@/components/page-states';
import { PageHeader } from '@/components/page-header';
import { QueryErrorCard } from '@/components/query-error-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDate } from '@/lib/format';
import { useSchoolContext } from '@/lib/school-context';
import { qs, useAssessmentQuery } from '../api/assessment';
import { ExamKindTag, ExamStatusPill } from '../results/result-bits';

const o = messages.gradesScreens.others;
const x = messages.examsScreens;

/** GET /api/exams (?schoolId= for platform staff): every exam series of the school. */
const useSchoolExams = (schoolId: string | null, enabled: boolean) =>
  useAssessmentQuery<{ items: Exam[] }>(['others', 'exams', schoolId], enabled ? `/api/exams${qs({ schoolId })}` : null);
/** GET /api/grading/scales (?schoolId= for platform staff): the scales and which levels each grades. */
const useSchoolScales = (schoolId: string | null, enabled: boolean) =>
  useAssessmentQuery<GradingScalesResponse>(['others', 'scales', schoolId], enabled ? `/api/grading/scales${qs({ schoolId })}` : null, { staleTime: 60_000 });

/**
 * The grades section of every role spec §6 calls "others" (platform staff, the finance officer, HR):
 * the school's exam series (term, levels, dates, status) and its grading scales, read-only, with no
 * learner's marks (those stay with teachers, the principal, the director and parents). Platform staff
 * read the school picked in the header and are asked to pick one first.
 */
export function SchoolExams({ role }: { role: Role }) {
  const { currentSchool } = useSchoolContext();
  const admin = isAdminRole(role);
  const schoolId = admin ? (currentSchool?.id ?? null) : null;
  const ready = !admin || !!schoolId;
  const exams = useSchoolExams(schoolId, ready);
  const scales = useSchoolScales(schoolId, ready);
  const subtitle = currentSchool?.name ? `${currentSchool.name} · ${o.subtitle}` : o.subtitle;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="school-exams" data-role={role}>
      <PageHeader sectionId="grades" title={sectionLabel(role, 'grades')} subtitle={subtitle} />
      {!ready ? (
        <EmptyStateCard icon={Building2} title={o.pickSchool} hint={o.pickSchoolHint} testId="school-exams-pick-school" />
      ) : (
        <div className="grid min-w-0 items-start gap-4 sm:gap-6 xl:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
          <Panel icon={CalendarRange} title={o.examsTitle} hint={o.examsHint} testId="school-exams-series">
            {exams.isError && !exams.data ? (
              <QueryErrorCard query={exams} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="school-exams-error" />
            ) : !exams.data ? (
              <SkeletonStack cells={['h-12 rounded-lg', 'h-12 rounded-lg', 'h-12 rounded-lg']} />
            ) : exams.data.items.length === 0 ? (
              <EmptyStateCard icon={CalendarRange} title={o.noExams} hint={o.noExamsHint} testId="school-exams-empty" />
            ) : (
              <ExamList items={exams.data.items} />
            )}
          </Panel>
          <Panel icon={Scale} title={o.scalesTitle} hint={o.scalesHint} testId="school-exams-scales">
            {scales.isError && !scales.data ? (
              <QueryErrorCard query={scales} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="school-scales-error" />
            ) : !scales.data ? (
              <SkeletonStack cells={['h-40 rounded-lg', 'h-40 rounded-lg']} />
            ) : (
              <ScaleList data={scales.data} />
            )}
          </Panel>
        </div>
      )}
    </section>
  );
}

function Panel({ icon: Icon, title, hint, testId, children }: { icon: typeof Scale; title: string; hint: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border bg-card shadow-sm" data-testid={testId}>
      <header className="flex items-start gap-3 border-b px-4 py-3 sm:px-5">
        <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0">
          <h2 className="text-sm font-semibold sm:text-base">{title}</h2>
          <p className="mt-0.5 text-xs text-muted-foreground sm:text-sm">{hint}</p>
        </div>
      </header>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/** The series, newest term first (the API's order), one row each: name and kind, term, levels, dates, status. */
function ExamList({ items }: { items: Exam[] }) {
  return (
    <ul className="flex flex-col divide-y" aria-label={o.examsTitle}>
      {items.map((exam) => (
        <li key={exam.id} className="grid gap-1.5 py-3 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center md:gap-4" data-testid="school-exam" data-status={exam.status}>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="truncate">{exam.name}</span>
              <ExamKindTag kind={exam.kind} />
            </p>
            <p className="mt-0.5 text-xs text-muted-foreground">
              <span className="sr-only">{o.term}: </span>
              {x.common.termLabel(exam.termName, exam.academicYear)}
              {exam.levels.length > 0 && (
                <>
                  {' · '}
                  <span className="sr-only">{x.series.levels}: </span>
                  {exam.levels.map((l) => l.name).join(', ')}
                </>
              )}
            </p>
          </div>
          <p className="text-sm tabular-nums text-muted-foreground md:whitespace-nowrap">
            <span className="sr-only">{x.series.sits}: </span>
            {exam.startsOn && exam.endsOn ? x.series.dates(formatDate(exam.startsOn), formatDate(exam.endsOn)) : exam.startsOn ? formatDate(exam.startsOn) : x.series.noDates}
          </p>
          <div className="md:justify-self-end">
            <span className="sr-only">{o.status}: </span>
            <ExamStatusPill status={exam.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The scales the school's levels are graded on (every scale when no level names one yet), bands highest first. */
function ScaleList({ data }: { data: GradingScalesResponse }) {
  const levelsOf = (scale: GradingScale) => data.levels.filter((l) => l.scaleKey === scale.key).map((l) => l.levelName);
  const used = data.scales.filter((s) => levelsOf(s).length > 0);
  const shown = used.length > 0 ? used : data.scales;
  return (
    <div className="flex flex-col gap-5">
      {shown.map((scale) => {
        const levels = levelsOf(scale);
        const hasPoints = scale.bands.some((b) => b.points !== null);
        return (
          <div key={scale.key} className="min-w-0" data-testid="school-scale" data-key={scale.key}>
            <h3 className="text-sm font-semibold">{scale.name}</h3>
            <p className="mt-0.5 text-xs text-muted-foreground">{levels.length > 0 ? o.gradesLevels(levels.join(', ')) : o.noLevels}</p>
            <div className="mt-2 overflow-x-auto rounded-lg border">
              <table className="w-full text-sm">
                <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">{x.scales.code}</th>
                    <th scope="col" className="px-3 py-2 font-medium">{x.scales.range}</th>
                    <th scope="col" className="px-3 py-2 font-medium">{x.scales.descriptor}</th>
                    {hasPoints && <th scope="col" className="px-3 py-2 text-right font-medium">{x.scales.points}</th>}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {scale.bands.map((band) => (
                    <tr key={band.code}>
                      <td className="px-3 py-1.5 font-medium">{band.code}</td>
                      <td className="whitespace-nowrap px-3 py-1.5 tabular-nums text-muted-foreground">{o.range(band.min, band.max)}</td>
                      <td className="px-3 py-1.5">{band.descriptor}</td>
                      {hasPoints && <td className="px-3 py-1.5 text-right tabular-nums">{band.points ?? x.scales.noPoints}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </div>
  );
}

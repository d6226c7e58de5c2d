import * as React from 'react';
import { BarChart3, CalendarClock, CalendarRange, ClipboardList, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Exam } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { FilterSelect } from '@/components/filter-select';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { IconMenuItem, RowMenu } from '@/components/row-menu';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDate } from '@/lib/format';
import { ActionDialog } from '@/components/action-dialog';
import { useExams } from '../api/assessment';
import { useDeleteExam, useReleaseExam, useSchoolLevels, useSchoolSubjects } from '../api/exams';
import { EmptyStateCard } from '@/components/page-states';
import { ExamKindTag, ExamStatusPill } from '../results/result-bits';
import { WindowBadge } from '../teacher/sheet-widgets';
import { ExamDialog } from './exam-dialog';
import type { TermChoice } from './use-terms';

const x = messages.examsScreens;
const t = x.series;

/** Approved and submitted mark sheets of the series as one stacked bar. */
function SheetProgress({ sheets }: { sheets: Exam['sheets'] }) {
  if (sheets.total === 0) return <p className="text-xs text-muted-foreground">{t.sheetsNone}</p>;
  const pct = (n: number) => `${Math.min(100, (n / sheets.total) * 100)}%`;
  return (
    <div className="grid gap-1.5" data-testid="sheet-progress" data-approved={sheets.approved} data-submitted={sheets.submitted} data-total={sheets.total}>
      <div className="flex h-2 w-full overflow-hidden rounded-full bg-muted" role="img" aria-label={t.sheetsLine(sheets.approved, sheets.submitted, sheets.total)}>
        <div className="h-full bg-emerald-500" style={{ width: pct(sheets.approved) }} />
        <div className="h-full bg-violet-500/80" style={{ width: pct(sheets.submitted) }} />
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
          {t.approvedLegend} <span className="font-medium text-foreground tabular-nums">{sheets.approved}</span>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2 rounded-full bg-violet-500/80" aria-hidden />
          {t.submittedLegend} <span className="font-medium text-foreground tabular-nums">{sheets.submitted}</span>
        </span>
        <span className="tabular-nums">{t.sheetsTotal(sheets.total)}</span>
      </p>
    </div>
  );
}

function ExamCard({
  exam,
  onEdit,
  onRelease,
  onDelete,
  onResults,
  onTimetable,
}: {
  exam: Exam;
  onEdit: () => void;
  onRelease: () => void;
  onDelete: () => void;
  onResults: () => void;
  onTimetable: () => void;
}) {
  const released = exam.status === 'released';
  const papers = exam.subjects.reduce((n, s) => n + s.papers.length, 0);
  const multiPaper = exam.subjects.filter((s) => s.papers.length > 1);
  return (
    <article className="min-w-0 rounded-xl border bg-card shadow-sm" data-testid="exam-series" data-exam-name={exam.name} data-exam-id={exam.id} data-status={exam.status}>
      <div className="flex items-start justify-between gap-3 px-4 pt-4 sm:px-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-[15px] font-semibold tracking-tight">{exam.name}</h3>
            <ExamKindTag kind={exam.kind} />
          </div>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <ExamStatusPill status={exam.status} />
            <WindowBadge state={exam.entryState} opensOn={exam.entryOpensOn} closesOn={exam.entryClosesOn} released={false} />
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          <Button size="sm" variant="ghost" className="max-sm:hidden" onClick={onResults} data-testid="exam-results">
            <BarChart3 aria-hidden />
            {t.results}
          </Button>
          {!released && (
            <Button size="sm" variant="outline" className="max-sm:hidden" onClick={onRelease} data-testid="exam-release">
              <Send aria-hidden />
              {t.release}
            </Button>
          )}
          <RowMenu label={t.actions(exam.name)} testId="exam-menu">
            <IconMenuItem icon={BarChart3} label={t.results} onSelect={onResults} testId="exam-open-results" />
            <IconMenuItem icon={CalendarClock} label={t.timetable} onSelect={onTimetable} testId="exam-open-timetable" />
            {!released && (
              <>
                <IconMenuItem icon={Pencil} label={t.edit} onSelect={onEdit} testId="exam-edit" />
                <IconMenuItem icon={Send} label={t.release} onSelect={onRelease} className="sm:hidden" testId="exam-release-menu" />
                <IconMenuItem icon={Trash2} label={t.delete} onSelect={onDelete} danger separated testId="exam-delete" />
              </>
            )}
          </RowMenu>
        </div>
      </div>

      <div className="grid gap-4 px-4 pt-3 pb-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.1fr)] sm:gap-6 sm:px-5">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">{t.levels}</p>
          <div className="mt-1.5 flex flex-wrap gap-1">
            {exam.levels.map((l) => (
              <span key={l.id} className="rounded-md border bg-muted/40 px-1.5 py-0.5 text-xs">
                {l.name}
              </span>
            ))}
          </div>
        </div>
        <div className="min-w-0 text-sm">
          <p className="text-xs font-medium text-muted-foreground">{t.sits}</p>
          <p className="mt-1.5 flex items-center gap-1.5">
            <CalendarRange className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            {exam.startsOn && exam.endsOn ? t.dates(formatDate(exam.startsOn), formatDate(exam.endsOn)) : exam.startsOn ? formatDate(exam.startsOn) : <span className="text-muted-foreground">{t.noDates}</span>}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {x.common.subjects(exam.subjects.length)} · {t.paperCount(papers)} · {t.weight(exam.weight)}
          </p>
          {multiPaper.length > 0 && (
            <p className="mt-1 truncate text-xs text-muted-foreground" title={multiPaper.map((s) => `${s.name}: ${s.papers.map((p) => `${p.name} /${p.maxMarks}`).join(' + ')}`).join('; ')}>
              {multiPaper.map((s) => `${s.name} ${s.papers.map((p) => p.maxMarks).join('+')}`).join(' · ')}
            </p>
          )}
        </div>
        <div className="min-w-0">
          <p className="mb-1.5 text-xs font-medium text-muted-foreground">{released && exam.releasedAt ? t.releasedOn(formatDate(exam.releasedAt.slice(0, 10))) : t.sheets}</p>
          <SheetProgress sheets={exam.sheets} />
        </div>
      </div>
    </article>
  );
}

function ListSkeleton() {
  return <SkeletonStack className="flex flex-col gap-3" cells={['h-36 rounded-xl', 'h-36 rounded-xl', 'h-36 rounded-xl']} />;
}

/**
 * Exam series (issue 12 §2), grouped by term: kind, levels, dates, the marks-entry window, mark sheets
 * approved and submitted, Open or Released; create and edit (dialog), release to parents (the server's
 * reason shows when sheets are not approved yet), delete while no marks exist.
 */
export function SeriesTab({
  terms,
  defaultTermId,
  onResults,
  onTimetable,
}: {
  terms: TermChoice[];
  defaultTermId: string;
  onResults: (examId: string) => void;
  onTimetable: (examId: string) => void;
}) {
  const [termFilter, setTermFilter] = React.useState('');
  const exams = useExams();
  const levels = useSchoolLevels();
  const subjects = useSchoolSubjects();
  const [dialog, setDialog] = React.useState<{ exam: Exam | null } | null>(null);
  const [releasing, setReleasing] = React.useState<Exam | null>(null);
  const [deleting, setDeleting] = React.useState<Exam | null>(null);
  const release = useReleaseExam();
  const remove = useDeleteExam();

  const items = React.useMemo(() => (exams.data?.items ?? []).filter((e) => !termFilter || e.termId === termFilter), [exams.data, termFilter]);
  const groups = React.useMemo(() => {
    const out: { key: string; label: string; items: Exam[] }[] = [];
    for (const e of items) {
      const key = e.termId;
      let g = out.find((o) => o.key === key);
      if (!g) out.push((g = { key, label: x.common.termLabel(e.termName, e.academicYear), items: [] }));
      g.items.push(e);
    }
    return out;
  }, [items]);
  const termOptions = React.useMemo(() => terms.map((tm) => ({ value: tm.id, label: tm.label })), [terms]);

  const openRelease = (e: Exam) => {
    release.reset();
    setReleasing(e);
  };
  const openDelete = (e: Exam) => {
    remove.reset();
    setDeleting(e);
  };

  let body: React.ReactNode;
  if (exams.isError) body = <QueryErrorCard query={exams} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="series-error" />;
  else if (exams.isPending) body = <ListSkeleton />;
  else if (groups.length === 0) body = <EmptyStateCard icon={ClipboardList} title={termFilter ? t.emptyTerm : t.empty} hint={t.emptyHint} testId="series-empty" />;
  else
    body = (
      <div className="flex flex-col gap-6">
        {groups.map((g) => (
          <section key={g.key} className="flex flex-col gap-3" data-testid="series-term" data-term={g.label}>
            <div className="flex items-baseline gap-2">
              <h2 className="text-sm font-semibold">{g.label}</h2>
              <span className="text-xs text-muted-foreground">{t.termCount(g.items.length)}</span>
            </div>
            {g.items.map((e) => (
              <ExamCard
                key={e.id}
                exam={e}
                onEdit={() => setDialog({ exam: e })}
                onRelease={() => openRelease(e)}
                onDelete={() => openDelete(e)}
                onResults={() => onResults(e.id)}
                onTimetable={() => onTimetable(e.id)}
              />
            ))}
          </section>
        ))}
      </div>
    );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="series-tab">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <FilterSelect value={termFilter} onChange={setTermFilter} all={t.allTerms} options={termOptions} label={t.termFilter} className="bg-card sm:w-56" testId="series-term-filter" />
        <Button onClick={() => setDialog({ exam: null })} disabled={!levels.data || !subjects.data} data-testid="exam-add">
          <Plus aria-hidden />
          {t.add}
        </Button>
      </div>
      {body}

      <ExamDialog
        open={!!dialog}
        onClose={() => setDialog(null)}
        exam={dialog?.exam ?? null}
        terms={terms}
        defaultTermId={termFilter || defaultTermId}
        levels={levels.data?.items ?? []}
        subjects={subjects.data?.items ?? []}
      />
      <ActionDialog
        open={!!releasing}
        tone="warning"
        icon={Send}
        title={x.release.title}
        text={releasing ? x.release.text(releasing.name) : ''}
        confirmLabel={x.release.confirm}
        pending={release.isPending}
        error={release.error}
        errorTitle={x.release.failed}
        onCancel={() => setReleasing(null)}
        onConfirm={() =>
          releasing &&
          release.mutate(releasing.id, {
            onSuccess: () => {
              toast.success(x.release.done, { description: releasing.name });
              setReleasing(null);
            },
          })
        }
        testId="release-dialog"
      />
      <ActionDialog
        open={!!deleting}
        icon={Trash2}
        title={x.remove.title}
        text={deleting ? x.remove.text(deleting.name) : ''}
        confirmLabel={x.remove.confirm}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={x.remove.failed}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(x.remove.done, { description: deleting.name });
              setDeleting(null);
            },
          })
        }
        testId="delete-dialog"
      />
    </div>
  );
}

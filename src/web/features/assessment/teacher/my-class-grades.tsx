import * as React from 'react';
import { BookOpenCheck, ChevronRight, ClipboardList, MessageSquareWarning } from 'lucide-react';
import type { Exam, MySheet } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { NameLines } from '@/components/name-lines';
import { EmptyStateCard } from '@/components/page-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { SkeletonStack } from '@/components/skeleton-stack';
import { cn } from '@/lib/utils';
import { useExams, useMySheets } from '../api/assessment';
import type { SheetRef } from '../api/grades';
import { MarksGrid } from './marks-grid';
import { MarkedBar, SheetStatusPill, useOpenSheet, WindowBadge } from './sheet-widgets';
import { IconBadge } from '@/components/icon-badge';

const g = messages.gradesScreens;

interface ExamGroup {
  examId: string;
  examName: string;
  termName: string;
  entryState: MySheet['entryState'];
  released: boolean;
  exam: Exam | undefined;
  sheets: MySheet[];
}

function groupByExam(items: MySheet[], exams: Exam[]): ExamGroup[] {
  const groups = new Map<string, ExamGroup>();
  for (const s of items) {
    let group = groups.get(s.examId);
    if (!group) {
      group = { examId: s.examId, examName: s.examName, termName: s.termName, entryState: s.entryState, released: s.examStatus === 'released', exam: exams.find((e) => e.id === s.examId), sheets: [] };
      groups.set(s.examId, group);
    }
    group.sheets.push(s);
  }
  // Open windows first, then the ones not yet open, then closed; the server's order within.
  const rank = { open: 0, not_yet: 1, closed: 2 } as const;
  return [...groups.values()].sort((a, b) => rank[a.entryState] - rank[b.entryState]);
}

/**
 * The teacher's "My Class Grades" (issue 12 §3): their mark sheets (stream x subject) grouped by exam,
 * with the marks-entry window and each sheet's state; a sheet opens the marks grid (in the address, so a
 * reload keeps it open).
 */
export function MyClassGrades() {
  const { sectionId, title } = useActiveSectionTitle();
  const [open, setOpen] = useOpenSheet();
  const header = <PageHeader sectionId={sectionId} title={title} subtitle={g.teacher.subtitle} testId="my-class-grades-header" />;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="my-class-grades">
      {header}
      {open ? <MarksGrid sheet={open} onBack={() => setOpen(null)} backLabel={g.teacher.allSheets} /> : <SheetList onOpen={setOpen} />}
    </section>
  );
}

function SheetList({ onOpen }: { onOpen: (s: SheetRef) => void }) {
  const sheets = useMySheets();
  const exams = useExams();
  const groups = React.useMemo(() => groupByExam(sheets.data?.items ?? [], exams.data?.items ?? []), [sheets.data, exams.data]);

  if (sheets.isPending) {
    return <SkeletonStack testId="my-sheets-loading" cells={['h-64 w-full rounded-xl', 'h-40 w-full rounded-xl']} />;
  }
  if (sheets.isError) {
    return <QueryErrorCard query={sheets} title={g.common.loadFailed} retryLabel={g.common.tryAgain} testId="my-sheets-error" />;
  }
  if (groups.length === 0) {
    return (
      <EmptyStateCard icon={ClipboardList} title={g.teacher.empty} hint={g.teacher.emptyHint} testId="my-sheets-empty" />
    );
  }
  return (
    <div className="flex flex-col gap-4 sm:gap-5" data-testid="my-sheets">
      {groups.map((group) => (
        <ExamCard key={group.examId} group={group} onOpen={onOpen} />
      ))}
    </div>
  );
}

function ExamCard({ group, onOpen }: { group: ExamGroup; onOpen: (s: SheetRef) => void }) {
  const done = group.sheets.filter((s) => s.status === 'submitted' || s.status === 'approved').length;
  return (
    <div className="min-w-0 overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="exam-group" data-exam-name={group.examName}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b px-4 py-3.5 sm:px-5">
        <div className="flex min-w-0 items-center gap-3">
          <IconBadge icon={BookOpenCheck} className="hidden size-9 rounded-lg bg-primary/10 text-primary sm:flex" />
          <div className="min-w-0">
            <h2 className="truncate text-[15px] font-semibold tracking-tight">{group.examName}</h2>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {group.termName}
              <span aria-hidden> · </span>
              {g.teacher.sheetsDone(done, group.sheets.length)}
            </p>
          </div>
        </div>
        <WindowBadge state={group.entryState} opensOn={group.exam?.entryOpensOn} closesOn={group.exam?.entryClosesOn} released={group.released} />
      </div>
      <ul className="divide-y">
        {group.sheets.map((s) => (
          <li key={`${s.classId}:${s.subjectId}`}>
            <SheetRow sheet={s} onOpen={() => onOpen({ examId: s.examId, classId: s.classId, subjectId: s.subjectId })} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SheetRow({ sheet, onOpen }: { sheet: MySheet; onOpen: () => void }) {
  const returned = sheet.status === 'returned';
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'group flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-muted/40 focus-visible:bg-muted/40 focus-visible:outline-none sm:gap-4 sm:px-5',
        returned && 'bg-red-500/[0.03]',
      )}
      data-testid="sheet-row"
      data-class-name={sheet.className}
      data-subject-name={sheet.subjectName}
      data-status={sheet.status}
    >
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto]">
        <NameLines name={sheet.subjectName} detail={<>{sheet.className}<span aria-hidden> · </span>{g.teacher.learners(sheet.learners)}</>} />
        <MarkedBar marked={sheet.marked} learners={sheet.learners} className="order-3 col-span-2 sm:order-none sm:col-span-1 sm:max-w-64" />
        <div className="flex justify-end">
          <SheetStatusPill sheet={sheet} />
        </div>
        {returned && sheet.comment && (
          <p className="order-4 col-span-2 flex items-start gap-1.5 text-xs text-red-700 sm:col-span-3 dark:text-red-300" data-testid="sheet-comment">
            <MessageSquareWarning className="mt-px size-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              <span className="font-medium">{sheet.decidedBy ? g.teacher.returnedBy(sheet.decidedBy) : g.teacher.returnedNoName}</span> {sheet.comment}
            </span>
          </p>
        )}
      </div>
      <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
    </button>
  );
}

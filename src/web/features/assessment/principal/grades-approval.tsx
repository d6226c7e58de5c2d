import * as React from 'react';
import { toast } from 'sonner';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowRight, Check, ClipboardCheck, FileSearch, History, Inbox, Layers, Undo2 } from 'lucide-react';
import type { MarkSheet, MarksGrid as Grid, MySheet, SheetStatus } from '@shared/contracts/assessment';
import { SHEET_STATUSES } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { NameLines } from '@/components/name-lines';
import { EmptyStateCard } from '@/components/page-states';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { APPROVE_BUTTON_CLASS } from '@/components/decision-dialog';
import { DataTable } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { ApiError } from '@/lib/api';
import { usePatchedSearchParams } from '@/lib/search-params';
import { useApprovalQueue, useExams, useSheets } from '../api/assessment';
import { useDecideSheet, useGradeAudit, type GradeAuditEntry, type SheetRef } from '../api/grades';
import { TextReasonDialog } from '@/components/text-reason-dialog';
import { MarksGrid } from '../teacher/marks-grid';
import type { SheetDialogProps } from '../teacher/marks-grid-parts';
import { MarkedBar, SheetStatusPill, useOpenSheet, WindowBadge } from '../teacher/sheet-widgets';

const g = messages.gradesScreens;
const p = g.principal;
const TABS = ['queue', 'sheets', 'log'] as const;
type Tab = (typeof TABS)[number];
const ICONS = { queue: Inbox, sheets: Layers, log: History } as const;

/** URL state of the page: `?tab=`, `?exam=` (sheets and change log), `?status=` (sheets), `?sheet=` (open grid). */
function usePageParams() {
  const [params, set] = usePatchedSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'queue';
  return { tab, exam: params.get('exam'), status: params.get('status'), stream: params.get('stream'), set };
}

/**
 * The principal's "Grades" (issue 12 §3): the approval queue (review a submitted stream x subject in the
 * marks grid, approve it — locked — or return it with a comment), every sheet of an exam with a status
 * filter (the principal can enter marks in the window and change approved marks with a reason), and the
 * change log of marks changed after approval (who, when, old, new, why).
 */
export function GradesApproval() {
  const { sectionId, title } = useActiveSectionTitle();
  const { tab, exam, status, stream, set } = usePageParams();
  const [open, setOpen] = useOpenSheet();
  const queue = useApprovalQueue();
  const queueCount = queue.data?.items.length ?? 0;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="grades-approval">
      <PageHeader sectionId={sectionId} title={title} subtitle={p.subtitle} testId="grades-approval-header" />
      {open ? (
        <MarksGrid
          sheet={open}
          reviewer
          onBack={() => setOpen(null)}
          backLabel={tab === 'queue' ? p.backToQueue : p.backToSheets}
          actions={(grid) => (grid.sheet.status === 'submitted' ? <DecisionButtons grid={grid} sheet={open} onDone={() => setOpen(null)} /> : null)}
        />
      ) : (
        <Tabs value={tab} onValueChange={(next) => set({ tab: next === 'queue' ? null : next, status: null, stream: null })} className="min-w-0">
          <IconTabsList
            label={p.tabsLabel}
            triggerClassName="max-sm:px-2.5 max-sm:[&_svg]:hidden"
            tabs={TABS.map((x) => ({
              value: x,
              icon: ICONS[x],
              label: p.tabs[x],
              testId: `grades-tab-${x}`,
              badge:
                x === 'queue' && queueCount > 0 ? (
                  <span className="rounded-full bg-violet-500/12 px-1.5 py-px text-[11px] font-semibold text-violet-700 tabular-nums dark:text-violet-300" data-testid="queue-count">
                    {queueCount}
                  </span>
                ) : undefined,
            }))}
          />
          <TabsContent value="queue">
            <QueueTab items={queue.data?.items} error={queue.error} onRetry={() => void queue.refetch()} onReview={setOpen} />
          </TabsContent>
          <TabsContent value="sheets">
            <SheetsTab examId={exam} status={status} stream={stream} setParams={set} onOpen={setOpen} />
          </TabsContent>
          <TabsContent value="log">
            <ChangeLogTab examId={exam} setParams={set} />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Awaiting approval

function QueueTab({ items, error, onRetry, onReview }: { items: MySheet[] | undefined; error: Error | null; onRetry: () => void; onReview: (s: SheetRef) => void }) {
  const review = React.useCallback((s: MySheet) => onReview({ examId: s.examId, classId: s.classId, subjectId: s.subjectId }), [onReview]);
  const columns = React.useMemo<ColumnDef<MySheet, unknown>[]>(
    () => [
      {
        id: 'exam',
        header: p.columns.exam,
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <NameLines name={row.original.examName} detail={row.original.termName} />
        ),
      },
      { id: 'stream', header: p.columns.stream, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.className}</span> },
      { id: 'subject', header: p.columns.subject, cell: ({ row }) => <span className="font-medium">{row.original.subjectName}</span> },
      { id: 'teacher', header: p.columns.teacher, cell: ({ row }) => row.original.submittedBy ?? row.original.teacherName ?? <span className="text-muted-foreground">{p.noTeacher}</span> },
      { id: 'learners', header: p.columns.learners, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.learners}</span> },
      {
        id: 'submittedAt',
        header: p.columns.submittedAt,
        cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground">{row.original.submittedAt ? formatDateTime(row.original.submittedAt) : g.common.dash}</span>,
      },
      {
        id: 'action',
        header: '',
        meta: { alwaysVisible: true, className: 'text-right w-px' },
        cell: ({ row }) => (
          <Button size="sm" variant="outline" onClick={() => review(row.original)} data-testid="queue-review">
            <FileSearch aria-hidden />
            {p.review}
          </Button>
        ),
      },
    ],
    [review],
  );
  return (
    <DataTable
      id="grades-queue"
      columns={columns}
      data={items}
      getRowId={(s) => `${s.examId}:${s.classId}:${s.subjectId}`}
      error={error}
      errorTitle={g.common.loadFailed}
      onRetry={onRetry}
      empty={{ icon: ClipboardCheck, title: p.queueEmpty, hint: p.queueEmptyHint }}
      rowTestId="queue-row"
      minWidth={820}
      toolbar={items && items.length > 0 ? <p className="text-sm text-muted-foreground" data-testid="queue-intro">{p.queueIntro(items.length)}</p> : undefined}
      onRowClick={review}
      renderCard={(s) => (
        <div className="flex flex-col gap-2" data-subject-name={s.subjectName} data-class-name={s.className}>
          <div className="flex items-start justify-between gap-3">
            <NameLines name={s.subjectName} detail={<>{s.className} · {s.examName}</>} />
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{g.teacher.learners(s.learners)}</span>
          </div>
          <div className="flex items-end justify-between gap-3">
            <p className="min-w-0 text-xs text-muted-foreground">{p.submittedBy(s.submittedBy ?? s.teacherName ?? p.unknownUser, s.submittedAt ? formatDateTime(s.submittedAt) : g.common.dash)}</p>
            <Button size="sm" variant="outline" className="shrink-0" onClick={() => review(s)} data-testid="queue-review">
              <FileSearch aria-hidden />
              {p.review}
            </Button>
          </div>
        </div>
      )}
    />
  );
}

function DecisionButtons({ grid, sheet, onDone }: { grid: Grid; sheet: SheetRef; onDone: () => void }) {
  const decide = useDecideSheet();
  const [mode, setMode] = React.useState<'approve' | 'return' | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const what = { subject: grid.subject.name, stream: grid.className };

  const run = async (approve: boolean, comment?: string) => {
    setError(null);
    try {
      await decide.mutateAsync({ ...sheet, approve, comment });
      toast.success(approve ? p.approved : p.returned, { description: g.grid.title(what.subject, what.stream) });
      setMode(null);
      onDone();
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : p.decisionFailed;
      if (approve) {
        toast.error(p.decisionFailed, { description: message });
        setMode(null);
      } else setError(message);
    }
  };

  return (
    <>
      <div className="grid grid-cols-2 gap-2 max-sm:w-full sm:flex">
        <Button variant="outline" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={() => (setError(null), setMode('return'))} data-testid="sheet-return">
          <Undo2 aria-hidden />
          {p.return}
        </Button>
        <Button className={APPROVE_BUTTON_CLASS} onClick={() => setMode('approve')} data-testid="sheet-approve">
          <Check aria-hidden />
          {p.approve}
        </Button>
      </div>
      <ConfirmDialog
        open={mode === 'approve'}
        tone="success"
        icon={Check}
        title={p.approveTitle}
        text={p.approveText(what.subject, what.stream)}
        cancelLabel={g.common.cancel}
        confirmLabel={p.approve}
        pending={decide.isPending}
        onCancel={() => setMode(null)}
        onConfirm={() => void run(true)}
        testId="approve-dialog"
        confirmTestId="approve-confirm"
      />
      <ReturnDialog
        open={mode === 'return'}
        subject={what.subject}
        stream={what.stream}
        pending={decide.isPending}
        error={error}
        onCancel={() => setMode(null)}
        onConfirm={(comment) => void run(false, comment)}
      />
    </>
  );
}

const COMMENT_MAX = 1000;

/** Asks for the comment the teacher gets back with a returned sheet; `onConfirm` gets it trimmed. */
function ReturnDialog({ open, subject, stream, pending, error, onCancel, onConfirm }: SheetDialogProps & { onConfirm: (comment: string) => void }) {
  return (
    <TextReasonDialog
      open={open}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
      failure={{ message: error, title: p.decisionFailed, testId: 'return-error' }}
      copy={{
        icon: Undo2,
        tone: 'danger',
        title: p.returnTitle,
        text: p.returnText(subject, stream),
        label: p.comment,
        placeholder: p.commentPlaceholder,
        confirmLabel: p.return,
        cancelLabel: g.common.cancel,
        max: COMMENT_MAX,
        tooLong: p.commentTooLong,
        required: messages.assessment.commentRequired,
        rows: 4,
        fieldId: 'return-comment',
        name: 'return',
        inputTestId: 'return-comment',
        clearOnOpen: true,
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// All sheets

type SetParams = (changes: Record<string, string | null>) => void;

/** The exam of the sheets and change-log tabs: the one in the address, else the first open one. */
function useChosenExam(examId: string | null) {
  const exams = useExams();
  const items = exams.data?.items ?? [];
  const chosen = items.find((e) => e.id === examId) ?? items.find((e) => e.status === 'open') ?? items[0] ?? null;
  return { exams, items, chosen };
}

function ExamPicker({ value, items, onChange }: { value: string | null; items: { id: string; name: string; termName: string; academicYear: string }[]; onChange: (id: string) => void }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor="grades-exam" className="text-xs text-muted-foreground">
        {p.examLabel}
      </Label>
      <Select value={value ?? undefined} onValueChange={onChange}>
        <SelectTrigger id="grades-exam" className="w-full sm:w-80" data-testid="grades-exam">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {items.map((e) => (
            <SelectItem key={e.id} value={e.id}>
              {e.name} · {e.termName} {e.academicYear}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function NoExams({ loading, testId }: { loading: boolean; testId: string }) {
  if (loading) return <Skeleton className="h-72 w-full rounded-xl" />;
  return (
    <EmptyStateCard icon={Layers} title={p.noExams} hint={p.noExamsHint} testId={testId} />
  );
}

function SheetsTab({
  examId,
  status,
  stream,
  setParams,
  onOpen,
}: {
  examId: string | null;
  status: string | null;
  stream: string | null;
  setParams: SetParams;
  onOpen: (s: SheetRef) => void;
}) {
  const { exams, items, chosen } = useChosenExam(examId);
  const statusFilter = (SHEET_STATUSES as readonly string[]).includes(status ?? '') ? (status as SheetStatus) : '';
  const sheets = useSheets(chosen?.id ?? null, statusFilter || undefined);
  // Streams of the exam (from its sheets), to narrow a long list to one stream.
  const streams = React.useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of sheets.data?.items ?? []) seen.set(s.classId, s.className);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [sheets.data]);
  const streamFilter = stream && streams.some((x) => x.value === stream) ? stream : '';
  const shown = React.useMemo(() => (sheets.data ? sheets.data.items.filter((s) => !streamFilter || s.classId === streamFilter) : undefined), [sheets.data, streamFilter]);
  const open = React.useCallback((s: MarkSheet) => chosen && onOpen({ examId: chosen.id, classId: s.classId, subjectId: s.subjectId }), [chosen, onOpen]);

  const columns = React.useMemo<ColumnDef<MarkSheet, unknown>[]>(
    () => [
      { id: 'stream', header: p.columns.stream, meta: { alwaysVisible: true }, cell: ({ row }) => <span className="font-medium whitespace-nowrap">{row.original.className}</span> },
      { id: 'subject', header: p.columns.subject, cell: ({ row }) => row.original.subjectName },
      { id: 'teacher', header: p.columns.teacher, cell: ({ row }) => row.original.teacherName ?? <span className="text-muted-foreground">{p.noTeacher}</span> },
      { id: 'progress', header: p.columns.progress, meta: { className: 'w-48' }, cell: ({ row }) => <MarkedBar marked={row.original.marked} learners={row.original.learners} /> },
      { id: 'status', header: p.columns.status, cell: ({ row }) => <SheetStatusPill sheet={row.original} /> },
      {
        id: 'action',
        header: '',
        meta: { alwaysVisible: true, className: 'text-right w-px' },
        cell: ({ row }) => (
          <Button size="sm" variant="ghost" onClick={() => open(row.original)} data-testid="sheet-open">
            {p.open}
            <ArrowRight aria-hidden />
          </Button>
        ),
      },
    ],
    [open],
  );

  if (!chosen) return <NoExams loading={exams.isPending} testId="grades-no-exams" />;
  return (
    <DataTable
      id="grades-sheets"
      columns={columns}
      data={shown}
      getRowId={(s) => `${s.classId}:${s.subjectId}`}
      fetching={sheets.isFetching}
      error={sheets.error}
      errorTitle={g.common.loadFailed}
      onRetry={() => void sheets.refetch()}
      empty={{ icon: Layers, title: p.sheetsEmpty, hint: p.sheetsEmptyHint }}
      rowTestId="sheets-row"
      minWidth={760}
      onRowClick={open}
      toolbar={
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <ExamPicker value={chosen.id} items={items} onChange={(id) => setParams({ exam: id, stream: null })} />
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="grades-status" className="text-xs text-muted-foreground">
              {p.statusLabel}
            </Label>
            <FilterSelect
              id="grades-status"
              value={statusFilter}
              onChange={(v) => setParams({ status: v || null })}
              all={p.allStatuses}
              options={SHEET_STATUSES.map((s) => ({ value: s, label: p.statusOptions[s] }))}
              className="sm:w-48"
              testId="grades-status"
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="grades-stream" className="text-xs text-muted-foreground">
              {p.streamLabel}
            </Label>
            <FilterSelect id="grades-stream" value={streamFilter} onChange={(v) => setParams({ stream: v || null })} all={p.allStreams} options={streams} className="sm:w-44" testId="grades-stream" />
          </div>
          <div className="pb-2 sm:ml-auto">
            <WindowBadge state={chosen.entryState} opensOn={chosen.entryOpensOn} closesOn={chosen.entryClosesOn} released={chosen.status === 'released'} />
          </div>
        </div>
      }
      renderCard={(s) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <NameLines name={s.subjectName} detail={<>{s.className} · {s.teacherName ?? p.noTeacher}</>} />
            <SheetStatusPill sheet={s} />
          </div>
          <MarkedBar marked={s.marked} learners={s.learners} />
        </div>
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Change log

const markText = (status: string | null, score: number | null) =>
  status === 'absent' ? g.grid.absentShort : status === 'exempt' ? g.grid.exemptShort : score === null ? g.common.dash : String(score);

function Change({ e }: { e: GradeAuditEntry }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums" data-testid="log-change">
      <span className="text-muted-foreground line-through decoration-muted-foreground/40">{markText(e.oldStatus, e.oldScore)}</span>
      <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden />
      <span className="font-semibold">{markText(e.newStatus, e.newScore)}</span>
    </span>
  );
}

function ChangeLogTab({ examId, setParams }: { examId: string | null; setParams: SetParams }) {
  const { exams, items, chosen } = useChosenExam(examId);
  const log = useGradeAudit(chosen?.id ?? null);
  const columns = React.useMemo<ColumnDef<GradeAuditEntry, unknown>[]>(
    () => [
      {
        id: 'learner',
        header: p.columns.learner,
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate font-medium">{row.original.studentName}</p>
            <p className="font-mono text-[11px] text-muted-foreground">{row.original.admissionNumber}</p>
          </div>
        ),
      },
      { id: 'subject', header: p.columns.subject, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.subjectName}</span> },
      { id: 'change', header: p.columns.change, cell: ({ row }) => <Change e={row.original} /> },
      { id: 'reason', header: p.columns.reason, meta: { className: 'min-w-56' }, cell: ({ row }) => <span className="line-clamp-2">{row.original.reason}</span> },
      { id: 'changedBy', header: p.columns.changedBy, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.changedBy ?? p.unknownUser}</span> },
      { id: 'changedAt', header: p.columns.changedAt, cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground">{formatDateTime(row.original.changedAt)}</span> },
    ],
    [],
  );
  if (!chosen) return <NoExams loading={exams.isPending} testId="grades-log-no-exams" />;
  return (
    <DataTable
      id="grades-log"
      columns={columns}
      data={log.data?.items}
      getRowId={(e) => e.id}
      fetching={log.isFetching}
      error={log.error}
      errorTitle={g.common.loadFailed}
      onRetry={() => void log.refetch()}
      empty={{ icon: History, title: p.logEmpty, hint: p.logEmptyHint }}
      rowTestId="log-row"
      minWidth={820}
      toolbar={<ExamPicker value={chosen.id} items={items} onChange={(id) => setParams({ exam: id })} />}
      renderCard={(e) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start justify-between gap-3">
            <NameLines name={e.studentName} detail={<>{e.subjectName} · <span className="font-mono">{e.admissionNumber}</span></>} />
            <Change e={e} />
          </div>
          <p className="text-sm">{e.reason}</p>
          <p className="text-xs text-muted-foreground">
            {e.changedBy ?? p.unknownUser} · {formatDateTime(e.changedAt)}
          </p>
        </div>
      )}
    />
  );
}

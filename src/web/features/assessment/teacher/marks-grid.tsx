import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowLeft, Info, Keyboard, Lock, MessageSquareWarning, Send, Users } from 'lucide-react';
import type { MarkInput, MarkRow, MarksGrid as Grid, MarkStatus } from '@shared/contracts/assessment';
import { bandFor, percentOf, roundHalfUp } from '@shared/grading';
import { messages } from '@shared/messages';
import { HeadCells } from '@/components/head-cells';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useMarksGrid } from '../api/assessment';
import { marksGridKey, useMarksAutosave, useSubmitSheet, type SheetRef } from '../api/grades';
import { absentText, exemptText, pastedRows, readRow, sameValue, savedTexts, savedValue, textsKey, tokenOf, type RowValue, type Subject, type ViewRow } from './marks-cells';
import { SheetStatusPill } from './sheet-widgets';
import { useMarksOutbox } from './use-marks-outbox';
import { th, readOnlyNotice, GridRow, SaveStatus, SummaryStrip, SubmitDialog, ReasonDialog } from './marks-grid-parts';

const g = messages.gradesScreens;
const am = messages.assessment;

/**
 * The marks grid of one stream x subject x exam (issue 12 §3), for the teacher and the principal:
 * spreadsheet keys, paste a column from Excel, live grade, inline validation in the server's words,
 * autosave of the changed rows with retries, submit for approval, and a reason before approved marks
 * change. Unsaved rows are kept on the device (./marks-outbox.ts, per user and sheet): after a reload,
 * online or not, they are laid over the saved marks again, shown as waiting, and sent once online with
 * the same Idempotency-Key as before; a refusal (submitted, locked, window closed) shows the server's
 * message and the rows stay for the teacher to look at. `actions` adds buttons to the header (the principal's Approve / Return).
 */
export function MarksGrid({
  sheet,
  onBack,
  backLabel,
  actions,
  reviewer = false,
}: {
  sheet: SheetRef;
  onBack: () => void;
  backLabel: string;
  actions?: (grid: Grid) => React.ReactNode;
  /** The principal's view: a submitted sheet reads as "review it" rather than "wait". */
  reviewer?: boolean;
}) {
  const query = useMarksGrid(sheet.examId, sheet.classId, sheet.subjectId);
  const back = (
    <Button variant="ghost" size="sm" className="-ml-2 self-start text-muted-foreground" onClick={onBack} data-testid="marks-back">
      <ArrowLeft aria-hidden />
      {backLabel}
    </Button>
  );
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true" data-testid="marks-grid-loading">
        {back}
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <QueryErrorCard query={query} title={g.common.loadFailed} retryLabel={g.common.tryAgain} testId="marks-grid-error" />
      </div>
    );
  }
  return (
    <GridView
      key={`${sheet.examId}:${sheet.classId}:${sheet.subjectId}`}
      grid={query.data!}
      sheet={sheet}
      back={back}
      actions={actions}
      reviewer={reviewer}
      refetch={() => void query.refetch()}
    />
  );
}

type Edits = Record<string, string[]>;
type Rejected = Record<string, { key: string; errors: (string | null)[] }>;

/** The rows as they stand: saved marks with the teacher's edits over them, each read and checked. */
function viewRows(gridRows: MarkRow[], subject: Subject, edits: Edits, rejected: Rejected, canClear: boolean): ViewRow[] {
  return gridRows.map((row, index) => {
    const edit = edits[row.studentId];
    const texts = edit ?? savedTexts(row, subject);
    const saved = savedValue(row, subject);
    const value = edit ? readRow(edit, subject) : saved;
    const dirty = !!edit && !sameValue(value, saved);
    let errors: (string | null)[] = texts.map(() => null);
    if (value.kind === 'invalid') errors = value.errors;
    // Blanking a saved mark removes it (no mark, not zero); approved marks can only be corrected.
    else if (dirty && value.kind === 'empty' && !canClear) errors = texts.map((_, i) => (i === 0 ? am.cannotClearApproved : null));
    const refused = rejected[row.studentId];
    if (dirty && refused && refused.key === textsKey(texts) && value.kind === 'mark') errors = refused.errors;
    return { row, index, texts, value, dirty, errors };
  });
}

/** The marks to send: changed rows readable as a mark and not refused by the server as they stand. */
function marksToSend(rows: ViewRow[]): MarkInput[] {
  return rows
    .filter((r) => r.dirty && (r.value.kind === 'mark' || r.value.kind === 'empty') && r.errors.every((e) => !e))
    .map((r): MarkInput => {
      if (r.value.kind === 'empty') return { studentId: r.row.studentId, status: 'present', score: null, clear: true };
      const v = r.value as Extract<RowValue, { kind: 'mark' }>;
      return v.status === 'present'
        ? { studentId: r.row.studentId, status: 'present', score: v.score, ...(v.paperScores ? { paperScores: v.paperScores } : {}) }
        : { studentId: r.row.studentId, status: v.status, score: null };
    });
}

function GridView({
  grid,
  sheet,
  back,
  actions,
  reviewer,
  refetch,
}: {
  grid: Grid;
  sheet: SheetRef;
  back: React.ReactNode;
  actions?: (grid: Grid) => React.ReactNode;
  reviewer: boolean;
  refetch: () => void;
}) {
  const subject = grid.subject;
  const papers = subject.papers.length > 1 ? subject.papers : [{ name: g.grid.mark, maxMarks: subject.maxMarks }];
  const multi = subject.papers.length > 1;
  const qc = useQueryClient();
  const device = useMarksOutbox(sheet);
  // Edits and refusals live in refs too, so a save reads them fresh (not as of the last render).
  const [edits, setEditsState] = React.useState<Edits>(() => device.restored ?? {});
  const editsRef = React.useRef<Edits>(edits);
  const setEdits = React.useCallback((fn: (prev: Edits) => Edits) => {
    editsRef.current = fn(editsRef.current);
    setEditsState(editsRef.current);
  }, []);
  const [rejected, setRejectedState] = React.useState<Rejected>({});
  const rejectedRef = React.useRef<Rejected>({});
  const [reasonOpen, setReasonOpen] = React.useState(false);
  const [submitOpen, setSubmitOpen] = React.useState(false);
  const tableRef = React.useRef<HTMLTableElement>(null);
  const editable = grid.canEdit;

  const rows = React.useMemo(() => viewRows(grid.rows, subject, edits, rejected, !grid.needsReason), [grid.rows, edits, rejected, subject, grid.needsReason]);

  /** The current rows, from the cached grid (updated by each save) and the edits. */
  const freshRows = React.useCallback(() => {
    const cached = qc.getQueryData<Grid>(marksGridKey(sheet)) ?? grid;
    return viewRows(cached.rows, cached.subject, editsRef.current, rejectedRef.current, !cached.needsReason);
  }, [qc, sheet, grid]);
  const collect = React.useCallback(() => marksToSend(freshRows()), [freshRows]);

  const onRejected = React.useCallback(
    (sent: MarkInput[], err: ApiError) => {
      const current = freshRows();
      const next: Rejected = {};
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        const m = /^marks\.(\d+)\.(score|paperScores)(?:\.(\d+))?$/.exec(field);
        const sentRow = m ? sent[Number(m[1])] : undefined;
        const view = sentRow && current.find((r) => r.row.studentId === sentRow.studentId);
        if (!m || !sentRow || !view) continue;
        const errors = next[sentRow.studentId]?.errors ?? view.texts.map(() => null);
        errors[m[3] ? Number(m[3]) : 0] = message;
        next[sentRow.studentId] = { key: textsKey(view.texts), errors };
      }
      rejectedRef.current = { ...rejectedRef.current, ...next };
      setRejectedState(rejectedRef.current);
    },
    [freshRows],
  );

  const autosave = useMarksAutosave({ sheet, collect, onRejected, onConflict: refetch, auto: !grid.needsReason, outbox: device.outbox });

  // The marks waiting to be saved go to the device on every change: changed rows that can be sent (not
  // typed wrong, not refused by the server; rows back to their saved value are dropped).
  const { keep } = device;
  React.useEffect(() => {
    keep(Object.fromEntries(rows.filter((r) => r.dirty && r.errors.every((e) => !e)).map((r) => [r.row.studentId, r.texts])));
  }, [rows, keep]);
  // Rows kept from before a reload are sent at once (offline: once the browser is back online).
  const { flush } = autosave;
  const restoredOnMount = React.useRef(!!device.restored);
  React.useEffect(() => {
    if (restoredOnMount.current) void flush();
    restoredOnMount.current = false;
  }, [flush]);

  const dirtyRows = rows.filter((r) => r.dirty);
  const invalidCount = rows.filter((r) => r.errors.some(Boolean)).length;
  const unsaved = dirtyRows.length - dirtyRows.filter((r) => r.errors.some(Boolean)).length;

  // Leaving the page with marks not yet saved asks first (unless they are kept on the device).
  const unsavedRef = React.useRef(false);
  const leaving = !device.enabled && (unsaved > 0 || autosave.state.kind === 'saving');
  React.useEffect(() => {
    unsavedRef.current = leaving;
  }, [leaving]);
  React.useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!unsavedRef.current) return;
      e.preventDefault();
      e.returnValue = g.save.leaveWarning;
      return g.save.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const setTexts = (studentId: string, texts: string[]) => {
    setEdits((prev) => ({ ...prev, [studentId]: texts }));
    autosave.schedule();
  };

  const changeCell = (view: ViewRow, paper: number, text: string) => {
    const next = [...view.texts];
    next[paper] = text;
    // A number typed beside an "ABS"/"X" ends the absence; a token makes the row absent/exempt.
    if (!tokenOf(text)) for (let i = 0; i < next.length; i++) if (i !== paper && tokenOf(next[i]!)) next[i] = '';
    if (tokenOf(text)) for (let i = 0; i < next.length; i++) if (i !== paper) next[i] = '';
    setTexts(view.row.studentId, next);
  };

  const setStatus = (view: ViewRow, status: MarkStatus) => {
    const blank = view.texts.map(() => '');
    if (status === 'absent') setTexts(view.row.studentId, [absentText(), ...blank.slice(1)]);
    else if (status === 'exempt') setTexts(view.row.studentId, [exemptText(), ...blank.slice(1)]);
    else {
      if (view.texts.some((t) => tokenOf(t))) setTexts(view.row.studentId, blank);
      focusCell(view.index, 0);
    }
  };

  const focusCell = (r: number, c: number) => {
    const input = tableRef.current?.querySelector<HTMLInputElement>(`input[data-r="${r}"][data-c="${c}"]`);
    if (input) {
      input.focus();
      input.select();
    }
  };

  /** "a" becomes "ABS", "ex" becomes "X" once the teacher leaves the cell. */
  const normalize = (view: ViewRow, paper: number) => {
    const t = view.texts[paper] ?? '';
    const token = tokenOf(t);
    const canonical = token === 'absent' ? absentText() : token === 'exempt' ? exemptText() : t.trim();
    if (canonical !== t && edits[view.row.studentId]) {
      const next = [...view.texts];
      next[paper] = canonical;
      setEdits((prev) => ({ ...prev, [view.row.studentId]: next }));
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>, view: ViewRow, paper: number) => {
    if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const up = e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey);
      const target = view.index + (up ? -1 : 1);
      if (target >= 0 && target < rows.length) focusCell(target, paper);
    }
  };

  const onPaste = (e: React.ClipboardEvent<HTMLInputElement>, view: ViewRow, paper: number) => {
    if (!editable) return;
    const text = e.clipboardData.getData('text/plain');
    if (!/[\n\t]/.test(text.replace(/\r?\n$/, ''))) return; // one value: the browser pastes it
    e.preventDefault();
    const lines = pastedRows(text);
    const next: Record<string, string[]> = {};
    let filled = 0;
    lines.forEach((cells, i) => {
      const target = rows[view.index + i];
      if (!target) return;
      const texts = [...(next[target.row.studentId] ?? target.texts)];
      const token = cells.find((c) => c === absentText() || c === exemptText());
      if (token) {
        texts.fill('');
        texts[0] = token;
      } else {
        if (texts.some((t) => tokenOf(t))) texts.fill('');
        cells.forEach((c, j) => {
          if (paper + j < texts.length) texts[paper + j] = c;
        });
      }
      next[target.row.studentId] = texts;
      filled += 1;
    });
    setEdits((prev) => ({ ...prev, ...next }));
    autosave.schedule();
    const overflow = lines.length - filled;
    toast.success(g.grid.pasted(filled), overflow > 0 ? { description: g.grid.pastedOverflow(overflow) } : undefined);
    focusCell(Math.min(rows.length - 1, view.index + filled - 1), paper);
  };

  // Summary: the marks as they stand on screen (saved or typed).
  const summary = React.useMemo(() => {
    let present = 0;
    let absent = 0;
    let exempt = 0;
    let sum = 0;
    const counts = new Map<string, number>();
    for (const r of rows) {
      if (r.value.kind !== 'mark' || r.errors.some(Boolean)) continue;
      if (r.value.status === 'absent') absent += 1;
      else if (r.value.status === 'exempt') exempt += 1;
      else if (r.value.score !== null) {
        present += 1;
        const pct = percentOf(r.value.score, subject.maxMarks);
        sum += pct;
        const band = bandFor(grid.scale.bands, pct);
        counts.set(band.code, (counts.get(band.code) ?? 0) + 1);
      }
    }
    const learners = rows.length;
    return { learners, present, absent, exempt, missing: learners - present - absent - exempt, mean: present ? roundHalfUp(sum / present, 2) : null, counts };
  }, [rows, subject.maxMarks, grid.scale.bands]);

  const submit = useSubmitSheet();
  const [submitError, setSubmitError] = React.useState<string | null>(null);
  const doSubmit = async () => {
    setSubmitError(null);
    try {
      // Everything typed is saved first (a save in flight may leave a second batch behind it).
      for (let i = 0; i < 3 && collect().length > 0; i++) await autosave.flush();
      if (collect().length > 0) throw new Error(g.save.pending(collect().length));
      await submit.mutateAsync(sheet);
      toast.success(g.submit.done, { description: g.grid.title(subject.name, grid.className) });
      setSubmitOpen(false);
    } catch (err) {
      setSubmitError(err instanceof Error ? err.message : g.submit.failed);
    }
  };

  const canSubmit = editable && !grid.needsReason && (grid.sheet.status === 'draft' || grid.sheet.status === 'returned');
  const notice = readOnlyNotice(grid, reviewer);

  return (
    <section className="flex min-w-0 flex-col gap-4" data-testid="marks-grid" data-can-edit={editable || undefined} data-sheet-status={grid.sheet.status}>
      {back}
      <div className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold tracking-tight" data-testid="marks-grid-title">
                {g.grid.title(subject.name, grid.className)}
              </h2>
              <SheetStatusPill sheet={grid.sheet} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              <span className="font-medium text-foreground/80">{grid.exam.name}</span>
              <span aria-hidden> · </span>
              {g.grid.scaleLine(subject.maxMarks, grid.scale.name)}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 lg:justify-end">
            {(editable || unsaved > 0 || autosave.state.kind !== 'idle') && (
              <SaveStatus
                state={autosave.state}
                unsaved={unsaved}
                invalid={invalidCount}
                needsReason={grid.needsReason}
                kept={device.enabled}
                onRetry={autosave.retryNow}
                onSaveWithReason={() => setReasonOpen(true)}
              />
            )}
            {actions?.(grid)}
            {canSubmit && (
              <Button onClick={() => (setSubmitError(null), setSubmitOpen(true))} data-testid="submit-marks" className="max-sm:w-full">
                <Send aria-hidden />
                {g.submit.button}
              </Button>
            )}
          </div>
        </div>
        {grid.sheet.status === 'returned' && grid.sheet.comment && (
          <div className="flex gap-3 rounded-lg border border-amber-500/30 bg-amber-500/8 p-3 text-sm" data-testid="returned-comment">
            <MessageSquareWarning className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
            <div className="min-w-0">
              <p className="font-medium">{g.returned.title}</p>
              <p className="mt-0.5 break-words">{grid.sheet.comment}</p>
              {grid.sheet.decidedBy && grid.sheet.decidedAt && <p className="mt-1 text-xs text-muted-foreground">{g.returned.by(grid.sheet.decidedBy, formatDateTime(grid.sheet.decidedAt))}</p>}
            </div>
          </div>
        )}
        {notice && (
          <div className={cn('flex gap-3 rounded-lg border p-3 text-sm', notice.tone === 'info' ? 'border-sky-500/25 bg-sky-500/6' : 'bg-muted/50')} data-testid="read-only-notice">
            {notice.tone === 'info' ? <Info className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-400" aria-hidden /> : <Lock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />}
            <p className="min-w-0">{notice.text}</p>
          </div>
        )}
        <SummaryStrip summary={summary} bands={grid.scale.bands} />
      </div>

      <div className="min-w-0 overflow-hidden rounded-xl border bg-card shadow-sm">
        {editable && (
          <p className="flex items-center gap-2 border-b bg-muted/30 px-4 py-2 text-xs text-muted-foreground">
            <Keyboard className="size-3.5 shrink-0" aria-hidden />
            <span className="hidden sm:inline">{g.grid.hint}</span>
            <span className="sm:hidden">{g.grid.hintShort}</span>
          </p>
        )}
        {rows.length === 0 ? (
          <div className="p-4">
            <EmptyListState icon={Users} title={g.grid.noLearners} hint={g.grid.noLearnersHint} testId="marks-grid-empty" />
          </div>
        ) : (
          <div className="max-w-full overflow-auto md:max-h-[calc(100svh-14rem)]" data-testid="marks-grid-scroll">
            <table ref={tableRef} className="w-full border-separate border-spacing-0 text-sm" aria-label={g.grid.caption(subject.name, grid.className, grid.exam.name)}>
              <thead className="sticky top-0 z-20">
                <tr className="text-left text-xs font-medium text-muted-foreground">
                  <HeadCells
                    th={th}
                    cols={[
                      { label: g.grid.number, className: 'w-10 pr-1 text-right' },
                      { label: g.grid.admission, className: 'hidden w-32 md:table-cell' },
                      { label: g.grid.learner, className: 'sticky left-0 z-10 min-w-36 max-md:shadow-[inset_-1px_0_0_var(--border)] sm:min-w-48' },
                    ]}
                  />
                  {papers.map((p, i) => (
                    <th key={i} scope="col" className={cn(th, 'text-right')}>
                      {multi ? g.grid.paperHeader(p.name, p.maxMarks) : g.grid.markHeader(subject.maxMarks)}
                    </th>
                  ))}
                  {multi && (
                    <th scope="col" className={cn(th, 'text-right')}>
                      {g.grid.totalHeader(subject.maxMarks)}
                    </th>
                  )}
                  <HeadCells th={th} cols={[{ label: g.grid.status }, { label: g.grid.percent, className: 'text-right' }, { label: g.grid.grade, className: 'w-full min-w-44' }]} />
                </tr>
              </thead>
              <tbody>
                {rows.map((view) => (
                  <GridRow
                    key={view.row.studentId}
                    view={view}
                    papers={papers}
                    multi={multi}
                    editable={editable}
                    max={subject.maxMarks}
                    bands={grid.scale.bands}
                    onChange={changeCell}
                    onStatus={setStatus}
                    onKeyDown={onKeyDown}
                    onPaste={onPaste}
                    onBlur={normalize}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <SubmitDialog
        open={submitOpen}
        subject={subject.name}
        stream={grid.className}
        summary={summary}
        invalid={invalidCount}
        unsaved={unsaved}
        pending={submit.isPending || autosave.state.kind === 'saving'}
        error={submitError}
        onCancel={() => setSubmitOpen(false)}
        onConfirm={() => void doSubmit()}
      />
      <ReasonDialog
        open={reasonOpen}
        count={unsaved}
        pending={autosave.state.kind === 'saving'}
        onCancel={() => setReasonOpen(false)}
        onConfirm={async (reason) => {
          await autosave.flush(reason);
          setReasonOpen(false);
        }}
      />
    </section>
  );
}

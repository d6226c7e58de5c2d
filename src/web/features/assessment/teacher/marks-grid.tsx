import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AlertCircle, ArrowLeft, Check, CheckCircle2, ChevronDown, CloudOff, Info, Keyboard, Loader2, Lock, MessageSquareWarning, RefreshCw, Send, Users } from 'lucide-react';
import type { MarkInput, MarkRow, MarkSheet, MarksGrid as Grid, MarkStatus } from '@shared/contracts/assessment';
import { bandFor, gradeLabel, percentOf, roundHalfUp, type GradeBand } from '@shared/grading';
import { messages } from '@shared/messages';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime } from '@/lib/format';
import { Pill, type Tone } from '@/components/status-pill';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useMarksGrid } from '../api/assessment';
import { marksGridKey, useMarksAutosave, useSubmitSheet, type SaveState, type SheetRef } from '../api/grades';
import { GradeBadge } from '../components/grade-badge';

const g = messages.gradesScreens;
const am = messages.assessment;
const numberFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });
const fmt = (n: number) => numberFormat.format(n);

// ---------------------------------------------------------------------------------------------
// Cells: what a teacher types, read as a mark (pure).

const ABSENT_TEXT = g.grid.absentShort;
const EXEMPT_TEXT = g.grid.exemptShort;

/** "a", "ab", "abs", "absent" → absent; "x", "e", "ex", "exempt" → exempt (any case). */
function tokenOf(text: string): 'absent' | 'exempt' | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  if ('absent'.startsWith(t)) return 'absent';
  if (t === 'x' || 'exempt'.startsWith(t)) return 'exempt';
  return null;
}

/** One typed number against its maximum: the number, or the server's wording for what is wrong. */
function readNumber(text: string, max: number): { value: number | null; error: string | null } {
  const t = text.trim();
  if (!t) return { value: null, error: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { value: null, error: am.scoreNotNumber };
  const value = Number(t);
  if (value < 0) return { value: null, error: am.scoreNegative };
  if ((t.split('.')[1] ?? '').length > 2) return { value: null, error: g.grid.tooManyDecimals };
  if (value > max) return { value: null, error: am.scoreAboveMax(max) };
  return { value, error: null };
}

type RowValue =
  | { kind: 'empty' }
  | { kind: 'invalid'; errors: (string | null)[] }
  | { kind: 'mark'; status: MarkStatus; score: number | null; paperScores: (number | null)[] | null };

interface Subject {
  papers: { name: string; maxMarks: number }[];
  maxMarks: number;
}

/** The inputs of a row (one per paper) read as one mark. */
export function readRow(texts: string[], subject: Subject): RowValue {
  const token = texts.map(tokenOf).find((t) => t !== null);
  if (token) return { kind: 'mark', status: token, score: null, paperScores: null };
  const multi = subject.papers.length > 1;
  const read = texts.map((t, i) => readNumber(t, multi ? (subject.papers[i]?.maxMarks ?? subject.maxMarks) : subject.maxMarks));
  if (read.some((r) => r.error)) return { kind: 'invalid', errors: read.map((r) => r.error) };
  if (read.every((r) => r.value === null)) return { kind: 'empty' };
  if (!multi) return { kind: 'mark', status: 'present', score: read[0]!.value, paperScores: null };
  const paperScores = read.map((r) => r.value);
  const score = roundHalfUp(paperScores.reduce<number>((s, p) => s + (p ?? 0), 0), 2);
  if (score > subject.maxMarks) return { kind: 'invalid', errors: texts.map((_, i) => (i === 0 ? am.scoreAboveMax(subject.maxMarks) : null)) };
  return { kind: 'mark', status: 'present', score, paperScores };
}

/** The saved mark of a row as the same shape. */
function savedValue(row: MarkRow, subject: Subject): RowValue {
  if (!row.status) return { kind: 'empty' };
  if (row.status !== 'present') return { kind: 'mark', status: row.status, score: null, paperScores: null };
  return { kind: 'mark', status: 'present', score: row.score, paperScores: subject.papers.length > 1 ? (row.paperScores ?? null) : null };
}

/** The saved mark as the texts of the row's inputs. */
function savedTexts(row: MarkRow, subject: Subject): string[] {
  const n = subject.papers.length;
  const blank = Array.from({ length: n }, () => '');
  if (row.status === 'absent') return [ABSENT_TEXT, ...blank.slice(1)];
  if (row.status === 'exempt') return [EXEMPT_TEXT, ...blank.slice(1)];
  if (row.status !== 'present') return blank;
  if (n > 1) return row.paperScores ? blank.map((_, i) => (row.paperScores![i] == null ? '' : String(row.paperScores![i]))) : blank;
  return [row.score == null ? '' : String(row.score)];
}

const sameValue = (a: RowValue, b: RowValue) =>
  a.kind === b.kind &&
  (a.kind !== 'mark' || (b.kind === 'mark' && a.status === b.status && a.score === b.score && JSON.stringify(a.paperScores) === JSON.stringify(b.paperScores)));

const textsKey = (texts: string[]) => texts.join('\u0001');

/** A pasted clipboard text as rows of cells ("ABS", "x", "" and numbers; tabs split papers). */
function pastedRows(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.map((line) =>
    line.split('\t').map((cell) => {
      const t = cell.trim();
      const token = tokenOf(t);
      return token === 'absent' ? ABSENT_TEXT : token === 'exempt' ? EXEMPT_TEXT : t;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Statuses shared by the lists (teacher and principal).

/** Not started / In progress n/N / Submitted / Returned / Approved, with its colour. */
export function sheetStatusOf(s: Pick<MarkSheet, 'status' | 'marked' | 'learners'>): { label: string; tone: Tone } {
  if (s.status === 'submitted') return { label: g.sheetStatus.submitted, tone: 'violet' };
  if (s.status === 'returned') return { label: g.sheetStatus.returned, tone: 'red' };
  if (s.status === 'approved') return { label: g.sheetStatus.approved, tone: 'green' };
  if (s.marked === 0) return { label: g.sheetStatus.notStarted, tone: 'grey' };
  return { label: g.sheetStatus.inProgress(s.marked, s.learners), tone: 'sky' };
}

export function SheetStatusPill({ sheet, className }: { sheet: Pick<MarkSheet, 'status' | 'marked' | 'learners'>; className?: string }) {
  const { label, tone } = sheetStatusOf(sheet);
  return (
    <span data-testid="sheet-status" data-status={sheet.status} className="inline-flex">
      <Pill tone={tone} className={className}>
        {label}
      </Pill>
    </span>
  );
}

/** "Entry open until 23 Jan 2027" / "Closed" / "Opens 15 Jun 2026" / "Released". */
export function WindowBadge({
  state,
  opensOn,
  closesOn,
  released,
}: {
  state: 'not_yet' | 'open' | 'closed';
  opensOn?: string | null;
  closesOn?: string | null;
  released?: boolean;
}) {
  if (released) return <Pill tone="indigo" testId="window-badge">{g.windowState.released}</Pill>;
  if (state === 'open') return <Pill tone="green" testId="window-badge">{closesOn ? g.windowState.open(formatDate(closesOn)) : g.windowState.openNoDate}</Pill>;
  if (state === 'not_yet') return <Pill tone="sky" testId="window-badge">{opensOn ? g.windowState.notYet(formatDate(opensOn)) : g.windowState.notYetNoDate}</Pill>;
  return <Pill tone="grey" testId="window-badge">{g.windowState.closed}</Pill>;
}

/** A thin progress bar of marks entered. */
export function MarkedBar({ marked, learners, className }: { marked: number; learners: number; className?: string }) {
  const share = learners > 0 ? Math.min(1, marked / learners) : 0;
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <div className="h-1.5 min-w-12 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className={cn('h-full rounded-full', share >= 1 ? 'bg-emerald-500' : 'bg-primary/70')} style={{ width: `${share * 100}%` }} />
      </div>
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {marked}/{learners}
      </span>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The grid.

/** `?sheet=<examId>~<classId>~<subjectId>`: the open mark sheet, kept in the address (reload, back). */
export function useOpenSheet(): [SheetRef | null, (s: SheetRef | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sheet');
  const sheet = React.useMemo(() => {
    const parts = raw?.split('~') ?? [];
    return parts.length === 3 && parts.every(Boolean) ? { examId: parts[0]!, classId: parts[1]!, subjectId: parts[2]! } : null;
  }, [raw]);
  const open = React.useCallback(
    (s: SheetRef | null) =>
      setParams((prev) => {
        const q = new URLSearchParams(prev);
        if (s) q.set('sheet', `${s.examId}~${s.classId}~${s.subjectId}`);
        else q.delete('sheet');
        return q;
      }),
    [setParams],
  );
  return [sheet, open];
}


interface ViewRow {
  row: MarkRow;
  index: number;
  texts: string[];
  value: RowValue;
  /** The row differs from what is saved. */
  dirty: boolean;
  /** Per input: the reason it cannot be saved (typed wrong, cleared after saving, refused by the server). */
  errors: (string | null)[];
}

const rankOf = (bands: readonly GradeBand[], code: string) => [...bands].sort((a, b) => b.min - a.min).findIndex((b) => b.code === code);

/**
 * The marks grid of one stream x subject x exam (issue 12 §3), for the teacher and the principal:
 * spreadsheet keys, paste a column from Excel, live grade, inline validation in the server's words,
 * autosave of the changed rows with retries, submit for approval, and a reason before approved marks
 * change. `actions` adds buttons to the header (the principal's Approve / Return).
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
        <LoadErrorCard title={g.common.loadFailed} detail={query.error.message} retryLabel={g.common.tryAgain} onRetry={() => void query.refetch()} testId="marks-grid-error" />
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
  // Edits and refusals live in refs too, so a save reads them fresh (not as of the last render).
  const [edits, setEditsState] = React.useState<Edits>({});
  const editsRef = React.useRef<Edits>({});
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

  const autosave = useMarksAutosave({ sheet, collect, onRejected, onConflict: refetch, auto: !grid.needsReason });

  const dirtyRows = rows.filter((r) => r.dirty);
  const invalidCount = rows.filter((r) => r.errors.some(Boolean)).length;
  const unsaved = dirtyRows.length - dirtyRows.filter((r) => r.errors.some(Boolean)).length;

  // Leaving the page with marks not yet saved asks first.
  const unsavedRef = React.useRef(false);
  const leaving = unsaved > 0 || autosave.state.kind === 'saving';
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
    if (status === 'absent') setTexts(view.row.studentId, [ABSENT_TEXT, ...blank.slice(1)]);
    else if (status === 'exempt') setTexts(view.row.studentId, [EXEMPT_TEXT, ...blank.slice(1)]);
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
    const canonical = token === 'absent' ? ABSENT_TEXT : token === 'exempt' ? EXEMPT_TEXT : t.trim();
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
      const token = cells.find((c) => c === ABSENT_TEXT || c === EXEMPT_TEXT);
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
                  <th scope="col" className={cn(th, 'w-10 pr-1 text-right')}>
                    {g.grid.number}
                  </th>
                  <th scope="col" className={cn(th, 'hidden w-32 md:table-cell')}>
                    {g.grid.admission}
                  </th>
                  <th scope="col" className={cn(th, 'sticky left-0 z-10 min-w-36 max-md:shadow-[inset_-1px_0_0_var(--border)] sm:min-w-48')}>
                    {g.grid.learner}
                  </th>
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
                  <th scope="col" className={th}>
                    {g.grid.status}
                  </th>
                  <th scope="col" className={cn(th, 'text-right')}>
                    {g.grid.percent}
                  </th>
                  <th scope="col" className={cn(th, 'w-full min-w-44')}>
                    {g.grid.grade}
                  </th>
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

const th = 'border-b bg-muted px-3 py-2.5 font-medium whitespace-nowrap';
/** Cells paint the row's colour (an opaque mix), so the sticky name column matches its row. */
const td = 'border-b bg-(--row-bg) px-3 py-1.5 align-middle [tr:last-child_&]:border-b-0';

function readOnlyNotice(grid: Grid, reviewer: boolean): { text: string; tone: 'lock' | 'info' } | null {
  const s = grid.sheet;
  if (grid.canEdit) return grid.needsReason ? { text: g.readOnly.approvedPrincipal, tone: 'info' } : null;
  if (grid.exam.status === 'released') return { text: g.readOnly.released, tone: 'lock' };
  if (s.status === 'submitted') return  reviewer ? { text: g.readOnly.reviewing, tone: 'info' } : { text: g.readOnly.submitted(s.submittedAt ? formatDateTime(s.submittedAt) : null), tone: 'lock' };
  if (s.status === 'approved') return { text: g.readOnly.approved, tone: 'lock' };
  if (grid.exam.entryState === 'closed') return { text: g.readOnly.closed(formatDate(grid.exam.entryClosesOn)), tone: 'lock' };
  if (grid.exam.entryState === 'not_yet') return { text: g.readOnly.notYet(formatDate(grid.exam.entryOpensOn)), tone: 'lock' };
  return null;
}

const STATUS_TONE: Record<MarkStatus | 'none', string> = {
  present: 'bg-emerald-500/10 text-emerald-800 ring-emerald-600/20 dark:text-emerald-300',
  absent: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-300',
  exempt: 'bg-sky-500/10 text-sky-800 ring-sky-600/20 dark:text-sky-300',
  none: 'bg-transparent text-muted-foreground ring-border',
};

function GridRow({
  view,
  papers,
  multi,
  editable,
  max,
  bands,
  onChange,
  onStatus,
  onKeyDown,
  onPaste,
  onBlur,
}: {
  view: ViewRow;
  papers: { name: string; maxMarks: number }[];
  multi: boolean;
  editable: boolean;
  max: number;
  bands: GradeBand[];
  onChange: (view: ViewRow, paper: number, text: string) => void;
  onStatus: (view: ViewRow, status: MarkStatus) => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>, view: ViewRow, paper: number) => void;
  onPaste: (e: React.ClipboardEvent<HTMLInputElement>, view: ViewRow, paper: number) => void;
  onBlur: (view: ViewRow, paper: number) => void;
}) {
  const { row, index, texts, value, errors } = view;
  const invalid = errors.some(Boolean);
  const mark = value.kind === 'mark' && !invalid ? value : null;
  const status: MarkStatus | 'none' = mark ? mark.status : 'none';
  const percent = mark?.status === 'present' && mark.score !== null ? percentOf(mark.score, max) : null;
  const band = percent === null ? null : bandFor(bands, percent);
  const errorId = `mark-error-${row.studentId}`;
  return (
    <tr
      className={cn(
        '[--row-bg:var(--card)] hover:[--row-bg:color-mix(in_oklab,var(--card),var(--muted)_55%)] focus-within:[--row-bg:color-mix(in_oklab,var(--card),var(--primary)_6%)]',
        invalid && '[--row-bg:color-mix(in_oklab,var(--card),var(--destructive)_5%)]',
      )}
      data-testid="mark-row"
      data-student-id={row.studentId}
      data-row-index={index}
      data-dirty={view.dirty || undefined}
      data-invalid={invalid || undefined}
    >
      <td className={cn(td, 'pr-1 text-right text-xs text-muted-foreground tabular-nums')}>{index + 1}</td>
      <td className={cn(td, 'hidden font-mono text-xs text-muted-foreground md:table-cell')}>{row.admissionNumber}</td>
      <td className={cn(td, 'sticky left-0 z-10 max-w-40 max-md:shadow-[inset_-1px_0_0_var(--border)] sm:max-w-64')}>
        <p className="truncate font-medium" title={row.name} data-testid="mark-learner">
          {row.name}
        </p>
        <p className="truncate font-mono text-[11px] text-muted-foreground md:hidden">{row.admissionNumber}</p>
      </td>
      {papers.map((p, i) => (
        <td key={i} className={cn(td, 'text-right')}>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={texts[i] ?? ''}
            readOnly={!editable}
            onChange={(e) => onChange(view, i, e.target.value)}
            onKeyDown={(e) => onKeyDown(e, view, i)}
            onPaste={(e) => onPaste(e, view, i)}
            onFocus={(e) => e.currentTarget.select()}
            onBlur={() => onBlur(view, i)}
            data-r={index}
            data-c={i}
            data-testid="mark-input"
            aria-label={multi ? g.grid.paperLabel(p.name, row.name) : g.grid.markLabel(row.name)}
            aria-invalid={!!errors[i] || undefined}
            aria-describedby={errors[i] ? `${errorId}-${i}` : undefined}
            placeholder={editable ? undefined : g.common.dash}
            className={cn(
              'h-9 w-20 rounded-md border border-input bg-background px-2.5 text-right tabular-nums shadow-xs transition-colors outline-none placeholder:text-muted-foreground/60 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
              !editable && !view.dirty && 'cursor-default border-transparent bg-transparent shadow-none focus-visible:ring-1',
              !editable && view.dirty && 'cursor-default border-dashed border-amber-500/70',
              (texts[i] === ABSENT_TEXT || texts[i] === EXEMPT_TEXT) && 'font-medium text-muted-foreground',
              errors[i] && 'border-destructive bg-destructive/5 focus-visible:border-destructive focus-visible:ring-destructive/25',
              view.dirty && !invalid && editable && 'border-primary/40',
            )}
          />
          {errors[i] && (
            <div className="mt-1 ml-auto w-40 text-left sm:w-48" data-testid="mark-error">
              <FieldError id={`${errorId}-${i}`} message={errors[i]!} />
            </div>
          )}
        </td>
      ))}
      {multi && (
        <td className={cn(td, 'text-right font-medium tabular-nums')} data-testid="mark-total">
          {mark?.status === 'present' && mark.score !== null ? fmt(mark.score) : g.common.dash}
        </td>
      )}
      <td className={td}>
        <div className="relative inline-flex">
          <select
            value={status === 'none' ? '' : status}
            disabled={!editable}
            tabIndex={-1}
            onChange={(e) => onStatus(view, e.target.value as MarkStatus)}
            aria-label={g.grid.statusLabel(row.name)}
            data-testid="mark-status"
            className={cn(
              'h-7 cursor-pointer appearance-none rounded-full py-0 pr-7 pl-2.5 text-xs font-medium ring-1 ring-inset outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:opacity-100',
              STATUS_TONE[status],
              !editable && 'pr-2.5',
            )}
          >
            {status === 'none' && <option value="">{g.grid.noStatus}</option>}
            <option value="present">{g.grid.statuses.present}</option>
            <option value="absent">{g.grid.statuses.absent}</option>
            <option value="exempt">{g.grid.statuses.exempt}</option>
          </select>
          {editable && <ChevronDown className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2 opacity-60" aria-hidden />}
        </div>
      </td>
      <td className={cn(td, 'text-right text-muted-foreground tabular-nums')} data-testid="mark-percent">
        {percent === null ? g.common.dash : fmt(percent)}
      </td>
      <td className={td} data-testid="mark-grade" data-grade={band?.code} data-grade-label={band ? gradeLabel(band) : undefined}>
        {band ? (
          <>
            {/* The badge's code and descriptor are two boxes; screen readers get "EE2 Very Good". */}
            <span className="sr-only">{gradeLabel(band)}</span>
            <span aria-hidden>
              <GradeBadge code={band.code} descriptor={band.descriptor} rank={rankOf(bands, band.code)} of={bands.length} />
            </span>
          </>
        ) : mark && mark.status !== 'present' ? (
          <span className="text-xs text-muted-foreground">{g.grid.statuses[mark.status]}</span>
        ) : (
          <span className="text-muted-foreground">{g.common.dash}</span>
        )}
      </td>
    </tr>
  );
}

function SaveStatus({
  state,
  unsaved,
  invalid,
  needsReason,
  onRetry,
  onSaveWithReason,
}: {
  state: SaveState;
  unsaved: number;
  invalid: number;
  needsReason: boolean;
  onRetry: () => void;
  onSaveWithReason: () => void;
}) {
  let body: React.ReactNode;
  let kind: string;
  if (state.kind === 'saving' || (state.kind === 'waiting' && unsaved > 0)) {
    kind = 'saving';
    body = (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {g.save.saving}
      </span>
    );
  } else if (state.kind === 'offline') {
    kind = 'offline';
    body = (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-amber-700 dark:text-amber-300">
        <CloudOff className="size-4 shrink-0" aria-hidden />
        {g.save.offline(unsaved)}
        <button type="button" className="cursor-pointer font-medium underline underline-offset-2" onClick={onRetry}>
          {g.save.retryNow}
        </button>
      </span>
    );
  } else if (state.kind === 'error') {
    kind = 'error';
    body = (
      <span className="inline-flex items-start gap-1.5 text-destructive">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-medium">{g.save.failed}: </span>
          {state.message}
          {unsaved > 0 && <span className="block text-xs text-muted-foreground">{g.save.pending(unsaved)}</span>}
        </span>
      </span>
    );
  } else if (needsReason && unsaved > 0) {
    kind = 'pending';
    body = (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className="text-amber-700 dark:text-amber-300">{g.save.pending(unsaved)}</span>
        <Button size="sm" onClick={onSaveWithReason} data-testid="save-with-reason">
          {g.save.saveWithReason}
        </Button>
      </span>
    );
  } else if (unsaved > 0) {
    kind = 'pending';
    body = <span className="text-muted-foreground">{g.save.pending(unsaved)}</span>;
  } else {
    kind = 'saved';
    body = (
      <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="size-4" aria-hidden />
        {g.save.saved}
      </span>
    );
  }
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 text-sm sm:items-end" aria-live="polite">
      <div data-testid="save-status" data-state={kind} className="max-w-md">
        {body}
      </div>
      {invalid > 0 && (
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-destructive" data-testid="invalid-count">
          <AlertCircle className="size-3.5" aria-hidden />
          {g.save.invalid(invalid)}
        </span>
      )}
    </div>
  );
}

interface Summary {
  learners: number;
  present: number;
  absent: number;
  exempt: number;
  missing: number;
  mean: number | null;
  counts: Map<string, number>;
}

function SummaryStrip({ summary, bands }: { summary: Summary; bands: GradeBand[] }) {
  const entered = summary.present + summary.absent + summary.exempt;
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  const top = Math.max(1, ...sorted.map((b) => summary.counts.get(b.code) ?? 0));
  const meanBand = summary.mean === null ? null : bandFor(bands, summary.mean);
  const tile = 'min-w-0 rounded-lg border bg-background/60 px-2.5 py-2 sm:px-3 sm:py-2.5';
  const value = 'mt-0.5 text-base font-semibold whitespace-nowrap tabular-nums sm:text-lg';
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]" data-testid="marks-summary">
      <div className={tile}>
        <p className="text-xs font-medium text-muted-foreground">{g.summary.learners}</p>
        <p className={value} data-testid="summary-learners">
          {summary.learners}
        </p>
      </div>
      <div className={tile}>
        <p className="text-xs font-medium text-muted-foreground">{g.summary.entered}</p>
        <p className={value} data-testid="summary-entered">
          {g.summary.enteredValue(entered, summary.learners)}
        </p>
        <p className="text-[11px] leading-tight text-muted-foreground">{g.summary.absentExempt(summary.absent, summary.exempt)}</p>
      </div>
      <div className={tile}>
        <p className="text-xs font-medium text-muted-foreground">{g.summary.mean}</p>
        <p className={value} data-testid="summary-mean">
          {summary.mean === null ? g.common.dash : g.common.percent(fmt(summary.mean))}
        </p>
        {meanBand && <p className="truncate text-[11px] text-muted-foreground">{gradeLabel(meanBand)}</p>}
      </div>
      <div className={cn(tile, 'col-span-3 lg:col-span-1')}>
        <p className="text-xs font-medium text-muted-foreground">{g.summary.distribution}</p>
        {summary.present === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{g.summary.noMarks}</p>
        ) : (
          <div className="mt-1.5 flex h-12 items-end gap-1" data-testid="summary-distribution">
            {sorted.map((b, i) => {
              const n = summary.counts.get(b.code) ?? 0;
              const share = i / Math.max(1, sorted.length - 1);
              const color = share <= 0.25 ? 'bg-emerald-500/70' : share <= 0.5 ? 'bg-sky-500/70' : share <= 0.75 ? 'bg-amber-500/70' : 'bg-rose-500/70';
              return (
                <div key={b.code} className="flex min-w-0 flex-1 flex-col items-center gap-0.5" title={g.summary.bar(gradeLabel(b), n)}>
                  <span className="text-[10px] leading-none text-muted-foreground tabular-nums">{n || ''}</span>
                  <div className={cn('w-full max-w-6 rounded-sm', n ? color : 'bg-muted')} style={{ height: `${n ? Math.max(8, (n / top) * 28) : 3}px` }} />
                  <span className="max-w-full truncate text-[9px] leading-none font-medium text-muted-foreground">{b.code}</span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

function SubmitDialog({
  open,
  subject,
  stream,
  summary,
  invalid,
  unsaved,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  subject: string;
  stream: string;
  summary: Summary;
  invalid: number;
  unsaved: number;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const counts = [
    { key: 'marked', label: g.submit.counts.marked, value: summary.present, tone: 'text-foreground' },
    { key: 'absent', label: g.submit.counts.absent, value: summary.absent, tone: 'text-amber-700 dark:text-amber-300' },
    { key: 'exempt', label: g.submit.counts.exempt, value: summary.exempt, tone: 'text-sky-700 dark:text-sky-300' },
    { key: 'missing', label: g.submit.counts.missing, value: summary.missing, tone: summary.missing ? 'text-destructive' : 'text-muted-foreground' },
  ];
  const blocked = invalid > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid="submit-dialog">
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Send className="size-5" aria-hidden />
          </span>
          <DialogTitle>{g.submit.title}</DialogTitle>
          <DialogDescription className="leading-relaxed">{g.submit.text(subject, stream)}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-4 divide-x rounded-lg border bg-muted/30 text-center">
          {counts.map((c) => (
            <div key={c.key} className="px-1 py-2.5" data-testid={`submit-count-${c.key}`}>
              <dd className={cn('text-lg font-semibold tabular-nums', c.tone)}>{c.value}</dd>
              <dt className="text-[11px] leading-tight text-muted-foreground">{c.label}</dt>
            </div>
          ))}
        </dl>
        {blocked ? (
          <p className="text-sm text-destructive">{g.submit.invalidWarning(invalid)}</p>
        ) : summary.missing > 0 ? (
          <p className="text-sm text-amber-700 dark:text-amber-300">{g.submit.missingWarning(summary.missing)}</p>
        ) : unsaved > 0 ? (
          <p className="text-sm text-muted-foreground">{g.submit.unsavedWarning}</p>
        ) : null}
        {error && <FormErrorAlert title={g.submit.failed} detail={error} testId="submit-error" />}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {g.common.cancel}
          </Button>
          <Button onClick={onConfirm} disabled={pending || blocked} data-testid="submit-confirm">
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
            {g.submit.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const REASON_MAX = 500;

function ReasonDialog({ open, count, pending, onCancel, onConfirm }: { open: boolean; count: number; pending: boolean; onCancel: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const [reason, setReason] = React.useState('');
  const [touched, setTouched] = React.useState(false);
  React.useEffect(() => {
    if (open) setTouched(false);
  }, [open]);
  const trimmed = reason.trim();
  const error = trimmed.length > REASON_MAX ? g.reason.tooLong : touched && !trimmed ? am.reasonRequired : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md gap-5" data-testid="reason-dialog">
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-amber-500/12 text-amber-600 dark:text-amber-400">
            <RefreshCw className="size-5" aria-hidden />
          </span>
          <DialogTitle>{g.reason.title}</DialogTitle>
          <DialogDescription className="leading-relaxed">{g.reason.text(count)}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (trimmed && trimmed.length <= REASON_MAX && !pending) void onConfirm(trimmed);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="change-reason">{g.reason.label}</Label>
            <textarea
              id="change-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              placeholder={g.reason.placeholder}
              aria-invalid={!!error}
              aria-describedby={error ? 'change-reason-error' : undefined}
              className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="reason-input"
            />
            <FieldError id="change-reason-error" message={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              {g.common.cancel}
            </Button>
            <Button type="submit" disabled={pending} data-testid="reason-confirm">
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {g.reason.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The marks grid's pieces (issue 12 §3): one learner's row, the save status, the summary strip, and
 * the submit and reason dialogs. MarksGrid (marks-grid.tsx) lays them out.
 */
import * as React from 'react';
import { AlertCircle, Check, CheckCircle2, ChevronDown, CloudOff, Loader2, RefreshCw, Send, type LucideIcon } from 'lucide-react';
import type { MarksGrid as Grid, MarkStatus } from '@shared/contracts/assessment';
import { bandFor, gradeLabel, percentOf, type GradeBand } from '@shared/grading';
import { messages } from '@shared/messages';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type SaveState } from '../api/grades';
import { GradeBadge } from '../components/grade-badge';
import { TextReasonDialog } from '@/components/text-reason-dialog';
import { absentText, exemptText, rankOf, type ViewRow } from './marks-cells';

const g = messages.gradesScreens;
const am = messages.assessment;
const numberFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });
const fmt = (n: number) => numberFormat.format(n);

export const th = 'border-b bg-muted px-3 py-2.5 font-medium whitespace-nowrap';
/** Cells paint the row's colour (an opaque mix), so the sticky name column matches its row. */
const td = 'border-b bg-(--row-bg) px-3 py-1.5 align-middle [tr:last-child_&]:border-b-0';

export function readOnlyNotice(grid: Grid, reviewer: boolean): { text: string; tone: 'lock' | 'info' } | null {
  const s = grid.sheet;
  if (grid.canEdit) return grid.needsReason ? { text: g.readOnly.approvedPrincipal, tone: 'info' } : null;
  if (grid.exam.status === 'released') return { text: g.readOnly.released, tone: 'lock' };
  if (s.status === 'submitted') return  reviewer ? { text: g.readOnly.reviewing, tone: 'info' } : { text: g.readOnly.submitted(s.submittedAt ? formatDateTime(s.submittedAt) : null), tone: 'lock' };
  if (s.status === 'approved') return { text: g.readOnly.approved, tone: 'lock' };
  if (grid.exam.entryState === 'closed') return { text: g.readOnly.closed(formatDate(grid.exam.entryClosesOn)), tone: 'lock' };
  if (grid.exam.entryState === 'not_yet') return { text: g.readOnly.notYet(formatDate(grid.exam.entryOpensOn)), tone: 'lock' };
  return null;
}

export const STATUS_TONE: Record<MarkStatus | 'none', string> = {
  present: 'bg-emerald-500/10 text-emerald-800 ring-emerald-600/20 dark:text-emerald-300',
  absent: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-300',
  exempt: 'bg-sky-500/10 text-sky-800 ring-sky-600/20 dark:text-sky-300',
  none: 'bg-transparent text-muted-foreground ring-border',
};

export function GridRow({
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
              (texts[i] === absentText() || texts[i] === exemptText()) && 'font-medium text-muted-foreground',
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

/** One state of the save status: its 16 px `icon`, then `children`; `className` is the line's layout and colour. */
function StatusLine({ icon: Icon, className, iconClassName, children }: { icon: LucideIcon; className: string; iconClassName?: string; children: React.ReactNode }) {
  return (
    <span className={cn('inline-flex', className)}>
      <Icon className={cn('size-4', iconClassName)} aria-hidden />
      {children}
    </span>
  );
}

export function SaveStatus({
  state,
  unsaved,
  invalid,
  needsReason,
  onRetry,
  onSaveWithReason,
  kept = false,
}: {
  state: SaveState;
  unsaved: number;
  /** The unsaved marks are kept on this device (the offline outbox): they survive a reload. */
  kept?: boolean;
  invalid: number;
  needsReason: boolean;
  onRetry: () => void;
  onSaveWithReason: () => void;
}) {
  let body: React.ReactNode;
  let kind: string;
  if (state.kind === 'saving' || (state.kind === 'waiting' && unsaved > 0)) {
    kind = 'saving';
    body = <StatusLine icon={Loader2} className="items-center gap-1.5 text-muted-foreground" iconClassName="animate-spin">{g.save.saving}</StatusLine>;
  } else if (state.kind === 'offline') {
    kind = 'offline';
    // Without a connection the marks wait on the device (they survive a reload); a failing send retries.
    const onDevice = kept && !!state.browserOffline;
    body = (
      <StatusLine icon={CloudOff} className="flex-wrap items-center gap-x-2 gap-y-1 text-amber-700 dark:text-amber-300" iconClassName="shrink-0">
        <span data-testid="save-status-text">{onDevice ? g.save.onDevice(unsaved) : g.save.offline(unsaved)}</span>
        <button type="button" className="cursor-pointer font-medium underline underline-offset-2" onClick={onRetry}>
          {g.save.retryNow}
        </button>
        {onDevice && <span className="block w-full text-xs text-muted-foreground">{g.save.onDeviceHint}</span>}
      </StatusLine>
    );
  } else if (state.kind === 'error') {
    kind = 'error';
    body = (
      <StatusLine icon={AlertCircle} className="items-start gap-1.5 text-destructive" iconClassName="mt-0.5 shrink-0">
        <span>
          <span className="font-medium">{g.save.failed}: </span>
          {state.message}
          {unsaved > 0 && (
            <span className="block text-xs text-muted-foreground" data-testid="save-status-kept">
              {kept ? g.save.keptOnDevice(unsaved) : g.save.pending(unsaved)}
            </span>
          )}
        </span>
      </StatusLine>
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
    body = <StatusLine icon={CheckCircle2} className="items-center gap-1.5 text-emerald-700 dark:text-emerald-400">{g.save.saved}</StatusLine>;
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

export function SummaryStrip({ summary, bands }: { summary: Summary; bands: GradeBand[] }) {
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

/** What a dialog about one mark sheet is given: open or not, the sheet's subject and stream, the call in flight and its failure, and Cancel. */
export type SheetDialogProps = { open: boolean; subject: string; stream: string; pending: boolean; error: string | null; onCancel: () => void };

export function SubmitDialog({ open, subject, stream, summary, invalid, unsaved, pending, error, onCancel, onConfirm }: SheetDialogProps & { summary: Summary; invalid: number; unsaved: number; onConfirm: () => void }) {
  const counts = [
    { key: 'marked', label: g.submit.counts.marked, value: summary.present, tone: 'text-foreground' },
    { key: 'absent', label: g.submit.counts.absent, value: summary.absent, tone: 'text-amber-700 dark:text-amber-300' },
    { key: 'exempt', label: g.submit.counts.exempt, value: summary.exempt, tone: 'text-sky-700 dark:text-sky-300' },
    { key: 'missing', label: g.submit.counts.missing, value: summary.missing, tone: summary.missing ? 'text-destructive' : 'text-muted-foreground' },
  ];
  const blocked = invalid > 0;
  return (
    <FormDialog
      open={open}
      onClose={onCancel}
      pending={pending}
      className="max-w-md gap-5"
      testId="submit-dialog"
      icon={Send}
      title={g.submit.title}
      description={g.submit.text(subject, stream)}
      descriptionClassName="leading-relaxed"
    >
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
      <FormDialogFooter
        cancelLabel={g.common.cancel}
        onCancel={onCancel}
        label={g.submit.confirm}
        pending={pending}
        disabled={blocked}
        icon={<Check aria-hidden />}
        onConfirm={onConfirm}
        submitTestId="submit-confirm"
      />
    </FormDialog>
  );
}

const REASON_MAX = 500;

/** Asks for the reason before approved marks change (issue 12): `onConfirm` gets the trimmed reason. */
export function ReasonDialog({ open, count, pending, onCancel, onConfirm }: { open: boolean; count: number; pending: boolean; onCancel: () => void; onConfirm: (reason: string) => Promise<void> }) {
  return (
    <TextReasonDialog
      open={open}
      pending={pending}
      onCancel={onCancel}
      onConfirm={(reason) => void onConfirm(reason)}
      copy={{
        icon: RefreshCw,
        tone: 'warning',
        title: g.reason.title,
        text: g.reason.text(count),
        label: g.reason.label,
        placeholder: g.reason.placeholder,
        confirmLabel: g.reason.confirm,
        cancelLabel: g.common.cancel,
        max: REASON_MAX,
        tooLong: g.reason.tooLong,
        required: am.reasonRequired,
        rows: 3,
        fieldId: 'change-reason',
        name: 'reason',
        inputTestId: 'reason-input',
      }}
    />
  );
}

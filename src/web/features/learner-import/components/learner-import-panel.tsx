import * as React from 'react';
import { toast } from 'sonner';
import { Check, CheckCircle2, Columns3, Download, FileSpreadsheet, FileUp, Loader2, RotateCcw, Upload } from 'lucide-react';
import {
  FULL_NAME,
  guessMapping,
  MAPPING_TARGETS,
  NAME_PARTS,
  REQUIRED_IMPORT_COLUMNS,
  templateUrl,
  unmappedRequired,
  type ImportMapping,
  type ImportResult,
  type MappingTarget,
} from '@shared/contracts/learner-files';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormErrorAlert } from '@/components/form-feedback';
import { OptionSelect } from '@/components/select-parts';
import { useAuth } from '@/lib/auth';
import { rememberedMapping, rememberMapping, useImportDryRun, useImportTask, useRefreshLearners, useRetryTask, useStartImport } from '../api/learner-import';
import { IssueSection } from './issue-list';
import { IconBadge } from '@/components/icon-badge';
import { perLocale } from '@shared/i18n/localized';

const m = messages.learnerFiles;
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface LearnerImportPanelProps {
  /** The user closed the summary after an import finished (the register is refreshed already). */
  onDone?: (result: ImportResult) => void;
  /** The user cancelled before importing anything (Cancel on the first two steps). */
  onCancel?: () => void;
  className?: string;
}

type Step = 'upload' | 'map' | 'review' | 'import';

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function errorText(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : messages.api.serverError;
}

/** The file's own column names when the server refused its header row (400 COLUMNS), else null. */
function refusedHeaders(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || err.code !== 'COLUMNS') return null;
  const headers = (err.details as { headers?: unknown } | undefined)?.headers;
  return Array.isArray(headers) && headers.every((h) => typeof h === 'string') && headers.length > 0 ? headers : null;
}

/**
 * The import wizard (issue 10 §2 Import): download the template (CSV or Excel) → choose a file (the
 * dry run starts at once and writes nothing) → when its headers are not the template's, match its
 * columns to ours (issue 34; guessed from the names and the school's last mapping) → review the
 * counts, every bad row with its row, column and reason, and the warnings → "Import N learners" or
 * Cancel → a progress bar while the background task writes the good rows (GET /api/tasks/:id every
 * second) → the summary. Works in a dialog or on a page; 375 px wide and up.
 */
export function LearnerImportPanel({ onDone, onCancel, className }: LearnerImportPanelProps) {
  const [file, setFile] = React.useState<File | null>(null);
  const [localError, setLocalError] = React.useState<string | null>(null);
  const [taskId, setTaskId] = React.useState<string | null>(null);
  /** The file's headers when they are not the template's (the mapping step), and the mapping chosen. */
  const [headers, setHeaders] = React.useState<string[] | null>(null);
  const [mapping, setMapping] = React.useState<ImportMapping | null>(null);
  const schoolId = useAuth().state.user?.schoolId ?? null;
  const dryRun = useImportDryRun();
  const start = useStartImport();
  const task = useImportTask(taskId);
  const retry = useRetryTask();
  const refresh = useRefreshLearners();

  const preview = dryRun.data && file ? dryRun.data : null;
  const current = task.data;
  const finished = current?.status === 'succeeded' ? (current.result as unknown as ImportResult) : null;
  const step: Step = taskId ? 'import' : preview ? 'review' : headers ? 'map' : 'upload';

  // When the task finishes: refresh the register and say so once.
  const announced = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!finished || !taskId || announced.current === taskId) return;
    announced.current = taskId;
    refresh();
    toast.success(m.toastDone(finished.created, finished.updated));
  }, [finished, taskId, refresh]);

  function choose(f: File | undefined | null) {
    if (!f) return;
    setLocalError(null);
    dryRun.reset();
    if (f.size > MAX_BYTES) {
      setFile(null);
      setLocalError(messages.files.tooLarge(10));
      return;
    }
    setFile(f);
    setHeaders(null);
    setMapping(null);
    dryRun.mutate(
      { file: f },
      {
        onError: (err) => {
          const found = refusedHeaders(err);
          if (!found) return;
          setHeaders(found);
          setMapping(guessMapping(found, rememberedMapping(schoolId)));
        },
      },
    );
  }

  function checkMapped() {
    if (!file || !mapping) return;
    rememberMapping(schoolId, mapping);
    dryRun.mutate({ file, mapping });
  }

  function startOver() {
    setFile(null);
    setTaskId(null);
    setLocalError(null);
    setHeaders(null);
    setMapping(null);
    dryRun.reset();
    start.reset();
  }

  async function commit() {
    if (!file) return;
    const { taskId: id } = await start.mutateAsync({ file, mapping: headers ? mapping : null }).catch(() => ({ taskId: null }));
    if (id) setTaskId(id);
  }

  return (
    <div className={cn('flex min-w-0 flex-col gap-5', className)} data-testid="learner-import" data-step={step}>
      <Stepper step={step} done={!!finished} mapped={!!headers} />

      {step === 'map' && file && headers && mapping && (
        <MapStep
          file={file}
          headers={headers}
          mapping={mapping}
          onChange={setMapping}
          checking={dryRun.isPending}
          error={dryRun.error && !refusedHeaders(dryRun.error) ? errorText(dryRun.error) : null}
          onCheck={checkMapped}
          onChooseAnother={startOver}
          onCancel={() => {
            startOver();
            onCancel?.();
          }}
        />
      )}

      {step === 'upload' && (
        <UploadStep
          file={file}
          checking={dryRun.isPending}
          error={localError ?? (dryRun.error ? errorText(dryRun.error) : null)}
          onChoose={choose}
          onCancel={onCancel}
        />
      )}

      {step === 'review' && preview && file && (
        <ReviewStep
          file={file}
          result={preview}
          starting={start.isPending}
          startError={start.error ? errorText(start.error) : null}
          onImport={() => void commit()}
          onChooseAnother={startOver}
          onRemap={headers ? () => dryRun.reset() : undefined}
          onCancel={() => {
            startOver();
            onCancel?.();
          }}
        />
      )}

      {step === 'import' && (
        <ImportStep
          status={current?.status ?? 'queued'}
          progress={current?.progress ?? 0}
          total={current?.total || preview?.rows || 0}
          result={finished}
          error={current?.status === 'failed' ? current.error : task.error ? errorText(task.error) : null}
          retrying={retry.isPending}
          onRetry={() => taskId && retry.mutate(taskId)}
          onAnother={startOver}
          onClose={finished && onDone ? () => onDone(finished) : undefined}
        />
      )}
    </div>
  );
}

const STEPS = perLocale((): { id: Step; label: string }[] => ([
  { id: 'upload', label: m.stepUpload },
  { id: 'map', label: m.stepMap },
  { id: 'review', label: m.stepReview },
  { id: 'import', label: m.stepImport },
]));

/** The wizard's steps; "Match columns" only for a file whose headers are not the template's. */
function Stepper({ step, done, mapped }: { step: Step; done: boolean; mapped: boolean }) {
  const steps = STEPS.filter((s) => s.id !== 'map' || mapped);
  const at = steps.findIndex((s) => s.id === step);
  return (
    <ol className="flex items-center gap-2 text-xs font-medium sm:text-sm" aria-label={m.importTitle}>
      {steps.map((s, i) => {
        const complete = i < at || (done && i === at);
        const active = i === at && !complete;
        return (
          <li key={s.id} className={cn('flex min-w-0 items-center gap-2', i < steps.length - 1 && 'flex-1')} aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border text-[11px] tabular-nums transition-colors',
                complete && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary text-primary ring-4 ring-primary/15',
                !complete && !active && 'text-muted-foreground',
              )}
            >
              {complete ? <Check className="size-3.5" aria-hidden /> : i + 1}
            </span>
            <span className={cn('truncate', active ? 'text-foreground' : 'text-muted-foreground')}>{s.label}</span>
            {i < steps.length - 1 && <span className={cn('h-px min-w-3 flex-1', i < at ? 'bg-primary' : 'bg-border')} aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}

function UploadStep({
  file,
  checking,
  error,
  onChoose,
  onCancel,
}: {
  file: File | null;
  checking: boolean;
  error: string | null;
  onChoose: (f: File | undefined | null) => void;
  onCancel?: () => void;
}) {
  const input = React.useRef<HTMLInputElement>(null);
  const [over, setOver] = React.useState(false);
  return (
    <>
      <section className="rounded-lg border bg-muted/30 p-4" aria-labelledby="import-template-heading">
        <h3 id="import-template-heading" className="text-sm font-semibold">
          {m.templateHeading}
        </h3>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{m.templateText}</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          {(
            [
              ['csv', Download, m.downloadCsv],
              ['xlsx', FileSpreadsheet, m.downloadXlsx],
            ] as const
          ).map(([format, Icon, label]) => (
            <Button key={format} variant="outline" size="sm" asChild>
              <a href={templateUrl(format)} download data-testid={`import-template-${format}`}>
                <Icon aria-hidden />
                {label}
              </a>
            </Button>
          ))}
        </div>
      </section>

      <section aria-labelledby="import-upload-heading" className="flex flex-col gap-3">
        <div>
          <h3 id="import-upload-heading" className="text-sm font-semibold">
            {m.uploadHeading}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{m.uploadText}</p>
        </div>
        <div
          className={cn(
            'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
            over ? 'border-primary bg-primary/5' : 'border-border',
            checking && 'pointer-events-none opacity-80',
          )}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            onChoose(e.dataTransfer.files?.[0]);
          }}
          data-testid="import-dropzone"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            {checking ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Upload className="size-5" aria-hidden />}
          </span>
          {checking && file ? (
            <p className="text-sm" role="status" data-testid="import-checking">
              <span className="font-medium">{file.name}</span>
              <span className="block text-muted-foreground">{m.checking}</span>
            </p>
          ) : (
            <div className="flex flex-col items-center gap-2 text-sm text-muted-foreground sm:flex-row">
              <span>{m.dropHere}</span>
              <Button size="sm" onClick={() => input.current?.click()} data-testid="import-choose">
                <FileUp aria-hidden />
                {m.chooseFile}
              </Button>
            </div>
          )}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={m.chooseFile}
            data-testid="import-file"
            onChange={(e) => {
              onChoose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
        {error && <FormErrorAlert title={error} testId="import-error" />}
      </section>

      {onCancel && (
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onCancel} data-testid="import-cancel">
            {m.cancel}
          </Button>
        </div>
      )}
    </>
  );
}

/** Radix selects need a non-empty value: "Not in the file". */
const NONE = '__none__';

/** Whether our column must be mapped, given the mapping so far (first and last name are covered by a full-name column). */
function isRequired(target: MappingTarget, mapping: ImportMapping): boolean {
  if (NAME_PARTS.includes(target) && mapping.full_name) return false;
  return (REQUIRED_IMPORT_COLUMNS as readonly string[]).includes(target);
}

/**
 * The column-mapping step (issue 34): for each of our columns (required ones marked), a select of the
 * file's columns, first guessed from their names and the school's last mapping. A file column holds
 * one of ours at most, and a full-name column replaces the name parts (choosing one clears the other).
 * "Check the file" runs the dry run with the mapping once every required column is chosen.
 */
function MapStep({
  file,
  headers,
  mapping,
  onChange,
  checking,
  error,
  onCheck,
  onChooseAnother,
  onCancel,
}: {
  file: File;
  headers: string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  checking: boolean;
  error: string | null;
  onCheck: () => void;
  onChooseAnother: () => void;
  onCancel: () => void;
}) {
  const options = [{ value: NONE, label: m.mapNone }, ...[...new Set(headers)].map((h) => ({ value: h, label: h }))];
  const missing = unmappedRequired(mapping);
  function choose(target: MappingTarget, value: string) {
    const header = value === NONE ? null : value;
    const next: ImportMapping = {};
    for (const t of MAPPING_TARGETS) {
      const h = mapping[t];
      if (!h || (header && h === header)) continue;
      if (header && ((target === FULL_NAME && NAME_PARTS.includes(t)) || (NAME_PARTS.includes(target) && t === FULL_NAME))) continue;
      next[t] = h;
    }
    if (header) next[target] = header;
    else delete next[target];
    onChange(next);
  }
  return (
    <section className="flex min-w-0 flex-col gap-4" aria-labelledby="import-map-heading" data-testid="import-mapping">
      <div className="flex min-w-0 items-start gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
        <Columns3 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 id="import-map-heading" className="text-sm font-semibold">
            {m.mapHeading}
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{m.mapText(file.name)}</p>
        </div>
      </div>
      <div className="hidden grid-cols-2 gap-3 px-1 text-xs font-medium text-muted-foreground sm:grid" aria-hidden>
        <span>{m.mapOurColumn}</span>
        <span>{m.mapTheirColumn}</span>
      </div>
      <ul className="flex flex-col gap-3 sm:gap-2">
        {MAPPING_TARGETS.map((target) => {
          const id = `import-map-${target}`;
          const required = isRequired(target, mapping);
          return (
            <li key={target} className="grid min-w-0 gap-1.5 sm:grid-cols-2 sm:items-center sm:gap-3" data-testid="import-map-row" data-target={target} data-required={required || undefined}>
              <label htmlFor={id} className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{m.mapFields[target] ?? target}</span>
                {required && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{m.mapRequired}</span>}
              </label>
              <OptionSelect
                value={mapping[target] ?? NONE}
                onValueChange={(v) => choose(target, v)}
                options={options}
                trigger={{ id, className: 'w-full min-w-0', 'data-testid': id, 'aria-invalid': required && !mapping[target] ? true : undefined }}
              />
            </li>
          );
        })}
      </ul>
      {missing.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="import-map-missing">
          {m.mapMissing(missing.map((c) => m.mapFields[c] ?? c))}
        </p>
      )}
      {error && <FormErrorAlert title={error} testId="import-map-error" />}
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={checking} data-testid="import-cancel">
          {m.cancel}
        </Button>
        <Button variant="outline" onClick={onChooseAnother} disabled={checking} data-testid="import-change-file">
          <RotateCcw aria-hidden />
          {m.changeFile}
        </Button>
        <Button onClick={onCheck} disabled={missing.length > 0 || checking} data-testid="import-map-check">
          {checking ? <Loader2 className="animate-spin" aria-hidden /> : <Check aria-hidden />}
          {checking ? m.checking : m.mapCheck}
        </Button>
      </div>
    </section>
  );
}

function Stat({ label, value, tone, testId }: { label: string; value: number; tone?: 'good' | 'bad' | 'warn' | 'muted'; testId: string }) {
  return (
    <div className="rounded-lg border bg-card px-3 py-2.5" data-testid={testId} data-value={value}>
      <p className="truncate text-xs text-muted-foreground">{label}</p>
      <p
        className={cn(
          'mt-0.5 text-xl font-semibold tabular-nums',
          tone === 'good' && value > 0 && 'text-emerald-600 dark:text-emerald-400',
          tone === 'bad' && value > 0 && 'text-destructive',
          tone === 'warn' && value > 0 && 'text-amber-600 dark:text-amber-400',
          (tone === 'muted' || value === 0) && 'text-muted-foreground',
        )}
      >
        {value.toLocaleString('en-KE')}
      </p>
    </div>
  );
}

function ReviewStep({
  file,
  result,
  starting,
  startError,
  onImport,
  onChooseAnother,
  onRemap,
  onCancel,
}: {
  file: File;
  result: ImportResult;
  starting: boolean;
  startError: string | null;
  onImport: () => void;
  onChooseAnother: () => void;
  /** Back to the column mapping (a file whose headers are not the template's). */
  onRemap?: () => void;
  onCancel: () => void;
}) {
  const toWrite = result.created + result.updated;
  return (
    <>
      <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/30 px-3 py-2.5">
        <FileSpreadsheet className="size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" data-testid="import-file-name">
            {file.name}
          </p>
          <p className="text-xs text-muted-foreground">
            {fileSize(file.size)} · {m.summaryRows(result.rows)}
          </p>
        </div>
        {onRemap && (
          <Button variant="ghost" size="sm" onClick={onRemap} disabled={starting} data-testid="import-remap">
            <Columns3 aria-hidden />
            <span className="hidden sm:inline">{m.stepMap}</span>
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onChooseAnother} data-testid="import-change-file">
          <RotateCcw aria-hidden />
          <span className="hidden sm:inline">{m.changeFile}</span>
        </Button>
      </div>

      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-summary">
        <Stat label={m.labelNew} value={result.created} tone="good" testId="import-stat-created" />
        <Stat label={m.labelUpdated} value={result.updated} tone="good" testId="import-stat-updated" />
        <Stat label={m.labelUnchanged} value={result.unchanged} tone="muted" testId="import-stat-unchanged" />
        <Stat label={m.labelBad} value={result.badRows} tone="bad" testId="import-stat-bad" />
      </div>

      {result.badRows === 0 && toWrite > 0 && (
        <Alert variant="success" className="flex items-center gap-2" data-testid="import-all-good">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          {m.allGood}
        </Alert>
      )}
      {result.badRows === 0 && toWrite === 0 && <Alert data-testid="import-nothing">{m.nothingToImport}</Alert>}
      {result.goodRows === 0 && result.badRows > 0 && (
        <Alert variant="destructive" data-testid="import-no-good-rows">
          {m.noGoodRows}
        </Alert>
      )}

      {result.errors.length > 0 && <IssueSection tone="error" heading={m.errorsHeading} text={m.errorsText} count={result.badRows} issues={result.errors} />}

      {result.warnings.length > 0 && <IssueSection tone="warning" heading={m.warningsHeading} text={m.warningsText} count={result.warnings.length} issues={result.warnings} />}

      {startError && <FormErrorAlert title={startError} testId="import-start-error" />}

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={starting} data-testid="import-cancel">
          {m.cancel}
        </Button>
        <Button onClick={onImport} disabled={toWrite === 0 || starting} data-testid="import-commit">
          {starting ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {m.importGood(toWrite)}
        </Button>
      </div>
    </>
  );
}

function ImportStep({
  status,
  progress,
  total,
  result,
  error,
  retrying,
  onRetry,
  onAnother,
  onClose,
}: {
  status: string;
  progress: number;
  total: number;
  result: ImportResult | null;
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
  onAnother: () => void;
  onClose?: () => void;
}) {
  if (result) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" data-testid="import-done">
        <IconBadge icon={CheckCircle2} className="size-12 rounded-full bg-emerald-500/10 text-emerald-600 dark:text-emerald-400" iconClassName="size-6" />
        <h3 className="text-lg font-semibold">{m.doneHeading}</h3>
        <p className="max-w-md text-sm text-muted-foreground" data-testid="import-done-text">
          {m.doneText(result.created, result.updated)}
          {result.badRows > 0 && <span className="block">{m.doneSkipped(result.badRows)}</span>}
        </p>
        <div className="mt-2 flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
          <Button variant="outline" onClick={onAnother} data-testid="import-another">
            {m.startOver}
          </Button>
          {onClose && (
            <Button onClick={onClose} data-testid="import-close">
              {m.close}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col gap-4" data-testid="import-failed">
        <FormErrorAlert title={m.failedHeading} detail={error} testId="import-task-error" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onAnother}>
            {m.startOver}
          </Button>
          <Button onClick={onRetry} disabled={retrying} data-testid="import-retry">
            {retrying ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
            {m.retry}
          </Button>
        </div>
      </div>
    );
  }
  const known = status === 'running' && total > 0;
  const percent = known ? Math.min(100, Math.round((progress / total) * 100)) : 0;
  return (
    <div className="flex flex-col gap-3 py-4" data-testid="import-progress" data-status={status}>
      <div className="flex items-center gap-2 text-sm font-medium">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
        {status === 'queued' ? m.waiting : m.importing}
      </div>
      <div
        className="relative h-2.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={m.importing}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
        data-testid="import-progress-bar"
      >
        {known && progress > 0 ? (
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
        ) : (
          <div className="h-full w-full animate-pulse rounded-full bg-primary/40" />
        )}
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">{total > 0 ? m.importingProgress(known ? progress : 0, total) : '\u00a0'}</p>
    </div>
  );
}

import * as React from 'react';
import { Download, FileUp, Files, Play } from 'lucide-react';
import { toast } from 'sonner';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { PendingButton } from '@/components/pending-button';
import { FormError, Panel, useFormError } from './setup-bits';
import { exportFetHref, useGenerateFromProblem, useImportFet, useProblems, type FetImport } from './setup-api';
import { formatInstant } from '@/lib/format';

const f = sm.fet;
const DEFAULT_LIMIT = 60;

const formatDate = (iso: string | null) =>
  iso ? formatInstant(iso) : null;

/**
 * "FET files": import a .fet file (the import report: activities, constraints imported, constraints
 * left out with counts), start a generation from it, and the list of imported problems with their
 * "Export .fet" links. Starting a generation dispatches `timetable:job` (detail `{ jobId }`) for the
 * Generate tab.
 */
export function FetTab() {
  const [result, setResult] = React.useState<{ name: string; data: FetImport } | null>(null);
  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] 2xl:items-start">
      <div className="grid min-w-0 gap-4">
        <ImportCard onImported={(name, data) => setResult({ name, data })} />
        {result && <ReportCard name={result.name} data={result.data} />}
      </div>
      <ProblemsCard />
    </div>
  );
}

function ImportCard({ onImported }: { onImported: (name: string, data: FetImport) => void }) {
  const [file, setFile] = React.useState<File | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const upload = useImportFet();
  const err = useFormError();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.fet')) return err.set(f.wrongType);
    upload.mutate(file, {
      onSuccess: (data) => {
        toast.success(f.imported);
        onImported(file.name, data);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: err.fail,
    });
  };
  return (
    <Panel title={f.importTitle} hint={f.importHint} testId="tt-fet-import">
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Label
            htmlFor="tt-fet-file"
            className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg border border-dashed px-3 py-3 font-normal hover:border-primary/50 hover:bg-primary/5 focus-within:ring-2 focus-within:ring-ring"
          >
            <FileUp className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium">{f.choose}</span>
              <span className="block truncate text-xs text-muted-foreground" data-testid="tt-fet-filename">
                {file?.name ?? f.noFile}
              </span>
            </span>
            <input
              ref={input}
              id="tt-fet-file"
              type="file"
              accept=".fet,application/xml,text/xml"
              className="sr-only"
              onChange={(e) => {
                err.clear();
                setFile(e.target.files?.[0] ?? null);
              }}
              data-testid="tt-fet-file"
            />
          </Label>
          <PendingButton pending={upload.isPending} icon={FileUp} type="submit" disabled={!file || upload.isPending} data-testid="tt-fet-upload">
            {upload.isPending ? f.uploading : f.upload}
          </PendingButton>
        </div>
        <FormError error={err.error} title={f.importFailed} testId="tt-fet-error" />
      </form>
    </Panel>
  );
}

function ReportCard({ name, data }: { name: string; data: FetImport }) {
  const { report } = data;
  return (
    <Panel title={f.reportTitle(name)} testId="tt-fet-report">
      <div className="grid gap-4">
        <div className="flex items-baseline gap-2">
          <span className="text-3xl font-semibold tabular-nums" data-testid="tt-fet-activities">
            {report.activities}
          </span>
          <span className="text-sm text-muted-foreground">{f.activities}</span>
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{f.supported}</p>
          {report.supported.length === 0 ? (
            <p className="text-sm text-muted-foreground">{f.supportedNone}</p>
          ) : (
            <ul className="flex flex-wrap gap-1.5" data-testid="tt-fet-supported">
              {report.supported.map((s) => (
                <li key={s}>
                  <Badge className="bg-emerald-500/10 font-mono text-[11px] font-normal break-all text-emerald-800 dark:text-emerald-300">{s}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{f.ignored}</p>
          {report.ignored.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="tt-fet-ignored-none">
              {f.ignoredNone}
            </p>
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="tt-fet-ignored">
              {report.ignored.map((x) => (
                <li key={x.constraint} className="flex items-start justify-between gap-3 px-3 py-1.5 text-sm" data-testid="tt-fet-ignored-row">
                  <span className="min-w-0 font-mono text-xs break-all">{x.constraint}</span>
                  <span className="shrink-0 text-xs font-medium text-muted-foreground tabular-nums">{f.ignoredCount(x.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
          <Button variant="outline" asChild>
            <a href={exportFetHref(data.problemId)} download data-testid="tt-fet-report-export">
              <Download aria-hidden />
              {f.export}
            </a>
          </Button>
          <GenerateButton problemId={data.problemId} testId="tt-fet-generate" />
        </div>
      </div>
    </Panel>
  );
}

/** "Generate from this file" with its time limit; tells the Generate tab about the job. */
function GenerateButton({ problemId, testId, compact, label = f.generate }: { problemId: string; testId: string; compact?: boolean; label?: string }) {
  const generate = useGenerateFromProblem();
  const [limit, setLimit] = React.useState(String(DEFAULT_LIMIT));
  const seconds = Math.max(5, Math.min(600, Math.round(Number(limit)) || DEFAULT_LIMIT));
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!compact && (
        <span className="flex items-center gap-1.5">
          <Label htmlFor={`${testId}-limit`} className="text-xs font-normal text-muted-foreground">
            {f.timeLimit}
          </Label>
          <Input id={`${testId}-limit`} type="number" min={5} max={600} value={limit} onChange={(e) => setLimit(e.target.value)} className="h-9 w-20 tabular-nums" />
        </span>
      )}
      <PendingButton
        pending={generate.isPending}
        icon={Play}
        size={compact ? 'sm' : 'default'}
        variant={compact ? 'outline' : 'default'}
        onClick={() =>
          generate.mutate(
            { problemId, timeLimitSeconds: seconds },
            { onSuccess: () => toast.success(f.started), onError: (e) => toast.error(e.message) },
          )
        }
        data-testid={testId}
      >
        {generate.isPending ? f.generating : label}
      </PendingButton>
    </div>
  );
}

function ProblemsCard() {
  const problems = useProblems();
  return (
    <Panel title={f.problemsTitle} hint={f.problemsHint} testId="tt-fet-problems">
      {problems.isError ? (
        <QueryErrorCard query={problems} title={f.problemsTitle} retryLabel={sm.tryAgain} testId="tt-fet-problems-error" />
      ) : !problems.data ? (
        <Skeleton className="h-32 rounded-lg" />
      ) : problems.data.length === 0 ? (
        <EmptyListState icon={Files} title={f.problemsEmpty} hint={f.problemsEmptyHint} testId="tt-fet-problems-empty" />
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="tt-fet-problem-list">
          {problems.data.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 px-3 py-2.5 md:flex-row md:items-center md:justify-between" data-testid="tt-fet-problem" data-source={p.source ?? ''}>
              <div className="min-w-0">
                <p className="flex min-w-0 items-center gap-2">
                  <span className="truncate text-sm font-medium">{p.name}</span>
                  {p.source && (
                    <Badge variant={p.source === 'fet' ? 'default' : 'secondary'} className="shrink-0 text-[10px]">
                      {f.sourceLabel[p.source] ?? p.source}
                    </Badge>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {[
                    p.activities !== null ? f.problemActivities(p.activities) : null,
                    p.days !== null && p.periods !== null ? f.problemShape(p.days, p.periods) : null,
                    p.createdAt ? f.importedOn(formatDate(p.createdAt)!) : null,
                    p.createdByName,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button variant="outline" size="sm" asChild>
                  <a href={exportFetHref(p.id)} download data-testid="tt-fet-problem-export">
                    <Download aria-hidden />
                    {f.export}
                  </a>
                </Button>
                <GenerateButton problemId={p.id} testId="tt-fet-problem-generate" compact label={p.source === 'school' ? f.generateInputs : f.generate} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

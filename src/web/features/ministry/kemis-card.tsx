import * as React from 'react';
import { Download, FileUp, Landmark, Loader2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { pathForSection } from '@shared/access';
import type { KemisUpiImportResult } from '@shared/contracts/kemis';
import { KEMIS_FIELD_LABELS, kemisMessages } from '@shared/messages/kemis';
import { useAuth } from '@/lib/auth';
import { useFileDownload } from '@/lib/download';
import { QueryErrorCard } from '@/components/query-error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DownloadLinkButton } from '@/components/download-link-button';
import { IconCardHeader } from '@/components/icon-card-header';
import { NameOptions, NativeSelect } from '@/features/school-setup';
import { KEMIS_UPI_SAMPLE, kemisQuery, useImportUpis, useKemisClasses, useKemisReport } from './kemis-api';

const c = kemisMessages.card;
const SHOWN = 8;

/**
 * The principal's and director's KEMIS card on Reports (issue 35 §1): pick the whole school, a level or
 * a stream; download the learner sheet in the Ministry's column order (Excel or CSV); the learners
 * missing a field KEMIS requires, each with a link to their profile to fix it, and those awaiting a UPI;
 * and (the principal) "Import UPIs": the Ministry's file, a dry run preview, then Commit.
 */
export function KemisCard() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const classes = useKemisClasses();
  const [levelId, setLevelId] = React.useState('');
  const [classId, setClassId] = React.useState('');
  const scope = { classId: classId || undefined, levelId: levelId || undefined };
  const report = useKemisReport(scope);
  const studentsPath = role ? pathForSection(role, 'students') : null;
  const learnerHref = (id: string) => (studentsPath ? `${studentsPath}?student=${encodeURIComponent(id)}` : undefined);

  const levels = React.useMemo(() => {
    const seen = new Map<string, { id: string; name: string; order: number }>();
    for (const x of classes.data ?? []) if (x.levelId && !seen.has(x.levelId)) seen.set(x.levelId, { id: x.levelId, name: x.level, order: x.levelOrder });
    return [...seen.values()].sort((a, b) => a.order - b.order);
  }, [classes.data]);
  const streams = (classes.data ?? []).filter((x) => !levelId || x.levelId === levelId).sort((a, b) => a.levelOrder - b.levelOrder || a.name.localeCompare(b.name));
  const d = report.data;

  return (
    <Card data-testid="kemis-card">
      <IconCardHeader icon={Landmark} title={c.title} description={c.description} />
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,14rem)_1fr] sm:items-end">
          <label className="grid gap-1.5 text-sm font-medium">
            {c.level}
            <NativeSelect
              className="h-9"
              value={levelId}
              onChange={(e) => {
                setLevelId(e.target.value);
                setClassId('');
              }}
              data-testid="kemis-level"
            >
              <NameOptions items={levels} empty={c.wholeSchool} />
            </NativeSelect>
          </label>
          <label className="grid gap-1.5 text-sm font-medium">
            {c.stream}
            <NativeSelect className="h-9" value={classId} onChange={(e) => setClassId(e.target.value)} data-testid="kemis-stream">
              <NameOptions items={streams} empty={c.allStreams} />
            </NativeSelect>
          </label>
          <div className="flex flex-wrap gap-2">
            <DownloadLinkButton href={kemisQuery(scope, 'xlsx')} testId="kemis-download-xlsx">
              {c.downloadExcel}
            </DownloadLinkButton>
            <DownloadLinkButton href={kemisQuery(scope, 'csv')} variant="outline" testId="kemis-download-csv">
              {c.downloadCsv}
            </DownloadLinkButton>
          </div>
        </div>
        {report.error ? (
          <QueryErrorCard query={report} title={c.loadFailed} retryLabel={kemisMessages.card.preview} testId="kemis-error" />
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <LearnerList
              title={c.missingTitle}
              none={c.missingNone}
              total={d?.rows.length}
              items={d?.missing.map((x) => ({ ...x, detail: x.fields.map((f) => KEMIS_FIELD_LABELS[f] ?? f).join(', ') }))}
              href={learnerHref}
              testId="kemis-missing"
            />
            <LearnerList title={c.awaitingTitle} none={c.awaitingNone} total={d?.rows.length} items={d?.awaitingUpi.map((x) => ({ ...x, detail: null }))} href={learnerHref} testId="kemis-awaiting" />
          </div>
        )}
        {role === 'principal' && <ImportUpis />}
      </CardContent>
    </Card>
  );
}

function LearnerList({
  title,
  none,
  total,
  items,
  href,
  testId,
}: {
  title: string;
  none: string;
  total: number | undefined;
  items: { studentId: string; name: string; admissionNumber: string; stream: string | null; detail: string | null }[] | undefined;
  href: (id: string) => string | undefined;
  testId: string;
}) {
  const [all, setAll] = React.useState(false);
  const shown = all ? items : items?.slice(0, SHOWN);
  return (
    <section className="min-w-0 rounded-lg border p-4" data-testid={testId}>
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        {title}
        {items && (
          <Badge variant={items.length ? 'secondary' : 'outline'} data-testid={`${testId}-count`}>
            {items.length}
          </Badge>
        )}
        {total !== undefined && <span className="text-xs font-normal text-muted-foreground">/ {c.learners(total)}</span>}
      </h3>
      {!items ? (
        <p className="mt-3 text-sm text-muted-foreground">…</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{none}</p>
      ) : (
        <ul className="mt-3 divide-y">
          {shown!.map((x) => (
            <li key={x.studentId} className="flex min-w-0 items-start justify-between gap-3 py-2" data-testid={`${testId}-row`}>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{x.name}</p>
                <p className="text-xs text-muted-foreground">
                  <span className="font-mono">{x.admissionNumber}</span>
                  {x.stream && ` · ${x.stream}`}
                </p>
                {x.detail && <p className="mt-0.5 text-xs text-destructive">{x.detail}</p>}
              </div>
              {href(x.studentId) && (
                <Button asChild size="sm" variant="outline" className="shrink-0">
                  <a href={href(x.studentId)} data-testid={`${testId}-fix`}>
                    {c.fix}
                  </a>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {items && items.length > SHOWN && !all && (
        <Button variant="link" size="sm" className="mt-1 px-0" onClick={() => setAll(true)} data-testid={`${testId}-all`}>
          {c.showAll(items.length)}
        </Button>
      )}
    </section>
  );
}

/** "Import UPIs" (the principal): a file, a dry run preview (matched, conflicts, unmatched), then Commit. */
function ImportUpis() {
  const input = React.useRef<HTMLInputElement>(null);
  const [file, setFile] = React.useState<File | null>(null);
  const [result, setResult] = React.useState<KemisUpiImportResult | null>(null);
  const [error, setError] = React.useState('');
  const run = useImportUpis();
  const sample = useFileDownload(c.sampleFailed);
  const go = async (commit: boolean, f = file) => {
    if (!f) return;
    setError('');
    try {
      const r = await run.mutateAsync({ file: f, commit });
      setResult(r);
      if (commit) toast.success(c.committed(r.updated));
    } catch (err) {
      setResult(null);
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <section className="min-w-0 rounded-lg border p-4" data-testid="kemis-import">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <FileUp className="size-4 text-primary" aria-hidden />
        {c.importTitle}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{c.importHint}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            e.target.value = '';
            setFile(f);
            setResult(null);
            if (f) void go(false, f);
          }}
          data-testid="kemis-import-file"
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={run.isPending}>
          <Upload className="size-4" aria-hidden />
          {c.chooseFile}
        </Button>
        <Button variant="ghost" onClick={() => sample.start('sample', KEMIS_UPI_SAMPLE, 'kemis-upis-sample.csv')} disabled={sample.isBusy('sample')} title={c.sampleHint} data-testid="kemis-upi-sample">
          {sample.isBusy('sample') ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
          {c.sample}
        </Button>
        {file && <span className="truncate text-sm text-muted-foreground">{file.name}</span>}
        {result && !result.committed && result.updated > 0 && (
          <Button onClick={() => void go(true)} disabled={run.isPending} data-testid="kemis-import-commit">
            {c.commit}
          </Button>
        )}
      </div>
      {error && (
        <p className="mt-3 text-sm font-medium text-destructive" role="alert" data-testid="kemis-import-error">
          {error}
        </p>
      )}
      {result && <ImportPreview result={result} />}
    </section>
  );
}

function ImportPreview({ result: r }: { result: KemisUpiImportResult }) {
  const stat = (label: string, value: number, testId: string) => (
    <div className="rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const problems = (title: string, list: KemisUpiImportResult['conflicts'], testId: string) =>
    list.length > 0 && (
      <div className="min-w-0" data-testid={testId}>
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th className="py-1 pr-3 font-medium">{c.row}</th>
                <th className="py-1 pr-3 font-medium">{c.nameInFile}</th>
                <th className="py-1 pr-3 font-medium">{c.upi}</th>
                <th className="py-1 font-medium">{c.reason}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.row} className="border-t align-top">
                  <td className="py-1 pr-3 tabular-nums">{p.row}</td>
                  <td className="py-1 pr-3 font-medium" data-testid="kemis-import-problem-name">
                    {p.name ?? '—'}
                  </td>
                  <td className="py-1 pr-3 font-mono text-xs">{p.upi}</td>
                  <td className="py-1" data-testid="kemis-import-problem-reason">
                    {p.reason}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="kemis-import-result">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {stat(c.matched, r.matched, 'kemis-import-matched')}
        {stat(c.toUpdate, r.updated, 'kemis-import-updated')}
        {stat(c.conflicts, r.conflicts.length, 'kemis-import-conflicts')}
        {stat(c.unmatched, r.unmatched.length, 'kemis-import-unmatched')}
      </dl>
      {r.matches.length > 0 && (
        <div className="min-w-0" data-testid="kemis-import-matches">
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{c.matched}</h4>
          <div className="max-h-64 overflow-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-muted-foreground">
                  <th className="py-1 pr-3 font-medium">{c.row}</th>
                  <th className="py-1 pr-3 font-medium">{c.learner}</th>
                  <th className="py-1 pr-3 font-medium">{c.upi}</th>
                  <th className="py-1 font-medium" />
                </tr>
              </thead>
              <tbody>
                {r.matches.map((x) => (
                  <tr key={x.row} className="border-t">
                    <td className="py-1 pr-3 tabular-nums">{x.row}</td>
                    <td className="py-1 pr-3">
                      {x.name} <span className="font-mono text-xs text-muted-foreground">{x.admissionNumber}</span>
                    </td>
                    <td className="py-1 pr-3 font-mono text-xs">{x.upi}</td>
                    <td className="py-1">
                      <Badge variant={x.change === 'new' ? 'default' : 'outline'}>{x.change === 'new' ? c.newUpi : c.alreadySet}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {problems(c.conflicts, r.conflicts, 'kemis-import-conflict-list')}
      {problems(c.unmatched, r.unmatched, 'kemis-import-unmatched-list')}
    </div>
  );
}

import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Ban, CheckCircle2, Gauge, Loader2, Sparkles, Timer, Zap } from 'lucide-react';
import { toast } from 'sonner';
import type { Job, TimetableSummary } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { api, ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { LabelledField, SelectField } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PendingButton } from '@/components/pending-button';
import { GenerateError, TIMETABLE_KEY, useCancelJob, useGenerate, useJob } from '../timetable-api';
import { TabIntro } from './tab-intro';

const g = tm.generate;
const LIMITS = [15, 30, 60, 120] as const;
const WHOLE = '__whole__';
/** The classes of a field block of the form. */
const FIELD = 'flex flex-col gap-1.5';
const RUNNING = new Set(['queued', 'running']);

/**
 * The "Generate" tab (issue 16 §2): time limit, optional seed, whole school or one level, "Keep locked
 * lessons" from the version picked on the Timetable tab; Start shows the job's progress (lessons
 * placed of all, conflicts left, soft score, time) polled every second, with Cancel. An impossible
 * input answers 400 TIMETABLE_IMPOSSIBLE with the issues, listed here. When the job ends with a
 * timetable, `onDone` opens it.
 */
export function GenerateTab({
  base,
  jobId,
  onJob,
  onDone,
}: {
  base: TimetableSummary | null;
  jobId: string | null;
  onJob: (id: string | null) => void;
  onDone: (timetableId: string) => void;
}) {
  const qc = useQueryClient();
  const [limit, setLimit] = React.useState<number>(30);
  const [seed, setSeed] = React.useState('');
  const [level, setLevel] = React.useState(WHOLE);
  const [keepLocked, setKeepLocked] = React.useState(true);
  const [name, setName] = React.useState('');
  const [issues, setIssues] = React.useState<{ message: string }[] | null>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const levels = useQuery({
    queryKey: [...TIMETABLE_KEY, 'levels'],
    queryFn: async () => (await api<{ levels: { id: string; name: string }[] }>('/api/timetables/setup')).levels,
    staleTime: 60_000,
    retry: false,
  });
  const generate = useGenerate();
  const cancel = useCancelJob();
  const job = useJob(jobId);
  const handled = React.useRef<string | null>(null);

  React.useEffect(() => {
    const j = job.data;
    if (!j || RUNNING.has(j.status) || handled.current === j.id) return;
    handled.current = j.id;
    void qc.invalidateQueries({ queryKey: [...TIMETABLE_KEY, 'versions'] });
    if (j.timetableId) {
      const result = (j.result ?? {}) as { name?: string; unplaced?: number };
      toast.success(j.status === 'cancelled' ? g.cancelled : g.done(result.name), {
        description: result.unplaced ? g.doneUnplaced(result.unplaced) : undefined,
      });
      onDone(j.timetableId);
    } else if (j.status === 'cancelled') toast.info(g.cancelled);
    else if (j.status === 'failed') toast.error(g.failed(j.error ?? ''));
  }, [job.data, qc, onDone]);

  const running = !!job.data && RUNNING.has(job.data.status);
  const start = (ev: React.FormEvent) => {
    ev.preventDefault();
    setIssues(null);
    setRefusal(null);
    const s = seed.trim() ? Number(seed.trim()) : undefined;
    generate.mutate(
      {
        timeLimitSeconds: limit,
        ...(s !== undefined && Number.isInteger(s) && s >= 0 ? { seed: s } : {}),
        ...(level !== WHOLE ? { levelId: level } : {}),
        ...((keepLocked || level !== WHOLE) && base ? { baseTimetableId: base.id } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
      },
      {
        onSuccess: ({ jobId: id }) => {
          handled.current = null;
          onJob(id);
        },
        onError: (err) => {
          if (err instanceof GenerateError && err.code === 'TIMETABLE_IMPOSSIBLE') {
            setRefusal(err.message);
            setIssues(err.issues);
          } else if (err instanceof ApiError) setRefusal(err.message);
          else setRefusal(err.message);
        },
      },
    );
  };

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <form onSubmit={start} className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs" data-testid="timetable-generate-form">
        <div>
          <TabIntro icon={Sparkles} title={g.title} text={g.text} />
        </div>
        <SelectField
          id="tt-limit"
          label={g.timeLimit}
          className={FIELD}
          value={String(limit)}
          onValueChange={(v) => setLimit(Number(v))}
          options={LIMITS.map(String)}
          labelOf={(n) => g.seconds(Number(n))}
          testId="timetable-limit"
        />
        <LabelledField id="tt-level" label={g.level} className={FIELD}>
          <Select value={level} onValueChange={setLevel}>
            <SelectTrigger id="tt-level" data-testid="timetable-level">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={WHOLE}>{g.wholeSchool}</SelectItem>
              {(levels.data ?? []).map((l) => (
                <SelectItem key={l.id} value={l.id} disabled={!base}>
                  {g.levelOnly(l.name)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </LabelledField>
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2">
          <LabelledField id="tt-seed" label={g.seed} className={FIELD}>
            <Input id="tt-seed" inputMode="numeric" value={seed} onChange={(ev) => setSeed(ev.target.value.replace(/\D/g, '').slice(0, 10))} data-testid="timetable-seed" />
          </LabelledField>
          <LabelledField id="tt-name" label={g.name} className={FIELD}>
            <Input id="tt-name" value={name} maxLength={80} onChange={(ev) => setName(ev.target.value)} data-testid="timetable-name" />
          </LabelledField>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{g.seedHint}</p>
        <label className={cn('flex items-start gap-3 rounded-lg border p-3', !base && 'opacity-60')}>
          <Checkbox checked={keepLocked && !!base} disabled={!base} onCheckedChange={(v) => setKeepLocked(v === true)} className="mt-0.5" data-testid="timetable-keep-locked" />
          <span className="min-w-0">
            <span className="block text-sm font-medium">{g.keepLocked}</span>
            <span className="block text-xs text-muted-foreground">{g.keepLockedHint(base?.name ?? null)}</span>
          </span>
        </label>
        <PendingButton pending={generate.isPending} icon={Zap} type="submit" disabled={generate.isPending || running} data-testid="timetable-generate-start">
          {g.start}
        </PendingButton>
      </form>
      <div className="flex min-w-0 flex-col gap-4">
        {refusal && (
          <div className="rounded-xl border border-destructive/40 bg-destructive/5 p-4" role="alert" data-testid="timetable-impossible">
            <p className="flex items-center gap-2 font-semibold text-destructive">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              {issues ? g.impossibleTitle : refusal}
            </p>
            {issues && (
              <>
                <p className="mt-1 text-sm text-muted-foreground">{refusal !== g.impossibleTitle ? refusal : g.impossibleHint}</p>
                <ul className="mt-3 flex flex-col gap-1.5 text-sm">
                  {issues.map((i, n) => (
                    <li key={`${n}-${i.message}`} className="flex gap-2" data-testid="timetable-impossible-issue">
                      <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-destructive" aria-hidden />
                      {i.message}
                    </li>
                  ))}
                </ul>
                <p className="mt-3 text-xs text-muted-foreground">{g.impossibleHint}</p>
              </>
            )}
          </div>
        )}
        {job.data ? (
          <Progress job={job.data} cancelling={cancel.isPending || job.data.cancelRequested} onCancel={() => cancel.mutate(job.data!.id, { onError: (err) => toast.error(err.message) })} onOpen={onDone} />
        ) : (
          !refusal && (
            <div className="flex min-h-48 flex-col items-center justify-center rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
              <Gauge className="mb-3 size-8 text-muted-foreground/60" aria-hidden />
              <span className="max-w-sm">{g.idle}</span>
            </div>
          )
        )}
      </div>
    </div>
  );
}

function Progress({ job, cancelling, onCancel, onOpen }: { job: Job; cancelling: boolean; onCancel: () => void; onOpen: (id: string) => void }) {
  const d = (job.detail ?? {}) as { placed?: number; hardViolations?: number; softScore?: number; elapsedMs?: number; total?: number };
  const total = job.total || d.total || 0;
  const placed = d.placed ?? job.progress;
  const pct = total ? Math.min(100, Math.round((placed / total) * 100)) : 0;
  const running = RUNNING.has(job.status);
  const tone = job.status === 'failed' ? 'bad' : running ? 'run' : 'ok';
  return (
    <section className="rounded-xl border bg-card p-5 shadow-xs" data-testid="timetable-progress" data-status={job.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          {running ? <Loader2 className="size-4 animate-spin text-primary" aria-hidden /> : tone === 'bad' ? <AlertTriangle className="size-4 text-destructive" aria-hidden /> : <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />}
          <span data-testid="timetable-job-status">{g.status(job.status)}</span>
        </h3>
        {running ? (
          <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling} data-testid="timetable-generate-cancel">
            <Ban aria-hidden />
            {cancelling ? g.cancelling : g.cancel}
          </Button>
        ) : (
          job.timetableId && (
            <Button size="sm" variant="outline" onClick={() => onOpen(job.timetableId!)}>
              {g.openResult}
            </Button>
          )
        )}
      </div>
      <div className="mt-4 h-2.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className={cn('h-full rounded-full transition-all duration-500', tone === 'bad' ? 'bg-destructive' : 'bg-primary')} style={{ width: `${running ? Math.max(pct, 3) : pct}%` }} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={g.placed} value={g.placedOf(placed, total)} testId="timetable-progress-placed" />
        <Stat label={g.conflicts} value={String(d.hardViolations ?? 0)} testId="timetable-progress-conflicts" warn={(d.hardViolations ?? 0) > 0} />
        <Stat label={g.softScore} value={String(d.softScore ?? 0)} testId="timetable-progress-soft" />
        <Stat label={g.elapsed} value={g.elapsedSeconds(d.elapsedMs ?? 0)} testId="timetable-progress-elapsed" icon />
      </dl>
      {job.error && <p className="mt-3 text-sm text-destructive">{job.error}</p>}
    </section>
  );
}

function Stat({ label, value, testId, warn, icon }: { label: string; value: string; testId: string; warn?: boolean; icon?: boolean }) {
  return (
    <div className="rounded-lg bg-muted/50 px-3 py-2">
      <dt className="flex items-center gap-1 text-xs text-muted-foreground">
        {icon && <Timer className="size-3" aria-hidden />}
        {label}
      </dt>
      <dd className={cn('mt-0.5 text-lg font-semibold tabular-nums', warn && 'text-amber-600')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BellRing, CheckCircle2, Eye, Loader2, Mail, MessageSquare, RotateCcw, Send, Users } from 'lucide-react';
import type { RemindersBody, RemindersResponse } from '@shared/contracts/fees';
import { isTaskRunning, type Task } from '@shared/contracts/tasks';
import { messages } from '@shared/messages';
import { kesToCents } from '@shared/money';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { describedBy, Field, FormSection } from '@/components/field';
import { useClasses } from '@/features/learners';
import { NativeSelect } from '@/features/school-setup';
import { cn } from '@/lib/utils';
import { FEES_KEY, useReminders } from '../api/fees';
import { errorText, mm } from '../mpesa/common';
import { useLatestReminderTask, usePreviewReminders, useReminderTask } from './settings-api';
import { IconBadge } from '@/components/icon-badge';

const r = mm.reminders;
type Channel = 'sms' | 'email';

interface Inputs {
  minBalance: string;
  channels: Channel[];
  levelId: string;
  classId: string;
}
interface Errors {
  minBalance?: string;
  channels?: string;
}

function bodyOf(v: Inputs): Omit<RemindersBody, 'preview'> {
  return {
    minBalance: v.minBalance.trim().replace(/,/g, ''),
    channels: v.channels,
    ...(v.levelId ? { levelId: v.levelId } : {}),
    ...(v.classId ? { classId: v.classId } : {}),
  };
}

function validate(v: Inputs): Errors {
  const out: Errors = {};
  const cents = kesToCents(v.minBalance);
  if (cents === null || cents < 0) out.minBalance = messages.fees.amountInvalid;
  if (v.channels.length === 0) out.channels = messages.fees.channelsRequired;
  return out;
}

/**
 * Fee reminders (issue 11 §4): guardians of learners owing more than an amount, by SMS and/or e-mail,
 * optionally one level or stream. Preview (counts and the sample SMS) → Send (confirmed) → a progress
 * bar following the background task (GET /api/tasks/:id) → the counts sent and failed. A run still
 * going when the page is opened again is picked up.
 */
export function RemindersTab() {
  const qc = useQueryClient();
  const [inputs, setInputs] = React.useState<Inputs>({ minBalance: '1000', channels: ['sms'], levelId: '', classId: '' });
  const [errors, setErrors] = React.useState<Errors>({});
  const [previewOf, setPreviewOf] = React.useState<string | null>(null);
  const [confirming, setConfirming] = React.useState(false);
  const [taskId, setTaskId] = React.useState<string | null>(null);
  const preview = usePreviewReminders();
  const send = useReminders();
  const classes = useClasses(null);
  const latest = useLatestReminderTask(true);
  const task = useReminderTask(taskId);

  // A run that was still going when the page was left: follow it again.
  React.useEffect(() => {
    if (latest.data && isTaskRunning(latest.data)) setTaskId((id) => id ?? latest.data!.id);
  }, [latest.data]);
  // Finished: the SMS log and the balances' "reminded" state are worth re-reading.
  const finished = !!task.data && !isTaskRunning(task.data);
  React.useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: [...FEES_KEY, 'sms'] });
  }, [finished, qc]);

  const levels = React.useMemo(() => {
    const seen = new Map<string, { id: string; name: string; order: number }>();
    for (const c of classes.data ?? []) if (c.levelId && !seen.has(c.levelId)) seen.set(c.levelId, { id: c.levelId, name: c.level, order: c.levelOrder });
    return [...seen.values()].sort((a, b) => a.order - b.order);
  }, [classes.data]);
  const streams = (classes.data ?? []).filter((c) => !inputs.levelId || c.levelId === inputs.levelId);

  const key = JSON.stringify(bodyOf(inputs));
  const shown: RemindersResponse | undefined = previewOf !== null ? preview.data : undefined;
  const stale = !!shown && previewOf !== key;

  const change = (patch: Partial<Inputs>) => {
    setInputs((v) => ({ ...v, ...patch }));
    setErrors((e) => ({ ...e, ...(patch.minBalance !== undefined ? { minBalance: undefined } : {}), ...(patch.channels ? { channels: undefined } : {}) }));
  };
  const toggle = (ch: Channel, on: boolean) => change({ channels: on ? (['sms', 'email'] as const).filter((c) => c === ch || inputs.channels.includes(c)) : inputs.channels.filter((c) => c !== ch) });

  const onPreview = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems = validate(inputs);
    setErrors(problems);
    if (problems.minBalance || problems.channels) return;
    try {
      await preview.mutateAsync(bodyOf(inputs));
      setPreviewOf(key);
    } catch {
      setPreviewOf(null);
    }
  };

  const onSend = async () => {
    try {
      const res = await send.mutateAsync({ ...bodyOf(inputs), preview: false });
      setConfirming(false);
      if (res.taskId) setTaskId(res.taskId);
    } catch {
      setConfirming(false);
    }
  };

  const startOver = () => {
    setTaskId(null);
    setPreviewOf(null);
    preview.reset();
    send.reset();
  };

  const running = !!taskId;
  // On phones the outcome sits below the form: bring it into view when it appears.
  const outcome = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (previewOf || taskId) outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [previewOf, taskId]);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <FormSection title={r.title} description={r.description} icon={<BellRing />} testId="reminders">
        <form className="grid gap-5" onSubmit={onPreview} noValidate data-testid="reminders-form">
          <fieldset disabled={running} className="grid gap-5">
            <Field id="rem-min" label={r.minBalance} error={errors.minBalance} hint={r.minBalanceHint}>
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs text-muted-foreground">{mm.common.kes}</span>
                <Input id="rem-min" inputMode="decimal" className="pl-11 tabular-nums" value={inputs.minBalance} onChange={(e) => change({ minBalance: e.target.value })} {...describedBy('rem-min', errors.minBalance, true)} data-testid="reminders-min" />
              </div>
            </Field>
            <fieldset className="grid gap-2" aria-describedby={errors.channels ? 'rem-channels-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">{r.channels}</legend>
              <div className="grid grid-cols-2 gap-2.5">
                {(
                  [
                    ['sms', r.sms, MessageSquare],
                    ['email', r.email, Mail],
                  ] as const
                ).map(([ch, label, Icon]) => (
                  <label
                    key={ch}
                    className={cn(
                      'flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5',
                      errors.channels && 'border-destructive',
                    )}
                  >
                    <Checkbox checked={inputs.channels.includes(ch)} onCheckedChange={(on) => toggle(ch, on === true)} data-testid={`reminders-${ch}`} />
                    <Icon className="size-4 text-muted-foreground" aria-hidden />
                    {label}
                  </label>
                ))}
              </div>
              <FieldError id="rem-channels-error" message={errors.channels} />
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="rem-level" label={r.level} optional>
                <NativeSelect id="rem-level" value={inputs.levelId} onChange={(e) => change({ levelId: e.target.value, classId: '' })} data-testid="reminders-level">
                  <option value="">{r.allLevels}</option>
                  {levels.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="rem-stream" label={r.stream} optional>
                <NativeSelect id="rem-stream" value={inputs.classId} onChange={(e) => change({ classId: e.target.value })} data-testid="reminders-stream">
                  <option value="">{r.allStreams}</option>
                  {streams.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
          </fieldset>
          {preview.error && <FormErrorAlert title={r.failed} detail={errorText(preview.error, r.failed)} testId="reminders-preview-error" />}
          {!running && (
            <div className="flex justify-end border-t pt-4">
              <PendingButton type="submit" variant={shown && !stale ? 'outline' : 'default'} data-testid="reminders-preview" pending={preview.isPending} icon={Eye}>
                {preview.isPending ? r.previewing : r.preview}
              </PendingButton>
            </div>
          )}
        </form>
      </FormSection>

      <div ref={outcome} className="min-w-0 scroll-mt-4">
        {taskId ? (
          <TaskPanel task={task.data} error={task.error} onAgain={startOver} />
        ) : !shown ? (
          <section className="hidden min-w-0 flex-col gap-4 rounded-xl border border-dashed p-6 lg:flex" data-testid="reminders-placeholder">
            <h3 className="flex items-center gap-2 text-[15px] font-semibold">
              <Eye className="size-4 text-muted-foreground" aria-hidden />
              {r.placeholderTitle}
            </h3>
            <ol className="grid gap-3">
              {r.placeholderSteps.map((step, i) => (
                <li key={i} className="flex items-start gap-3 text-sm text-muted-foreground">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary tabular-nums">{i + 1}</span>
                  <span className="pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : (
          shown && (
            <section className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6" data-testid="reminders-preview-panel" aria-live="polite">
              <h3 className="text-[15px] font-semibold">{r.previewTitle}</h3>
              <div className={cn('grid grid-cols-3 gap-2.5 transition-opacity', stale && 'opacity-50')}>
                <Count icon={Users} label={r.learners} value={shown.learners} testId="reminders-count-learners" />
                <Count icon={MessageSquare} label={r.smsCount} value={shown.sms} testId="reminders-count-sms" />
                <Count icon={Mail} label={r.emailCount} value={shown.emails} testId="reminders-count-emails" />
              </div>
              {shown.sample ? (
                <div className={cn('grid gap-1.5', stale && 'opacity-50')}>
                  <p className="text-xs font-medium text-muted-foreground">{r.sample}</p>
                  <p className="max-w-md rounded-2xl rounded-tl-sm bg-muted px-3.5 py-2.5 text-sm leading-relaxed" data-testid="reminders-sample">
                    {shown.sample}
                  </p>
                </div>
              ) : (
                <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="reminders-none">
                  {r.noRecipients}
                </p>
              )}
              {stale && <p className="text-xs font-medium text-amber-700 dark:text-amber-300">{r.previewStale}</p>}
              {send.error && <FormErrorAlert title={r.failed} detail={errorText(send.error, r.failed)} testId="reminders-send-error" />}
              <div className="flex justify-end border-t pt-4">
                <PendingButton onClick={() => setConfirming(true)} disabled={stale || shown.sms + shown.emails === 0 || send.isPending} data-testid="reminders-send" pending={send.isPending} icon={Send}>
                  {send.isPending ? r.sending : r.send(shown.sms + shown.emails)}
                </PendingButton>
              </div>
            </section>
          )
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        tone="warning"
        icon={Send}
        title={r.confirmTitle}
        text={r.confirmText(shown?.sms ?? 0, shown?.emails ?? 0)}
        cancelLabel={mm.common.cancel}
        confirmLabel={r.confirm}
        pending={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onSend()}
        testId="reminders-confirm-dialog"
        confirmTestId="reminders-confirm"
      />
    </div>
  );
}

function Count({ icon: Icon, label, value, testId }: { icon: typeof Users; label: string; value: number; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg border p-3">
      <p className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        {label}
      </p>
      <p className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value.toLocaleString('en-KE')}
      </p>
    </div>
  );
}

interface ReminderResult {
  learners?: number;
  sms?: number;
  smsFailed?: number;
  emails?: number;
  emailsFailed?: number;
}

/** "Send other reminders" (outline, a reset arrow) at the foot of the finished or failed task's panel. */
function AgainButton({ onAgain, testId }: { onAgain: () => void; testId?: string }) {
  return (
    <Button variant="outline" onClick={onAgain} data-testid={testId}>
      <RotateCcw aria-hidden />
      {r.again}
    </Button>
  );
}

/** The sending task: progress while it runs, then what was sent and what failed. */
function TaskPanel({ task, error, onAgain }: { task: Task | undefined; error: Error | null; onAgain: () => void }) {
  const frame = 'flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6';
  if (task && task.status === 'succeeded') {
    const res = (task.result ?? {}) as ReminderResult;
    const rows: [string, number, boolean][] = [
      [r.smsSent, res.sms ?? 0, false],
      [r.smsFailed, res.smsFailed ?? 0, true],
      [r.emailsSent, res.emails ?? 0, false],
      [r.emailsFailed, res.emailsFailed ?? 0, true],
    ];
    return (
      <section className={frame} data-testid="reminders-done" aria-live="polite">
        <div className="flex items-center gap-3">
          <IconBadge icon={CheckCircle2} className="size-10 rounded-full bg-emerald-500/10 text-emerald-600 dark:text-emerald-400" iconClassName="size-5" />
          <div>
            <h3 className="font-semibold">{r.doneTitle}</h3>
            <p className="text-sm text-muted-foreground">{r.doneText(res.learners ?? 0)}</p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2.5">
          {rows.map(([label, n, bad]) => (
            <div key={label} className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className={cn('mt-1 text-xl font-semibold tabular-nums', bad && n > 0 && 'text-destructive')}>{n.toLocaleString('en-KE')}</dd>
            </div>
          ))}
        </dl>
        <div className="flex justify-end border-t pt-4">
          <AgainButton onAgain={onAgain} testId="reminders-again" />
        </div>
      </section>
    );
  }
  if ((task && task.status === 'failed') || (error && !task)) {
    return (
      <section className={frame} data-testid="reminders-failed">
        <FormErrorAlert title={r.failedTitle} detail={task?.error ?? error?.message ?? ''} testId="reminders-task-error" />
        <div className="flex justify-end">
          <AgainButton onAgain={onAgain} />
        </div>
      </section>
    );
  }
  const total = task?.total ?? 0;
  const progress = task?.progress ?? 0;
  const known = task?.status === 'running' && total > 0;
  const percent = known ? Math.min(100, Math.round((progress / total) * 100)) : 0;
  return (
    <section className={frame} data-testid="reminders-progress" data-status={task?.status ?? 'queued'} aria-live="polite">
      <div className="flex items-center gap-2 text-sm font-medium">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
        {task?.status === 'running' ? r.progressRunning : r.progressQueued}
      </div>
      <div className="relative h-2.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={r.progressRunning} aria-valuemin={0} aria-valuemax={100} aria-valuenow={known ? percent : undefined} data-testid="reminders-progress-bar">
        {known && progress > 0 ? <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} /> : <div className="h-full w-full animate-pulse rounded-full bg-primary/40" />}
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">{total > 0 ? r.progress(known ? progress : 0, total) : '\u00a0'}</p>
    </section>
  );
}

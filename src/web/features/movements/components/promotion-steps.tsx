import * as React from 'react';
import { ArrowRight, GraduationCap, X } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { learnerName } from '@shared/contracts/learners';
import type { PromotionAction, PromotionPlan, SourceStream, TargetStream } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { SearchField } from '@/components/search-field';
import { ChoiceButtons } from '@/components/choice-buttons';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useStreamLearners } from '../api/movements';
import { formatDate, formatNumber } from './format';
import { LoadingLine, Notice } from './notice';

const m = messages.movements.promotion;

/** Client key of a stream of the target year: level id and stream name. */
export const targetKey = (t: { levelId: string; stream: string }) => `${t.levelId}|${t.stream}`;
export const GRADUATE = 'graduate';

/** A learner marked to repeat or skip. */
export interface MarkedException {
  studentId: string;
  action: PromotionAction;
  name: string;
  admissionNumber: string;
  className: string;
}

/** Where the wizard promotes into: an existing year, or a new one created on apply. */
export type TargetChoice = { kind: 'existing'; id: string } | { kind: 'new'; name: string };

// ---- Step 1: years -----------------------------------------------------------------------------

export function YearsStep({
  plan,
  fromYearId,
  onFrom,
  target,
  onTarget,
}: {
  plan: PromotionPlan;
  fromYearId: string;
  onFrom: (id: string) => void;
  target: TargetChoice | null;
  onTarget: (t: TargetChoice) => void;
}) {
  const from = plan.fromYear;
  const later = from ? plan.years.filter((y) => y.startsOn > from.startsOn && y.status === 'open') : [];
  const value = target?.kind === 'existing' ? target.id : target?.kind === 'new' ? `new:${target.name}` : '';
  const learners = plan.sourceStreams.reduce((n, s) => n + s.learners, 0);
  const yearLabel = (y: PromotionPlan['years'][number]) => [y.name, y.isCurrent ? m.current : null, y.status === 'closed' ? m.closed : null].filter(Boolean).join(' · ');
  return (
    <div className="grid gap-5" data-testid="promotion-years">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="promotion-from">{m.fromLabel}</Label>
          <Select value={fromYearId || from?.id || undefined} onValueChange={onFrom}>
            <SelectTrigger id="promotion-from" data-testid="promotion-from">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {plan.years.map((y) => (
                <SelectItem key={y.id} value={y.id}>
                  {yearLabel(y)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="promotion-to">{m.toLabel}</Label>
          <Select
            value={value || undefined}
            onValueChange={(v) => onTarget(v.startsWith('new:') ? { kind: 'new', name: v.slice(4) } : { kind: 'existing', id: v })}
          >
            <SelectTrigger id="promotion-to" data-testid="promotion-to">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {later.map((y) => (
                <SelectItem key={y.id} value={y.id}>
                  {yearLabel(y)}
                </SelectItem>
              ))}
              {plan.newYear && <SelectItem value={`new:${plan.newYear.name}`}>{m.newYearOption(plan.newYear.name)}</SelectItem>}
            </SelectContent>
          </Select>
        </div>
      </div>
      {plan.target && (
        <Notice testId="promotion-target-hint">
          {plan.target.exists ? m.existingYearHint(plan.target.name, formatDate(plan.target.startsOn)) : m.newYearHint(plan.target.name, formatDate(plan.target.startsOn))}
        </Notice>
      )}
      {from && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label={m.figureStreams} value={formatNumber(plan.sourceStreams.length)} />
          <Figure label={m.figureLearners} value={formatNumber(learners)} hint={m.summaryStreams(plan.sourceStreams.length, learners)} />
          <Figure
            label={m.counts.graduated}
            value={formatNumber(plan.sourceStreams.filter((s) => s.isFinal).reduce((n, s) => n + s.learners, 0))}
            className="col-span-2 sm:col-span-1"
          />
        </div>
      )}
      {plan.appliedBatchId && plan.target && from && (
        <Notice tone="warning" testId="promotion-already-applied">
          {m.alreadyApplied(from.name, plan.target.name)}
        </Notice>
      )}
      {!from && <Notice tone="warning">{m.noYears}</Notice>}
      {from && learners === 0 && <Notice tone="warning">{m.noLearners}</Notice>}
    </div>
  );
}

function Figure({ label, value, hint, className }: { label: string; value: string; hint?: string; className?: string }) {
  return (
    <div className={cn('rounded-lg border bg-muted/30 px-3.5 py-3', className)}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-0.5 text-xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-0.5 hidden text-xs text-muted-foreground sm:block">{hint}</p>}
    </div>
  );
}

// ---- Step 2: stream mapping --------------------------------------------------------------------

function groupTargets(targets: TargetStream[]) {
  const groups = new Map<string, { level: string; order: number; items: TargetStream[] }>();
  for (const t of targets) {
    if (!groups.has(t.levelId)) groups.set(t.levelId, { level: t.levelName, order: t.levelOrder, items: [] });
    groups.get(t.levelId)!.items.push(t);
  }
  return [...groups.values()].sort((a, b) => a.order - b.order);
}

export function MappingStep({ plan, mappingOf, onMap }: { plan: PromotionPlan; mappingOf: (s: SourceStream) => string; onMap: (fromClassId: string, value: string) => void }) {
  const groups = React.useMemo(() => groupTargets(plan.targetStreams), [plan.targetStreams]);
  const streams = plan.sourceStreams.filter((s) => s.learners > 0);
  return (
    <div className="grid gap-4" data-testid="promotion-mapping">
      <p className="text-sm text-muted-foreground">{m.mappingHint}</p>
      <div className="hidden grid-cols-[minmax(0,1fr)_auto_minmax(0,1.2fr)] gap-3 px-3 text-xs font-medium text-muted-foreground md:grid">
        <span>
          {m.mappingFrom} ({plan.fromYear?.name})
        </span>
        <span />
        <span>
          {m.mappingTo} ({plan.target?.name})
        </span>
      </div>
      <ul className="grid gap-2">
        {streams.map((s) => {
          const value = mappingOf(s);
          const graduates = value === GRADUATE;
          return (
            <li
              key={s.classId}
              className="grid grid-cols-1 items-center gap-2 rounded-lg border bg-background/60 p-3 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1.2fr)] md:gap-3"
              data-testid="mapping-row"
              data-stream={s.name}
            >
              <div className="flex min-w-0 items-baseline justify-between gap-2 md:block">
                <p className="truncate font-medium">{s.name}</p>
                <p className="shrink-0 text-xs text-muted-foreground">{m.learnersCount(s.learners)}</p>
              </div>
              <ArrowRight className="hidden size-4 text-muted-foreground md:block" aria-hidden />
              <Select value={value} onValueChange={(v) => onMap(s.classId, v)}>
                <SelectTrigger aria-label={`${m.mappingTo}: ${s.name}`} className={cn(graduates && 'text-violet-700 dark:text-violet-300')} data-testid="mapping-select">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-80">
                  {(s.isFinal || !s.hasNextLevel) && (
                    <SelectItem value={GRADUATE}>
                      <span className="inline-flex items-center gap-1.5">
                        <GraduationCap className="size-4" aria-hidden />
                        {m.graduates}
                      </span>
                    </SelectItem>
                  )}
                  {groups.map((g) => (
                    <SelectGroup key={g.level}>
                      <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{g.level}</SelectPrimitive.Label>
                      {g.items.map((t) => (
                        <SelectItem key={targetKey(t)} value={targetKey(t)}>
                          <span className="inline-flex items-center gap-1.5">
                            {t.name}
                            {!t.classId && plan.target?.exists && <span className="text-xs text-muted-foreground">({m.newStream})</span>}
                          </span>
                        </SelectItem>
                      ))}
                    </SelectGroup>
                  ))}
                </SelectContent>
              </Select>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// ---- Step 3: exceptions ------------------------------------------------------------------------

export function ExceptionsStep({
  plan,
  marked,
  onMark,
}: {
  plan: PromotionPlan;
  marked: Record<string, MarkedException>;
  onMark: (learner: Omit<MarkedException, 'action'>, action: PromotionAction | null) => void;
}) {
  const streams = plan.sourceStreams.filter((s) => s.learners > 0);
  const [classId, setClassId] = React.useState<string>(streams[0]?.classId ?? '');
  const [filter, setFilter] = React.useState('');
  const stream = streams.find((s) => s.classId === classId) ?? null;
  const learners = useStreamLearners(stream?.classId ?? null);
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows = (learners.data?.items ?? []).filter((l) => {
    const hay = `${learnerName(l)} ${l.admissionNumber}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const list = Object.values(marked);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]" data-testid="promotion-exceptions">
      <div className="grid min-w-0 content-start gap-4">
        <p className="text-sm text-muted-foreground">{m.exceptionsHint}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="exceptions-stream">{m.pickStream}</Label>
            <Select value={classId || undefined} onValueChange={setClassId}>
              <SelectTrigger id="exceptions-stream" data-testid="exceptions-stream">
                <SelectValue />
              </SelectTrigger>
              <SelectContent className="max-h-80">
                {streams.map((s) => (
                  <SelectItem key={s.classId} value={s.classId}>
                    {s.name} · {m.learnersCount(s.learners)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid content-end gap-2">
            <SearchField value={filter} onChange={setFilter} placeholder={m.filterLearners} testId="exceptions-filter" />
          </div>
        </div>
        {learners.isLoading ? (
          <LoadingLine className="py-6" />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{m.noStreamLearners}</p>
        ) : (
          <ul className="max-h-[28rem] divide-y overflow-y-auto rounded-lg border" data-testid="exceptions-learners">
            {rows.map((l) => {
              const current = marked[l.id]?.action ?? null;
              const info = { studentId: l.id, name: learnerName(l), admissionNumber: l.admissionNumber, className: stream?.name ?? '' };
              return (
                <li
                  key={l.id}
                  className={cn('flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center', current === 'repeat' && 'bg-amber-500/6', current === 'skip' && 'bg-sky-500/6')}
                  data-testid="exception-learner"
                  data-name={info.name}
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{info.name}</p>
                    <p className="text-xs text-muted-foreground tabular-nums">{l.admissionNumber}</p>
                  </div>
                  <Segmented
                    label={info.name}
                    value={current ?? 'follow'}
                    options={[
                      { value: 'follow', label: m.follow },
                      { value: 'repeat', label: m.repeat },
                      { value: 'skip', label: m.skip, disabled: !stream?.canSkip },
                    ]}
                    onChange={(v) => onMark(info, v === 'follow' ? null : (v as PromotionAction))}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <aside className="min-w-0 self-start rounded-lg border bg-muted/30 p-3.5 lg:sticky lg:top-20" data-testid="exceptions-marked">
        <h3 className="text-sm font-semibold">{m.markedTitle(list.length)}</h3>
        {list.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{m.noneMarked}</p>
        ) : (
          <ul className="mt-2 grid gap-1.5">
            {list.map((e) => (
              <li key={e.studentId} className="flex items-center gap-2 rounded-md bg-background px-2.5 py-1.5 text-sm shadow-xs">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{e.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {e.className} · {e.action === 'repeat' ? m.repeat : m.skip}
                  </p>
                </div>
                <Button type="button" variant="ghost" size="icon" className="size-7" onClick={() => onMark(e, null)} aria-label={`${m.remove}: ${e.name}`}>
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </aside>
    </div>
  );
}

/** A small segmented choice (radio buttons styled as one control). */
function Segmented({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string; disabled?: boolean }[]; onChange: (v: string) => void }) {
  return (
    <ChoiceButtons
      options={options}
      value={value}
      onChange={onChange}
      label={label}
      className="inline-flex shrink-0 self-start rounded-md border bg-muted/40 p-0.5 sm:self-auto"
      buttonClassName={(o, on) =>
        cn(
          'rounded px-2.5 py-1 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40',
          on ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
          on && o.value === 'repeat' && 'text-amber-700 dark:text-amber-300',
          on && o.value === 'skip' && 'text-sky-700 dark:text-sky-300',
        )
      }
      buttonTestId={(o) => `exception-${o.value}`}
    >
      {(o) => o.label}
    </ChoiceButtons>
  );
}

import { weekdayLabel } from '@shared/dates';
import * as React from 'react';
import { Pencil, Plus, Scale, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Rule, RuleBody, TimetableSetup } from '@shared/contracts/timetable-setup';
import { RULE_KINDS, WEEKDAY_NAMES, type RuleKind } from '@shared/contracts/timetable';
import { RULE_KIND_LABELS, RULE_KIND_PARAMS, timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { LabelledField } from '@/components/field';
import { EmptyListState } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { EditSheet, SelectField, SHORT_DAYS, SheetForm, levelChoices, schoolWeek, useFormError, type WeekShape , DeleteConfirm } from './setup-bits';
import { useDeleteRule, useSaveRule } from './setup-api';

const ru = sm.rules;

/** The weight's colour band: 100 = hard (never broken), 70+ strong, lower soft. */
const weightTone = (w: number) => (w >= 100 ? 'bg-primary/15 text-primary' : w >= 70 ? 'bg-amber-500/15 text-amber-700 dark:text-amber-400' : 'bg-muted text-muted-foreground');

/** "Rules": FET-style rules with a weight 0-100, kind-specific parameters and the server's description. */
export function RulesTab({ setup }: { setup: TimetableSetup }) {
  const [editing, setEditing] = React.useState<Rule | 'new' | null>(null);
  const [target, setTarget] = React.useState<Rule | null>(null);
  const del = useDeleteRule();
  const week = schoolWeek(setup);
  return (
    <div className="grid min-w-0 gap-3" data-testid="tt-rules">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setEditing('new')} data-testid="tt-rule-add">
          <Plus aria-hidden />
          {ru.add}
        </Button>
      </div>
      {setup.rules.length === 0 ? (
        <EmptyListState icon={Scale} title={ru.empty} hint={ru.emptyHint} testId="tt-rules-empty" />
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="tt-rule-list">
          {setup.rules.map((rule) => (
            <li key={rule.id} className={cn('flex items-start gap-3 px-4 py-3', !rule.active && 'opacity-60')} data-testid="tt-rule-row">
              <span className={cn('mt-0.5 inline-flex w-14 shrink-0 justify-center rounded-md px-1.5 py-1 text-xs font-semibold tabular-nums', weightTone(rule.weight))} title={ru.weight}>
                {ru.weightValue(rule.weight)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words" data-testid="tt-rule-description">
                  {rule.description}
                </p>
                <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                  {RULE_KIND_LABELS[rule.kind] ?? rule.kind}
                  {!rule.active && <Badge variant="secondary">{ru.inactive}</Badge>}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="ghost" size="icon" className="size-8" aria-label={`${sm.edit}: ${rule.description}`} onClick={() => setEditing(rule)} data-testid="tt-rule-edit">
                  <Pencil aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`${sm.delete}: ${rule.description}`} onClick={() => setTarget(rule)} data-testid="tt-rule-delete">
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <EditSheet open={!!editing} onClose={() => setEditing(null)} testId="tt-rule-sheet">
        {editing && <RuleForm key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} setup={setup} week={week} onClose={() => setEditing(null)} />}
      </EditSheet>
      <DeleteConfirm
        target={target}
        title={ru.deleteTitle}
        text={target?.description ?? ''}
        del={del}
        onClose={() => setTarget(null)}
        testId="tt-rule-delete-dialog"
        confirmTestId="tt-rule-delete-confirm"
      />
    </div>
  );
}

const DEFAULT_MAX: Record<string, number> = { subjectMaxPerDay: 2, teacherMaxPerDay: 6, teacherMaxInARow: 3, teacherMaxGapsPerDay: 2, studentsMaxGapsPerDay: 0 };

function RuleForm({ rule, setup, week, onClose }: { rule: Rule | null; setup: TimetableSetup; week: WeekShape; onClose: () => void }) {
  const save = useSaveRule();
  const err = useFormError();
  const [kind, setKind] = React.useState<RuleKind>(rule?.kind ?? 'subjectMaxPerDay');
  const [weight, setWeight] = React.useState(rule?.weight ?? 95);
  const [active, setActive] = React.useState(rule?.active ?? true);
  const [subjectId, setSubjectId] = React.useState(rule?.params.subjectId ?? '');
  const [teacherId, setTeacherId] = React.useState(rule?.params.teacherId ?? '');
  const [levelId, setLevelId] = React.useState(rule?.params.levelId ?? '');
  const [max, setMax] = React.useState(String(rule?.params.max ?? DEFAULT_MAX[rule?.kind ?? 'subjectMaxPerDay'] ?? 2));
  const [periods, setPeriods] = React.useState<number[]>(rule?.params.periods ?? [0, 1, 2, 3]);
  const [days, setDays] = React.useState<number[]>(rule?.params.days ?? []);
  const p = RULE_KIND_PARAMS[kind] ?? {};
  const teachers = [...setup.teachers].sort((x, y) => x.name.localeCompare(y.name));
  const subjects = [...setup.subjects].sort((x, y) => x.name.localeCompare(y.name));
  const toggle = (list: number[], v: number, on: boolean) => (on ? [...new Set([...list, v])].sort((x, y) => x - y) : list.filter((x) => x !== v));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    if (p.subject === 'required' && !subjectId) return err.set(ru.subjectRequired);
    if (p.periods && periods.length === 0) return err.set(ru.periodsRequired);
    if (p.max && max.trim() === '') return err.set(ru.maxRequired);
    const params: RuleBody['params'] = {};
    if (p.subject && subjectId) params.subjectId = subjectId;
    if (p.teacher && teacherId) params.teacherId = teacherId;
    if (p.level && levelId) params.levelId = levelId;
    if (p.max) params.max = Number(max);
    if (p.periods) {
      params.periods = periods;
      if (days.length) params.days = days;
    }
    save.mutate(
      { id: rule?.id, body: { kind, weight, params, active } },
      {
        onSuccess: () => {
          toast.success(rule ? sm.saved : ru.added);
          onClose();
        },
        onError: err.fail,
      },
    );
  };
  return (
    <SheetForm
      onSubmit={submit}
      title={rule ? ru.edit : ru.add}
      description={ru.emptyHint}
      error={err.error}
      errorTestId="tt-rule-error"
      pending={save.isPending}
      saveTestId="tt-rule-save"
      onCancel={onClose}
    >
      <SelectField
        id="tt-rule-kind"
        className="grid gap-1.5"
        label={ru.kind}
        value={kind}
        onChange={(value) => {
          const k = value as RuleKind;
          setKind(k);
          if (!rule) setMax(String(DEFAULT_MAX[k] ?? 2));
        }}
        choices={RULE_KINDS.map((k) => [k, RULE_KIND_LABELS[k]] as const)}
      />

      {p.subject && (
        <SelectField
          id="tt-rule-subject"
          className="grid gap-1.5"
          label={ru.subject}
          value={subjectId}
          onChange={setSubjectId}
          aria-invalid={(p.subject === 'required' && !subjectId && !!err.error) || undefined}
          choices={[['', p.subject === 'required' ? ru.chooseSubject : ru.everySubject], ...levelChoices(subjects)]}
        />
      )}
      {p.teacher && (
        <SelectField id="tt-rule-teacher" className="grid gap-1.5" label={ru.teacher} value={teacherId} onChange={setTeacherId} choices={[['', ru.everyTeacher], ...levelChoices(teachers)]} />
      )}
      {p.level && (
        <SelectField id="tt-rule-level" className="grid gap-1.5" label={ru.level} value={levelId} onChange={setLevelId} choices={[['', ru.everyLevel], ...levelChoices(setup.levels)]} />
      )}
      {p.max && (
        <LabelledField id="tt-rule-max" label={ru.max} className="grid gap-1.5 sm:max-w-40">
          <Input id="tt-rule-max" type="number" min={0} max={20} inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} data-testid="tt-rule-max" />
        </LabelledField>
      )}
      {p.periods && (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{ru.periods}</legend>
            <div className="flex flex-wrap gap-2" data-testid="tt-rule-periods">
              {week.periods.map((x) => (
                <Label key={x.index} htmlFor={`tt-rule-p${x.index}`} className={cn('flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 font-normal', periods.includes(x.index) && 'border-primary/50 bg-primary/5')} title={x.time ?? undefined}>
                  <Checkbox id={`tt-rule-p${x.index}`} checked={periods.includes(x.index)} onCheckedChange={(c) => setPeriods((l) => toggle(l, x.index, !!c))} data-testid="tt-rule-period" data-period={x.index} />
                  {x.label}
                </Label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{ru.days}</legend>
            <div className="flex flex-wrap gap-2">
              {week.days.map((d) => (
                <Label key={d} htmlFor={`tt-rule-d${d}`} className={cn('flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 font-normal', days.includes(d) && 'border-primary/50 bg-primary/5')} title={weekdayLabel(WEEKDAY_NAMES[d] ?? '')}>
                  <Checkbox id={`tt-rule-d${d}`} checked={days.includes(d)} onCheckedChange={(c) => setDays((l) => toggle(l, d, !!c))} />
                  {SHORT_DAYS[d]}
                </Label>
              ))}
            </div>
          </fieldset>
        </>
      )}

      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="tt-rule-weight">{ru.weight}</Label>
          <div className="flex items-center gap-1">
            <Input
              type="number"
              aria-label={`${ru.weight} (%)`}
              min={0}
              max={100}
              value={weight}
              onChange={(e) => setWeight(Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))))}
              className="h-8 w-20 text-right tabular-nums"
              data-testid="tt-rule-weight-number"
            />
            <span className="text-sm text-muted-foreground">%</span>
          </div>
        </div>
        <input
          id="tt-rule-weight"
          type="range"
          min={0}
          max={100}
          step={1}
          value={weight}
          onChange={(e) => setWeight(Number(e.target.value))}
          className="w-full cursor-pointer accent-primary"
          data-testid="tt-rule-weight"
        />
        <p className="text-xs text-muted-foreground">{ru.weightHint}</p>
      </div>
      <Label htmlFor="tt-rule-active" className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-3 font-normal">
        <span className="text-sm font-medium">{ru.active}</span>
        <Switch id="tt-rule-active" checked={active} onCheckedChange={setActive} />
      </Label>
    </SheetForm>
  );
}

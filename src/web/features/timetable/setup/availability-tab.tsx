import * as React from 'react';
import { AlertTriangle, CheckCircle2, Loader2, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import type { TimetableSetup } from '@shared/contracts/timetable-setup';
import type { SlotInput } from '@shared/contracts/timetable';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { LabelledField } from '@/components/field';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormError, Panel, SelectField, schoolWeek, useFormError, type WeekShape } from './setup-bits';
import { SlotGrid } from './slot-grid';
import { useSaveUnavailability } from './setup-api';

const a = sm.availability;
type Teacher = TimetableSetup['teachers'][number];

/** "Availability": pick a teacher, mark the periods they cannot teach, and see lessons asked against periods left. */
export function AvailabilityTab({ setup }: { setup: TimetableSetup }) {
  const teachers = React.useMemo(() => [...setup.teachers].sort((x, y) => x.name.localeCompare(y.name)), [setup.teachers]);
  const [teacherId, setTeacherId] = React.useState(teachers[0]?.id ?? '');
  const week = schoolWeek(setup);
  const teacher = teachers.find((t) => t.id === teacherId) ?? teachers[0];
  if (!teacher) return <EmptyListState icon={UserRound} title={a.noTeachers} hint={a.noTeachersHint} testId="tt-avail-empty" />;
  return (
    <Panel testId="tt-avail" className="max-w-4xl">
      <SelectField
        id="tt-avail-teacher"
        className="mb-4 grid gap-1.5 sm:max-w-sm"
        label={a.teacher}
        value={teacher.id}
        onChange={setTeacherId}
        choices={teachers.map((t) => [t.id, `${t.name} (${t.lessonsPerWeek})`] as const)}
      />
      <TeacherEditor key={`${teacher.id}:${teacher.unavailable.length}:${teacher.note ?? ''}`} teacher={teacher} week={week} />
    </Panel>
  );
}

function TeacherEditor({ teacher, week }: { teacher: Teacher; week: WeekShape }) {
  const [slots, setSlots] = React.useState<SlotInput[]>(teacher.unavailable);
  const [note, setNote] = React.useState(teacher.note ?? '');
  const save = useSaveUnavailability();
  const err = useFormError();
  const inWeek = slots.filter((s) => week.days.includes(s.day) && s.period < week.periods.length).length;
  const available = week.days.length * week.periods.length - inWeek;
  const short = teacher.lessonsPerWeek > available;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    save.mutate(
      { teacherId: teacher.id, body: { slots, note: note.trim() || null } },
      { onSuccess: () => toast.success(a.saved(teacher.name)), onError: err.fail },
    );
  };
  return (
    <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        {[
          { label: a.asked, value: teacher.lessonsPerWeek, testId: 'tt-avail-asked', warn: false },
          { label: a.availablePeriods, value: available, testId: 'tt-avail-available', warn: short },
        ].map((f) => (
          <div key={f.testId} className={cn('rounded-lg border p-3', f.warn ? 'border-destructive/40 bg-destructive/5' : 'bg-muted/30')}>
            <p className="text-xs text-muted-foreground">{f.label}</p>
            <p className={cn('text-2xl font-semibold tabular-nums', f.warn && 'text-destructive')} data-testid={f.testId}>
              {f.value}
            </p>
          </div>
        ))}
      </div>
      <p className={cn('flex items-start gap-2 text-sm', short ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')} role="status" data-testid="tt-avail-status">
        {short ? <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />}
        {short ? a.tooMany(teacher.name, teacher.lessonsPerWeek, available) : a.fits}
      </p>
      <p className="-mt-2 text-xs text-muted-foreground">{a.approximate}</p>
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">{a.hint}</p>
        <SlotGrid week={week} value={slots} onChange={setSlots} testId="tt-avail-grid" />
      </div>
      <LabelledField id="tt-avail-note" label={a.note} className="grid gap-1.5">
        <Input id="tt-avail-note" value={note} maxLength={200} placeholder={a.notePlaceholder} onChange={(e) => setNote(e.target.value)} data-testid="tt-avail-note" />
      </LabelledField>
      <FormError error={err.error} title={a.save} testId="tt-avail-error" />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto" data-testid="tt-avail-save">
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {a.save}
        </Button>
      </div>
    </form>
  );
}

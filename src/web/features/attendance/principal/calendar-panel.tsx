import * as React from 'react';
import { CalendarDays, CalendarOff, CalendarPlus, DoorClosed, DoorOpen, Flag, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { dayLabel } from '@shared/attendance-calendar';
import type { CalendarEventItem } from '@shared/contracts/attendance';
import { addDays, schoolToday } from '@shared/dates';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { SkeletonStack } from '@/components/skeleton-stack';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { describedBy, Field } from '@/components/field';
import { DateField } from '@/components/date-field';
import { ChoiceCards, type Choice } from '@/features/fees';
import { useAddCalendarDay, useAttendanceCalendar, useDeleteCalendarDay } from '../api/reports';
import { yearRange, type AttendanceScope } from './attendance-scope';
import { Panel, Segmented } from './bits';
import { perLocale } from '@shared/i18n/localized';

const c = m.calendar;
type Kind = 'closed' | 'open';
const KIND_CHOICES = perLocale((): Choice<Kind>[] => ([
  { value: 'closed', label: c.kinds.closed.label, text: c.kinds.closed.text, icon: DoorClosed },
  { value: 'open', label: c.kinds.open.label, text: c.kinds.open.text, icon: DoorOpen },
]));

/** Days from `from` to `to` inclusive. */
const lengthOf = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The school calendar (issue 13 §1 "only school days count"): the school's own days of a year, closed
 * (a sports day, a closure) or open (teaching on a public holiday), with Add and Remove for the
 * principal, and Kenya's public holidays of the year, read only (an open day of the school marks the
 * holiday as a school day). This year or next, so the coming term's closures can be entered early.
 */
export function CalendarPanel({ scope }: { scope: AttendanceScope }) {
  const thisYear = schoolToday().slice(0, 4);
  const [year, setYear] = React.useState(thisYear);
  const range = React.useMemo(() => yearRange(year), [year]);
  const query = useAttendanceCalendar(range, scope.schoolId);
  const [adding, setAdding] = React.useState(false);
  const [removing, setRemoving] = React.useState<CalendarEventItem | null>(null);
  const remove = useDeleteCalendarDay();
  const today = query.data?.today ?? schoolToday();
  const canEdit = !scope.readOnly;
  const years = [thisYear, String(Number(thisYear) + 1)];

  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(c.removed(removing.name));
      setRemoving(null);
    } catch (err) {
      toast.error(c.removeFailed, { description: err instanceof Error ? err.message : undefined });
      if (err instanceof ApiError && err.status === 404) setRemoving(null);
    }
  };

  const openDays = (query.data?.events ?? []).filter((e) => e.kind === 'open');
  return (
    <Panel
      title={c.title}
      description={c.description}
      testId="school-calendar"
      actions={
        <>
          <Segmented value={year} onChange={setYear} label={c.title} testId="calendar-year" options={years.map((y) => ({ value: y, label: y }))} />
          {canEdit && (
            <Button onClick={() => setAdding(true)} data-testid="calendar-add">
              <Plus aria-hidden />
              {c.add}
            </Button>
          )}
        </>
      }
    >
      {query.isError && !query.data ? (
        <QueryErrorCard query={query} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="calendar-error" />
      ) : !query.data ? (
        <SkeletonStack className="grid gap-4 lg:grid-cols-5" cells={['h-56 rounded-lg lg:col-span-3', 'h-56 rounded-lg lg:col-span-2']} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-5 lg:gap-6">
          <div className="min-w-0 lg:col-span-3">
            <h3 className="mb-2.5 text-sm font-medium">{c.ownDays}</h3>
            {query.data.events.length === 0 ? (
              <EmptyListState icon={CalendarOff} title={c.empty} hint={c.emptyHint} testId="calendar-empty" />
            ) : (
              <ul className="divide-y rounded-lg border" data-testid="calendar-events">
                {query.data.events.map((e) => {
                  const past = e.endsOn < today;
                  return (
                    <li key={e.id} className={cn('flex items-center gap-3 px-3.5 py-3', past && 'opacity-70')} data-testid="calendar-event" data-event-id={e.id}>
                      <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', e.kind === 'open' ? 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400' : 'bg-amber-500/12 text-amber-600 dark:text-amber-400')}>
                        {e.kind === 'open' ? <DoorOpen className="size-4" aria-hidden /> : <DoorClosed className="size-4" aria-hidden />}
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                          <span className="truncate font-medium" data-testid="calendar-event-name">
                            {e.name}
                          </span>
                          <span
                            className={cn(
                              'rounded-full px-2 py-px text-[11px] font-medium',
                              e.kind === 'open' ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : 'bg-amber-500/12 text-amber-700 dark:text-amber-300',
                            )}
                          >
                            {c.kindBadge[e.kind]}
                          </span>
                          {past && <span className="text-[11px] text-muted-foreground">{c.past}</span>}
                        </p>
                        <p className="text-xs text-muted-foreground">
                          {c.range(dayLabel(e.startsOn), dayLabel(e.endsOn))} · {c.length(lengthOf(e.startsOn, e.endsOn))}
                        </p>
                      </div>
                      {canEdit && (
                        <Button variant="ghost" size="icon" className="shrink-0 text-muted-foreground hover:text-destructive" onClick={() => setRemoving(e)} aria-label={c.removeLabel(e.name)} data-testid="calendar-remove">
                          <Trash2 aria-hidden />
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="min-w-0 lg:col-span-2">
            <h3 className="text-sm font-medium">{c.publicHolidays(year)}</h3>
            <p className="mb-2.5 text-xs text-muted-foreground">{c.publicHolidaysHint}</p>
            {query.data.publicHolidays.length === 0 ? (
              <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{c.noPublicHolidays}</p>
            ) : (
              <ul className="divide-y rounded-lg border bg-muted/20" data-testid="public-holidays">
                {query.data.publicHolidays.map((h) => {
                  const open = openDays.some((e) => h.date >= e.startsOn && h.date <= e.endsOn);
                  return (
                    <li key={`${h.date}-${h.name}`} className={cn('flex items-center gap-3 px-3.5 py-2', h.date < today && 'text-muted-foreground')} data-testid="public-holiday">
                      <Flag className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                      <span className="w-28 shrink-0 text-xs tabular-nums">{dayLabel(h.date)}</span>
                      <span className="min-w-0 flex-1 truncate text-sm">{h.name}</span>
                      {open && <span className="rounded-full bg-emerald-500/10 px-2 py-px text-[11px] font-medium text-emerald-700 dark:text-emerald-300">{c.kindBadge.open}</span>}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      )}
      {canEdit && adding && <AddDayDialog defaultDay={year === thisYear ? today : `${year}-01-01`} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!removing}
        tone="danger"
        icon={Trash2}
        title={c.removeTitle}
        text={removing ? c.removeText(removing.name, c.range(dayLabel(removing.startsOn), dayLabel(removing.endsOn))) : ''}
        cancelLabel={m.common.cancel}
        confirmLabel={c.remove}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void onRemove()}
        testId="calendar-remove-dialog"
        confirmTestId="calendar-remove-confirm"
      />
    </Panel>
  );
}

interface Draft {
  name: string;
  startsOn: string;
  endsOn: string;
  kind: Kind;
}

/** Add a closed or open day (or run of days): name, first and last day, kind. Server errors land on their field. Mounted while open. */
function AddDayDialog({ defaultDay, onClose }: { defaultDay: string; onClose: () => void }) {
  const add = useAddCalendarDay();
  const [draft, setDraft] = React.useState<Draft>({ name: '', startsOn: defaultDay, endsOn: defaultDay, kind: 'closed' });
  const [errors, setErrors] = React.useState<Partial<Record<keyof Draft, string>>>({});
  const [formError, setFormError] = React.useState('');

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      // Moving the first day past the last drags the last day along (a one-day entry stays one day).
      if (patch.startsOn && (d.endsOn === d.startsOn || next.endsOn < next.startsOn)) next.endsOn = patch.startsOn;
      return next;
    });
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError('');
    const found: Partial<Record<keyof Draft, string>> = {};
    if (!draft.name.trim()) found.name = c.nameRequired;
    if (!draft.startsOn) found.startsOn = c.dateRequired;
    if (!draft.endsOn) found.endsOn = c.dateRequired;
    else if (draft.startsOn && draft.endsOn < draft.startsOn) found.endsOn = c.datesInvalid;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await add.mutateAsync({ name: draft.name.trim(), startsOn: draft.startsOn, endsOn: draft.endsOn, kind: draft.kind });
      toast.success(c.added(saved.name));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const fields = Object.fromEntries(Object.entries(err.fields).filter(([k]) => ['name', 'startsOn', 'endsOn', 'kind'].includes(k)));
        if (Object.keys(fields).length) {
          setErrors(fields);
          return;
        }
      }
      setFormError(err instanceof Error ? err.message : c.addFailed);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !add.isPending && onClose()}>
      <DialogContent className="max-w-xl gap-5" data-testid="calendar-add-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarPlus className="size-5 text-primary" aria-hidden />
            {c.addTitle}
          </DialogTitle>
          <DialogDescription>{c.addDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" data-testid="calendar-add-form">
          <Field id="calendar-name" label={c.name} error={errors.name}>
            <Input id="calendar-name" value={draft.name} maxLength={80} placeholder={c.namePlaceholder} onChange={(e) => set({ name: e.target.value })} {...describedBy('calendar-name', errors.name)} data-testid="calendar-name" />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="calendar-from" label={c.firstDay} error={errors.startsOn}>
              <DateField id="calendar-from" value={draft.startsOn} onValueChange={(value) => set({ startsOn: value })} {...describedBy('calendar-from', errors.startsOn)} data-testid="calendar-from" />
            </Field>
            <Field id="calendar-to" label={c.lastDay} error={errors.endsOn} hint={draft.startsOn && draft.endsOn >= draft.startsOn ? c.length(lengthOf(draft.startsOn, draft.endsOn)) : undefined}>
              <DateField id="calendar-to" value={draft.endsOn} min={draft.startsOn || undefined} max={draft.startsOn ? addDays(draft.startsOn, 365) : undefined} onValueChange={(value) => set({ endsOn: value })} {...describedBy('calendar-to', errors.endsOn, !!draft.startsOn)} data-testid="calendar-to" />
            </Field>
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium">{c.kind}</p>
            <ChoiceCards value={draft.kind} onChange={(kind) => set({ kind })} choices={KIND_CHOICES} label={c.kind} testId="calendar-kind" />
          </div>
          {formError && <FormErrorAlert title={c.addFailed} detail={formError} testId="calendar-add-error" />}
          <FormDialogFooter cancelLabel={m.common.cancel} onCancel={onClose} label={c.save} pending={add.isPending} icon={<CalendarDays aria-hidden />} submitTestId="calendar-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

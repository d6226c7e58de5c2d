import * as React from 'react';
import { toast } from 'sonner';
import { Briefcase, CalendarCheck2, CalendarOff, ChevronLeft, ChevronRight, Clock, Plane, Save, Smartphone, UserCheck, Users, UserX, type LucideIcon } from 'lucide-react';
import { can } from '@shared/access';
import { dayLabel } from '@shared/attendance-calendar';
import { STAFF_STATUSES, type StaffDayItem, type StaffStatus } from '@shared/contracts/attendance';
import { isCalendarDate } from '@shared/contracts/learners';
import { addDays, schoolToday } from '@shared/dates';
import { attendanceMessages as am } from '@shared/messages/attendance';
import { staffAttendanceScreens as m } from '@shared/messages/staff-attendance-screens';
import { roleDisplayName } from '@shared/roles';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { FilterSelect } from '@/components/filter-select';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { SearchField } from '@/components/search-field';
import { ChoiceButtons } from '@/components/choice-buttons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { StatCard, type Accent } from '@/components/stat-card';
import { DateField } from '@/components/date-field';
import { readTimeText, TimeField as TimeBox } from '@/components/time-field';
import { timeFieldMessages } from '@shared/messages/dates';
import { useAttendanceCalendar } from '../api/registers';
import { DaySkeleton, FilterField, Notice } from '../principal/bits';
import { calendarOf } from '../register/school-days';
import { useSaveStaffDay, useStaffDay } from './staff-api';
import { isLateAt, LateBadge, STAFF_TONE, stepSchoolDay } from './staff-status';

/** What HR edits per person: '' for an empty time or note; a time box's text as typed when it is not a time. */
export interface Entry {
  status: StaffStatus | null;
  checkIn: string;
  checkOut: string;
  note: string;
}
type Errors = Partial<Record<'checkIn' | 'checkOut', string>>;

const entryOf = (i: StaffDayItem): Entry => ({ status: i.status, checkIn: i.checkIn ?? '', checkOut: i.checkOut ?? '', note: i.note ?? '' });
const same = (a: Entry, b: Entry) => a.status === b.status && a.checkIn === b.checkIn && a.checkOut === b.checkOut && a.note.trim() === b.note.trim();
const timed = (s: StaffStatus | null) => s === 'present' || s === 'official_duty';

/**
 * The row's problems as the API would report them (shown after a save attempt). A time box holding
 * text that is not a time (kept as typed) comes first: saved, it would be no time at all.
 */
export function errorsOf(e: Entry): Errors {
  if (!e.status) return {};
  if (timed(e.status) && readTimeText(e.checkIn).invalid) return { checkIn: timeFieldMessages.invalid };
  if (timed(e.status) && readTimeText(e.checkOut).invalid) return { checkOut: timeFieldMessages.invalid };
  if (e.status === 'present' && !e.checkIn) return { checkIn: am.checkInRequired };
  if (timed(e.status) && e.checkOut && !e.checkIn) return { checkIn: am.checkInRequired };
  if (timed(e.status) && e.checkIn && e.checkOut && e.checkOut < e.checkIn) return { checkOut: am.checkOutBeforeIn };
  return {};
}

function totalsOf(items: StaffDayItem[], entries: (i: StaffDayItem) => Entry, lateAfter: string) {
  const list = items.map(entries);
  const n = (s: StaffStatus) => list.filter((e) => e.status === s).length;
  return {
    present: n('present'),
    absent: n('absent'),
    onLeave: n('on_leave'),
    officialDuty: n('official_duty'),
    late: list.filter((e) => isLateAt(e.status, e.checkIn, lateAfter)).length,
    unrecorded: list.filter((e) => !e.status).length,
  };
}

/**
 * HR's day register of staff (issue 13 §3): a date (the address's `?date=`, else the latest school day
 * the API picks) with previous/next school day, the day's totals, and every member of staff with a
 * status (present, absent, on leave, official duty), check-in and check-out times and a note. "Mark all
 * present" fills everyone not yet recorded as present at the check-in time HR enters (07:30 by default).
 * Changes stay on the page until Save sends them in one PUT; late (after the school's time) shows as
 * the times are typed. Phones get one card per person. `readOnly`: the register is shown, not edited.
 */
export function StaffDayView({ readOnly }: { readOnly: boolean }) {
  const [params, patchParams] = usePatchedSearchParams();
  const requested = params.get('date');
  const chosen = requested && isCalendarDate(requested) ? requested : null;
  const query = useStaffDay(chosen);
  // The server's default day is the latest school day up to today: nothing after it has a register.
  const latest = useStaffDay(null).data?.date ?? null;
  const data = query.data;
  const save = useSaveStaffDay();
  const { state } = useAuth();
  const user = state.user;
  const readsCalendar = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'viewSchoolCalendar');
  const today = data?.today ?? schoolToday();
  // The calendar API answers at most 400 days: the last 396 days are enough to step back through.
  const calendar = useAttendanceCalendar(readsCalendar ? addDays(today, -396) : null, readsCalendar ? today : null);
  const cal = calendar.data ? calendarOf(calendar.data) : null;

  const [drafts, setDrafts] = React.useState<Record<string, Record<string, Entry>>>({});
  const [showErrors, setShowErrors] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<Record<string, Errors>>({});
  const [search, setSearch] = React.useState('');
  const [department, setDepartment] = React.useState('');
  const [defaultCheckIn, setDefaultCheckIn] = React.useState('07:30');

  const day = data?.date ?? null;
  const draft = React.useMemo(() => (day ? (drafts[day] ?? {}) : {}), [drafts, day]);
  const entryFor = React.useCallback((i: StaffDayItem) => draft[i.profileId] ?? entryOf(i), [draft]);
  const changed = React.useMemo(() => (data ? data.items.filter((i) => draft[i.profileId] && !same(draft[i.profileId]!, entryOf(i))) : []), [data, draft]);

  const setDate = (date: string | null) => {
    setShowErrors(false);
    setServerErrors({});
    patchParams({ date });
  };
  const patch = (profileId: string, base: Entry, change: Partial<Entry>) => {
    if (!day) return;
    setServerErrors((e) => (e[profileId] ? { ...e, [profileId]: {} } : e));
    setDrafts((all) => {
      const current = all[day]?.[profileId] ?? base;
      const next = { ...current, ...change };
      if (change.status && !timed(change.status)) Object.assign(next, { checkIn: '', checkOut: '' });
      return { ...all, [day]: { ...all[day], [profileId]: next } };
    });
  };
  const markAllPresent = () => {
    if (!data || !day) return;
    setDrafts((all) => {
      const mine = { ...all[day] };
      for (const i of data.items) {
        const e = mine[i.profileId] ?? entryOf(i);
        if (!e.status) mine[i.profileId] = { ...e, status: 'present', checkIn: e.checkIn || defaultCheckIn || '07:30' };
      }
      return { ...all, [day]: mine };
    });
  };
  const discard = () => {
    if (!day) return;
    setShowErrors(false);
    setServerErrors({});
    setDrafts((all) => ({ ...all, [day]: {} }));
  };

  const onSave = async () => {
    if (!data || !day) return;
    const entries = changed.map((i) => ({ item: i, e: entryFor(i) })).filter((x) => x.e.status);
    if (entries.some((x) => Object.keys(errorsOf(x.e)).length)) {
      setShowErrors(true);
      toast.error(m.day.saveFailed, { description: m.day.fixErrors });
      return;
    }
    if (entries.length === 0) return;
    try {
      await save.mutateAsync({
        date: day,
        entries: entries.map(({ item, e }) => ({
          profileId: item.profileId,
          status: e.status!,
          checkIn: timed(e.status) && e.checkIn ? e.checkIn : null,
          checkOut: timed(e.status) && e.checkOut ? e.checkOut : null,
          note: e.note.trim() || null,
        })),
      });
      setDrafts((all) => ({ ...all, [day]: {} }));
      setShowErrors(false);
      setServerErrors({});
      toast.success(m.day.saved, { description: m.day.savedDetail(entries.length) });
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const mapped: Record<string, Errors> = {};
        for (const [key, message] of Object.entries(err.fields)) {
          const match = /^entries\.(\d+)\.(checkIn|checkOut)$/.exec(key);
          const target = match ? entries[Number(match[1])] : undefined;
          if (target && match) mapped[target.item.profileId] = { ...mapped[target.item.profileId], [match[2] as 'checkIn' | 'checkOut']: message };
        }
        setServerErrors(mapped);
      }
      toast.error(m.day.saveFailed, { description: err instanceof Error ? err.message : undefined });
    }
  };

  if (query.isError && !data) {
    return <QueryErrorCard query={query} title={m.day.loadFailed} retryLabel={m.common.tryAgain} testId="staff-day-error" />;
  }

  const closed = data?.notSchoolDay ?? null;
  const editable = !readOnly && !!data && !closed;
  const prev = day ? stepSchoolDay(day, -1, today, cal) : null;
  const next = day && (!latest || day < latest) ? stepSchoolDay(day, 1, latest ?? today, cal) : null;
  const departments = [...new Set((data?.items ?? []).map((i) => i.department ?? m.api.noDepartment))].sort((a, b) => a.localeCompare(b));
  const needle = search.trim().toLowerCase();
  const rows = (data?.items ?? []).filter(
    (i) => (!department || (i.department ?? m.api.noDepartment) === department) && (!needle || `${i.name} ${roleDisplayName(i.role)} ${i.department ?? ''}`.toLowerCase().includes(needle)),
  );
  const totals = data ? totalsOf(data.items, entryFor, data.lateAfter) : null;

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="staff-day" data-date={day ?? undefined}>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FilterField label={m.day.date} htmlFor="staff-date" className="sm:w-52">
          <DateField
            id="staff-date"
            value={chosen ?? day ?? ''}
            max={today}
            onValueChange={(value) => {
              if (isCalendarDate(value)) setDate(value);
            }}
            data-testid="staff-date"
          />
        </FilterField>
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1 sm:flex-none" disabled={!prev} onClick={() => setDate(prev)} aria-label={m.day.previous} title={m.day.previous} data-testid="staff-date-prev">
            <ChevronLeft aria-hidden />
            <span className="sm:sr-only">{m.day.previousShort}</span>
          </Button>
          <Button variant="outline" className="flex-1 sm:flex-none" disabled={!next} onClick={() => setDate(next)} aria-label={m.day.next} title={m.day.next} data-testid="staff-date-next">
            <span className="sm:sr-only">{m.day.nextShort}</span>
            <ChevronRight aria-hidden />
          </Button>
          {chosen && (
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => setDate(null)} data-testid="staff-date-latest">
              <CalendarCheck2 aria-hidden />
              {m.day.today}
            </Button>
          )}
        </div>
        {data && (
          <p className="text-sm font-medium sm:ml-auto sm:pb-2.5" data-testid="staff-day-label">
            {dayLabel(data.date)}
            <span className="ml-2 font-normal text-muted-foreground">· {m.lateAfter(data.lateAfter)}</span>
          </p>
        )}
      </div>

      {data && !chosen && data.date !== data.today && !closed && (
        <Notice icon={CalendarOff} testId="staff-showing-latest">
          {m.day.showingLatest(dayLabel(data.today), dayLabel(data.date))}
        </Notice>
      )}
      {readOnly && <Notice testId="staff-read-only">{m.day.readOnly}</Notice>}

      {!data || !totals ? (
        <DaySkeleton testId="staff-day-loading" tileHeight="h-24" listHeight="h-96" />
      ) : (
        <>
          {closed && (
            <Notice icon={CalendarOff} tone="warning" testId="staff-not-school-day">
              {closed}
            </Notice>
          )}
          <StaffTotals totals={totals} staff={data.items.length} />

          <section className={cn('min-w-0 rounded-xl border bg-card shadow-sm', query.isPlaceholderData && 'opacity-70')} data-testid="staff-register">
            <header className="flex flex-col gap-3 border-b px-4 py-3.5 sm:px-5">
              <div className="min-w-0">
                <h2 className="text-base font-semibold tracking-tight">{m.day.dayHeading(dayLabel(data.date))}</h2>
                <p className="mt-0.5 text-sm text-muted-foreground">{m.totals.ofStaff(data.items.length)}</p>
              </div>
              <div className="flex flex-col gap-2 md:flex-row md:items-center">
                <SearchField value={search} onChange={setSearch} placeholder={m.day.searchPlaceholder} className="md:w-64" testId="staff-search" />
                <FilterSelect value={department} onChange={setDepartment} all={m.day.allDepartments} options={departments.map((d) => ({ value: d, label: d }))} label={m.day.department} className="md:w-52" testId="staff-department" />
                {editable && (
                  <div className="flex items-center gap-2 md:ml-auto">
                    <TimeBox
                      aria-label={m.day.defaultCheckIn}
                      title={m.day.markAllPresentHint}
                      value={defaultCheckIn}
                      onValueChange={setDefaultCheckIn}
                      wrapperClassName="w-32 shrink-0"
                      data-testid="staff-default-check-in"
                    />
                    <Button variant="secondary" className="flex-1 md:flex-none" onClick={markAllPresent} disabled={totals.unrecorded === 0} title={m.day.markAllPresentHint} data-testid="staff-mark-all-present">
                      <UserCheck aria-hidden />
                      {m.day.markAllPresent}
                    </Button>
                  </div>
                )}
              </div>
            </header>

            {data.items.length === 0 ? (
              <div className="p-4 sm:p-5">
                <EmptyListState icon={Users} title={m.day.emptyStaff} testId="staff-empty" />
              </div>
            ) : rows.length === 0 ? (
              <div className="p-4 sm:p-5">
                <EmptyListState icon={Users} title={m.day.empty} testId="staff-no-match" />
              </div>
            ) : (
              <>
                <div className="hidden grid-cols-[minmax(11rem,1.4fr)_17rem_7.75rem_7.75rem_minmax(7rem,1fr)] gap-3 border-b bg-muted/40 px-5 py-2 text-xs font-medium text-muted-foreground lg:grid" aria-hidden>
                  <span>{m.day.colName}</span>
                  <span>{m.day.colStatus}</span>
                  <span>{m.day.colCheckIn}</span>
                  <span>{m.day.colCheckOut}</span>
                  <span>{m.day.colNote}</span>
                </div>
                <ul className="divide-y" data-testid="staff-rows">
                  {rows.map((i) => {
                    const e = entryFor(i);
                    const errs = { ...(showErrors ? errorsOf(e) : {}), ...serverErrors[i.profileId] };
                    return (
                      <StaffRow
                        key={i.profileId}
                        item={i}
                        entry={e}
                        dirty={!!draft[i.profileId] && !same(draft[i.profileId]!, entryOf(i))}
                        late={isLateAt(e.status, e.checkIn, data.lateAfter)}
                        errors={errs}
                        editable={editable}
                        onChange={(change) => patch(i.profileId, entryOf(i), change)}
                      />
                    );
                  })}
                </ul>
              </>
            )}
          </section>

          {editable && (changed.length > 0 || save.isPending) && (
            <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-2 rounded-xl border bg-card/95 px-4 py-3 shadow-lg backdrop-blur sm:px-5" data-testid="staff-save-bar">
              <p className="mr-auto text-sm text-muted-foreground" aria-live="polite" data-testid="staff-unsaved">
                {changed.length ? m.day.unsaved(changed.length) : ''}
              </p>
              {changed.length > 0 && (
                <Button variant="ghost" onClick={discard} data-testid="staff-discard">
                  {m.day.discard}
                </Button>
              )}
              <Button onClick={() => void onSave()} disabled={changed.length === 0 || save.isPending} data-testid="staff-save">
                <Save aria-hidden />
                {save.isPending ? m.day.saving : m.day.save}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

const TOTALS: { key: 'present' | 'absent' | 'onLeave' | 'officialDuty' | 'late' | 'unrecorded'; icon: LucideIcon; accent: Accent }[] = [
  { key: 'present', icon: UserCheck, accent: 2 },
  { key: 'absent', icon: UserX, accent: 5 },
  { key: 'onLeave', icon: Plane, accent: 3 },
  { key: 'officialDuty', icon: Briefcase, accent: 1 },
  { key: 'late', icon: Clock, accent: 4 },
  { key: 'unrecorded', icon: Users, accent: 3 },
];

/** The day's figures: present, absent, on leave, official duty, late and not recorded. */
function StaffTotals({ totals, staff }: { totals: ReturnType<typeof totalsOf>; staff: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6" data-testid="staff-totals">
      {TOTALS.map((t) => (
        <StatCard
          key={t.key}
          testId={`staff-total-${t.key}`}
          label={m.totals[t.key]}
          value={totals[t.key]}
          hint={t.key === 'present' ? m.totals.presentHint(totals.late) : m.totals.ofStaff(staff)}
          icon={t.icon}
          accent={t.accent}
        />
      ))}
    </div>
  );
}

/** One person's day: name and role, status buttons, check-in/out times and a note (a card on phones). */
function StaffRow({
  item,
  entry,
  dirty,
  late,
  errors,
  editable,
  onChange,
}: {
  item: StaffDayItem;
  entry: Entry;
  dirty: boolean;
  late: boolean;
  errors: Errors;
  editable: boolean;
  onChange: (change: Partial<Entry>) => void;
}) {
  const id = item.profileId;
  const timesOn = editable && timed(entry.status);
  return (
    <li
      className={cn('relative grid gap-3 px-4 py-3.5 sm:px-5 lg:grid-cols-[minmax(11rem,1.4fr)_17rem_7.75rem_7.75rem_minmax(7rem,1fr)] lg:items-start lg:py-3', dirty && 'bg-primary/[0.03]')}
      data-testid="staff-row"
      data-profile-id={id}
      data-status={entry.status ?? 'unrecorded'}
      data-dirty={dirty || undefined}
    >
      {dirty && <span className="absolute inset-y-0 left-0 w-0.5 bg-primary" aria-hidden />}
      <div className="flex min-w-0 items-start justify-between gap-2 lg:pt-1.5">
        <div className="min-w-0">
          <p className="min-w-0 font-medium leading-snug break-words">
            <span data-testid="staff-name">{item.name}</span>
            {item.selfRecorded && !dirty && (
              <span className="ml-1.5 inline-flex align-[-2px] text-muted-foreground" title={m.day.selfRecorded}>
                <Smartphone className="size-3.5" aria-label={m.day.selfRecorded} />
              </span>
            )}
          </p>
          <p className="truncate text-xs text-muted-foreground" title={item.recordedBy ? (item.selfRecorded ? m.day.selfRecorded : m.day.recordedBy(item.recordedBy)) : undefined}>
            {roleDisplayName(item.role)}
            {item.department ? ` · ${item.department}` : ''}
          </p>
        </div>
        {late && <LateBadge className="shrink-0" />}
      </div>

      <StatusButtons value={entry.status} onChange={(status) => onChange({ status })} disabled={!editable} name={item.name} />

      <div className="grid grid-cols-2 gap-3 lg:contents">
        <TimeField label={m.day.colCheckIn} value={entry.checkIn} onChange={(checkIn) => onChange({ checkIn })} disabled={!timesOn} error={errors.checkIn} testId="staff-check-in" name={item.name} />
        <TimeField label={m.day.colCheckOut} value={entry.checkOut} onChange={(checkOut) => onChange({ checkOut })} disabled={!timesOn} error={errors.checkOut} testId="staff-check-out" name={item.name} />
      </div>

      <div className="min-w-0">
        <label htmlFor={`note-${id}`} className="mb-1 block text-xs font-medium text-muted-foreground lg:sr-only">
          {m.day.colNote}
        </label>
        <Input
          id={`note-${id}`}
          value={entry.note}
          onChange={(e) => onChange({ note: e.target.value })}
          placeholder={m.day.notePlaceholder}
          maxLength={300}
          disabled={!editable || !entry.status}
          className="h-9"
          data-testid="staff-note"
        />
      </div>
    </li>
  );
}

const STATUS_CHOICES = STAFF_STATUSES.map((value) => ({ value }));

/** The four statuses as one-tap buttons (a radio group). */
function StatusButtons({ value, onChange, disabled, name }: { value: StaffStatus | null; onChange: (s: StaffStatus) => void; disabled: boolean; name: string }) {
  return (
    <ChoiceButtons
      options={STATUS_CHOICES}
      value={value}
      onChange={onChange}
      label={`${m.day.colStatus}: ${name}`}
      className="grid grid-cols-4 gap-1 rounded-lg border bg-muted/40 p-1"
      testId="staff-status"
      disabled={disabled}
      buttonClassName={({ value: s }, on) =>
        cn(
          'inline-flex h-8 cursor-pointer items-center justify-center rounded-md border border-transparent px-1.5 text-xs font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-default',
          on ? cn(STAFF_TONE[s].on, 'shadow-sm') : 'text-muted-foreground enabled:hover:bg-card enabled:hover:text-foreground',
          !on && disabled && 'opacity-60',
        )
      }
      buttonTestId={({ value: s }) => `staff-status-${s}`}
      buttonLabel={({ value: s }) => m.statuses[s]}
    >
      {({ value: s }) => m.statusShort[s]}
    </ChoiceButtons>
  );
}

function TimeField({ label, value, onChange, disabled, error, testId, name }: { label: string; value: string; onChange: (v: string) => void; disabled: boolean; error?: string; testId: string; name: string }) {
  const id = React.useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-muted-foreground lg:sr-only">
        {label}
      </label>
      <TimeBox
        id={id}
        value={value}
        onValueChange={onChange}
        keepInvalidText
        showFormatError={!error}
        disabled={disabled}
        aria-label={`${label}: ${name}`}
        aria-invalid={!!error || undefined}
        className={cn('h-9 px-2', error && 'border-destructive focus-visible:outline-destructive')}
        data-testid={testId}
      />
      {error && (
        <p className="mt-1 text-xs text-destructive" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

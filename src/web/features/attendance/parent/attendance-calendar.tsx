import * as React from 'react';
import { CalendarDays, Info } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import { attendanceParentScreens as m } from '@shared/messages/attendance-parent-screens';
import { cn } from '@/lib/utils';
import { monthGrids, type DayKind, type Term, type TermDay } from './term-days';
import { formatMonth } from '@shared/dates';

/** Colours of each kind of day (cells and legend swatches): soft for the usual, solid for what needs attention. */
export const DAY_STYLES: Record<DayKind, string> = {
  present: 'bg-emerald-500/15 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300',
  absent: 'bg-rose-600 text-white dark:bg-rose-500',
  late: 'bg-amber-400 text-amber-950 dark:bg-amber-400/90',
  excused: 'bg-sky-500/20 text-sky-800 dark:bg-sky-500/25 dark:text-sky-200',
  unmarked: 'border border-dashed border-muted-foreground/40 text-foreground/80',
  upcoming: 'border border-border/70 text-muted-foreground',
  closed: 'bg-muted text-muted-foreground/60 dark:bg-muted/60',
  outside: 'text-muted-foreground/35',
};

const LEGEND: Exclude<DayKind, 'outside'>[] = ['present', 'absent', 'late', 'excused', 'unmarked', 'upcoming', 'closed'];

const monthTitle = (key: string) => formatMonth(key);

/** What a day cell says: "Absent", "Late, arrived 07:55", "No school, a weekend". */
export function dayStatusText(d: TermDay): string {
  if (d.kind === 'closed' || d.kind === 'outside') return d.reason ? m.closedAria(m.closedShort(d.reason)) : m.status.closed;
  if (d.kind === 'late' && d.arrivalTime) return m.lateAt(d.arrivalTime);
  return m.status[d.kind];
}

function DayCell({ day, today, selected, onSelect }: { day: TermDay; today: string; selected: boolean; onSelect: (date: string) => void }) {
  const n = Number(day.date.slice(8));
  const label = m.dayAria(dayLabel(day.date), dayStatusText(day));
  const title = day.kind === 'closed' || day.kind === 'outside' ? (day.reason ?? label) : [label, day.note].filter(Boolean).join(' · ');
  const common = cn(
    'relative flex h-9 w-full items-center justify-center rounded-md text-xs font-medium tabular-nums sm:h-10 sm:text-sm',
    DAY_STYLES[day.kind],
    day.date === today && 'ring-2 ring-primary ring-offset-1 ring-offset-card',
  );
  return (
    <td className="p-0" data-testid="calendar-day" data-date={day.date} data-status={day.kind}>
      {day.kind === 'outside' ? (
        <span className={common} title={title} aria-hidden>
          {n}
        </span>
      ) : (
        <button
          type="button"
          className={cn(common, 'cursor-pointer transition-shadow hover:ring-2 hover:ring-foreground/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', selected && 'ring-2 ring-foreground/70')}
          aria-label={label}
          title={title}
          aria-pressed={selected}
          onClick={() => onSelect(day.date)}
        >
          {n}
          {day.note && (day.kind === 'absent' || day.kind === 'late' || day.kind === 'excused') && <span className="absolute top-1 right-1 size-1 rounded-full bg-current opacity-70" aria-hidden />}
        </button>
      )}
    </td>
  );
}

function Month({ month, days, today, selected, onSelect }: { month: ReturnType<typeof monthGrids>[number]; days: Map<string, TermDay>; today: string; selected: string | null; onSelect: (date: string) => void }) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-1" data-testid="calendar-month" data-month={month.key}>
      <caption className="px-1 pb-1 text-left text-sm font-semibold">{monthTitle(month.key)}</caption>
      <thead>
        <tr>
          {m.weekdays.map((w, i) => (
            <th key={w} scope="col" abbr={m.weekdaysLong[i]} className="pb-0.5 text-[11px] font-medium text-muted-foreground">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {month.weeks.map((week, i) => (
          <tr key={i}>
            {week.map((date, j) => {
              const day = date ? days.get(date) : undefined;
              return day ? <DayCell key={date} day={day} today={today} selected={selected === date} onSelect={onSelect} /> : <td key={`pad-${j}`} className="p-0" aria-hidden />;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The key of the calendar's colours. */
function Legend() {
  return (
    <ul aria-label={m.legend} className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground" data-testid="calendar-legend">
      {LEGEND.map((k) => (
        <li key={k} className="inline-flex items-center gap-1.5">
          <span className={cn('size-3 rounded-[3px]', DAY_STYLES[k])} aria-hidden />
          {m.status[k]}
        </li>
      ))}
    </ul>
  );
}

/** The line under the calendar: the chosen day's status and note, or how to choose one. */
function DayDetail({ day }: { day: TermDay | null }) {
  return (
    <p className="flex min-h-9 items-start gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm" aria-live="polite" data-testid="calendar-day-detail">
      <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      {day ? (
        <span className="min-w-0">
          <span className="font-medium">{dayLabel(day.date)}</span>
          <span className="text-muted-foreground"> · </span>
          {day.kind === 'closed' || day.kind === 'outside' ? (day.reason ?? m.status.closed) : dayStatusText(day)}
          {day.note && <span className="text-muted-foreground"> · {day.note}</span>}
        </span>
      ) : (
        <span className="text-muted-foreground">{m.calendarHint}</span>
      )}
    </p>
  );
}

/**
 * The term's calendar month by month (issue 13 §2): each school day coloured by the learner's status,
 * weekends, half-term, holidays and public holidays greyed with the reason as the title, today ringed,
 * a key, and the tapped day's details (phones have no hover). Each day is named for screen readers,
 * e.g. "Mon 9 Mar 2026: Absent".
 */
export function AttendanceCalendar({ term, days, today }: { term: Term; days: Map<string, TermDay>; today: string }) {
  const [selected, setSelected] = React.useState<string | null>(null);
  const months = React.useMemo(() => monthGrids(term.startsOn, term.endsOn), [term.startsOn, term.endsOn]);
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-lg border p-3 sm:p-4" aria-labelledby="attendance-calendar-title" data-testid="attendance-calendar">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h3 id="attendance-calendar-title" className="flex items-center gap-2 text-sm font-semibold">
          <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
          {m.calendar}
        </h3>
        <Legend />
      </div>
      <div className="grid gap-x-6 gap-y-4 @2xl:grid-cols-2 @5xl:grid-cols-3">
        {months.map((mo) => (
          <Month key={mo.key} month={mo} days={days} today={today} selected={selected} onSelect={(d) => setSelected((s) => (s === d ? null : d))} />
        ))}
      </div>
      <DayDetail day={selected ? (days.get(selected) ?? null) : null} />
    </section>
  );
}

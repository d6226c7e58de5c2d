import type * as React from 'react';
import { Clock, UserX, type LucideIcon } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import type { StudentAttendance } from '@shared/contracts/attendance';
import { formatShortMonth } from '@shared/dates';
import { attendanceParentScreens as m } from '@shared/messages/attendance-parent-screens';
import { cn } from '@/lib/utils';
import { DAY_STYLES } from './attendance-calendar';
import { rateTone, type RateTone } from './term-days';

const TONE_STYLES: Record<RateTone, { text: string; badge: string; bar: string }> = {
  good: { text: 'text-emerald-700 dark:text-emerald-400', badge: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300', bar: 'bg-emerald-500' },
  watch: { text: 'text-amber-700 dark:text-amber-400', badge: 'bg-amber-500/10 text-amber-800 ring-amber-600/25 dark:text-amber-300', bar: 'bg-amber-500' },
  concern: { text: 'text-rose-700 dark:text-rose-400', badge: 'bg-rose-500/10 text-rose-700 ring-rose-600/20 dark:text-rose-300', bar: 'bg-rose-500' },
};

/** 96.25 → "96.3", 100 → "100". */
const formatRate = (v: number) => (Number.isInteger(v) ? String(v) : (Math.round(v * 10) / 10).toFixed(1));

function Figure({ label, value, hint, swatch, testId, className }: { label: string; value: number; hint: string; swatch?: string; testId: string; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1 rounded-lg border bg-background/60 px-3 py-2.5', className)} data-testid={testId}>
      <p className="flex items-center gap-1.5 truncate text-xs font-medium text-muted-foreground">
        {swatch && <span className={cn('size-2.5 shrink-0 rounded-[3px]', swatch)} aria-hidden />}
        {label}
      </p>
      <p className="mt-auto text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="line-clamp-2 text-[11px] leading-tight text-muted-foreground">{hint}</p>
    </div>
  );
}

/**
 * The term's headline (issue 13 §2): the attendance rate large with its tone (good at 95 % or more,
 * watch from 90 %, concern below 90 %) and a bar with the 95 % mark, and the days open, present, absent,
 * late and excused, counted up to the last register taken.
 */
export function AttendanceHeadline({ data }: { data: StudentAttendance }) {
  const lastMarked = data.days.reduce<string | null>((a, d) => (a && a > d.date ? a : d.date), null);
  const tone = rateTone(data.rate);
  const s = tone ? TONE_STYLES[tone] : null;
  const share = (n: number) => (data.daysOpen > 0 ? m.ofDays(formatRate(Math.round((n / data.daysOpen) * 1000) / 10)) : m.ofDays('0'));
  return (
    <div className="grid min-w-0 gap-3 @3xl:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)]" data-testid="attendance-headline">
      <div className="flex flex-col gap-2 rounded-lg border bg-gradient-to-br from-primary/[0.04] to-transparent px-4 py-3.5" data-testid="attendance-rate" data-tone={tone ?? 'none'}>
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs font-medium text-muted-foreground">{m.rate}</p>
          {tone && s && <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset', s.badge)}>{m.tones[tone]}</span>}
        </div>
        {data.rate === null ? (
          <p className="py-1 text-sm text-muted-foreground">{m.rateNone}</p>
        ) : (
          <>
            <p className={cn('text-4xl font-semibold tracking-tight tabular-nums', s?.text)} data-testid="attendance-rate-value">
              {m.percent(formatRate(data.rate))}
            </p>
            <div className="relative h-1.5 w-full rounded-full bg-muted" role="presentation">
              <div className={cn('h-full rounded-full', s?.bar)} style={{ width: `${Math.min(100, Math.max(0, data.rate))}%` }} />
              <span className="absolute -top-0.5 h-2.5 w-px bg-foreground/50" style={{ left: '95%' }} aria-hidden />
            </div>
          </>
        )}
        <p className="text-xs text-muted-foreground">
          {lastMarked ? `${m.countedTo(dayLabel(lastMarked))} · ${m.toneHint}` : m.toneHint}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 @lg:grid-cols-5" data-testid="attendance-figures">
        <Figure label={m.daysOpen} value={data.daysOpen} hint={m.daysOpenHint} testId="figure-days-open" className="col-span-2 @lg:col-span-1" />
        <Figure label={m.present} value={data.present} hint={share(data.present)} swatch={DAY_STYLES.present} testId="figure-present" />
        <Figure label={m.absent} value={data.absent} hint={share(data.absent)} swatch={DAY_STYLES.absent} testId="figure-absent" />
        <Figure label={m.late} value={data.late} hint={share(data.late)} swatch={DAY_STYLES.late} testId="figure-late" />
        <Figure label={m.excused} value={data.excused} hint={share(data.excused)} swatch={DAY_STYLES.excused} testId="figure-excused" />
      </div>
    </div>
  );
}

function ListPanel({ icon: Icon, title, count, testId, children }: { icon: LucideIcon; title: string; count: number; testId: string; children: React.ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2.5 rounded-lg border p-3 sm:p-4" data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
        <span className="rounded-full bg-muted px-1.5 py-px text-[11px] font-medium text-muted-foreground tabular-nums">{m.count(count)}</span>
      </h3>
      {children}
    </section>
  );
}

function Empty({ title, hint, testId }: { title: string; hint: string; testId: string }) {
  return (
    <div className="rounded-lg border border-dashed px-4 py-6 text-center" data-testid={testId}>
      <p className="text-sm font-medium">{title}</p>
      <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

function DateBadge({ date }: { date: string }) {
  const d = new Date(`${date}T00:00:00Z`);
  return (
    <span className="flex w-11 shrink-0 flex-col items-center rounded-md border bg-background py-1 leading-none" aria-hidden>
      <span className="text-[10px] font-medium text-muted-foreground uppercase">{formatShortMonth(date, { year: false })}</span>
      <span className="mt-0.5 text-base font-semibold tabular-nums">{d.getUTCDate()}</span>
    </span>
  );
}

type Day = StudentAttendance['days'][number];

/**
 * A titled list of the term's days (absences or lates), newest first: each day's date badge, the day
 * with `badge(day)` (its status or arrival time) and its note; `empty` when there are none.
 */
function DaysPanel({
  icon,
  title,
  days,
  testId,
  itemTestId,
  empty,
  badge,
}: {
  icon: LucideIcon;
  title: string;
  days: Day[];
  testId: string;
  itemTestId: string;
  empty: { title: string; hint: string; testId: string };
  badge: (day: Day) => React.ReactNode;
}) {
  return (
    <ListPanel icon={icon} title={title} count={days.length} testId={testId}>
      {days.length === 0 ? (
        <Empty title={empty.title} hint={empty.hint} testId={empty.testId} />
      ) : (
        <ul className="flex flex-col divide-y">
          {days.map((d) => (
            <li key={d.date} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0" data-testid={itemTestId} data-date={d.date}>
              <DateBadge date={d.date} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm font-medium">
                  {dayLabel(d.date)}
                  {badge(d)}
                </p>
                <p className={cn('truncate text-xs', d.note ? 'text-foreground/80' : 'text-muted-foreground italic')} title={d.note ?? undefined}>
                  {d.note ?? m.noNote}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListPanel>
  );
}

/**
 * The term's absences (absent and excused days, newest first, with the note) and late arrivals (with
 * the arrival time and note), each with an empty state.
 */
export function AttendanceLists({ data }: { data: StudentAttendance }) {
  const newestFirst = [...data.days].sort((a, b) => b.date.localeCompare(a.date));
  const absences = newestFirst.filter((d) => d.status === 'absent' || d.status === 'excused');
  const lates = newestFirst.filter((d) => d.status === 'late');
  const hint = (whenOpen: string) => (data.daysOpen ? whenOpen : m.nothingCountedHint);
  const panels: React.ComponentProps<typeof DaysPanel>[] = [
    {
      icon: UserX,
      title: m.absences,
      days: absences,
      testId: 'absences-list',
      itemTestId: 'absence-item',
      empty: { title: m.noAbsences, hint: hint(m.noAbsencesHint), testId: 'absences-empty' },
      badge: (d) => <span className={cn('rounded px-1.5 py-px text-[11px] font-medium', DAY_STYLES[d.status])}>{m.status[d.status]}</span>,
    },
    {
      icon: Clock,
      title: m.lateArrivals,
      days: lates,
      testId: 'lates-list',
      itemTestId: 'late-item',
      empty: { title: m.noLates, hint: hint(m.noLatesHint), testId: 'lates-empty' },
      badge: (d) => d.arrivalTime && <span className={cn('rounded px-1.5 py-px text-[11px] font-medium tabular-nums', DAY_STYLES.late)}>{m.arrivedAt(d.arrivalTime)}</span>,
    },
  ];
  return (
    <div className="grid min-w-0 gap-3 @3xl:grid-cols-2">
      {panels.map((p) => (
        <DaysPanel key={p.testId} {...p} />
      ))}
    </div>
  );
}

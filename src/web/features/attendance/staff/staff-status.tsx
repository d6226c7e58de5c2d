import type { SchoolCalendar } from '@shared/attendance-calendar';
import { notSchoolDay } from '@shared/attendance-calendar';
import type { StaffStatus } from '@shared/contracts/attendance';
import { addDays } from '@shared/dates';
import { weekday } from '@shared/kenya-holidays';
import { staffAttendanceScreens as m } from '@shared/messages/staff-attendance-screens';
import { cn } from '@/lib/utils';

/**
 * Small shared pieces of the staff attendance screens: the colours of the four statuses (present
 * green, absent red, on leave violet, official duty blue; late amber), the late rule as the server
 * applies it, and stepping to the previous or next school day.
 */

export const STAFF_TONE: Record<StaffStatus | 'unrecorded' | 'late', { chip: string; on: string; dot: string }> = {
  present: { chip: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300', on: 'border-emerald-600 bg-emerald-600 text-white', dot: 'bg-emerald-500' },
  absent: { chip: 'bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-300', on: 'border-red-600 bg-red-600 text-white', dot: 'bg-red-500' },
  on_leave: { chip: 'bg-violet-500/10 text-violet-700 ring-violet-500/20 dark:text-violet-300', on: 'border-violet-600 bg-violet-600 text-white', dot: 'bg-violet-500' },
  official_duty: { chip: 'bg-sky-500/10 text-sky-700 ring-sky-500/20 dark:text-sky-300', on: 'border-sky-600 bg-sky-600 text-white', dot: 'bg-sky-500' },
  late: { chip: 'bg-amber-500/12 text-amber-800 ring-amber-500/25 dark:text-amber-300', on: '', dot: 'bg-amber-500' },
  unrecorded: { chip: 'bg-muted text-muted-foreground ring-border', on: '', dot: 'bg-muted-foreground/40' },
};

/** Minutes since midnight of HH:MM. */
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Late as the API decides it: present and checked in after the school's late time. */
export function isLateAt(status: StaffStatus | null, checkIn: string | null, lateAfter: string): boolean {
  return status === 'present' && !!checkIn && /^\d\d:\d\d$/.test(checkIn) && minutes(checkIn) > minutes(lateAfter);
}

/** A status chip ("Present", "On leave", "Not recorded"). */
export function StaffStatusChip({ status, className }: { status: StaffStatus | null; className?: string }) {
  const tone = STAFF_TONE[status ?? 'unrecorded'];
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tone.chip, className)} data-testid="staff-status-chip" data-status={status ?? 'unrecorded'}>
      <span className={cn('size-1.5 rounded-full', tone.dot)} aria-hidden />
      {m.statuses[status ?? 'unrecorded']}
    </span>
  );
}

/** The amber "Late" badge. */
export function LateBadge({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', STAFF_TONE.late.chip, className)} data-testid="staff-late-badge">
      {m.late}
    </span>
  );
}

/**
 * The school day before or after `day` (never after `today`). With the school's calendar the shared
 * rule decides; without it (the calendar could not be read) weekends are skipped and the register says
 * why any other closed day has none.
 */
export function stepSchoolDay(day: string, step: 1 | -1, today: string, cal: SchoolCalendar | null): string | null {
  let d = day;
  for (let i = 0; i < 400; i++) {
    d = addDays(d, step);
    if (d > today) return null;
    const open = cal ? !notSchoolDay(cal, d, today) : weekday(d) !== 0 && weekday(d) !== 6;
    if (open) return d;
  }
  return null;
}

import { weekdayLabel } from '@shared/dates';
import * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import { formatMonth, schoolToday } from '@shared/dates';
import { weekday } from '@shared/kenya-holidays';
import { leaveMessages as m } from '@shared/messages/leave';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { useLeaveCalendar } from './leave-api';
import { LeaveStatusBadge } from './leave-parts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function shiftMonth(month: string, by: number): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mo - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

const monthTitle = (month: string) => formatMonth(month);

/**
 * The school's leave calendar (issue 14 §2): a month grid, Monday first, each day with who is on
 * approved (violet) or pending (amber) leave; on narrow screens the cells show a count and the chosen
 * day's people are listed under the grid.
 */
export function LeaveCalendar() {
  const today = schoolToday();
  const [month, setMonth] = React.useState(today.slice(0, 7));
  const [selected, setSelected] = React.useState<string>(today);
  const query = useLeaveCalendar(month);
  const days = query.data?.month === month ? query.data.days : [];
  const lead = days.length ? (weekday(days[0]!.date) + 6) % 7 : 0;
  const chosen = days.find((d) => d.date === selected) ?? null;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="leave-calendar">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-[15px] font-semibold tracking-tight" data-testid="leave-calendar-month">
          {monthTitle(month)}
        </h3>
        <div className="flex gap-1">
          <Button size="icon" variant="outline" aria-label={m.prevMonth} onClick={() => setMonth(shiftMonth(month, -1))} data-testid="leave-calendar-prev">
            <ChevronLeft aria-hidden />
          </Button>
          <Button size="icon" variant="outline" aria-label={m.nextMonth} onClick={() => setMonth(shiftMonth(month, 1))} data-testid="leave-calendar-next">
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      <div className="overflow-hidden rounded-xl border bg-card">
        <div className="grid grid-cols-7 border-b bg-muted/50 text-center text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
          {WEEKDAYS.map((w) => (
            <div key={w} className="py-2">
              {weekdayLabel(w)}
            </div>
          ))}
        </div>
        <div className={cn('grid grid-cols-7', query.isFetching && 'opacity-70')}>
          {Array.from({ length: lead }, (_, i) => (
            <div key={`lead-${i}`} className="min-h-14 border-r border-b bg-muted/20 sm:min-h-24" />
          ))}
          {days.map((d) => {
            const wd = weekday(d.date);
            const weekend = wd === 0 || wd === 6;
            const isToday = d.date === today;
            return (
              <button
                type="button"
                key={d.date}
                onClick={() => setSelected(d.date)}
                className={cn(
                  'flex min-h-14 min-w-0 cursor-pointer flex-col gap-1 border-r border-b p-1 text-left transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:min-h-24 sm:p-1.5',
                  weekend && 'bg-muted/25',
                  selected === d.date && 'bg-primary/5 ring-1 ring-primary/40 ring-inset',
                )}
                data-testid="leave-calendar-day"
                data-date={d.date}
                data-count={d.entries.length}
              >
                <span className={cn('inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums', isToday ? 'bg-primary font-semibold text-primary-foreground' : 'text-muted-foreground')}>
                  {Number(d.date.slice(8))}
                </span>
                {d.entries.length > 0 && (
                  <>
                    <span className="mx-auto inline-flex size-5 items-center justify-center rounded-full bg-violet-500/15 text-[11px] font-semibold text-violet-700 sm:hidden dark:text-violet-300">{d.entries.length}</span>
                    <span className="hidden min-w-0 flex-col gap-0.5 sm:flex">
                      {d.entries.slice(0, 2).map((e) => (
                        <span
                          key={e.requestId}
                          className={cn(
                            'truncate rounded px-1.5 py-0.5 text-[11px] leading-4 font-medium',
                            e.status === 'approved' ? 'bg-violet-500/12 text-violet-800 dark:text-violet-200' : 'border border-dashed border-amber-500/50 bg-amber-500/8 text-amber-800 dark:text-amber-200',
                          )}
                          title={`${e.staffName} · ${e.leaveType}`}
                        >
                          {e.staffName.split(' ')[0]} {e.staffName.split(' ').slice(-1)[0]?.[0]}.
                        </span>
                      ))}
                      {d.entries.length > 2 && <span className="px-1 text-[11px] text-muted-foreground">+{d.entries.length - 2}</span>}
                    </span>
                  </>
                )}
              </button>
            );
          })}
        </div>
      </div>
      {chosen && (
        <div className="rounded-xl border bg-card p-4" data-testid="leave-calendar-detail">
          <p className="text-sm font-medium">{dayLabel(chosen.date)}</p>
          {chosen.entries.length === 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">{m.nobodyOnLeave}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {chosen.entries.map((e) => (
                <li key={e.requestId} className="flex items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate">
                    <span className="font-medium">{e.staffName}</span> <span className="text-muted-foreground">· {e.leaveType}</span>
                  </span>
                  <LeaveStatusBadge status={e.status} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

import { toast } from 'sonner';
import { CalendarOff, Fingerprint, LogIn, LogOut } from 'lucide-react';
import { can } from '@shared/access';
import { dayLabel } from '@shared/attendance-calendar';
import { staffAttendanceScreens as m } from '@shared/messages/staff-attendance-screens';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { PendingButton } from '@/components/pending-button';
import { useMyStaffDay, useSelfCheck } from './staff-api';
import { LateBadge, StaffStatusChip } from './staff-status';

const s = m.self;

/**
 * "My attendance today" (issue 13 §3 "staff may check themselves in from the app"): on a staff
 * member's dashboard when the school lets staff check themselves in. Shows today's check-in and
 * check-out times (Africa/Nairobi, set by the server), a Late badge after the school's time, and one
 * button: Check in, then Check out. On a day that is not a school day it says why instead. Renders
 * nothing for parents, platform staff, or when the school has self check-in off.
 */
export function SelfCheckInCard({ className }: { className?: string }) {
  const { state } = useAuth();
  const user = state.user;
  const allowed = !!user?.role && can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'staffSelfAttendance');
  const query = useMyStaffDay(allowed);
  const check = useSelfCheck();
  const me = query.data;
  if (!allowed || !me || !me.selfCheckIn) return null;

  const run = (kind: 'in' | 'out') =>
    check.mutate(kind, {
      onError: (err) => toast.error(s.failed, { description: err.message }),
    });

  if (me.notSchoolDay) {
    return (
      <div className={cn('flex items-start gap-3 rounded-xl border border-dashed bg-card/60 px-4 py-3 text-sm', className)} data-testid="self-check-in" data-state="closed">
        <CalendarOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <p className="min-w-0 text-muted-foreground">
          <span className="font-medium text-foreground">{s.noCheckInToday}</span> · {me.notSchoolDay}
        </p>
      </div>
    );
  }

  const done = !!me.checkOut;
  const checkedIn = !!me.checkIn;
  const hrRecorded = !checkedIn && me.status && me.status !== 'present';
  const kind: 'in' | 'out' = checkedIn ? 'out' : 'in';
  const state_ = done ? 'out' : checkedIn ? 'in' : 'none';

  return (
    <div
      className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5', className)}
      data-testid="self-check-in"
      data-state={state_}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl ring-1 ring-inset', checkedIn ? 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300' : 'bg-primary/10 text-primary ring-primary/15')}>
          <Fingerprint className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-[15px] font-semibold tracking-tight">{s.title}</h2>
            {me.late && <LateBadge />}
            {hrRecorded && <StaffStatusChip status={me.status} />}
          </div>
          <p className="mt-0.5 text-sm text-muted-foreground" data-testid="self-check-in-text">
            {dayLabel(me.date)} ·{' '}
            {done ? (
              <>
                {s.checkedInAt(me.checkIn!)} · {s.checkedOutAt(me.checkOut!)}
              </>
            ) : checkedIn ? (
              s.checkedInAt(me.checkIn!)
            ) : hrRecorded ? (
              s.recordedByHr(m.statuses[me.status!])
            ) : (
              s.notYet
            )}
          </p>
        </div>
      </div>
      {done ? (
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-300">{s.done}</p>
      ) : (
        <PendingButton pending={check.isPending} icon={kind === 'in' ? LogIn : LogOut} onClick={() => run(kind)} variant={checkedIn ? 'outline' : 'default'} className="w-full sm:w-auto" data-testid={kind === 'in' ? 'self-checkin-button' : 'self-checkout-button'}>
          {kind === 'in' ? s.checkIn : s.checkOut}
        </PendingButton>
      )}
    </div>
  );
}

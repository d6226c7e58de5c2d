import * as React from 'react';
import { Activity, CalendarClock, CreditCard, GraduationCap, Users } from 'lucide-react';
import type { SchoolHealth } from '@shared/contracts/platform-analytics';
import { billingStatusLabel, COMPLETENESS_LABELS, MODULE_LABELS } from '@shared/messages/platform-analytics';
import { platformAnalyticsScreens as s } from '@shared/messages/platform-analytics-screens';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { daysBetween, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { KesFigure, ProgressRing, RateBar } from '@/components/figures';
import { cn } from '@/lib/utils';
import { useSchoolHealth } from './platform-analytics-api';

const h = s.schools;

export const HEALTH_TONE: Record<SchoolHealth['health'], string> = {
  good: 'bg-emerald-500/12 text-emerald-700 ring-emerald-600/20 dark:text-emerald-400',
  attention: 'bg-amber-500/12 text-amber-700 ring-amber-600/20 dark:text-amber-400',
  inactive: 'bg-muted text-muted-foreground ring-border',
};

const BILLING_TONE: Record<string, string> = {
  trial: 'bg-sky-500/12 text-sky-700 dark:text-sky-400',
  active: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-400',
  arrears: 'bg-amber-500/12 text-amber-700 dark:text-amber-400',
  read_only: 'bg-destructive/12 text-destructive',
};

export function HealthBadge({ health }: { health: SchoolHealth['health'] }) {
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset', HEALTH_TONE[health])}>{h.health[health]}</span>;
}

export function BillingBadge({ status }: { status: string }) {
  return (
    <Badge variant="secondary" className={cn('font-medium', BILLING_TONE[status])} data-testid="billing-status">
      {billingStatusLabel(status)}
    </Badge>
  );
}

/** "Today", "Yesterday", "12 days ago", "Never" for the last active day. */
export function lastActiveText(day: string | null, today: string): string {
  if (!day) return h.never;
  const d = daysBetween(day, today);
  return d <= 0 ? h.today : d === 1 ? h.yesterday : h.daysAgo(d);
}

/** One school's card in the grid: name, health, last activity, active users, completeness, billing. */
export function HealthCard({ school, today, onOpen }: { school: SchoolHealth; today: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={h.open(school.name)}
      className="group flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-left text-card-foreground shadow-sm transition hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-5"
      data-testid={`health-card-${school.code}`}
    >
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="line-clamp-2 font-semibold tracking-tight group-hover:text-primary">{school.name}</p>
          <p className="truncate text-xs text-muted-foreground">{[school.code, school.county, school.curriculum].filter(Boolean).join(' · ')}</p>
        </div>
        <HealthBadge health={school.health} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div className="min-w-0">
          <dt className="truncate text-muted-foreground">{h.lastActive}</dt>
          <dd className="mt-0.5 truncate font-medium">{lastActiveText(school.lastActiveOn, today)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="truncate text-muted-foreground">{h.active7}</dt>
          <dd className="mt-0.5 font-medium tabular-nums">{formatNumber(school.activeUsers7d)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="truncate text-muted-foreground">{h.active30}</dt>
          <dd className="mt-0.5 font-medium tabular-nums">{formatNumber(school.activeUsers30d)}</dd>
        </div>
      </dl>
      <div>
        <div className="mb-1 flex items-center justify-between text-xs">
          <span className="text-muted-foreground">{h.completeness}</span>
          <span className="font-medium tabular-nums">{s.pct(school.completeness)}</span>
        </div>
        <RateBar rate={school.completeness} />
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <CreditCard className="size-3.5" aria-hidden />
          <BillingBadge status={school.billingStatus} />
        </span>
        <span>{h.modules(school.modulesUsed.length)}</span>
      </div>
    </button>
  );
}

function Fact({ icon: Icon, label, children }: { icon: typeof Users; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2.5 rounded-lg border bg-background/60 p-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <div className="text-sm font-medium break-words">{children}</div>
      </div>
    </div>
  );
}

/** The sheet with one school's health card in full (GET /api/platform/schools/:id/health). */
/** A school's billing as label/value rows: status, plan, balance and, during a trial, the day it ends. */
function BillingFacts({ school }: { school: SchoolHealth }) {
  const rows: { label: string; value: React.ReactNode; className?: string }[] = [
    { label: h.status, value: <BillingBadge status={school.billingStatus} /> },
    { label: h.plan, value: school.billingPlan ?? '—', className: 'truncate' },
    { label: h.balance, value: <KesFigure value={school.billingBalanceCents / 100} /> },
  ];
  if (school.trialEndsOn) rows.push({ label: h.trialEnds, value: formatDate(school.trialEndsOn) });
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border bg-card p-4 text-sm">
      {rows.map((r) => (
        <React.Fragment key={r.label}>
          <dt className="text-muted-foreground">{r.label}</dt>
          <dd className={cn(r.className, 'text-right')}>{r.value}</dd>
        </React.Fragment>
      ))}
    </dl>
  );
}

export function HealthSheet({ schoolId, fallback, today, onClose }: { schoolId: string | null; fallback: SchoolHealth | null; today: string; onClose: () => void }) {
  const query = useSchoolHealth(schoolId);
  const school = query.data ?? fallback;
  return (
    <Sheet open={!!schoolId} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full overflow-y-auto bg-background sm:max-w-md" data-testid="health-sheet">
        <div className="flex flex-col gap-5 p-5 sm:p-6">
          <div className="pr-8">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{h.details}</p>
            <SheetTitle className="mt-1 text-lg">{school?.name ?? h.detailsLoading}</SheetTitle>
            <SheetDescription>{school ? [school.code, school.county, school.curriculum].filter(Boolean).join(' · ') : ''}</SheetDescription>
          </div>
          {!school ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <Skeleton className="h-24 rounded-xl" />
              <Skeleton className="h-40 rounded-xl" />
            </div>
          ) : (
            <>
              <div className="flex items-center gap-4 rounded-xl border bg-card p-4">
                <ProgressRing rate={school.completeness} size={84} label={h.completeness} testId="health-completeness" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{h.completeness}</p>
                  <div className="mt-1.5 flex flex-wrap items-center gap-2">
                    <HealthBadge health={school.health} />
                    <BillingBadge status={school.billingStatus} />
                  </div>
                </div>
              </div>
              <div className="grid grid-cols-2 gap-2.5">
                <Fact icon={GraduationCap} label={h.learners}>
                  {formatNumber(school.learners)}
                </Fact>
                <Fact icon={Users} label={h.staff}>
                  {formatNumber(school.staff)}
                </Fact>
                <Fact icon={Activity} label={h.lastActive}>
                  {school.lastActiveOn ? lastActiveText(school.lastActiveOn, today) : h.never}
                  {school.lastActiveOn && <span className="block text-xs font-normal text-muted-foreground">{formatDate(school.lastActiveOn)}</span>}
                </Fact>
                <Fact icon={Users} label={`${h.active7} / 30`}>
                  {formatNumber(school.activeUsers7d)} / {formatNumber(school.activeUsers30d)}
                </Fact>
                <Fact icon={CalendarClock} label={h.lastAudit}>
                  {school.lastAuditAt ? formatDateTime(school.lastAuditAt) : h.never}
                </Fact>
                <Fact icon={CalendarClock} label={h.created}>
                  {formatDate(school.createdAt.slice(0, 10))}
                </Fact>
              </div>
              <section>
                <h3 className="mb-2 text-sm font-semibold">{h.checks}</h3>
                <ul className="flex flex-col gap-3 rounded-xl border bg-card p-4" data-testid="health-checks">
                  {school.checks.map((c) => (
                    <li key={c.check}>
                      <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
                        <span className="min-w-0 truncate">{COMPLETENESS_LABELS[c.check]}</span>
                        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{h.checkValue(c.done, c.total)}</span>
                      </div>
                      <RateBar rate={c.share} showLabel />
                    </li>
                  ))}
                </ul>
              </section>
              <section>
                <h3 className="mb-2 text-sm font-semibold">{h.billing}</h3>
                <BillingFacts school={school} />
              </section>
              <section>
                <h3 className="mb-2 text-sm font-semibold">{h.modulesUsed}</h3>
                {school.modulesUsed.length ? (
                  <ul className="flex flex-wrap gap-1.5" data-testid="health-modules">
                    {school.modulesUsed.map((m) => (
                      <li key={m}>
                        <Badge variant="outline" className="font-normal">
                          {MODULE_LABELS[m]}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">{h.noModules}</p>
                )}
              </section>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

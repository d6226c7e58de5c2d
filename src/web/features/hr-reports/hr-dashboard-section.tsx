import type * as React from 'react';
import { Link } from 'react-router';
import { Banknote, CalendarClock, CalendarDays, ChevronRight, ClipboardList, Gauge, Plane, ReceiptText, Users, type LucideIcon } from 'lucide-react';
import { canOpenSection, pathForSection } from '@shared/access';
import type { HrDashboardResponse } from '@shared/contracts/hr-reports';
import { RUN_STATUS_LABELS, hrReportsMessages as msg } from '@shared/messages/hr-reports';
import type { Role } from '@shared/roles';
import { cn } from '@/lib/utils';
import { useSchoolContext } from '@/lib/school-context';
import { PageHeader } from '@/components/page-header';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { SectionIcon } from '@/components/section-icons';
import { HorizontalBarChart } from '@/components/charts';
import { EmptyNote, Panel } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDay, kes, longMonth, useCanViewHrReports } from './hr-bits';
import { useHrDashboard } from './hr-reports-api';
import { perLocale } from '@shared/i18n/localized';

const m = msg.dashboard;


/** A third-wide panel listing members of staff: the name over `sub(x)`, `end(x)` on the right; `empty` when none. */
function PeoplePanel<T extends { staffId: string; name: string }>({ title, testId, empty, items, sub, end }: { title: string; testId: string; empty: string; items: T[]; sub: (x: T) => React.ReactNode; end: (x: T) => React.ReactNode }) {
  return (
    <Panel title={title} testId={testId} className="lg:col-span-1">
      {items.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <ul className="flex flex-col divide-y">
          {items.map((x) => (
            <li key={x.staffId} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words">{x.name}</p>
                <p className="text-xs break-words text-muted-foreground">{sub(x)}</p>
              </div>
              {end(x)}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * The HR Dashboard (issue 14 §4; open to every role): for HR, the principal and the director the day's
 * figures (active staff, on leave today, pending leave requests, contracts ending in 30 days, the last
 * payroll's net pay and status), who is on leave, contracts ending soon, staff by department and quick
 * links to Staff Management, Payroll, HR Reports and HR Analytics. Other roles see a short note with
 * links to their own leave and payslips, and no request is made for figures they may not read.
 */
export function HrDashboardSection() {
  const access = useCanViewHrReports();
  const { currentSchool } = useSchoolContext();
  const query = useHrDashboard(access.allowed);
  if (!access.ready || !access.role) return null;
  const role = access.role as Role;
  const subtitle = currentSchool?.name ? `${currentSchool.name} · ${m.subtitle}` : m.subtitle;
  if (!access.allowed) return <LimitedView role={role} subtitle={subtitle} />;
  const data = query.data;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="hr-dashboard">
      <PageHeader sectionId="hr-dashboard" title={m.title} subtitle={subtitle} />
      {query.isError && !data ? (
        <QueryErrorCard query={query} title={m.loadFailed} retryLabel={msg.tryAgain} testId="hr-dashboard-error" />
      ) : !data ? (
        <SkeletonStack cells={[{ grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5', cells: Array<string>(5).fill('h-28 rounded-xl') }, 'h-72 rounded-xl']} />
      ) : (
        <Body data={data} role={role} />
      )}
    </section>
  );
}

/**
 * The HR figures of the day (KPIs, last payroll, on leave, contracts ending, departments, quick links)
 * without the page header, for HR's own dashboard (HR's sidebar has no separate "hr-dashboard").
 */
export function HrAtAGlance() {
  const access = useCanViewHrReports();
  const query = useHrDashboard(access.allowed);
  if (!access.ready || !access.role || !access.allowed) return null;
  if (query.isError && !query.data) return null;
  if (!query.data) return <Skeleton className="h-72 rounded-xl" />;
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="hr-at-a-glance">
      <Body data={query.data} role={access.role as Role} />
    </div>
  );
}

const HR_LINKS = perLocale(() => ([
  { id: 'staff-management', label: m.linkStaff, hint: m.linkStaffHint },
  { id: 'payroll', label: m.linkPayroll, hint: m.linkPayrollHint },
  { id: 'hr-reports', label: m.linkReports, hint: m.linkReportsHint },
  { id: 'hr-analytics', label: m.linkAnalytics, hint: m.linkAnalyticsHint },
]));

function Body({ data, role }: { data: HrDashboardResponse; role: Role }) {
  const run = data.lastPayroll;
  const links = HR_LINKS.filter((l) => canOpenSection(role, l.id).allowed);
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={m.activeStaff} value={data.activeStaff.toLocaleString('en-KE')} icon={Users} accent={1} testId="hr-kpi-active" />
        <StatCard label={m.onLeaveToday} value={data.onLeaveToday.toLocaleString('en-KE')} hint={formatDay(data.today)} icon={Plane} accent={2} testId="hr-kpi-on-leave" />
        <StatCard label={m.pendingLeave} value={data.pendingLeave.toLocaleString('en-KE')} hint={m.pendingLeaveHint} icon={ClipboardList} accent={4} testId="hr-kpi-pending" />
        <StatCard label={m.contractsEnding} value={data.contractsEnding30.toLocaleString('en-KE')} hint={m.contractsEndingHint} icon={CalendarClock} accent={5} testId="hr-kpi-contracts" />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
        <LastPayroll run={run} />
        <PeoplePanel title={m.onLeaveTitle} testId="hr-on-leave" empty={m.onLeaveEmpty} items={data.onLeave} sub={(x) => x.leaveType} end={(x) => <span className="shrink-0 text-xs text-muted-foreground">{m.until(formatDay(x.endDate))}</span>} />
        <PeoplePanel
          title={m.contractsTitle}
          testId="hr-contracts-soon"
          empty={m.contractsEmpty}
          items={data.contractsEnding}
          sub={(x) => (
            <>
              {x.jobTitle} · {formatDay(x.contractEnd)}
            </>
          )}
          end={(x) => (
            <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', x.daysLeft <= 14 ? 'bg-red-500/10 text-red-700 dark:text-red-300' : 'bg-amber-500/10 text-amber-800 dark:text-amber-300')}>
              {m.daysLeft(x.daysLeft)}
            </span>
          )}
        />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
        <Panel title={m.departmentsTitle} testId="hr-departments" className={links.length > 0 ? 'lg:col-span-2' : 'lg:col-span-3'}>
          {data.byDepartment.length ? <HorizontalBarChart data={data.byDepartment.map((d) => ({ label: d.label, value: d.count }))} name={msg.reports.colStaff} yWidth={110} /> : <EmptyNote>{msg.reports.headcountHint}</EmptyNote>}
        </Panel>
        {links.length > 0 && (
          <Panel title={m.quickLinks} testId="hr-quick-links" className="lg:col-span-1">
            <QuickLinks role={role} links={links} />
          </Panel>
        )}
      </div>
    </>
  );
}

/** The latest payroll run: month, status, net pay, gross and employer cost. */
function LastPayroll({ run }: { run: HrDashboardResponse['lastPayroll'] }) {
  return (
    <Panel title={m.lastPayroll} testId="hr-kpi-payroll" action={run ? <RunBadge status={run.status} /> : <Banknote className="size-4 text-muted-foreground" aria-hidden />}>
      {run ? (
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-sm text-muted-foreground">{longMonth(run.month)}</p>
            <p className="mt-0.5 text-2xl font-semibold tracking-tight tabular-nums" data-testid="hr-kpi-payroll-net">
              KES {kes(run.net)}
            </p>
            <p className="text-xs text-muted-foreground">
              {m.netPay} · {m.staffPaid(run.staffCount)}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-lg bg-muted/50 px-3 py-2">
              <dt className="text-xs text-muted-foreground">{msg.reports.colGross}</dt>
              <dd className="font-medium tabular-nums">{kes(run.gross)}</dd>
            </div>
            <div className="rounded-lg bg-muted/50 px-3 py-2">
              <dt className="text-xs text-muted-foreground">{msg.reports.colEmployerCost}</dt>
              <dd className="font-medium tabular-nums">{kes(run.employerCost)}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <EmptyNote>{m.lastPayrollNone}</EmptyNote>
      )}
    </Panel>
  );
}

function RunBadge({ status }: { status: 'draft' | 'submitted' | 'approved' }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium',
        status === 'approved' ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : status === 'submitted' ? 'bg-amber-500/10 text-amber-800 dark:text-amber-300' : 'bg-muted text-muted-foreground',
      )}
      data-testid="hr-kpi-payroll-status"
    >
      {RUN_STATUS_LABELS[status]}
    </span>
  );
}

/** Links to the sections the role may open (others are left out). */
function QuickLinks({ role, links }: { role: Role; links: { id: string; label: string; hint: string; icon?: LucideIcon }[] }) {
  const open = links.filter((l) => canOpenSection(role, l.id).allowed);
  return (
    <ul className="flex flex-col gap-2">
      {open.map((l) => (
        <li key={l.id}>
          <Link
            to={pathForSection(role, l.id)}
            className="group flex items-center gap-3 rounded-lg border bg-background/60 px-3 py-2.5 transition-colors hover:border-primary/40 hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-ring"
            data-testid={`hr-link-${l.id}`}
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              {l.icon ? <l.icon className="size-4" aria-hidden /> : <SectionIcon id={l.id} className="size-4" aria-hidden />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium break-words">{l.label}</span>
              <span className="block text-xs break-words text-muted-foreground" data-testid="hr-link-hint">
                {l.hint}
              </span>
            </span>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Roles without viewHrReports: a friendly note and their own leave and payslips. */
function LimitedView({ role, subtitle }: { role: Role; subtitle: React.ReactNode }) {
  const staff = canOpenSection(role, 'my-leave').allowed;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="hr-dashboard" data-limited="true">
      <PageHeader sectionId="hr-dashboard" title={m.title} subtitle={subtitle} />
      <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
        <div className="flex flex-col justify-center gap-3 rounded-xl border bg-gradient-to-br from-primary/10 via-card to-card p-5 shadow-sm sm:p-6 lg:col-span-2" data-testid="hr-limited">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <Gauge className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="text-lg font-semibold tracking-tight">{m.limitedTitle}</h2>
            <p className="mt-1 max-w-xl text-sm leading-relaxed text-muted-foreground">{staff ? m.limitedText : m.limitedParent}</p>
          </div>
        </div>
        {staff && (
          <Panel title={m.quickLinks} testId="hr-quick-links">
            <QuickLinks
              role={role}
              links={[
                { id: 'my-leave', label: m.linkMyLeave, hint: m.linkMyLeaveHint, icon: CalendarDays },
                { id: 'my-payslips', label: m.linkMyPayslips, hint: m.linkMyPayslipsHint, icon: ReceiptText },
              ]}
            />
          </Panel>
        )}
      </div>
    </section>
  );
}

import { Building2, GraduationCap, LayoutDashboard, LogIn, Users } from 'lucide-react';
import { formatWeekday } from '@shared/dates';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import type { PlatformDashboard as Data } from '@shared/contracts/dashboard';
import { NameLines } from '@/components/name-lines';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { CHART, ColumnChart, HorizontalBarChart, PALETTE } from '@/components/charts';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { useDensity } from '@/lib/density';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { DashboardPage, EmptyNote, Panel, PanelGrid, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';

const m = messages.dashboard;

function SchoolStatus({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium', active ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground')}>
      <span className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-muted-foreground')} />
      {active ? m.active : m.inactive}
    </span>
  );
}

/** Platform admins (edufam_admin, elimisha_admin): every school on EduFam. */
export function PlatformDashboard({ data }: { data: Data }) {
  const { chartHeight } = useDensity();
  const roles = data.users.byRole.map((r, i) => ({
    label: r.role === 'unassigned' ? r.role : roleDisplayName(r.role),
    value: r.count,
    color: PALETTE[i % PALETTE.length],
  }));
  const perSchool = data.schoolsList.map((s) => ({ label: s.name, value: s.learners }));
  const perDay = data.signIns.byDay.map((d) => ({
    label: formatDate(d.date),
    short: formatWeekday(d.date),
    value: d.count,
  }));
  return (
    <DashboardPage kind="platform" icon={LayoutDashboard} title={m.platformTitle} subtitle={m.platformSubtitle}>
      <StatGrid>
        <StatCard testId="stat-schools" label={m.schools} value={formatNumber(data.schools.total)} hint={m.schoolsHint(data.schools.active, data.schools.inactive)} icon={Building2} accent={1} />
        <StatCard testId="stat-users" label={m.users} value={formatNumber(data.users.total)} hint={m.usersHint} icon={Users} accent={3} />
        <StatCard testId="stat-learners" label={m.platformLearners} value={formatNumber(data.learners.total)} hint={m.platformLearnersHint} icon={GraduationCap} accent={2} />
        <StatCard testId="stat-sign-ins" label={m.signIns} value={formatNumber(data.signIns.last7Days)} hint={m.signInsHint} icon={LogIn} accent={5} />
      </StatGrid>

      <PanelGrid>
        <Panel title={m.usersByRole} description={m.usersByRoleHint} className="lg:col-span-2" testId="users-by-role">
          <HorizontalBarChart data={roles} name={m.users} yWidth={140} />
        </Panel>
        <Panel title={m.signInsPerDay} description={m.signInsPerDayHint}>
          <ColumnChart data={perDay} height={Math.round(chartHeight * 0.7)} name={m.signIns} color={CHART[3]} />
          <h3 className="mt-4 mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">{m.recentSignIns}</h3>
          {data.signIns.recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">{m.noSignIns}</p>
          ) : (
            <ul className="flex flex-col divide-y">
              {data.signIns.recent.map((s, i) => (
                <li key={i} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <NameLines name={s.name ?? '—'} detail={<>{s.role ? roleDisplayName(s.role) : ''}{s.schoolName ? ` · ${s.schoolName}` : ''}</>} />
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatDateTime(s.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </PanelGrid>

      <PanelGrid>
        <Panel title={m.schoolsTable} className="lg:col-span-2" testId="schools-table">
          {data.schoolsList.length === 0 ? (
            <EmptyNote>{m.noSchools}</EmptyNote>
          ) : (
            <>
              <ul className="flex flex-col divide-y sm:hidden">
                {data.schoolsList.map((s) => (
                  <li key={s.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{s.name}</p>
                      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <Badge variant="outline" className="rounded-md px-1.5 py-0">
                          {s.curriculum}
                        </Badge>
                        {s.county}
                        <SchoolStatus status={s.status} />
                      </p>
                    </div>
                    <div className="shrink-0 text-right">
                      <p className="font-semibold tabular-nums">{formatNumber(s.learners)}</p>
                      <p className="text-xs text-muted-foreground">{m.colLearners}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <PlainTable minWidth={560} className="hidden sm:block">
                <thead>
                  <tr>
                    <Th>{m.colSchool}</Th>
                    <Th>{m.colCurriculum}</Th>
                    <Th className="text-right">{m.colLearners}</Th>
                    <Th className="text-right">{m.colStaff}</Th>
                    <Th>{m.colStatus}</Th>
                  </tr>
                </thead>
                <tbody>
                  {data.schoolsList.map((s) => (
                    <tr key={s.id} className="hover:bg-muted/40">
                      <Td>
                        <p className="font-medium">{s.name}</p>
                        {s.county && <p className="text-xs text-muted-foreground">{s.county}</p>}
                      </Td>
                      <Td>
                        <Badge variant="outline" className="rounded-md">
                          {s.curriculum}
                        </Badge>
                      </Td>
                      <Td className="text-right font-medium tabular-nums">{formatNumber(s.learners)}</Td>
                      <Td className="text-right tabular-nums">{formatNumber(s.staff)}</Td>
                      <Td>
                        <SchoolStatus status={s.status} />
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </PlainTable>
            </>
          )}
        </Panel>
        <Panel title={m.learnersPerSchool} description={m.asOf(formatDate(data.asOf))} testId="learners-per-school">
          <HorizontalBarChart data={perSchool} name={m.learners} color={CHART[2]} yWidth={120} />
        </Panel>
      </PanelGrid>
    </DashboardPage>
  );
}

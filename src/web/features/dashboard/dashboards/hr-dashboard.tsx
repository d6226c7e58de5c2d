import { BriefcaseBusiness, UserCheck, UserMinus, UserX } from 'lucide-react';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import type { HrDashboard as Data } from '@shared/contracts/dashboard';
import { CHART, DonutChart, HorizontalBarChart, PALETTE } from '@/components/charts';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { useDensity } from '@/lib/density';
import { formatNumber } from '@/lib/format';
import { DashboardPage, Panel, PanelGrid, StatGrid } from '@/components/page-layout';
import { TermChip } from '../components/school-widgets';
import { StatCard } from '@/components/stat-card';
import { HrAtAGlance } from '@/features/hr-reports';

const m = messages.dashboard;
const roleName = (r: string) => (r === 'unassigned' ? r : roleDisplayName(r));

/**
 * HR: the HR figures of the day (with "Active staff": staff records with status active, the one
 * headcount), then the staff's sign-in accounts (profiles other than parents) active and inactive and
 * by role, labelled as accounts so they are not read as a second headcount, and class leadership.
 */
export function HrDashboard({ data }: { data: Data }) {
  const { compact } = useDensity();
  const roles = data.staffByRole.map((r, i) => ({ label: roleName(r.role), value: r.total, color: PALETTE[i % PALETTE.length] }));
  return (
    <DashboardPage kind="hr" icon={BriefcaseBusiness} title={m.hrTitle} subtitle={data.school.name} aside={<TermChip term={data.term} asOf={data.asOf} />}>
      <HrAtAGlance />
      <StatGrid>
        <StatCard testId="stat-accounts" label={m.signInAccounts} value={formatNumber(data.staff.active)} hint={m.signInAccountsHint} icon={UserCheck} accent={2} />
        <StatCard testId="stat-inactive-accounts" label={m.inactiveAccounts} value={formatNumber(data.staff.inactive)} hint={m.inactiveAccountsHint} icon={UserMinus} accent={5} />
        <StatCard
          testId="stat-without-class"
          label={m.teachersWithoutClass}
          value={formatNumber(data.teachers.withoutClass)}
          hint={m.teachersWithoutClassHint(data.teachers.withClass)}
          icon={UserX}
          accent={3}
        />
      </StatGrid>
      <PanelGrid>
        <Panel title={m.staffByRole} description={m.staffByRoleHint} className="lg:col-span-2" testId="staff-by-role">
          <HorizontalBarChart data={roles} name={m.accountsSeries} yWidth={128} />
          <PlainTable minWidth={280} className="mt-4">
            <thead>
              <tr>
                <Th>{m.colRole}</Th>
                <Th className="text-right">{m.colActive}</Th>
                <Th className="text-right">{m.colInactive}</Th>
                <Th className="text-right">{m.colTotal}</Th>
              </tr>
            </thead>
            <tbody>
              {data.staffByRole.map((r) => (
                <tr key={r.role} className="hover:bg-muted/40">
                  <Td className="font-medium">{roleName(r.role)}</Td>
                  <Td className="text-right tabular-nums">{formatNumber(r.active)}</Td>
                  <Td className="text-right tabular-nums text-muted-foreground">{formatNumber(r.inactive)}</Td>
                  <Td className="text-right font-medium tabular-nums">{formatNumber(r.total)}</Td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        </Panel>
        <Panel title={m.classLeadership} description={m.classLeadershipHint} bodyClassName="flex items-center justify-center">
          <DonutChart
            size={compact ? 150 : 176}
            centerValue={formatNumber(data.teachers.total)}
            centerLabel={m.teachers}
            data={[
              { name: m.withClass, value: data.teachers.withClass, color: CHART[1] },
              { name: m.withoutClass, value: data.teachers.withoutClass, color: CHART[4] },
            ]}
          />
        </Panel>
      </PanelGrid>
    </DashboardPage>
  );
}

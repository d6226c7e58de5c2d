import { GraduationCap, Layers, School, Users, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { messages } from '@shared/messages';
import type { FinanceDashboard as Data } from '@shared/contracts/dashboard';
import { DataTable, Td, Th } from '../components/data-table';
import { formatNumber } from '../components/format';
import { DashboardPage, Panel, PanelGrid, StatGrid } from '../components/layout';
import { GenderPanel, LearnersByGradePanel, TermChip } from '../components/school-widgets';
import { StatCard } from '../components/stat-card';

const m = messages.dashboard;

/** Finance officer: learner and class figures now; fee figures arrive with the fees module. */
export function FinanceDashboard({ data }: { data: Data }) {
  const avg = data.classes ? Math.round(data.learners.total / data.classes) : 0;
  return (
    <DashboardPage kind="finance" icon={Wallet} title={m.financeTitle} subtitle={data.school.name} aside={
        // The learner register, read-only for fees (issue 10 §3), is not in the finance sidebar (spec §2).
        <div className="flex flex-wrap items-center gap-2">
          <TermChip term={data.term} asOf={data.asOf} />
          <Button asChild variant="outline" size="sm">
            <Link to="/students" data-testid="learner-register-link">
              <GraduationCap aria-hidden />
              {m.learnerRegister}
            </Link>
          </Button>
        </div>
      }
    >
      <div className="flex items-start gap-3 rounded-xl border border-sky-500/25 bg-sky-500/8 px-4 py-3 text-sm" role="status" data-testid="fees-coming-soon">
        <Wallet className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-300" aria-hidden />
        <div>
          <p className="font-medium text-sky-800 dark:text-sky-200">{m.feesComingSoonTitle}</p>
          <p className="mt-0.5 text-sky-900/80 dark:text-sky-100/80">{data.fees.note}</p>
        </div>
      </div>
      <StatGrid>
        <StatCard testId="stat-learners" label={m.learners} value={formatNumber(data.learners.total)} hint={m.learnersHint(data.learners.female, data.learners.male)} icon={GraduationCap} accent={1} />
        <StatCard testId="stat-classes" label={m.classes} value={formatNumber(data.classes)} hint={m.streamsHint} icon={School} accent={2} />
        <StatCard testId="stat-grade-levels" label={m.gradeLevels} value={formatNumber(data.gradeLevels)} hint={m.gradeLevelsHint} icon={Layers} accent={3} />
        <StatCard testId="stat-class-size" label={m.avgClassSize} value={formatNumber(avg)} hint={m.avgClassSizeHint} icon={Users} accent={5} />
      </StatGrid>
      <PanelGrid>
        <LearnersByGradePanel data={data.learnersByGrade} className="lg:col-span-2" />
        <GenderPanel learners={data.learners} />
      </PanelGrid>
      <Panel title={m.enrolmentTable} description={m.learnersByGradeHint} testId="grade-table">
        <DataTable minWidth={280}>
          <thead>
            <tr>
              <Th>{m.colGrade}</Th>
              <Th className="text-right">{m.female}</Th>
              <Th className="text-right">{m.male}</Th>
              <Th className="text-right">{m.colTotal}</Th>
            </tr>
          </thead>
          <tbody>
            {data.learnersByGrade.map((g) => (
              <tr key={g.gradeLevel ?? 'none'} className="hover:bg-muted/40">
                <Td className="font-medium">{g.gradeLevel ?? m.unassigned}</Td>
                <Td className="text-right tabular-nums">{formatNumber(g.female)}</Td>
                <Td className="text-right tabular-nums">{formatNumber(g.male)}</Td>
                <Td className="text-right font-medium tabular-nums">{formatNumber(g.total)}</Td>
              </tr>
            ))}
            <tr>
              <Td className="font-semibold">{m.colTotal}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatNumber(data.learners.female)}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatNumber(data.learners.male)}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatNumber(data.learners.total)}</Td>
            </tr>
          </tbody>
        </DataTable>
      </Panel>
    </DashboardPage>
  );
}

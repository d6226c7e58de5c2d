import * as React from 'react';
import { BookOpen, ChevronDown, ChevronUp, GraduationCap, School, UserCheck, Users, UserX } from 'lucide-react';
import { messages } from '@shared/messages';
import type { ClassTeacherRow, DirectorDashboard, PrincipalDashboard } from '@shared/contracts/dashboard';
import { formatKenyanPhone } from '@shared/phone';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApprovalsCard } from '@/features/fees';
import { FeeCollectionCard } from '@/features/fees';
import { SubscriptionSummaryCard } from '@/features/billing';
import { cn } from '@/lib/utils';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { formatNumber, initials } from '@/lib/format';
import { DashboardPage, Panel, PanelGrid, StatGrid } from '@/components/page-layout';
import { GenderPanel, LearnersByGradePanel, TermAside } from '../components/school-widgets';
import { StatCard } from '@/components/stat-card';

const m = messages.dashboard;

function TeacherName({ teacher }: { teacher: ClassTeacherRow['teacher'] }) {
  if (!teacher) return <span className="text-amber-700 dark:text-amber-300">{m.noClassTeacher}</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-[11px] font-semibold text-primary">
        {initials(teacher.name)}
      </span>
      <span className="truncate">{teacher.name}</span>
    </span>
  );
}

function Phone({ phone }: { phone: string | null | undefined }) {
  if (!phone) return <>—</>;
  return (
    <a className="hover:text-foreground hover:underline" href={`tel:+${phone}`}>
      {formatKenyanPhone(phone)}
    </a>
  );
}

function ClassTeacherTable({ rows }: { rows: ClassTeacherRow[] }) {
  return (
    <PlainTable minWidth={420}>
      <thead>
        <tr>
          <Th>{m.colClass}</Th>
          <Th>{m.colClassTeacher}</Th>
          <Th>{m.colPhone}</Th>
          <Th className="text-right">{m.colLearners}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.classId} className="hover:bg-muted/40">
            <Td className="font-medium whitespace-nowrap">{c.className}</Td>
            <Td className="max-w-48">
              <TeacherName teacher={c.teacher} />
            </Td>
            <Td className="whitespace-nowrap text-muted-foreground tabular-nums">
              <Phone phone={c.teacher?.phone} />
            </Td>
            <Td className="text-right font-medium tabular-nums">{formatNumber(c.learners)}</Td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

/** Class teachers per class: a list on phones, a table (two side by side on wide screens) above. */
const MOBILE_PREVIEW = 6;

function ClassTeacherList({ rows }: { rows: ClassTeacherRow[] }) {
  const [expanded, setExpanded] = React.useState(false);
  const half = Math.ceil(rows.length / 2);
  const mobileRows = expanded ? rows : rows.slice(0, MOBILE_PREVIEW);
  return (
    <>
      <ul className="flex flex-col divide-y sm:hidden" data-testid="class-teacher-list">
        {mobileRows.map((c) => (
          <li key={c.classId} className="flex items-center justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{c.className}</p>
              <div className="mt-1 text-sm">
                <TeacherName teacher={c.teacher} />
              </div>
              {c.teacher?.phone && (
                <p className="mt-1 pl-9 text-xs text-muted-foreground tabular-nums">
                  <Phone phone={c.teacher.phone} />
                </p>
              )}
            </div>
            <span className="shrink-0 rounded-md bg-muted px-2 py-1 text-xs font-medium tabular-nums">{m.learnersCount(c.learners)}</span>
          </li>
        ))}
      </ul>
      {rows.length > MOBILE_PREVIEW && (
        <Button variant="outline" size="sm" className="mt-2 w-full sm:hidden" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? <ChevronUp /> : <ChevronDown />}
          {expanded ? m.showFewer : m.showAllClasses(rows.length)}
        </Button>
      )}
      <div className="hidden sm:block 2xl:hidden">
        <ClassTeacherTable rows={rows} />
      </div>
      <div className="hidden gap-6 2xl:grid 2xl:grid-cols-2">
        <ClassTeacherTable rows={rows.slice(0, half)} />
        {rows.length > 1 && <ClassTeacherTable rows={rows.slice(half)} />}
      </div>
    </>
  );
}

/**
 * Director and principal: the school at a glance (learners, fee collection, approvals); the principal
 * also decides approvals and sees class teachers per class.
 */
export function SchoolDashboard({ data }: { data: DirectorDashboard | PrincipalDashboard }) {
  const isCbc = data.school.curriculum === 'CBC';
  const principal = data.kind === 'principal' ? data : null;
  return (
    <DashboardPage
      kind={data.kind}
      icon={School}
      title={data.kind === 'principal' ? m.principalTitle : m.directorTitle}
      subtitle={`${data.school.name} · ${data.school.curriculum}`}
      aside={
        principal ? (
          // Principals manage their school's users (spec §6) but have no "users" entry in the sidebar (§2).
          <TermAside term={data.term} asOf={data.asOf} links={[{ to: '/dashboard/users', icon: Users, label: m.manageUsers, testId: 'manage-users-link' }]} />
        ) : (
          // Directors read the school's setup (issue 10 §1) in a section their sidebar (§2) does not list.
          <TermAside term={data.term} asOf={data.asOf} links={[{ to: '/dashboard/school-setup', icon: School, label: m.schoolSetup, testId: 'school-setup-link' }]} />
        )
      }
    >
      <StatGrid>
        <StatCard testId="stat-learners" label={m.learners} value={formatNumber(data.learners.total)} hint={m.learnersHint(data.learners.female, data.learners.male)} icon={GraduationCap} accent={1} />
        <StatCard testId="stat-teachers" label={m.teachers} value={formatNumber(data.teachers)} hint={m.teachersHint} icon={UserCheck} accent={3} />
        <StatCard testId="stat-classes" label={m.classes} value={formatNumber(data.classes)} hint={m.classesHint(data.gradeLevels)} icon={School} accent={2} />
        <StatCard
          testId="stat-learning-areas"
          label={isCbc ? m.learningAreas : m.subjects}
          value={formatNumber(data.learningAreas)}
          hint={m.learningAreasHint}
          icon={BookOpen}
          accent={5}
        />
      </StatGrid>

      {/* Fees (issue 11): the term's collection at a glance, and the one Approvals card (ARCHITECTURE.md). */}
      <PanelGrid>
        <FeeCollectionCard role={data.kind === 'principal' ? 'principal' : 'school_director'} />
        {/* Issue 18 §1: the director sees the school's EduFam subscription and what it owes. */}
        {!principal && <SubscriptionSummaryCard />}
        <ApprovalsCard role={data.kind === 'principal' ? 'principal' : 'school_director'} className={principal ? 'lg:col-span-2' : undefined} />
      </PanelGrid>

      <PanelGrid>
        <LearnersByGradePanel data={data.learnersByGrade} className="lg:col-span-2" />
        <GenderPanel learners={data.learners} />
      </PanelGrid>

      {principal && (
        <Panel
          title={m.classTeachers}
          description={m.classTeachersHint}
          testId="class-teachers"
          action={
            <Badge
              className={cn(
                'shrink-0 gap-1 rounded-md',
                principal.classesWithoutClassTeacher > 0 ? 'bg-amber-500/12 text-amber-700 dark:text-amber-300' : 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
              )}
            >
              {principal.classesWithoutClassTeacher > 0 ? <UserX className="size-3.5" /> : <UserCheck className="size-3.5" />}
              {m.classesWithoutTeacher}: {principal.classesWithoutClassTeacher}
            </Badge>
          }
        >
          <ClassTeacherList rows={principal.classTeachers} />
        </Panel>
      )}
    </DashboardPage>
  );
}

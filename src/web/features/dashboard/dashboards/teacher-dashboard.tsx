import { BookOpen, CalendarClock, GraduationCap, Presentation, Star, Users } from 'lucide-react';
import { messages } from '@shared/messages';
import type { TeacherDashboard as Data, TeacherClass } from '@shared/contracts/dashboard';
import { cn } from '@/lib/utils';
import { DonutChart, GenderBarChart, PALETTE } from '@/components/charts';
import { useDensity } from '@/lib/density';
import { formatNumber, shortClass } from '@/lib/format';
import { DashboardPage, EmptyNote, Panel, PanelGrid, StatGrid } from '@/components/page-layout';
import { TermChip } from '../components/school-widgets';
import { StatCard } from '@/components/stat-card';
import { MarksToEnter } from '@/features/assessment';

const m = messages.dashboard;

function ClassCard({ c }: { c: TeacherClass }) {
  const { compact } = useDensity();
  return (
    <li className={cn('flex min-w-0 flex-col gap-3 rounded-xl border bg-card shadow-xs', compact ? 'p-3' : 'p-4')} data-testid="teacher-class">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{c.name}</p>
          <p className="truncate text-xs text-muted-foreground">{c.band}</p>
        </div>
        <span
          className={cn(
            'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset',
            c.isClassTeacher ? 'bg-primary/10 text-primary ring-primary/20' : 'bg-muted text-muted-foreground ring-border',
          )}
        >
          {c.isClassTeacher && <Star className="size-3" aria-hidden />}
          {c.isClassTeacher ? m.classTeacherBadge : m.subjectTeacherBadge}
        </span>
      </div>
      <div className="flex items-center gap-4 text-sm">
        <span className="flex items-center gap-1.5">
          <Users className="size-4 text-muted-foreground" aria-hidden />
          <span className="font-medium tabular-nums">{m.learnersCount(c.learners.total)}</span>
        </span>
        <span className="text-xs text-muted-foreground">{m.learnersHint(c.learners.female, c.learners.male)}</span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {c.learningAreas.length === 0 ? (
          <span className="text-xs text-muted-foreground">{m.noLearningAreas}</span>
        ) : (
          c.learningAreas.map((a) => (
            <span key={a.subjectId} className="inline-flex items-center gap-1 rounded-md border bg-muted/40 px-2 py-0.5 text-xs">
              {a.name}
              <span className="text-muted-foreground tabular-nums">· {a.lessonsPerWeek}</span>
            </span>
          ))
        )}
      </div>
      {c.lessonsPerWeek > 0 && <p className="mt-auto text-xs text-muted-foreground">{m.lessonsCount(c.lessonsPerWeek)}</p>}
    </li>
  );
}

/** Teacher: the classes they lead or teach, their learners and weekly load. */
export function TeacherDashboard({ data }: { data: Data }) {
  const { chartHeight, gap } = useDensity();
  const perClass = data.classes.map((c) => ({ label: c.name, short: shortClass(c.name), female: c.learners.female, male: c.learners.male }));
  const byArea = new Map<string, number>();
  for (const c of data.classes) for (const a of c.learningAreas) byArea.set(a.name, (byArea.get(a.name) ?? 0) + a.lessonsPerWeek);
  const load = [...byArea.entries()].sort((a, b) => b[1] - a[1]).map(([name, value], i) => ({ name, value, color: PALETTE[i % PALETTE.length]! }));
  return (
    <DashboardPage kind="teacher" icon={Presentation} title={m.teacherTitle} subtitle={data.school.name} aside={<TermChip term={data.term} asOf={data.asOf} />}>
      <StatGrid>
        <StatCard testId="stat-classes" label={m.myClasses} value={formatNumber(data.totals.classes)} hint={m.myClassesHint(data.totals.classTeacherOf)} icon={Presentation} accent={1} />
        <StatCard testId="stat-learners" label={m.myLearners} value={formatNumber(data.totals.learners)} hint={m.myLearnersHint} icon={GraduationCap} accent={2} />
        <StatCard testId="stat-lessons" label={m.lessonsPerWeek} value={formatNumber(data.totals.lessonsPerWeek)} hint={m.lessonsPerWeekHint} icon={CalendarClock} accent={3} />
        <StatCard testId="stat-learning-areas" label={m.myLearningAreas} value={formatNumber(data.totals.learningAreas)} hint={m.myLearningAreasHint} icon={BookOpen} accent={5} />
      </StatGrid>

      <MarksToEnter />

      {data.classes.length === 0 ? (
        <EmptyNote>{m.noClasses}</EmptyNote>
      ) : (
        <>
          <PanelGrid>
            <Panel title={m.learnersPerClass} description={m.learnersPerClassHint} className="lg:col-span-2" testId="learners-per-class">
              <GenderBarChart data={perClass} height={chartHeight} />
            </Panel>
            <Panel title={m.lessonsPerWeek} description={m.lessonsPerWeekHint} bodyClassName="flex items-center justify-center">
              {load.length ? <DonutChart data={load} centerValue={formatNumber(data.totals.lessonsPerWeek)} centerLabel={m.lessonsShort} /> : <EmptyNote>{m.noLearningAreas}</EmptyNote>}
            </Panel>
          </PanelGrid>
          <Panel title={m.classesList} testId="teacher-classes">
            <ul className={cn('grid grid-cols-1 sm:grid-cols-2 xl:grid-cols-3', gap === 'gap-3' ? 'gap-3' : 'gap-4')}>
              {data.classes.map((c) => (
                <ClassCard key={c.classId} c={c} />
              ))}
            </ul>
          </Panel>
        </>
      )}
    </DashboardPage>
  );
}

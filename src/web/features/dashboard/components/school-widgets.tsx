import { Link } from 'react-router';
import { CalendarDays, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import type { GenderSplit, GradeLevelLearners, Term } from '@shared/contracts/dashboard';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { GenderBarChart, DonutChart, GIRLS, BOYS } from '@/components/charts';
import { useDensity } from '@/lib/density';
import { formatDate, formatNumber, shortGrade, termSummary } from '@/lib/format';
import { Panel } from '@/components/page-layout';
import { IconBadge } from '@/components/icon-badge';

const m = messages.dashboard;

const statusTone: Record<Term['status'], string> = {
  current: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
  ended: 'bg-muted text-muted-foreground ring-border',
  upcoming: 'bg-sky-500/12 text-sky-700 ring-sky-500/25 dark:text-sky-300',
};

/** A small pill with the term's status (In session, Ended, Upcoming, Half-term break). */
export function TermStatusBadge({ term, label }: { term: Term; label: string }) {
  return <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap ring-1 ring-inset', statusTone[term.status])}>{label}</span>;
}

/** A page-header link button of a dashboard's aside: icon, label, test id. */
export type AsideLink = { to: string; icon: LucideIcon; label: string; testId: string };

/** A dashboard header's aside: the term chip, then a small outline link button for each of `links`. */
export function TermAside({ term, asOf, links }: { term: Term | null; asOf: string; links: AsideLink[] }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TermChip term={term} asOf={asOf} />
      {links.map(({ to, icon: Icon, label, testId }) => (
        <Button key={testId} asChild variant="outline" size="sm">
          <Link to={to} data-testid={testId}>
            <Icon aria-hidden />
            {label}
          </Link>
        </Button>
      ))}
    </div>
  );
}

/** The current (or latest) term as a chip for the page header: name, status and dates. */
export function TermChip({ term, asOf }: { term: Term | null; asOf: string }) {
  if (!term) {
    return (
      <span className="inline-flex items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm text-muted-foreground shadow-xs">
        <CalendarDays className="size-4" aria-hidden />
        {m.noTerm}
      </span>
    );
  }
  const s = termSummary(term, asOf);
  return (
    <div className="flex max-w-full items-center gap-3 rounded-xl border bg-card px-3 py-2 shadow-xs" data-testid="term-chip">
      <IconBadge icon={CalendarDays} className="size-8 rounded-lg bg-primary/10 text-primary" />
      <div className="min-w-0 text-sm leading-tight">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{s.title}</span>
          <TermStatusBadge term={term} label={s.status} />
        </div>
        {/* The dates, then (in session: days left; in a holiday: when the next term opens) kept whole,
            wrapping under the dates on a phone rather than running off the screen. */}
        <p className="mt-1 text-xs text-muted-foreground">
          <span className="whitespace-nowrap">{m.termDates(formatDate(term.startsOn), formatDate(term.endsOn))}</span>
          {term.status !== 'upcoming' && (
            <>
              {' · '}
              <span className="whitespace-nowrap" data-testid="term-chip-hint">
                {s.hint}
              </span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/** Stacked bar chart of active learners per grade level by gender. */
export function LearnersByGradePanel({ data, className }: { data: GradeLevelLearners[]; className?: string }) {
  const { chartHeight } = useDensity();
  const rows = data.map((g) => ({ label: g.gradeLevel ?? m.unassigned, short: shortGrade(g.gradeLevel), female: g.female, male: g.male }));
  return (
    <Panel title={m.learnersByGrade} description={m.learnersByGradeHint} className={className} testId="learners-by-grade">
      <GenderBarChart data={rows} height={chartHeight} />
    </Panel>
  );
}

/** Donut of girls and boys with the total in the middle. */
export function GenderPanel({ learners, className }: { learners: GenderSplit; className?: string }) {
  const { compact } = useDensity();
  return (
    <Panel title={m.genderSplit} description={m.genderSplitHint} className={className} bodyClassName="flex items-center justify-center">
      <DonutChart
        size={compact ? 150 : 176}
        centerValue={formatNumber(learners.total)}
        centerLabel={m.learners}
        data={[
          { name: m.female, value: learners.female, color: GIRLS },
          { name: m.male, value: learners.male, color: BOYS },
        ]}
      />
    </Panel>
  );
}

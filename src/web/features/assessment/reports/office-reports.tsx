import { Link } from 'react-router';
import { ArrowRight, FileChartColumn } from 'lucide-react';
import { canOpenSection, pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import type { Role } from '@shared/roles';
import { sectionLabel } from '@shared/sections';
import { EmptyStateCard } from '@/components/page-states';
import { PageHeader } from '@/components/page-header';
import { SectionIcon } from '@/components/section-icons';

const m = messages.reportsScreens;

/** The report sections an office keeps, in the order the hub lists them. */
const OFFICE_REPORT_SECTIONS = ['financial-reports', 'financial-analytics', 'hr-reports', 'hr-analytics'] as const;

/**
 * The reports section of every role without report cards (spec §6 "grades, timetable, reports,
 * support: distinct variants per role (teacher, principal, parent, school_director, others)"): the
 * finance officer and HR. It lists the report sections the role may open (shared/sections.ts), each
 * a card linking to it; learners' report cards stay with teachers and the principal.
 */
export function OfficeReports({ role }: { role: Role }) {
  const reports = OFFICE_REPORT_SECTIONS.filter((id) => canOpenSection(role, id).allowed);
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="office-reports">
      <PageHeader sectionId="reports" title={sectionLabel(role, 'reports')} subtitle={m.othersSubtitle} />
      {reports.length === 0 ? (
        <EmptyStateCard icon={FileChartColumn} title={m.othersNone} hint={m.othersNoneHint} testId="office-reports-none" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4">
          {reports.map((id) => {
            const title = sectionLabel(role, id);
            return (
              <li key={id}>
                <Link
                  to={pathForSection(role, id)}
                  className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
                  aria-label={m.othersOpen(title)}
                  data-testid="office-report-link"
                  data-section={id}
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-background text-primary">
                    <SectionIcon id={id} className="size-[18px]" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-1.5 font-medium">
                      {title}
                      <ArrowRight className="size-3.5 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
                    </span>
                    <span className="mt-1 block text-sm text-muted-foreground">{m.othersDescriptions[id]}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

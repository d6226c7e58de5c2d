import * as React from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { SectionIcon } from '@/components/section-icons';

const m = messages.learners;
const crumbLink = 'cursor-pointer truncate rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * The trail back to the Academic Management hub (issue 10 §2: "Academic Management › Student
 * Admission"): the hub and any earlier steps are links, the last step is the current page.
 */
export function AcademicBreadcrumb({ trail }: { trail: { label: string; to?: string; onClick?: () => void }[] }) {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const steps: { label: string; to?: string; onClick?: () => void }[] = [{ label: m.breadcrumb.hub, to: pathForSection(role, 'academic-management') }, ...trail];
  return (
    <nav aria-label={m.breadcrumb.label} className="min-w-0" data-testid="academic-breadcrumb">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {steps.map((s, i) => {
          const last = i === steps.length - 1;
          return (
            <li key={`${s.label}-${i}`} className="flex min-w-0 items-center gap-1">
              {i > 0 && <ChevronRight className="size-3.5 shrink-0 opacity-60" aria-hidden />}
              {!last && s.onClick ? (
                <button type="button" onClick={s.onClick} className={crumbLink}>
                  {s.label}
                </button>
              ) : last || !s.to ? (
                <span className={last ? 'truncate font-medium text-foreground' : 'truncate'} aria-current={last ? 'page' : undefined}>
                  {s.label}
                </span>
              ) : (
                <Link to={s.to} className={crumbLink}>
                  {s.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * A page's heading block: the icon (`icon`, a 20 px svg) in a tinted square, the title (the page's h1)
 * and, when given, the subtitle (`subtitleTestId` marks it). `className` replaces the block's classes
 * (`flex min-w-0 items-center gap-3`), e.g. to let it grow in a row.
 */
export function PageTitle({
  icon,
  title,
  subtitle,
  subtitleTestId,
  subtitleClassName = 'mt-0.5 text-sm text-muted-foreground',
  className = 'flex min-w-0 items-center gap-3',
}: {
  icon: React.ReactNode;
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  subtitleTestId?: string;
  /** The subtitle's classes (a muted line under the title by default). */
  subtitleClassName?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">{icon}</span>
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {subtitle && (
          <p className={subtitleClassName} data-testid={subtitleTestId}>
            {subtitle}
          </p>
        )}
      </div>
    </div>
  );
}

/** A section page's title row: section icon, title, subtitle, and actions on the right (stacked on phones). */
export function PageHeader({
  sectionId,
  title,
  subtitle,
  actions,
  testId,
}: {
  sectionId: string;
  title: string;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3" data-testid={testId}>
      <PageTitle icon={<SectionIcon id={sectionId} className="size-5" aria-hidden />} title={title} subtitle={subtitle} />
      {actions && <div className="flex w-full flex-wrap gap-2 sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">{actions}</div>}
    </div>
  );
}

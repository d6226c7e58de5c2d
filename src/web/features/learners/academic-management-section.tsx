import { Link } from 'react-router';
import { ArrowRight, ArrowRightLeft, BedDouble, UserPlus, UsersRound } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/auth';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { SectionIcon } from '@/components/section-icons';
import { StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { useLearnerFigures } from './api/learners';
import { formatDate, formatNumber } from './components/format';
import { PageHeader } from '@/components/page-header';

const h = messages.learners.hub;

const SUB_SECTIONS = ['student-admission', 'student-information', 'student-promotion', 'transfer-management', 'exit-management'] as const;
type SubSection = (typeof SUB_SECTIONS)[number];

/**
 * Academic Management (issue 10 §2; principal): live counts of the register and five cards leading to
 * Student Admission, Student Information, Student Promotion, Transfer Management and Exit Management.
 */
export function AcademicManagementSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const figures = useLearnerFigures();
  const f = figures.data;

  const value = (n: number | null | undefined) =>
    n !== undefined && n !== null ? formatNumber(n) : figures.isError ? '—' : <span className="inline-block h-7 w-14 animate-pulse rounded-md bg-muted align-middle" aria-hidden />;

  const cardStat = (id: SubSection): string | null => {
    if (!f) return null;
    if (id === 'student-admission') return h.cardStat['student-admission'](f.admittedThisTerm);
    if (id === 'student-information') return h.cardStat['student-information'](f.active.total);
    if (id === 'transfer-management' && f.pendingTransferRequests !== null) return h.cardStat['transfer-management'](f.pendingTransferRequests);
    return null;
  };

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="academic-management">
      <PageHeader sectionId={sectionId} title={title} subtitle={h.subtitle} />

      <StatGrid>
        <StatCard label={h.activeLearners} value={value(f?.active.total)} hint={f ? h.activeHint(f.streams.length) : undefined} icon={UsersRound} accent={1} testId="hub-active" />
        <StatCard
          label={h.admittedThisTerm}
          value={value(f?.admittedThisTerm)}
          hint={f ? (f.term ? h.admittedHint(f.term.name, formatDate(f.term.startsOn)) : h.admittedNoTerm) : undefined}
          icon={UserPlus}
          accent={3}
          testId="hub-admitted"
        />
        <StatCard label={h.pendingTransfers} value={value(f ? (f.pendingTransferRequests ?? 0) : undefined)} hint={h.pendingHint} icon={ArrowRightLeft} accent={2} testId="hub-transfers" />
        <StatCard label={h.boarders} value={value(f?.active.boarding)} hint={f ? h.boardersHint(f.active.day) : undefined} icon={BedDouble} accent={5} testId="hub-boarders" />
      </StatGrid>

      <ul className="grid min-w-0 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-6" data-testid="hub-cards">
        {SUB_SECTIONS.map((id, i) => {
          const stat = cardStat(id);
          const card = h.cards[id];
          return (
            // Admission and the register (the daily work) lead the first row; the year's movements follow.
            <li key={id} className={cn('min-w-0', i < 2 ? 'xl:col-span-3' : 'xl:col-span-2', i === 4 && 'sm:col-span-2 xl:col-span-2')}>
              <Link
                to={pathForSection(role, id)}
                className={cn(
                  'group flex h-full min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-all sm:p-5',
                  'hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                )}
                data-testid={`hub-card-${id}`}
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
                    <SectionIcon id={id} className="size-5" aria-hidden />
                  </span>
                  <h2 className="min-w-0 flex-1 text-[15px] leading-tight font-semibold">{card.title}</h2>
                  <ArrowRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary" aria-hidden />
                </div>
                <p className="text-sm leading-relaxed text-muted-foreground">{card.text}</p>
                <div className="mt-auto flex items-center justify-between gap-2 pt-1">
                  {stat ? (
                    <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium tabular-nums" data-testid={`hub-card-${id}-stat`}>
                      {stat}
                    </span>
                  ) : (
                    <span />
                  )}
                  <span className="text-sm font-medium text-primary">{h.open}</span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

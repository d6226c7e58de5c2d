import * as React from 'react';
import { CalendarX2, UsersRound } from 'lucide-react';
import { sectionLabel } from '@shared/sections';
import { messages } from '@shared/messages';
import { EmptyStateCard } from '@/components/page-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { SkeletonStack } from '@/components/skeleton-stack';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { BulkReportCards } from './bulk-report-cards';
import { ReportCommentsTable, type CommentField } from './report-comments-table';
import { ReportScopeBar, useReportScope } from './report-scope';

const m = messages.reportsScreens;

/**
 * The staff's report cards for a term (issue 12 §5): the term and a stream (teachers: the streams they
 * are class teacher of) or a whole level (principal, director); every report card of it as one PDF in
 * the background; the learners with their comments (`field`: the one the viewer writes, null to read)
 * and each learner's card.
 */
export function StaffReports({ classTeacherOnly, field, testId }: { classTeacherOnly: boolean; field: CommentField | null; testId: string }) {
  const { state: auth } = useAuth();
  const { currentSchool } = useSchoolContext();
  const state = useReportScope({ classTeacherOnly });
  // The bulk task of each term x scope, so switching streams and coming back shows it again.
  const [tasks, setTasks] = React.useState<Record<string, string | null>>({});
  const role = auth.user?.role ?? null;
  const { term, scope } = state;
  const taskKey = term && scope ? `${term.termId}:${scope.kind}:${scope.id}` : '';
  const onTask = React.useCallback((id: string | null) => setTasks((t) => ({ ...t, [taskKey]: id })), [taskKey]);

  let body: React.ReactNode;
  if (state.isPending)
    body = <SkeletonStack cells={['h-10 w-full max-w-lg rounded-md', 'h-20 rounded-xl', 'h-96 rounded-xl']} />;
  else if (state.error) body = <QueryErrorCard query={state} title={m.loadFailedTitle} text={m.loadFailedText} retryLabel={m.tryAgain} testId="reports-error" />;
  else if (!term) body = <EmptyStateCard icon={CalendarX2} title={m.noTerms} hint={m.noTermsHint} testId="reports-no-terms" />;
  else
    body = (
      <>
        <ReportScopeBar state={state} />
        {!scope ? (
          classTeacherOnly ? (
            <EmptyStateCard icon={UsersRound} title={m.noStreams} hint={m.noStreamsHint} testId="reports-no-streams" />
          ) : (
            <EmptyStateCard icon={UsersRound} title={m.noScope} testId="reports-no-scope" />
          )
        ) : (
          <>
            <BulkReportCards key={`bulk:${taskKey}`} termId={term.termId} termLabel={term.label} scope={scope} taskId={tasks[taskKey] ?? null} onTask={onTask} />
            {/* Not keyed by the scope: unsaved comments (kept per term and learner) survive switching streams and back. */}
            <ReportCommentsTable termId={term.termId} termLabel={term.label} scope={scope} field={field} />
          </>
        )}
      </>
    );

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid={testId}>
      <PageHeader sectionId="reports" title={role ? sectionLabel(role, 'reports') : ''} subtitle={currentSchool?.name ? `${currentSchool.name} · ${m.staffSubtitle}` : m.staffSubtitle} />
      {body}
    </section>
  );
}

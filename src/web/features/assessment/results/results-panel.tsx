import * as React from 'react';
import { ClipboardList, Loader2, School } from 'lucide-react';
import { messages } from '@shared/messages';
import { QueryErrorCard } from '@/components/query-error-card';
import { EmptyStateCard, PageSkeleton } from '@/components/page-states';
import { useResults, useScales } from '../api/assessment';
import { ResultsView } from './broadsheet';
import { ExamScopeBar, useExamScope, type ExamScopeState } from './exam-scope';
import { makeRanker } from './result-bits';

const x = messages.examsScreens;
const r = x.results;

function ResultsSkeleton() {
  return <PageSkeleton testId="results-loading" rows={[{ cells: ['h-96 rounded-xl'] }]} />;
}

/** The results of the picked exam and scope (the pickers are the caller's). */
export function ResultsBody({ state }: { state: ExamScopeState }) {
  const results = useResults(state.exam?.id ?? null, state.scope);
  const scales = useScales();
  const data = results.data;
  const ranker = React.useMemo(() => makeRanker(data?.summary.gradeCounts ?? [], scales.data?.scales ?? []), [data, scales.data]);

  if (state.error) return <QueryErrorCard query={state} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="results-error" />;
  if (state.isLoading) return <ResultsSkeleton />;
  if (!state.exam) return <EmptyStateCard icon={ClipboardList} title={r.noExams} hint={r.noExamsHint} testId="results-no-exams" />;
  if (!state.scope.classId && !state.scope.levelId) return <EmptyStateCard icon={School} title={r.noScope} hint={r.noScopeHint} testId="results-no-scope" />;
  if (results.isError && !data)
    return <QueryErrorCard query={results} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="results-error" />;
  if (!data) return <ResultsSkeleton />;
  if (data.rows.length === 0) return <EmptyStateCard icon={School} title={r.noRows} hint={r.noRowsHint} testId="results-no-rows" />;
  return (
    <div className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={results.isPlaceholderData || undefined}>
      <ResultsView data={data} ranker={ranker} scope={state.scope} />
    </div>
  );
}

/**
 * Results of an exam series (issue 12 §4) for a stream or a whole level: pickers, then the summary,
 * the broadsheet with its PDF and Excel, subject means and grade counts. Used by the principal's
 * Examinations → Results and the director's Grades.
 */
export function ResultsPanel() {
  const state = useExamScope({ teacherOnly: false });
  const results = useResults(state.exam?.id ?? null, state.scope);
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="results-panel">
      <ExamScopeBar state={state} extra={results.isFetching && results.data ? <Loader2 className="size-4 animate-spin text-muted-foreground max-sm:hidden" aria-hidden /> : null} />
      <ResultsBody state={state} />
    </div>
  );
}

import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { ResultsPanel } from './results-panel';

/**
 * The director's "Grades" (issue 12 §4): the school's exam results, read-only — the same broadsheet as
 * the principal's Examinations → Results (stream or whole level, PDF and Excel), subject means and
 * grade counts.
 */
export function ResultsBrowser() {
  const { sectionId, title } = useActiveSectionTitle();
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="results-browser">
      <PageHeader sectionId={sectionId} title={title} subtitle={messages.examsScreens.results.subtitleDirector} testId="results-browser-header" />
      <ResultsPanel />
    </section>
  );
}

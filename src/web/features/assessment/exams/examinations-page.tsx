import * as React from 'react';
import { useSearchParams } from 'react-router';
import { BarChart3, CalendarClock, CalendarX2, ClipboardList, Scale } from 'lucide-react';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SkeletonStack } from '@/components/skeleton-stack';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useExams } from '../api/assessment';
import { EmptyStateCard } from '@/components/page-states';
import { ResultsPanel } from '../results/results-panel';
import { ScalesTab } from './scales-tab';
import { SeriesTab } from './series-tab';
import { TimetableTab } from './timetable-tab';
import { useTermChoices } from './use-terms';

const x = messages.examsScreens;
const TABS = ['series', 'timetable', 'results', 'scales'] as const;
type Tab = (typeof TABS)[number];
const ICONS = { series: ClipboardList, timetable: CalendarClock, results: BarChart3, scales: Scale } as const;

/**
 * The principal's "Examinations" (issue 12 §1, §2, §4), tabs in the address (`?tab=`): exam series per
 * term (create, edit, release, delete), the exam timetable of a series, the results broadsheet of a
 * stream or level, and the grading scales with the per-level scale and results settings. `?exam=` is
 * the series the Timetable and Results tabs show, so a series card opens either on it.
 */
export function ExaminationsPage() {
  const { sectionId, title } = useActiveSectionTitle();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'series';
  const terms = useTermChoices();
  const exams = useExams();

  const setTab = (next: string) =>
    setParams((prev) => {
      const q = new URLSearchParams();
      if (next !== 'series') q.set('tab', next);
      const exam = prev.get('exam');
      if (exam && (next === 'timetable' || next === 'results')) q.set('exam', exam);
      return q;
    });
  const open = React.useCallback((next: Tab, examId: string) => setParams(() => new URLSearchParams({ tab: next, exam: examId })), [setParams]);
  const setExam = React.useCallback(
    (examId: string) =>
      setParams(
        (prev) => {
          const q = new URLSearchParams(prev);
          q.set('exam', examId);
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );

  let body: React.ReactNode;
  if (terms.error && !terms.terms.length) {
    body = <QueryErrorCard query={terms} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="exams-terms-error" />;
  } else if (terms.isLoading) {
    body = <SkeletonStack cells={['h-10 w-full max-w-md', 'h-40 w-full rounded-xl', 'h-40 w-full rounded-xl']} />;
  } else if (!terms.current) {
    body = <EmptyStateCard icon={CalendarX2} title={x.common.noTerms} hint={x.common.noTermsHint} testId="exams-no-terms" />;
  } else {
    body = (
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <IconTabsList
          label={x.page.tabsLabel}
          triggerClassName="max-sm:px-2.5 max-sm:[&_svg]:hidden"
          tabs={TABS.map((k) => ({ value: k, icon: ICONS[k], label: x.page.tabs[k], testId: `exams-tab-${k}` }))}
        />
        <TabsContent value="series">
          <SeriesTab terms={terms.terms} defaultTermId={terms.current.id} onResults={(id) => open('results', id)} onTimetable={(id) => open('timetable', id)} />
        </TabsContent>
        <TabsContent value="timetable">
          {exams.isError ? (
            <QueryErrorCard query={exams} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="timetable-exams-error" />
          ) : exams.data ? (
            <TimetableTab exams={exams.data.items} examId={params.get('exam')} onExam={setExam} />
          ) : (
            <Skeleton className="h-64 rounded-xl" />
          )}
        </TabsContent>
        <TabsContent value="results">{tab === 'results' && <ResultsPanel />}</TabsContent>
        <TabsContent value="scales">
          <ScalesTab />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="examinations">
      <PageHeader sectionId={sectionId} title={title} subtitle={x.page.subtitle} testId="examinations-header" />
      {body}
    </section>
  );
}

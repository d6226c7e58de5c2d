import * as React from 'react';
import { useSearchParams } from 'react-router';
import { BadgePercent, Building2, CalendarX2, FileText, Layers } from 'lucide-react';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { SkeletonStack } from '@/components/skeleton-stack';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useFeesLiveRefresh } from '../api/fees';
import { AdjustmentsTab } from './adjustments-tab';
import { useFeesScope } from './fees-scope';
import { InvoicesTab } from './invoices-tab';
import { StructuresTab } from './structures-tab';
import { useTerms } from '../components/terms';
import { EmptyStateCard } from '@/components/page-states';

const m = messages.feeManagement;
const TABS = ['structures', 'invoices', 'adjustments'] as const;
type Tab = (typeof TABS)[number];
const ICONS = { structures: Layers, invoices: FileText, adjustments: BadgePercent } as const;

/**
 * Fee Management (issue 11 §1, section `fee-management`): tabs in the URL (`?tab=`) for fee structures
 * of a term, the term's invoices (list, generate, detail) and adjustments. The finance officer edits;
 * the principal, the director and platform staff (the school picked in the header) read, without the
 * write buttons. M-Pesa payments arriving refresh the figures (SSE `fees.changed`).
 */
export function FeeManagementSection() {
  useFeesLiveRefresh();
  const { sectionId, title } = useActiveSectionTitle();
  const scope = useFeesScope();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'structures';
  const terms = useTerms();

  // Each tab keeps its own filters in the URL; switching tabs starts the next one afresh.
  const setTab = (next: string) => setParams(next === 'structures' ? {} : { tab: next });
  const setStructureTerm = React.useCallback(
    (term: string) =>
      setParams(
        (prev) => {
          const q = new URLSearchParams(prev);
          q.set('term', term);
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );

  const subtitle = scope.canManage ? m.section.subtitle : m.section.subtitleReadOnly;
  const header = <PageHeader sectionId={sectionId} title={title} subtitle={scope.schoolName ? `${scope.schoolName} · ${subtitle}` : subtitle} testId="fee-management-header" />;

  let body: React.ReactNode;
  if (scope.needsSchool) {
    body = <EmptyStateCard icon={Building2} title={m.common.pickSchool} hint={m.common.pickSchoolHint} testId="fees-pick-school" />;
  } else if (terms.error && !terms.terms.length) {
    body = <QueryErrorCard query={terms} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="fees-terms-error" />;
  } else if (terms.isLoading) {
    body = <SkeletonStack cells={['h-10 w-full max-w-md', 'h-20 w-full rounded-xl', 'h-72 w-full rounded-xl']} />;
  } else if (!terms.current) {
    body = <EmptyStateCard icon={CalendarX2} title={m.common.noYears} hint={m.common.noYearsHint} testId="fees-no-terms" />;
  } else {
    const current = terms.current;
    const structureTerm = tab === 'structures' && terms.terms.some((x) => x.id === params.get('term')) ? params.get('term')! : current.id;
    body = (
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <IconTabsList
          label={m.section.tabsLabel}
          triggerClassName="max-sm:px-2.5 max-sm:[&_svg]:hidden"
          tabs={TABS.map((x) => ({ value: x, icon: ICONS[x], label: m.section.tabs[x], testId: `fees-tab-${x}` }))}
        />
        <TabsContent value="structures">
          <StructuresTab scope={scope} terms={terms.terms} termId={structureTerm} onTermChange={setStructureTerm} />
        </TabsContent>
        <TabsContent value="invoices">
          <InvoicesTab scope={scope} terms={terms.terms} current={current} />
        </TabsContent>
        <TabsContent value="adjustments">
          <AdjustmentsTab scope={scope} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="fee-management" data-can-manage={scope.canManage || undefined}>
      {header}
      {body}
    </section>
  );
}

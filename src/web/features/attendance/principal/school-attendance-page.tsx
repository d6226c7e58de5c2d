import * as React from 'react';
import { useSearchParams } from 'react-router';
import { Building2, CalendarRange, ClipboardCheck, FileDown, Settings2, TrendingUp, UserX } from 'lucide-react';
import { DEFAULT_ATTENDANCE_SETTINGS } from '@shared/contracts/attendance';
import { attendancePrincipalScreens as m } from '@shared/messages/attendance-principal-screens';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { EmptyStateCard } from '@/components/page-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { useAttendanceSettings } from '../api/reports';
import { useAttendanceScope, useSchoolCalendar, type AttendanceScope } from './attendance-scope';
import { Notice } from './bits';
import { ChronicTab } from './chronic-tab';
import { SettingsTab } from './settings-tab';
import { SummariesTab } from './summaries-tab';
import { TodayTab } from './today-tab';
import { TrendsTab } from './trends-tab';

const TABS = ['today', 'trends', 'chronic', 'summaries', 'settings'] as const;
type Tab = (typeof TABS)[number];
const ICONS = { today: ClipboardCheck, trends: TrendingUp, chronic: UserX, summaries: FileDown, settings: Settings2 } as const;

/**
 * The school's attendance (issue 13 §1 principal, §4 reports; section "attendance"): tabs kept in the
 * address (`?tab=`) for the day's registers of every stream (a stream opens its register), weekly
 * trends per stream or level, chronic absentees, per-learner and per-stream summaries with PDF and
 * Excel, and (principal only) the attendance settings and school calendar. `readOnly`: the director
 * (and platform staff, for the school picked in the header) read everything and change nothing.
 */
export function SchoolAttendancePage({ readOnly }: { readOnly: boolean }) {
  const { sectionId, title } = useActiveSectionTitle();
  const scope = useAttendanceScope(readOnly);
  const subtitle = scope.platform ? m.page.subtitle.admin : scope.readOnly ? m.page.subtitle.director : m.page.subtitle.principal;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="school-attendance" data-read-only={scope.readOnly || undefined}>
      <PageHeader sectionId={sectionId} title={title} subtitle={scope.schoolName ? `${scope.schoolName} · ${subtitle}` : subtitle} testId="school-attendance-header" />
      {scope.needsSchool ? (
        <EmptyStateCard icon={Building2} title={m.common.pickSchool} hint={m.common.pickSchoolHint} testId="attendance-pick-school" />
      ) : (
        <SchoolAttendance scope={scope} />
      )}
    </section>
  );
}

function SchoolAttendance({ scope }: { scope: AttendanceScope }) {
  const [params, setParams] = useSearchParams();
  const tabs: readonly Tab[] = scope.readOnly ? TABS.filter((x) => x !== 'settings') : TABS;
  const requested = params.get('tab');
  const tab: Tab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'today';
  const calendar = useSchoolCalendar(scope);
  const settings = useAttendanceSettings(scope.schoolId);
  const threshold = settings.data?.chronicThreshold ?? DEFAULT_ATTENDANCE_SETTINGS.chronicThreshold;

  const setTab = (next: string) =>
    setParams((prev) => {
      const q = new URLSearchParams();
      if (next !== 'today') q.set('tab', next);
      const date = prev.get('date');
      if (date && next === 'today') q.set('date', date);
      return q;
    });

  const termTabs = (body: (defaultTermId: string) => React.ReactNode) => {
    if (calendar.query.isError && !calendar.query.data) {
      return <QueryErrorCard query={calendar.query} title={m.common.loadFailed} retryLabel={m.common.tryAgain} testId="attendance-terms-error" />;
    }
    if (!calendar.query.data) return <Skeleton className="h-96 rounded-xl" />;
    if (!calendar.current) {
      return (
        <EmptyStateCard icon={CalendarRange} title={m.common.noTerms} hint={m.common.noTermsHint} testId="attendance-no-terms" />
      );
    }
    return body(calendar.current.id);
  };

  return (
    <Tabs value={tab} onValueChange={setTab} className="min-w-0">
      <IconTabsList
        label={m.page.tabsLabel}
        triggerClassName="max-sm:px-2.5 max-sm:[&_svg]:hidden"
        tabs={tabs.map((k) => ({ value: k, icon: ICONS[k], label: m.page.tabs[k], testId: `attendance-tab-${k}` }))}
      />
      {scope.readOnly && (
        <div className="pt-4">
          <Notice testId="attendance-read-only">{m.common.readOnly}</Notice>
        </div>
      )}
      <TabsContent value="today">{tab === 'today' && <TodayTab scope={scope} calendar={calendar.query.data} threshold={threshold} />}</TabsContent>
      <TabsContent value="trends">{tab === 'trends' && termTabs((id) => <TrendsTab scope={scope} terms={calendar.terms} defaultTermId={id} threshold={threshold} />)}</TabsContent>
      <TabsContent value="chronic">{tab === 'chronic' && termTabs((id) => <ChronicTab scope={scope} terms={calendar.terms} defaultTermId={id} />)}</TabsContent>
      <TabsContent value="summaries">{tab === 'summaries' && termTabs((id) => <SummariesTab scope={scope} terms={calendar.terms} defaultTermId={id} />)}</TabsContent>
      {!scope.readOnly && <TabsContent value="settings">{tab === 'settings' && <SettingsTab scope={scope} />}</TabsContent>}
    </Tabs>
  );
}

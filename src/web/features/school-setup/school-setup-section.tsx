import { useSearchParams } from 'react-router';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { Building2, CalendarRange, Eye, Layers, BookOpen, UsersRound, Network, School } from 'lucide-react';
import { messages } from '@shared/messages';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { EmptyListState } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth';
import { useSetupScope } from './api/setup-scope';
import { AssignmentsTab } from './components/assignments-tab';
import { DepartmentsTab } from './components/departments-tab';
import { LevelsTab } from './components/levels-tab';
import { ProfileTab } from './components/profile-tab';
import { CanEditContext } from './components/shared';
import { SubjectsTab } from './components/subjects-tab';
import { YearsTab } from './components/years-tab';
import { PageTitle } from '@/components/page-header';
import { SegmentedTabsList } from '@/components/segmented-tabs';
import { perLocale } from '@shared/i18n/localized';

const m = messages.schoolSetup;

/** The URL parameters the tabs' lists keep (assignments: stream, teacher, page; learning areas: level, retired; streams: year). */
const TAB_LIST_PARAMS = ['classId', 'teacherId', 'page', 'sort', 'level', 'retired', 'year'];

const TABS = perLocale(() => ([
  { id: 'profile', label: m.tabs.profile, icon: Building2, Content: ProfileTab },
  { id: 'years', label: m.tabs.years, icon: CalendarRange, Content: YearsTab },
  { id: 'levels', label: m.tabs.levels, icon: Layers, Content: LevelsTab },
  { id: 'subjects', label: m.tabs.subjects, icon: BookOpen, Content: SubjectsTab },
  { id: 'assignments', label: m.tabs.assignments, icon: UsersRound, Content: AssignmentsTab },
  { id: 'departments', label: m.tabs.departments, icon: Network, Content: DepartmentsTab },
] as const));
type TabId = (typeof TABS)[number]['id'];

/**
 * School setup (issue 10 §1): one screen with tabs for the profile, academic years and terms, levels
 * and streams, learning areas, teachers' assignments and departments. The principal's
 * `school-management` section edits; the director's and platform staff's `school-setup` section shows
 * the same screens read-only (the server refuses their writes anyway). The tab is kept in the URL
 * (?tab=) so it survives a reload and can be linked.
 */
export function SchoolSetupSection() {
  // Headed by the sidebar item that opened it: the principal's "School Management", else "School Setup".
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const scope = useSetupScope();
  const [params, setParams] = useSearchParams();
  const canEdit = sectionId === 'school-management' && state.user?.role === 'principal';
  const requested = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'profile';
  const setTab = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        // A tab's list filters and page (useListParams) belong to that tab.
        for (const k of TAB_LIST_PARAMS) q.delete(k);
        if (next === 'profile') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  return (
    <CanEditContext.Provider value={canEdit}>
      <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="school-setup-section" data-read-only={canEdit ? undefined : 'true'}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <PageTitle icon={<School className="size-5" aria-hidden />} title={title} subtitle={canEdit ? m.subtitleEdit : m.subtitleReadOnly} />
          {!canEdit && (
            <Badge variant="secondary" className="gap-1.5" data-testid="school-setup-read-only">
              <Eye className="size-3.5" aria-hidden />
              {m.readOnlyBadge}
            </Badge>
          )}
        </div>

        {!scope.ready ? (
          <EmptyListState icon={School} title={m.chooseSchoolTitle} hint={m.chooseSchoolText} testId="school-setup-choose-school" />
        ) : (
          <TabsPrimitive.Root value={tab} onValueChange={setTab} className="flex min-w-0 flex-col gap-4">
            <SegmentedTabsList tabs={TABS} label={m.title} testIdPrefix="school-setup-tab-" tall />
            {TABS.map(({ id, Content }) => (
              <TabsPrimitive.Content key={id} value={id} className="min-w-0 focus-visible:outline-none" data-testid={`school-setup-panel-${id}`}>
                {tab === id && <Content />}
              </TabsPrimitive.Content>
            ))}
          </TabsPrimitive.Root>
        )}
      </section>
    </CanEditContext.Provider>
  );
}

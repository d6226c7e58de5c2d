import * as React from 'react';
import { useSearchParams } from 'react-router';
import { BookOpen, CalendarClock, DoorOpen, FileCode2, ListChecks, Scale, UserRoundX } from 'lucide-react';
import { timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { QueryErrorCard } from '@/components/query-error-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SkeletonStack } from '@/components/skeleton-stack';
import { AvailabilityTab } from './availability-tab';
import { CheckTab } from './check-tab';
import { FetTab } from './fet-tab';
import { LessonsTab } from './lessons-tab';
import { RoomsTab } from './rooms-tab';
import { RulesTab } from './rules-tab';
import { WeekTab } from './week-tab';
import { useSetup } from './setup-api';

const TABS = [
  { id: 'week', icon: CalendarClock },
  { id: 'rooms', icon: DoorOpen },
  { id: 'lessons', icon: BookOpen },
  { id: 'availability', icon: UserRoundX },
  { id: 'rules', icon: Scale },
  { id: 'check', icon: ListChecks },
  { id: 'fet', icon: FileCode2 },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * The principal's timetable "Setup" tab (issue 16 §1 inputs, §3 FET files): sub-tabs for the school week
 * (bell schedules, fixed slots), rooms, lessons (assignment options), teacher availability, rules, the
 * pre-generation check and FET import/export. Reads GET /api/timetables/setup once; every write refreshes it.
 * The sub-tab is kept in the address as ?setup= (beside the generator's ?tab=setup) so a reload stays put.
 * The Check and FET tabs work even when the setup cannot load (they do not need it).
 */
export function TimetableSetupPanel() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('setup');
  const tab: Tab = TABS.some((t) => t.id === asked) ? (asked as Tab) : 'week';
  const setTab = React.useCallback(
    (next: Tab) =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (next === 'week') q.delete('setup');
          else q.set('setup', next);
          return q;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setup = useSetup();
  // On phones the sub-tab strip scrolls sideways: keep the open tab in view (e.g. after a reload on ?setup=fet).
  const list = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[data-state="active"]');
    const box = list.current;
    if (!active || !box) return;
    const left = active.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    box.scrollLeft = Math.max(0, left - (box.clientWidth - active.offsetWidth) / 2);
  }, [tab]);
  const body = (render: (s: NonNullable<typeof setup.data>) => React.ReactNode) =>
    setup.isError && !setup.data ? (
      <QueryErrorCard query={setup} title={sm.loadError} retryLabel={sm.tryAgain} testId="tt-setup-error" />
    ) : !setup.data ? (
      <SkeletonStack className="grid gap-3" cells={['h-12 rounded-xl', 'h-64 rounded-xl']} />
    ) : (
      render(setup.data)
    );
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="tt-setup">
      <p className="text-sm text-muted-foreground">{sm.subtitle}</p>
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList ref={list} aria-label={sm.title}>
          {TABS.map(({ id, icon: Icon }) => (
            <TabsTrigger key={id} value={id} data-testid={`tt-setup-tab-${id}`}>
              <Icon aria-hidden />
              {sm.tabs[id]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="week">{body((s) => <WeekTab setup={s} />)}</TabsContent>
        <TabsContent value="rooms">{body((s) => <RoomsTab setup={s} />)}</TabsContent>
        <TabsContent value="lessons">{body((s) => <LessonsTab setup={s} />)}</TabsContent>
        <TabsContent value="availability">{body((s) => <AvailabilityTab setup={s} />)}</TabsContent>
        <TabsContent value="rules">{body((s) => <RulesTab setup={s} />)}</TabsContent>
        <TabsContent value="check">
          <CheckTab />
        </TabsContent>
        <TabsContent value="fet">
          <FetTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

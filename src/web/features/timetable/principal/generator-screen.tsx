import * as React from 'react';
import { CalendarDays, Settings2, Sparkles, UserRoundSearch } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { iconTabEntries } from '@/components/icon-tab-entries';
import { TimetableSetupPanel } from '../setup/setup-panel';
import { GridSkeleton, TimetableLoadError } from '../read-views';
import { useTimetable, useVersions } from '../timetable-api';
import { defaultVersion } from '../view-controls';
import { EditorTab } from './editor-tab';
import { GenerateTab } from './generate-tab';
import { SubstitutionsTab } from './substitutions-tab';

type Tab = 'timetable' | 'generate' | 'substitutions' | 'setup';
const TABS: Tab[] = ['timetable', 'generate', 'substitutions', 'setup'];

/**
 * The principal's "Timetable Generator" (issue 16 §2, §4): tabs Timetable (versions and the editor),
 * Generate (background generation with progress), Substitutions and Setup (the inputs), kept in the
 * address as ?tab= so a reload stays put. The version picked on the Timetable tab is the base of a
 * "Keep locked lessons" generation; a finished generation opens its result there.
 */
export function GeneratorScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'timetable';
  const setTab = React.useCallback(
    (next: string) => {
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (next === 'timetable') q.delete('tab');
          else q.set('tab', next);
          return q;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const versions = useVersions();
  const [picked, setPicked] = React.useState<string | null>(null);
  const [jobId, setJobId] = React.useState<string | null>(null);
  const list = versions.data ?? [];
  const versionId = picked && list.some((v) => v.id === picked) ? picked : defaultVersion(list);
  const published = list.find((v) => v.status === 'published') ?? null;
  const publishedView = useTimetable(tab === 'substitutions' ? (published?.id ?? null) : null);
  // "Generate from this file" on the Setup tab's FET card starts a job and announces it; follow it here.
  React.useEffect(() => {
    const follow = (e: Event) => {
      const id = (e as CustomEvent<{ jobId?: string }>).detail?.jobId;
      if (!id) return;
      setJobId(id);
      setTab('generate');
    };
    window.addEventListener('timetable:job', follow);
    return () => window.removeEventListener('timetable:job', follow);
  }, [setTab]);
  const onDone = React.useCallback(
    (id: string) => {
      setPicked(id);
      void versions.refetch();
      setTab('timetable');
    },
    [versions, setTab],
  );

  return (
    <Tabs value={tab} onValueChange={setTab} className="flex min-w-0 flex-col" data-testid="timetable-tabs">
      <IconTabsList
        label={tm.tabs.label}
        tabs={iconTabEntries(tm.tabs, 'timetable', [['timetable', CalendarDays], ['generate', Sparkles], ['substitutions', UserRoundSearch], ['setup', Settings2]])}
      />
      <TabsContent value="timetable">
        {versions.isError ? (
          <TimetableLoadError query={versions} />
        ) : !versions.data ? (
          <GridSkeleton />
        ) : (
          <EditorTab versions={list} versionId={versionId} onVersion={setPicked} onGenerate={() => setTab('generate')} />
        )}
      </TabsContent>
      <TabsContent value="generate">
        <GenerateTab base={list.find((v) => v.id === versionId) ?? null} jobId={jobId} onJob={setJobId} onDone={onDone} />
      </TabsContent>
      <TabsContent value="substitutions">
        {published && !publishedView.data ? <GridSkeleton /> : <SubstitutionsTab view={publishedView.data ?? null} />}
      </TabsContent>
      <TabsContent value="setup">
        <TimetableSetupPanel />
      </TabsContent>
    </Tabs>
  );
}

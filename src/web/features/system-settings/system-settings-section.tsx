import { useSearchParams } from 'react-router';
import { Mail, School, ToggleRight } from 'lucide-react';
import { systemSettingsScreens as s } from '@shared/messages/system-settings-screens';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { DefaultsTab } from './defaults-tab';
import { FeatureFlagsTab } from './feature-flags-tab';
import { ProvidersTab } from './providers-tab';

const TABS = ['defaults', 'flags', 'providers'] as const;
type Tab = (typeof TABS)[number];

/**
 * EduFam admin's "System Settings" (issue 18 §4): tabs New school defaults, Feature flags (schools ×
 * features) and E-mail & SMS (provider settings with write-only secrets and test sends). The tab is in
 * the address (`?tab=`).
 */
export function SystemSettingsSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'defaults';
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="system-settings-section">
      <PageHeader sectionId={sectionId} title={title} subtitle={s.subtitle} testId="system-settings-header" />
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'defaults' ? {} : { tab: next })} className="min-w-0">
        <IconTabsList label={title}
          tabs={[
            { value: 'defaults', icon: School, label: s.tabs.defaults, testId: 'settings-tab-defaults' },
            { value: 'flags', icon: ToggleRight, label: s.tabs.flags, testId: 'settings-tab-flags' },
            { value: 'providers', icon: Mail, label: s.tabs.providers, testId: 'settings-tab-providers' },
          ]}
        />
        <TabsContent value="defaults">{tab === 'defaults' && <DefaultsTab />}</TabsContent>
        <TabsContent value="flags">{tab === 'flags' && <FeatureFlagsTab />}</TabsContent>
        <TabsContent value="providers">{tab === 'providers' && <ProvidersTab />}</TabsContent>
      </Tabs>
    </section>
  );
}

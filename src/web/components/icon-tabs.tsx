import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';

/** One tab of an `IconTabsList`: its value, icon, label, test id and an optional badge after the label. */
export type IconTab = { value: string; icon: LucideIcon; label: React.ReactNode; testId: string; badge?: React.ReactNode };

/**
 * A section's tab bar whose tabs each show an icon then a label (and a badge, e.g. a count); `label` names the bar.
 * `triggerClassName` adds classes to every tab (e.g. hiding the icons on phones); `dataTab` marks each tab
 * with `data-tab` = its value (for finding it in the page).
 */
export function IconTabsList({ tabs, label, triggerClassName, dataTab }: { tabs: readonly IconTab[]; label?: string; triggerClassName?: string; dataTab?: boolean }) {
  return (
    <TabsList aria-label={label}>
      {tabs.map(({ value, icon: Icon, label: text, testId, badge }) => (
        <TabsTrigger key={value} value={value} className={triggerClassName} data-tab={dataTab ? value : undefined} data-testid={testId}>
          <Icon aria-hidden />
          {text}
          {badge}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

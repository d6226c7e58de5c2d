import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';

/** One tab of an `IconTabsList`: its value, icon, label, test id and an optional badge after the label. */
export type IconTab = { value: string; icon: LucideIcon; label: React.ReactNode; testId: string; badge?: React.ReactNode };

/** A section's tab bar whose tabs each show an icon then a label (and a badge, e.g. a count); `label` names the bar. */
export function IconTabsList({ tabs, label }: { tabs: readonly IconTab[]; label?: string }) {
  return (
    <TabsList aria-label={label}>
      {tabs.map(({ value, icon: Icon, label: text, testId, badge }) => (
        <TabsTrigger key={value} value={value} data-testid={testId}>
          <Icon aria-hidden />
          {text}
          {badge}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

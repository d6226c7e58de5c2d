import type * as React from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** One tab of a `SegmentedTabsList`: its value, icon, label and an optional badge after the label. */
export type SegmentedTab = { id: string; icon: LucideIcon; label: React.ReactNode; badge?: React.ReactNode };

/**
 * A section's tab bar drawn as one rounded segmented control (the active tab a raised card) that
 * scrolls sideways on phones; goes inside a radix `Tabs` root. `label` names the bar, each tab's test
 * id is `${testIdPrefix}${id}`, and `tall` gives the 36 px tabs of a page's main bar (else 32 px).
 */
export function SegmentedTabsList({ tabs, label, testIdPrefix, tall }: { tabs: readonly SegmentedTab[]; label: string; testIdPrefix: string; tall?: boolean }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <TabsPrimitive.List className="inline-flex min-w-max gap-1 rounded-lg border bg-muted/60 p-1" aria-label={label}>
        {tabs.map(({ id, label: text, icon: Icon, badge }) => (
          <TabsPrimitive.Trigger
            key={id}
            value={id}
            className={cn(
              'inline-flex',
              tall ? 'h-9' : 'h-8',
              'cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
            )}
            data-testid={`${testIdPrefix}${id}`}
          >
            <Icon className="size-4" aria-hidden />
            {text}
            {badge}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
    </div>
  );
}

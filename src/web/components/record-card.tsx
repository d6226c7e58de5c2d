import type * as React from 'react';
import { NameLines } from '@/components/name-lines';

/**
 * A list's row as a card on phones: `title` over `subtitle` with `badge` on the right, then `details`
 * (small muted lines) with `amount` on the right.
 */
export function RecordCard({ title, subtitle, badge, details, amount }: { title: React.ReactNode; subtitle: React.ReactNode; badge: React.ReactNode; details: React.ReactNode; amount: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex min-w-0 items-start justify-between gap-2">
        <NameLines name={title} detail={subtitle} />
        {badge}
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0 text-xs text-muted-foreground">{details}</div>
        {amount}
      </div>
    </div>
  );
}

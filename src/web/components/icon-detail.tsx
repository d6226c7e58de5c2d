import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * One fact in a card's <dl>: a small icon, the label for screen readers only, and the value. A `text`
 * value stays on one line (truncated); a `figure` keeps its digits aligned (tabular-nums).
 */
export function IconDetail({ icon: Icon, label, kind = 'text', children }: { icon: LucideIcon; label: string; kind?: 'text' | 'figure'; children: React.ReactNode }) {
  return (
    <div className={cn('flex', kind === 'text' && 'min-w-0', 'items-center gap-1.5')}>
      <dt className="sr-only">{label}</dt>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <dd className={kind === 'text' ? 'truncate' : 'tabular-nums'}>{children}</dd>
    </div>
  );
}

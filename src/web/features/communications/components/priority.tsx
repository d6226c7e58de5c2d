import { AlertOctagon, AlertTriangle, Info, Megaphone, type LucideIcon } from 'lucide-react';
import type { CommunicationPriority } from '@shared/contracts/communications';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';

/**
 * Priority colours (spec §9: high red, medium yellow, low green, critical red). Critical differs from
 * high by its icon and a stronger accent.
 */
export const PRIORITY_STYLES: Record<CommunicationPriority, { icon: LucideIcon; badge: string; banner: string; iconWrap: string; dot: string }> = {
  critical: {
    icon: AlertOctagon,
    badge: 'border-red-600/30 bg-red-600 text-white dark:bg-red-600',
    banner: 'border-red-300 bg-red-50 text-red-950 dark:border-red-900 dark:bg-red-950/50 dark:text-red-50',
    iconWrap: 'bg-red-600 text-white',
    dot: 'bg-red-600',
  },
  high: {
    icon: AlertTriangle,
    badge: 'border-red-500/25 bg-red-500/10 text-red-700 dark:text-red-300',
    banner: 'border-red-200 bg-red-50/70 text-red-950 dark:border-red-900/70 dark:bg-red-950/30 dark:text-red-50',
    iconWrap: 'bg-red-100 text-red-700 dark:bg-red-900/60 dark:text-red-200',
    dot: 'bg-red-500',
  },
  medium: {
    icon: Megaphone,
    badge: 'border-amber-500/30 bg-amber-400/15 text-amber-800 dark:text-amber-300',
    banner: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/70 dark:bg-amber-950/30 dark:text-amber-50',
    iconWrap: 'bg-amber-100 text-amber-700 dark:bg-amber-900/60 dark:text-amber-200',
    dot: 'bg-amber-400',
  },
  low: {
    icon: Info,
    badge: 'border-emerald-500/25 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
    banner: 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900/70 dark:bg-emerald-950/30 dark:text-emerald-50',
    iconWrap: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200',
    dot: 'bg-emerald-500',
  },
};

/** A small pill with the priority's colour and label. */
export function PriorityBadge({ priority, className }: { priority: CommunicationPriority; className?: string }) {
  const s = PRIORITY_STYLES[priority];
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', s.badge, className)}
      data-testid="priority-badge"
      data-priority={priority}
    >
      {messages.communications.priorityLabels[priority]}
    </span>
  );
}

import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * An icon centred in a tinted badge that does not shrink (a card's, row's or banner's leading mark):
 * `className` gives the badge's size, rounding and colours (e.g. `size-9 rounded-lg bg-primary/10
 * text-primary`), `iconClassName` the icon's size (`size-4` by default). The icon is hidden from
 * screen readers.
 */
export function IconBadge({ icon: Icon, className, iconClassName = 'size-4' }: { icon: LucideIcon; className: string; iconClassName?: string }) {
  return (
    <span className={cn('flex shrink-0 items-center justify-center', className)}>
      <Icon className={iconClassName} aria-hidden />
    </span>
  );
}
